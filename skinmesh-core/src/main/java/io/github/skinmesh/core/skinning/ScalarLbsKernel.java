package io.github.skinmesh.core.skinning;

import org.jspecify.annotations.Nullable;

/**
 * Scalar linear blend skinning: per vertex, blend the 3x4 affine part of the influencing skin
 * matrices first, then transform the position, the normal and the tangent once with the blended
 * matrix, in exactly the arithmetic of {@link VectorLbsKernel}, lane by lane: element {@code e} of
 * the blend is {@code m_0[e] * w_0}, then {@code Math.fma(m_i[e], w_i, acc)} for slots 1..K-1 in
 * slot order; a position row is {@code fma(c0, x, fma(c1, y, fma(c2, z, c3)))} and a direction
 * row {@code fma(c0, x, fma(c1, y, c2 * z))}, with {@code c0..c3} the row's blended elements of
 * columns 0..3. So both kernels, every loop shape here and every split into ranges give the same
 * bits, and positions alone the same as positions with normals and tangents. The vector kernel
 * skins the last vertex of each of its ranges with this class.
 *
 * <p>Notes. The naive loop transforms the point by every influence and accumulates (for a
 * position and a normal, about 45 operations per influence); blending first needs 12 fused
 * multiply-adds per influence plus one transform, and shortens the dependency chains, as
 * ozz-animation's SkinningJob does. Row 3 of each skin matrix is ignored (skin matrices are
 * affine). The common shapes (positions only; positions and normals by the upper 3x3; each also
 * specialized for four influences) are separate loops so that the JIT sees no per-vertex tests
 * in the hot ones. Earlier measurements on workload {@code lbs} (positions and normals, 2-vCPU
 * Zen 3, best of many runs, Mvertices/s, JDK 17 / 25): naive loop 63 / 65; blending in a loop
 * over the influences 94 / 76; the four-influence loop written out with separate multiplies and
 * adds 89 / 102, with {@link Math#fma} 96 / 103; pairwise summation of the influences 87 / 97; a
 * 16-float accumulator array for C2's auto-vectorizer 35 / 36.
 *
 * <p>Bit-identity with the vector kernel fixes the operations; what remains free is their
 * schedule. Measured when the kernels were made identical (JMH, four influences, 2-vCPU AMD EPYC
 * with AVX-512, medians of 10 one-second iterations in one run, Mvertices/s, JDK 17 / 25),
 * positions and normals: the former kernel (separate multiplies and adds, other rounding) 100.7 /
 * 106.2; the fused operations with all twelve blended elements computed first 87.4 / 107.1; row
 * by row, four blended elements and then the position and normal coordinate they give (what
 * {@link #positionsNormals4} does: fewer live values, no spills) 96.4 / 106.5; two vertices per
 * step 74.9 / 57.5. Positions only: the former kernel (transform by each influence and
 * accumulate, cheaper than blending without fused multiply-adds, but other bits than with
 * normals) 108.0 / 118.3; fused, all elements first 107.7 / 109.6; fused, row by row (what
 * {@link #positions4} does) 116.3 / 129.5. Restructuring both kernels to separate multiplies and
 * adds instead would keep the former scalar speed but cost the vector kernel 6-12% on JDK 17
 * (205.9 against 219.0 with normals, 222.5 against 252.8 positions only; on JDK 25 its 128-bit
 * form reached 217.8 / 237.7 against 294.1 / 345.3 for the fused 256-bit blend); fusing only the
 * blend and transforming with separate operations was no faster here and slower there. With
 * {@link Math#fma} intrinsified (x86 with FMA3, every 64-bit ARM) the fused form costs nothing
 * more; on a CPU without fused multiply-add instructions the JVM computes it in software, many
 * times slower, and the results stay the same.
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
    public void skin(float[] palette, int k, int[] joints, int jo, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        if (srcN == null && srcT == null) {
            if (k == 4) {
                positions4(palette, joints, jo, weights, srcP, dstP, first, end);
            } else {
                positions(palette, k, joints, jo, weights, srcP, dstP, first, end);
            }
        } else if (srcN != null && dstN != null && srcT == null && !cofactor && !renormalize) {
            if (k == 4) {
                positionsNormals4(palette, joints, jo, weights, srcP, dstP, srcN, dstN, first, end);
            } else {
                positionsNormals(palette, k, joints, jo, weights, srcP, dstP, srcN, dstN, first, end);
            }
        } else {
            general(palette, k, joints, jo, weights, srcP, dstP, srcN, dstN, srcT, dstT, first, end, cofactor,
                    renormalize);
        }
    }

    @Override
    public void skin(float[] palette, int k, char[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        if (k == 4 && srcN == null && srcT == null) {
            positions4(palette, joints, weights, srcP, dstP, first, end);
        } else if (k == 4 && srcN != null && dstN != null && srcT == null && !cofactor && !renormalize) {
            positionsNormals4(palette, joints, weights, srcP, dstP, srcN, dstN, first, end);
        } else {
            JointWidening.run(joints, k, first, end, (wide, base, a, b) -> skin(palette, k, wide, base, weights, srcP,
                    dstP, srcN, dstN, srcT, dstT, a, b, cofactor, renormalize));
        }
    }

    /** Positions only, any number of influences: the twelve elements blended over the slots, then the transform. */
    private static void positions(float[] pal, int k, int[] joints, int jo, float[] weights, float[] srcP, float[] dstP,
            int first, int end) {
        for (int v = first; v < end; v++) {
            int s = v * k;
            int j = joints[s - jo] << 4;
            float w = weights[s];
            float m0 = pal[j] * w, m1 = pal[j + 1] * w, m2 = pal[j + 2] * w;
            float m4 = pal[j + 4] * w, m5 = pal[j + 5] * w, m6 = pal[j + 6] * w;
            float m8 = pal[j + 8] * w, m9 = pal[j + 9] * w, m10 = pal[j + 10] * w;
            float m12 = pal[j + 12] * w, m13 = pal[j + 13] * w, m14 = pal[j + 14] * w;
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i - jo] << 4;
                w = weights[i];
                m0 = Math.fma(pal[j], w, m0);
                m1 = Math.fma(pal[j + 1], w, m1);
                m2 = Math.fma(pal[j + 2], w, m2);
                m4 = Math.fma(pal[j + 4], w, m4);
                m5 = Math.fma(pal[j + 5], w, m5);
                m6 = Math.fma(pal[j + 6], w, m6);
                m8 = Math.fma(pal[j + 8], w, m8);
                m9 = Math.fma(pal[j + 9], w, m9);
                m10 = Math.fma(pal[j + 10], w, m10);
                m12 = Math.fma(pal[j + 12], w, m12);
                m13 = Math.fma(pal[j + 13], w, m13);
                m14 = Math.fma(pal[j + 14], w, m14);
            }
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            dstP[p] = Math.fma(m0, x, Math.fma(m4, y, Math.fma(m8, z, m12)));
            dstP[p + 1] = Math.fma(m1, x, Math.fma(m5, y, Math.fma(m9, z, m13)));
            dstP[p + 2] = Math.fma(m2, x, Math.fma(m6, y, Math.fma(m10, z, m14)));
        }
    }

    /** Positions and normals by the blended upper 3x3, not renormalized, any number of influences. */
    private static void positionsNormals(float[] pal, int k, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        for (int v = first; v < end; v++) {
            int s = v * k;
            int j = joints[s - jo] << 4;
            float w = weights[s];
            float m0 = pal[j] * w, m1 = pal[j + 1] * w, m2 = pal[j + 2] * w;
            float m4 = pal[j + 4] * w, m5 = pal[j + 5] * w, m6 = pal[j + 6] * w;
            float m8 = pal[j + 8] * w, m9 = pal[j + 9] * w, m10 = pal[j + 10] * w;
            float m12 = pal[j + 12] * w, m13 = pal[j + 13] * w, m14 = pal[j + 14] * w;
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i - jo] << 4;
                w = weights[i];
                m0 = Math.fma(pal[j], w, m0);
                m1 = Math.fma(pal[j + 1], w, m1);
                m2 = Math.fma(pal[j + 2], w, m2);
                m4 = Math.fma(pal[j + 4], w, m4);
                m5 = Math.fma(pal[j + 5], w, m5);
                m6 = Math.fma(pal[j + 6], w, m6);
                m8 = Math.fma(pal[j + 8], w, m8);
                m9 = Math.fma(pal[j + 9], w, m9);
                m10 = Math.fma(pal[j + 10], w, m10);
                m12 = Math.fma(pal[j + 12], w, m12);
                m13 = Math.fma(pal[j + 13], w, m13);
                m14 = Math.fma(pal[j + 14], w, m14);
            }
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            dstP[p] = Math.fma(m0, x, Math.fma(m4, y, Math.fma(m8, z, m12)));
            dstP[p + 1] = Math.fma(m1, x, Math.fma(m5, y, Math.fma(m9, z, m13)));
            dstP[p + 2] = Math.fma(m2, x, Math.fma(m6, y, Math.fma(m10, z, m14)));
            x = srcN[p];
            y = srcN[p + 1];
            z = srcN[p + 2];
            dstN[p] = Math.fma(m0, x, Math.fma(m4, y, m8 * z));
            dstN[p + 1] = Math.fma(m1, x, Math.fma(m5, y, m9 * z));
            dstN[p + 2] = Math.fma(m2, x, Math.fma(m6, y, m10 * z));
        }
    }

    /**
     * {@link #positions} for four influences, row by row: the four blended elements of row
     * {@code r} and the coordinate they give, so that few values are live at once. The int- and
     * 16-bit-joint loops are written out separately (a shared per-vertex helper method was not
     * always inlined).
     */
    private static void positions4(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        for (int v = first; v < end; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            float w0 = weights[s], w1 = weights[s + 1], w2 = weights[s + 2], w3 = weights[s + 3];
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            for (int r = 0; r < 3; r++) {
                dstP[p + r] = Math.fma(blend4(pal, r, j0, j1, j2, j3, w0, w1, w2, w3), x,
                        Math.fma(blend4(pal, r + 4, j0, j1, j2, j3, w0, w1, w2, w3), y,
                                Math.fma(blend4(pal, r + 8, j0, j1, j2, j3, w0, w1, w2, w3), z,
                                        blend4(pal, r + 12, j0, j1, j2, j3, w0, w1, w2, w3))));
            }
        }
    }

    /** {@link #positions4} with 16-bit joints at {@code 4*v}. */
    private static void positions4(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        for (int v = first; v < end; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            float w0 = weights[s], w1 = weights[s + 1], w2 = weights[s + 2], w3 = weights[s + 3];
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            for (int r = 0; r < 3; r++) {
                dstP[p + r] = Math.fma(blend4(pal, r, j0, j1, j2, j3, w0, w1, w2, w3), x,
                        Math.fma(blend4(pal, r + 4, j0, j1, j2, j3, w0, w1, w2, w3), y,
                                Math.fma(blend4(pal, r + 8, j0, j1, j2, j3, w0, w1, w2, w3), z,
                                        blend4(pal, r + 12, j0, j1, j2, j3, w0, w1, w2, w3))));
            }
        }
    }

    /** {@link #positionsNormals} for four influences, row by row as {@link #positions4}. */
    private static void positionsNormals4(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        for (int v = first; v < end; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            float w0 = weights[s], w1 = weights[s + 1], w2 = weights[s + 2], w3 = weights[s + 3];
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            float nx = srcN[p], ny = srcN[p + 1], nz = srcN[p + 2];
            float c0 = blend4(pal, 0, j0, j1, j2, j3, w0, w1, w2, w3);
            float c1 = blend4(pal, 4, j0, j1, j2, j3, w0, w1, w2, w3);
            float c2 = blend4(pal, 8, j0, j1, j2, j3, w0, w1, w2, w3);
            float c3 = blend4(pal, 12, j0, j1, j2, j3, w0, w1, w2, w3);
            dstP[p] = Math.fma(c0, x, Math.fma(c1, y, Math.fma(c2, z, c3)));
            dstN[p] = Math.fma(c0, nx, Math.fma(c1, ny, c2 * nz));
            c0 = blend4(pal, 1, j0, j1, j2, j3, w0, w1, w2, w3);
            c1 = blend4(pal, 5, j0, j1, j2, j3, w0, w1, w2, w3);
            c2 = blend4(pal, 9, j0, j1, j2, j3, w0, w1, w2, w3);
            c3 = blend4(pal, 13, j0, j1, j2, j3, w0, w1, w2, w3);
            dstP[p + 1] = Math.fma(c0, x, Math.fma(c1, y, Math.fma(c2, z, c3)));
            dstN[p + 1] = Math.fma(c0, nx, Math.fma(c1, ny, c2 * nz));
            c0 = blend4(pal, 2, j0, j1, j2, j3, w0, w1, w2, w3);
            c1 = blend4(pal, 6, j0, j1, j2, j3, w0, w1, w2, w3);
            c2 = blend4(pal, 10, j0, j1, j2, j3, w0, w1, w2, w3);
            c3 = blend4(pal, 14, j0, j1, j2, j3, w0, w1, w2, w3);
            dstP[p + 2] = Math.fma(c0, x, Math.fma(c1, y, Math.fma(c2, z, c3)));
            dstN[p + 2] = Math.fma(c0, nx, Math.fma(c1, ny, c2 * nz));
        }
    }

    /** {@link #positionsNormals4} with 16-bit joints at {@code 4*v}. */
    private static void positionsNormals4(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        for (int v = first; v < end; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            float w0 = weights[s], w1 = weights[s + 1], w2 = weights[s + 2], w3 = weights[s + 3];
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            float nx = srcN[p], ny = srcN[p + 1], nz = srcN[p + 2];
            float c0 = blend4(pal, 0, j0, j1, j2, j3, w0, w1, w2, w3);
            float c1 = blend4(pal, 4, j0, j1, j2, j3, w0, w1, w2, w3);
            float c2 = blend4(pal, 8, j0, j1, j2, j3, w0, w1, w2, w3);
            float c3 = blend4(pal, 12, j0, j1, j2, j3, w0, w1, w2, w3);
            dstP[p] = Math.fma(c0, x, Math.fma(c1, y, Math.fma(c2, z, c3)));
            dstN[p] = Math.fma(c0, nx, Math.fma(c1, ny, c2 * nz));
            c0 = blend4(pal, 1, j0, j1, j2, j3, w0, w1, w2, w3);
            c1 = blend4(pal, 5, j0, j1, j2, j3, w0, w1, w2, w3);
            c2 = blend4(pal, 9, j0, j1, j2, j3, w0, w1, w2, w3);
            c3 = blend4(pal, 13, j0, j1, j2, j3, w0, w1, w2, w3);
            dstP[p + 1] = Math.fma(c0, x, Math.fma(c1, y, Math.fma(c2, z, c3)));
            dstN[p + 1] = Math.fma(c0, nx, Math.fma(c1, ny, c2 * nz));
            c0 = blend4(pal, 2, j0, j1, j2, j3, w0, w1, w2, w3);
            c1 = blend4(pal, 6, j0, j1, j2, j3, w0, w1, w2, w3);
            c2 = blend4(pal, 10, j0, j1, j2, j3, w0, w1, w2, w3);
            c3 = blend4(pal, 14, j0, j1, j2, j3, w0, w1, w2, w3);
            dstP[p + 2] = Math.fma(c0, x, Math.fma(c1, y, Math.fma(c2, z, c3)));
            dstN[p + 2] = Math.fma(c0, nx, Math.fma(c1, ny, c2 * nz));
        }
    }

    /**
     * Element {@code o} of the skin matrices blended over four influences: {@code m0*w0}, then one
     * fused multiply-add per influence, in slot order (the loop of the general shapes, unrolled).
     */
    private static float blend4(float[] pal, int o, int j0, int j1, int j2, int j3, float w0, float w1, float w2,
            float w3) {
        return Math.fma(pal[j3 + o], w3, Math.fma(pal[j2 + o], w2, Math.fma(pal[j1 + o], w1, pal[j0 + o] * w0)));
    }

    /** Every other case: tangents, the cofactor normal transform, renormalization. */
    private static void general(float[] pal, int k, int[] joints, int jo, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        boolean normals = srcN != null && dstN != null;
        boolean tangents = srcT != null && dstT != null;
        for (int v = first; v < end; v++) {
            int s = v * k;
            int j = joints[s - jo] << 4;
            float w = weights[s];
            float m0 = pal[j] * w, m1 = pal[j + 1] * w, m2 = pal[j + 2] * w;
            float m4 = pal[j + 4] * w, m5 = pal[j + 5] * w, m6 = pal[j + 6] * w;
            float m8 = pal[j + 8] * w, m9 = pal[j + 9] * w, m10 = pal[j + 10] * w;
            float m12 = pal[j + 12] * w, m13 = pal[j + 13] * w, m14 = pal[j + 14] * w;
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i - jo] << 4;
                w = weights[i];
                m0 = Math.fma(pal[j], w, m0);
                m1 = Math.fma(pal[j + 1], w, m1);
                m2 = Math.fma(pal[j + 2], w, m2);
                m4 = Math.fma(pal[j + 4], w, m4);
                m5 = Math.fma(pal[j + 5], w, m5);
                m6 = Math.fma(pal[j + 6], w, m6);
                m8 = Math.fma(pal[j + 8], w, m8);
                m9 = Math.fma(pal[j + 9], w, m9);
                m10 = Math.fma(pal[j + 10], w, m10);
                m12 = Math.fma(pal[j + 12], w, m12);
                m13 = Math.fma(pal[j + 13], w, m13);
                m14 = Math.fma(pal[j + 14], w, m14);
            }
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            dstP[p] = Math.fma(m0, x, Math.fma(m4, y, Math.fma(m8, z, m12)));
            dstP[p + 1] = Math.fma(m1, x, Math.fma(m5, y, Math.fma(m9, z, m13)));
            dstP[p + 2] = Math.fma(m2, x, Math.fma(m6, y, Math.fma(m10, z, m14)));
            if (normals) {
                x = srcN[p];
                y = srcN[p + 1];
                z = srcN[p + 2];
                if (cofactor) {
                    Directions.cofactorNormal(m0, m1, m2, m4, m5, m6, m8, m9, m10, x, y, z, dstN, p, renormalize);
                } else {
                    dstN[p] = Math.fma(m0, x, Math.fma(m4, y, m8 * z));
                    dstN[p + 1] = Math.fma(m1, x, Math.fma(m5, y, m9 * z));
                    dstN[p + 2] = Math.fma(m2, x, Math.fma(m6, y, m10 * z));
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
                float tw = srcT[t + 3];
                dstT[t] = Math.fma(m0, x, Math.fma(m4, y, m8 * z));
                dstT[t + 1] = Math.fma(m1, x, Math.fma(m5, y, m9 * z));
                dstT[t + 2] = Math.fma(m2, x, Math.fma(m6, y, m10 * z));
                if (renormalize) {
                    Directions.normalize(dstT, t);
                }
                dstT[t + 3] = tw;
            }
        }
    }
}
