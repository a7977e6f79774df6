package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Skeleton;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Local transforms (translation, unit rotation quaternion {@code (x, y, z, w)}, scale) of every
 * bone of a skeleton: the output of clip sampling and the input of pose evaluation.
 *
 * <p>A pose is a reusable working buffer, so that sampling and evaluation allocate nothing per
 * frame: unlike the model types it is <em>mutable and not thread-safe</em>; give each thread its
 * own. It remembers only its bone count, not its skeleton.
 */
public final class Pose {
    final float[] translations;
    final float[] rotations;
    final float[] scales;

    /**
     * Creates an identity pose (zero translation, identity rotation, unit scale).
     *
     * @param boneCount number of bones, 0..{@value Skeleton#MAX_BONES}
     * @throws io.github.skinmesh.core.ValidationException when {@code boneCount} is out of range
     */
    public Pose(int boneCount) {
        Checks.requireRange("Pose", "boneCount", boneCount, 0, Skeleton.MAX_BONES);
        translations = new float[3 * boneCount];
        rotations = new float[4 * boneCount];
        scales = new float[3 * boneCount];
        for (int i = 0; i < boneCount; i++) {
            rotations[4 * i + 3] = 1;
            scales[3 * i] = 1;
            scales[3 * i + 1] = 1;
            scales[3 * i + 2] = 1;
        }
    }

    /**
     * Creates a pose holding the skeleton's rest transforms.
     *
     * @param skeleton the skeleton
     * @return a new pose
     */
    public static Pose rest(Skeleton skeleton) {
        Pose p = new Pose(skeleton.boneCount());
        p.setToRest(skeleton);
        return p;
    }

    /** @return the number of bones */
    public int boneCount() {
        return scales.length / 3;
    }

    /**
     * Copies the skeleton's rest transforms into this pose.
     *
     * @param skeleton a skeleton with {@link #boneCount()} bones
     * @return this pose
     * @throws io.github.skinmesh.core.ValidationException when the skeleton has another bone count;
     *     the pose is then unchanged
     */
    public Pose setToRest(Skeleton skeleton) {
        Checks.requireLength("Pose.setToRest", "skeleton bones", skeleton.boneCount(), boneCount(), "pose boneCount");
        ModelAccess.Bridge raw = ModelAccess.get();
        System.arraycopy(raw.restTranslations(skeleton), 0, translations, 0, translations.length);
        System.arraycopy(raw.restRotations(skeleton), 0, rotations, 0, rotations.length);
        System.arraycopy(raw.restScales(skeleton), 0, scales, 0, scales.length);
        return this;
    }

    /**
     * Copies another pose of the same bone count.
     *
     * @param other the source
     * @return this pose
     * @throws io.github.skinmesh.core.ValidationException when {@code other} has another bone
     *     count; this pose is then unchanged
     */
    public Pose set(Pose other) {
        Checks.requireLength("Pose.set", "source bones", other.boneCount(), boneCount(), "pose boneCount");
        System.arraycopy(other.translations, 0, translations, 0, translations.length);
        System.arraycopy(other.rotations, 0, rotations, 0, rotations.length);
        System.arraycopy(other.scales, 0, scales, 0, scales.length);
        return this;
    }

    /**
     * @param bone bone index
     * @param x translation x
     * @param y translation y
     * @param z translation z
     * @return this pose
     */
    public Pose setTranslation(int bone, float x, float y, float z) {
        translations[3 * bone] = x;
        translations[3 * bone + 1] = y;
        translations[3 * bone + 2] = z;
        return this;
    }

    /**
     * Sets a rotation; the quaternion is used as given (callers pass unit quaternions).
     *
     * @param bone bone index
     * @param x quaternion x
     * @param y quaternion y
     * @param z quaternion z
     * @param w quaternion w
     * @return this pose
     */
    public Pose setRotation(int bone, float x, float y, float z, float w) {
        rotations[4 * bone] = x;
        rotations[4 * bone + 1] = y;
        rotations[4 * bone + 2] = z;
        rotations[4 * bone + 3] = w;
        return this;
    }

    /**
     * @param bone bone index
     * @param x scale x
     * @param y scale y
     * @param z scale z
     * @return this pose
     */
    public Pose setScale(int bone, float x, float y, float z) {
        scales[3 * bone] = x;
        scales[3 * bone + 1] = y;
        scales[3 * bone + 2] = z;
        return this;
    }

    /**
     * @param bone bone index
     * @param dest receives the translation
     * @return {@code dest}
     */
    public Vector3f translation(int bone, Vector3f dest) {
        return dest.set(translations[3 * bone], translations[3 * bone + 1], translations[3 * bone + 2]);
    }

    /**
     * @param bone bone index
     * @param dest receives the rotation
     * @return {@code dest}
     */
    public Quaternionf rotation(int bone, Quaternionf dest) {
        return dest.set(rotations[4 * bone], rotations[4 * bone + 1], rotations[4 * bone + 2], rotations[4 * bone + 3]);
    }

    /**
     * @param bone bone index
     * @param dest receives the scale
     * @return {@code dest}
     */
    public Vector3f scale(int bone, Vector3f dest) {
        return dest.set(scales[3 * bone], scales[3 * bone + 1], scales[3 * bone + 2]);
    }

    /**
     * Computes a bone's local matrix {@code T * R * S}.
     *
     * @param bone bone index
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f localMatrix(int bone, Matrix4f dest) {
        return dest.translationRotateScale(translations[3 * bone], translations[3 * bone + 1], translations[3 * bone + 2],
                rotations[4 * bone], rotations[4 * bone + 1], rotations[4 * bone + 2], rotations[4 * bone + 3],
                scales[3 * bone], scales[3 * bone + 1], scales[3 * bone + 2]);
    }
}
