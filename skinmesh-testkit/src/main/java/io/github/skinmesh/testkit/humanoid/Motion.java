package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.Skeleton;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Composes a bone's animated local rotation from rotations about model-space axes.
 *
 * <p>A clip says "swing the thigh forward by 20 degrees about the model X axis"; the channel
 * needs the bone's local rotation. With parent rest frame {@code R_p} and rest local rotation
 * {@code L}, turning the bone about model axis {@code a} at its joint (parent held still) gives
 * the local rotation {@code Q(inverse(R_p) a, angle) * L}: the axis expressed in the parent's rest
 * frame. Turns compose by pre-multiplication, so hierarchies behave as in forward kinematics.
 * Reuses its temporaries: one instance per thread.
 */
final class Motion {
    private final Rig rig;
    private final Quaterniond delta = new Quaterniond();
    private final Quaterniond step = new Quaterniond();
    private final Quaterniond parentInverse = new Quaterniond();
    private final Quaterniond result = new Quaterniond();
    private final Vector3d axis = new Vector3d();

    Motion(Rig rig) {
        this.rig = rig;
    }

    /** Starts a new key: no turn. */
    Motion reset() {
        delta.identity();
        return this;
    }

    /** Adds a turn of {@code angle} radians about the model-space axis {@code (x, y, z)}. */
    Motion turn(int bone, double x, double y, double z, double angle) {
        toParentFrame(bone, axis.set(x, y, z).normalize());
        step.fromAxisAngleRad(axis, angle);
        step.mul(delta, delta);
        return this;
    }

    /** Writes {@code delta * restLocal(bone)} as {@code (x, y, z, w)} into {@code dest} at {@code offset}. */
    void rotation(int bone, double[] dest, int offset) {
        double[] l = rig.localRotation;
        result.set(l[4 * bone], l[4 * bone + 1], l[4 * bone + 2], l[4 * bone + 3]).premul(delta).normalize();
        Rig.store(result, dest, offset);
    }

    /**
     * Writes the bone's rest local translation plus a model-space offset (expressed in the parent's
     * rest frame) into {@code dest} at {@code offset}.
     */
    void translation(int bone, double x, double y, double z, float[] dest, int offset) {
        toParentFrame(bone, axis.set(x, y, z));
        double[] t = rig.localTranslation;
        dest[offset] = (float) (t[3 * bone] + axis.x);
        dest[offset + 1] = (float) (t[3 * bone + 1] + axis.y);
        dest[offset + 2] = (float) (t[3 * bone + 2] + axis.z);
    }

    private void toParentFrame(int bone, Vector3d v) {
        int p = rig.parents[bone];
        if (p != Skeleton.NO_PARENT) {
            double[] m = rig.modelRotation;
            parentInverse.set(m[4 * p], m[4 * p + 1], m[4 * p + 2], m[4 * p + 3]).conjugate().transform(v);
        }
    }
}
