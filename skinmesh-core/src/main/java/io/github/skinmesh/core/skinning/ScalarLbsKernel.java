package io.github.skinmesh.core.skinning;

import org.jspecify.annotations.Nullable;

/**
 * Scalar linear blend skinning: per vertex, blend the 3x4 affine part of the influencing skin
 * matrices first (12 multiply-adds per influence), then transform the position (9 multiply-adds
 * plus the translation), the normal and the tangent once with the blended matrix. Positions
 * alone are transformed by each influence and accumulated instead, which is cheaper without
 * normals.
 *
 * <p>Notes. The naive loop transforms the point by every influence and accumulates (for a
 * position and a normal, about 45 operations per influence); blending first needs 24 per
 * influence plus one transform, and shortens the dependency chains, as ozz-animation's
 * SkinningJob does. Row 3 of each skin matrix is ignored (skin matrices are affine). The common
 * shapes (positions only; positions and normals by the upper 3x3; each also specialized for four
 * influences) are separate loops so that the JIT sees no per-vertex tests in the hot ones.
 * Measured on workload {@code lbs} (positions and normals, 2-vCPU Zen 3, best of many
 * runs, Mvertices/s, JDK 17 / 25): naive loop 63 / 65; blending in a loop over the influences
 * 94 / 76; the four-influence loop written out (what {@code positionsNormals4} does, the same
 * sums in the same order) 89 / 102; the same with {@link Math#fma} 96 / 103 (not worth its very
 * slow software fallback on CPUs without FMA); pairwise summation of the influences 87 / 97; a
 * 16-float accumulator array for C2's auto-vectorizer 35 / 36.
 */
final class ScalarLbsKernel implements LbsKernel {
    static final ScalarLbsKernel INSTANCE = new ScalarLbsKernel();

    private ScalarLbsKernel() {
    }

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public void skin(float[] palette, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        if (srcN == null && srcT == null) {
            if (k == 4) {
                positions4(palette, joints, weights, srcP, dstP, first, end);
            } else {
                positions(palette, k, joints, weights, srcP, dstP, first, end);
            }
        } else if (srcN != null && dstN != null && srcT == null && !cofactor && !renormalize) {
            if (k == 4) {
                positionsNormals4(palette, joints, weights, srcP, dstP, srcN, dstN, first, end);
            } else {
                positionsNormals(palette, k, joints, weights, srcP, dstP, srcN, dstN, first, end);
            }
        } else {
            general(palette, k, joints, weights, srcP, dstP, srcN, dstN, srcT, dstT, first, end, cofactor, renormalize);
        }
    }

    /**
     * Positions only: transform by each influence and accumulate. Without normals, blending the
     * matrix first costs as much per influence (12 multiply-adds) plus a final transform, so the
     * direct form is cheaper here.
     */
    private static void positions(float[] pal, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            int first, int end) {
        for (int v = first; v < end; v++) {
            int p = 3 * v;
            float px = srcP[p], py = srcP[p + 1], pz = srcP[p + 2];
            float x = 0, y = 0, z = 0;
            for (int i = v * k, e = i + k; i < e; i++) {
                int m = joints[i] << 4;
                float w = weights[i];
                x += w * (pal[m] * px + pal[m + 4] * py + pal[m + 8] * pz + pal[m + 12]);
                y += w * (pal[m + 1] * px + pal[m + 5] * py + pal[m + 9] * pz + pal[m + 13]);
                z += w * (pal[m + 2] * px + pal[m + 6] * py + pal[m + 10] * pz + pal[m + 14]);
            }
            dstP[p] = x;
            dstP[p + 1] = y;
            dstP[p + 2] = z;
        }
    }

    private static void positionsNormals(float[] pal, int k, int[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        for (int v = first; v < end; v++) {
            int s = v * k;
            int j = joints[s] << 4;
            float w = weights[s];
            float m0 = pal[j] * w, m1 = pal[j + 1] * w, m2 = pal[j + 2] * w;
            float m4 = pal[j + 4] * w, m5 = pal[j + 5] * w, m6 = pal[j + 6] * w;
            float m8 = pal[j + 8] * w, m9 = pal[j + 9] * w, m10 = pal[j + 10] * w;
            float m12 = pal[j + 12] * w, m13 = pal[j + 13] * w, m14 = pal[j + 14] * w;
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i] << 4;
                w = weights[i];
                m0 += pal[j] * w;
                m1 += pal[j + 1] * w;
                m2 += pal[j + 2] * w;
                m4 += pal[j + 4] * w;
                m5 += pal[j + 5] * w;
                m6 += pal[j + 6] * w;
                m8 += pal[j + 8] * w;
                m9 += pal[j + 9] * w;
                m10 += pal[j + 10] * w;
                m12 += pal[j + 12] * w;
                m13 += pal[j + 13] * w;
                m14 += pal[j + 14] * w;
            }
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            dstP[p] = m0 * x + m4 * y + m8 * z + m12;
            dstP[p + 1] = m1 * x + m5 * y + m9 * z + m13;
            dstP[p + 2] = m2 * x + m6 * y + m10 * z + m14;
            x = srcN[p];
            y = srcN[p + 1];
            z = srcN[p + 2];
            dstN[p] = m0 * x + m4 * y + m8 * z;
            dstN[p + 1] = m1 * x + m5 * y + m9 * z;
            dstN[p + 2] = m2 * x + m6 * y + m10 * z;
        }
    }

    /** {@link #positions} for four influences. */
    private static void positions4(float[] pal, int[] joints, float[] weights, float[] srcP, float[] dstP,
            int first, int end) {
        for (int v = first; v < end; v++) {
            int p = 3 * v;
            float px = srcP[p], py = srcP[p + 1], pz = srcP[p + 2];
            float x = 0, y = 0, z = 0;
            for (int i = 4 * v, e = i + 4; i < e; i++) {
                int m = joints[i] << 4;
                float w = weights[i];
                x += w * (pal[m] * px + pal[m + 4] * py + pal[m + 8] * pz + pal[m + 12]);
                y += w * (pal[m + 1] * px + pal[m + 5] * py + pal[m + 9] * pz + pal[m + 13]);
                z += w * (pal[m + 2] * px + pal[m + 6] * py + pal[m + 10] * pz + pal[m + 14]);
            }
            dstP[p] = x;
            dstP[p + 1] = y;
            dstP[p + 2] = z;
        }
    }

    private static void positionsNormals4(float[] pal, int[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        for (int v = first; v < end; v++) {
            int s = 4 * v;
            int j0 = joints[s] << 4, j1 = joints[s + 1] << 4, j2 = joints[s + 2] << 4, j3 = joints[s + 3] << 4;
            float w0 = weights[s], w1 = weights[s + 1], w2 = weights[s + 2], w3 = weights[s + 3];
            // the same sums, in the same order, as the loop of positionsNormals: equal results
            float m0 = pal[j0] * w0 + pal[j1] * w1 + pal[j2] * w2 + pal[j3] * w3;
            float m1 = pal[j0 + 1] * w0 + pal[j1 + 1] * w1 + pal[j2 + 1] * w2 + pal[j3 + 1] * w3;
            float m2 = pal[j0 + 2] * w0 + pal[j1 + 2] * w1 + pal[j2 + 2] * w2 + pal[j3 + 2] * w3;
            float m4 = pal[j0 + 4] * w0 + pal[j1 + 4] * w1 + pal[j2 + 4] * w2 + pal[j3 + 4] * w3;
            float m5 = pal[j0 + 5] * w0 + pal[j1 + 5] * w1 + pal[j2 + 5] * w2 + pal[j3 + 5] * w3;
            float m6 = pal[j0 + 6] * w0 + pal[j1 + 6] * w1 + pal[j2 + 6] * w2 + pal[j3 + 6] * w3;
            float m8 = pal[j0 + 8] * w0 + pal[j1 + 8] * w1 + pal[j2 + 8] * w2 + pal[j3 + 8] * w3;
            float m9 = pal[j0 + 9] * w0 + pal[j1 + 9] * w1 + pal[j2 + 9] * w2 + pal[j3 + 9] * w3;
            float m10 = pal[j0 + 10] * w0 + pal[j1 + 10] * w1 + pal[j2 + 10] * w2 + pal[j3 + 10] * w3;
            float m12 = pal[j0 + 12] * w0 + pal[j1 + 12] * w1 + pal[j2 + 12] * w2 + pal[j3 + 12] * w3;
            float m13 = pal[j0 + 13] * w0 + pal[j1 + 13] * w1 + pal[j2 + 13] * w2 + pal[j3 + 13] * w3;
            float m14 = pal[j0 + 14] * w0 + pal[j1 + 14] * w1 + pal[j2 + 14] * w2 + pal[j3 + 14] * w3;
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            dstP[p] = m0 * x + m4 * y + m8 * z + m12;
            dstP[p + 1] = m1 * x + m5 * y + m9 * z + m13;
            dstP[p + 2] = m2 * x + m6 * y + m10 * z + m14;
            x = srcN[p];
            y = srcN[p + 1];
            z = srcN[p + 2];
            dstN[p] = m0 * x + m4 * y + m8 * z;
            dstN[p + 1] = m1 * x + m5 * y + m9 * z;
            dstN[p + 2] = m2 * x + m6 * y + m10 * z;
        }
    }

    private static void general(float[] pal, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        boolean normals = srcN != null && dstN != null;
        boolean tangents = srcT != null && dstT != null;
        for (int v = first; v < end; v++) {
            int s = v * k;
            int j = joints[s] << 4;
            float w = weights[s];
            float m0 = pal[j] * w, m1 = pal[j + 1] * w, m2 = pal[j + 2] * w;
            float m4 = pal[j + 4] * w, m5 = pal[j + 5] * w, m6 = pal[j + 6] * w;
            float m8 = pal[j + 8] * w, m9 = pal[j + 9] * w, m10 = pal[j + 10] * w;
            float m12 = pal[j + 12] * w, m13 = pal[j + 13] * w, m14 = pal[j + 14] * w;
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i] << 4;
                w = weights[i];
                m0 += pal[j] * w;
                m1 += pal[j + 1] * w;
                m2 += pal[j + 2] * w;
                m4 += pal[j + 4] * w;
                m5 += pal[j + 5] * w;
                m6 += pal[j + 6] * w;
                m8 += pal[j + 8] * w;
                m9 += pal[j + 9] * w;
                m10 += pal[j + 10] * w;
                m12 += pal[j + 12] * w;
                m13 += pal[j + 13] * w;
                m14 += pal[j + 14] * w;
            }
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            dstP[p] = m0 * x + m4 * y + m8 * z + m12;
            dstP[p + 1] = m1 * x + m5 * y + m9 * z + m13;
            dstP[p + 2] = m2 * x + m6 * y + m10 * z + m14;
            if (normals) {
                x = srcN[p];
                y = srcN[p + 1];
                z = srcN[p + 2];
                if (cofactor) {
                    Directions.cofactorNormal(m0, m1, m2, m4, m5, m6, m8, m9, m10, x, y, z, dstN, p, renormalize);
                } else {
                    dstN[p] = m0 * x + m4 * y + m8 * z;
                    dstN[p + 1] = m1 * x + m5 * y + m9 * z;
                    dstN[p + 2] = m2 * x + m6 * y + m10 * z;
                    if (renormalize) {
                        Directions.normalize(dstN, p);
                    }
                }
            }
            if (tangents) {
                int t = 4 * v;
                x = srcT[t];
                y = srcT[t + 1];
                z = srcT[t + 2];
                dstT[t] = m0 * x + m4 * y + m8 * z;
                dstT[t + 1] = m1 * x + m5 * y + m9 * z;
                dstT[t + 2] = m2 * x + m6 * y + m10 * z;
                if (renormalize) {
                    Directions.normalize(dstT, t);
                }
                dstT[t + 3] = srcT[t + 3];
            }
        }
    }
}
