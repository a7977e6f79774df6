package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.model.Skeleton;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;

/**
 * The scale between two skeletons' rest frames of one bone, for parts whose skeletons agree on the
 * hierarchy but were exported in other units (an armature node scaled by 0.01 above bones whose
 * translations are in centimetres, beside one in metres): {@code D = U^-1 O}, with {@code U} the
 * bone's rest model matrix in the result's skeleton and {@code O} in the part's own, maps the
 * part's bone frame into the result's. When its linear part is a uniform scale {@code s} times a
 * rotation, {@code s} is the ratio of the units there, and a part skinned on the result's skeleton
 * keeps its size when its bind matrices on that bone are multiplied by {@code s}
 * ({@link #scaleRows}: {@code S(s) B}, the bone-space coordinates converted). The rotation and the
 * translation of {@code D} are a different pose of the bone or different proportions, which the
 * part follows as before (a sleeve modelled on a T-pose follows the arm of an A-pose, a hat a
 * taller neck). Anything else (a mirror, a non-uniform or sheared scale) is not corrected.
 */
final class RestScale {
    /** Ratios within this of 1 are 1: rest transforms in float carry rounding of about 1e-7 per level. */
    static final double TOLERANCE = 1e-4;
    /** Largest relative difference of the frame's column lengths (and their pairwise cosines) from a uniform scale. */
    static final double UNIFORM = 1e-3;

    private RestScale() {
    }

    /**
     * @param skeleton a skeleton (parents come before their children)
     * @return per bone its rest model matrix, in double precision
     */
    static Matrix4d[] models(Skeleton skeleton) {
        Matrix4d[] models = new Matrix4d[skeleton.boneCount()];
        for (int b = 0; b < models.length; b++) {
            Matrix4d local = Matrices.restLocal(skeleton, b);
            int parent = skeleton.parent(b);
            models[b] = parent == Skeleton.NO_PARENT ? local : new Matrix4d(models[parent]).mul(local);
        }
        return models;
    }

    /**
     * The uniform scale of {@code result^-1 * own}'s linear part.
     *
     * @param result the bone's rest model matrix in the result's skeleton
     * @param own the bone's rest model matrix in the part's skeleton
     * @return {@code s > 0} when the linear part is {@code s} times a rotation (1 when {@code s} is
     *     within {@link #TOLERANCE} of 1), else {@link Double#NaN}
     */
    static double ratio(Matrix4dc result, Matrix4dc own) {
        Matrix4d d = new Matrix4d(result).invertAffine().mul(own);
        double det = d.determinant3x3();
        if (!(det > 0) || !Double.isFinite(det)) {
            return Double.NaN;
        }
        double s = Math.cbrt(det);
        double[] c = {d.m00(), d.m01(), d.m02(), d.m10(), d.m11(), d.m12(), d.m20(), d.m21(), d.m22()};
        for (int i = 0; i < 3; i++) {
            double length = Math.sqrt(c[3 * i] * c[3 * i] + c[3 * i + 1] * c[3 * i + 1] + c[3 * i + 2] * c[3 * i + 2]);
            if (!(Math.abs(length - s) <= UNIFORM * s)) {
                return Double.NaN;
            }
            int j = (i + 1) % 3;
            double dot = c[3 * i] * c[3 * j] + c[3 * i + 1] * c[3 * j + 1] + c[3 * i + 2] * c[3 * j + 2];
            if (!(Math.abs(dot) <= UNIFORM * s * s)) {
                return Double.NaN;
            }
        }
        return Math.abs(s - 1) <= TOLERANCE ? 1 : s;
    }

    /**
     * Multiplies rows 0..2 of a column-major affine matrix by {@code s} in place ({@code S(s) * m}),
     * each product computed in double and rounded once.
     */
    static void scaleRows(float[] m, int offset, double s) {
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 3; r++) {
                m[offset + 4 * c + r] = (float) (m[offset + 4 * c + r] * s);
            }
        }
    }
}
