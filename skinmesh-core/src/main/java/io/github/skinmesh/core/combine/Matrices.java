package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.MatrixTolerance;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Arrays;
import org.joml.Matrix4d;
import org.joml.Matrix4f;

/**
 * The few matrix operations combine needs on column-major {@code float[16]} matrices, computed in
 * double precision and rounded once: rest model matrices, the inverse bind matrix derived for an
 * ancestor, the correction {@code R^-1 * B} between two bind matrices, and their comparison
 * within a tolerance.
 */
final class Matrices {
    /** The identity, column-major. */
    static final float[] IDENTITY = new Matrix4f().get(new float[16]);

    private Matrices() {
    }

    /** @return the rest model matrix of a bone, {@code local(root) * ... * local(bone)}, in double precision */
    static Matrix4d restModel(Skeleton skeleton, int bone) {
        Matrix4d m = restLocal(skeleton, bone);
        for (int b = skeleton.parent(bone); b != Skeleton.NO_PARENT; b = skeleton.parent(b)) {
            m = restLocal(skeleton, b).mul(m);
        }
        return m;
    }

    /** @return the rest local matrix {@code T * R * S} of a bone in double precision */
    static Matrix4d restLocal(Skeleton skeleton, int bone) {
        return new Matrix4d(skeleton.restLocalMatrix(bone, new Matrix4f()));
    }

    /** @return the inverse of a bone's rest model matrix, column-major floats */
    static float[] inverseRestModel(Skeleton skeleton, int bone) {
        return toFloats(restModel(skeleton, bone).invert());
    }

    /**
     * The inverse bind matrix of an ancestor that receives a bone's influence, so that a vertex
     * bound to the bone does not move at the bind pose: {@code L(c1) * ... * L(bone) * ibm}, the
     * {@code L} being the rest locals on the path below {@code ancestor} down to {@code bone}.
     */
    static float[] ancestorInverseBind(Skeleton skeleton, int bone, int ancestor, float[] ibm, int offset) {
        Matrix4d chain = restLocal(skeleton, bone);
        for (int b = skeleton.parent(bone); b != ancestor; b = skeleton.parent(b)) {
            chain = restLocal(skeleton, b).mul(chain);
        }
        return toFloats(chain.mul(new Matrix4d().set(new Matrix4f().set(ibm, offset))));
    }

    /**
     * The correction that re-expresses a vertex from bind space {@code b} into bind space
     * {@code r}: {@code C = r^-1 * b}, so that {@code r * C = b}.
     */
    static float[] correction(float[] r, int rOffset, float[] b, int bOffset) {
        Matrix4d rd = new Matrix4d(new Matrix4f().set(r, rOffset));
        Matrix4d bd = new Matrix4d(new Matrix4f().set(b, bOffset));
        return toFloats(rd.invertAffine().mul(bd));
    }

    /** The inverse of the affine matrix {@code m} (16 floats), computed in doubles. */
    static float[] inverseAffine(float[] m) {
        return toFloats(new Matrix4d(new Matrix4f().set(m, 0)).invertAffine());
    }

    /** The product {@code a * b} of two affine matrices ({@code a} from {@code aOffset}), computed in doubles. */
    static float[] product(float[] a, int aOffset, float[] b) {
        return toFloats(new Matrix4d(new Matrix4f().set(a, aOffset)).mul(new Matrix4d(new Matrix4f().set(b, 0))));
    }

    /**
     * Tells whether two matrices are equal within a tolerance, as
     * {@link MatrixTolerance#firstDifference} compares them. Equal bits are within any tolerance
     * {@code >= 0} (the matrices are finite), so they are compared first: parts bound to one
     * skeleton usually carry identical matrices, and the bit comparison is vectorized while the
     * tolerant one costs about 90 ns a matrix (measured on workload {@code combine}: 96 entries,
     * 8.7 microseconds, half of laying out the combination).
     */
    static boolean near(float[] a, int aOffset, float[] b, int bOffset, float tolerance) {
        return Arrays.equals(a, aOffset, aOffset + 16, b, bOffset, bOffset + 16)
                || MatrixTolerance.firstDifference(a, aOffset, b, bOffset, tolerance) < 0;
    }

    static float[] toFloats(Matrix4d m) {
        float[] f = new float[16];
        m.get(f);
        // the affine last row exactly, whatever the rounding of the products
        f[3] = 0;
        f[7] = 0;
        f[11] = 0;
        f[15] = 1;
        return f;
    }
}
