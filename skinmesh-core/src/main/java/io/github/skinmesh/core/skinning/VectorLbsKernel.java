package io.github.skinmesh.core.skinning;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;
import org.jspecify.annotations.Nullable;

/**
 * Linear blend skinning with the incubating Vector API: one vertex per step, 128-bit vectors
 * holding whole matrix columns. Per influence the four columns are loaded and accumulated with
 * one fused multiply-add each (4 instead of 12 scalar operations); the blended columns then
 * transform the position as {@code c0*x + (c1*y + (c2*z + c3))}, the normal and the tangent as
 * {@code c0*x + (c1*y + c2*z)}, again with fused multiply-adds. Lane {@code r} of every step is the
 * operation {@link ScalarLbsKernel} performs on row {@code r}, so both kernels give the same bits
 * (the Vector API defines {@code fma} lane-wise as {@link Math#fma}).
 *
 * <p>Notes. This is the layout of ozz-animation's SIMD SkinningJob. Earlier prototypes on the
 * workload {@code lbs} (2-vCPU Zen 3, JDK 17 / 25, Mvertices/s): 128-bit columns 119 / 130;
 * 256-bit vectors holding two columns 134 / 124; eight vertices per step in
 * structure-of-arrays form with gathers 23 / 34 (gathers are not intrinsified well on AVX2).
 * Here, blending two columns per 256-bit vector and splitting them with
 * {@code reinterpretShape} for the 128-bit transform ran at a quarter of the 128-bit kernel's
 * speed on JDK 17 but 1.33x its speed on JDK 25 (286 against 215 Mvertices/s, best of many runs,
 * four influences, positions and normals), so the four-influence loops use it from JDK 25 on. A
 * full 4-lane store writes one float past the vertex's xyz; the next vertex overwrites it. The
 * last vertex of a range is computed by {@link ScalarLbsKernel} instead (the same operations, so
 * the same bits), so that concurrent ranges never touch each other's floats and results are bit
 * for bit independent of how a mesh is split into ranges (extracting lanes for it inside the loop
 * made C2 box the vectors: 2x slower on JDK 17). Row 3 of each skin matrix is carried in lane 3
 * and ignored. Normals by the cofactor matrix and renormalization work on scalars (the cofactor
 * matrix reads the blended columns back through one 12-float scratch array per call): they are
 * not the hot case. Separate multiplies and adds instead of fused ones (so that a scalar kernel
 * without {@link Math#fma} could match) cost this kernel 6-12% on JDK 17; see
 * {@link ScalarLbsKernel}.
 *
 * <p>Loaded reflectively by {@link LbsKernels} only when {@code jdk.incubator.vector} is in the
 * boot layer; no other class refers to it by name.
 */
final class VectorLbsKernel implements LbsKernel {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_128;
    private static final VectorSpecies<Float> W = FloatVector.SPECIES_256;

    /**
     * Blend two columns per 256-bit vector on runtimes where splitting it into halves is compiled
     * well: JDK 25 (measured); JDK 17 compiles {@code reinterpretShape} into slow code.
     */
    private static final boolean WIDE_BY_DEFAULT = Runtime.version().feature() >= 25
            && FloatVector.SPECIES_PREFERRED.vectorBitSize() >= W.vectorBitSize();

    /** Stands in for the cofactor scratch array when normals are not transformed by the cofactor matrix. */
    private static final float[] NO_SCRATCH = new float[0];

    private final boolean wide;

    /** Public no-argument constructor for the reflective loader. */
    public VectorLbsKernel() {
        this(WIDE_BY_DEFAULT);
    }

    /**
     * @param wide whether the four-influence loops blend in 256-bit vectors (tests run both)
     */
    VectorLbsKernel(boolean wide) {
        if (FloatVector.SPECIES_PREFERRED.vectorBitSize() < S.vectorBitSize()) {
            // no 128-bit SIMD on this CPU: the Vector API would be emulated and slower than scalar code
            throw new UnsupportedOperationException("no 128-bit vector support");
        }
        this.wide = wide;
    }

    @Override
    public String name() {
        return wide ? "vector-wide" : "vector";
    }

    @Override
    public void skin(float[] palette, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        if (first >= end) {
            return;
        }
        if (srcN == null && srcT == null) {
            if (k == 4 && wide) {
                positions4Wide(palette, joints, weights, srcP, dstP, first, end);
            } else if (k == 4) {
                positions4(palette, joints, weights, srcP, dstP, first, end);
            } else {
                positions(palette, k, joints, weights, srcP, dstP, first, end);
            }
        } else if (srcN != null && dstN != null && srcT == null && !cofactor && !renormalize) {
            if (k == 4 && wide) {
                positionsNormals4Wide(palette, joints, weights, srcP, dstP, srcN, dstN, first, end);
            } else if (k == 4) {
                positionsNormals4(palette, joints, weights, srcP, dstP, srcN, dstN, first, end);
            } else {
                positionsNormals(palette, k, joints, weights, srcP, dstP, srcN, dstN, first, end);
            }
        } else {
            general(palette, k, joints, weights, srcP, dstP, srcN, dstN, srcT, dstT, first, end, cofactor,
                    renormalize);
        }
        // the range's last vertex by the scalar kernel, whose operations are those of each lane here: the same
        // bits, and no float past the range is written
        ScalarLbsKernel.INSTANCE.skin(palette, k, joints, weights, srcP, dstP, srcN, dstN, srcT, dstT, end - 1, end,
                cofactor, renormalize);
    }

    private static void positions(float[] pal, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = v * k;
            int j = joints[s] << 4;
            FloatVector w = FloatVector.broadcast(S, weights[s]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j).mul(w);
            FloatVector c1 = FloatVector.fromArray(S, pal, j + 4).mul(w);
            FloatVector c2 = FloatVector.fromArray(S, pal, j + 8).mul(w);
            FloatVector c3 = FloatVector.fromArray(S, pal, j + 12).mul(w);
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i] << 4;
                w = FloatVector.broadcast(S, weights[i]);
                c0 = FloatVector.fromArray(S, pal, j).fma(w, c0);
                c1 = FloatVector.fromArray(S, pal, j + 4).fma(w, c1);
                c2 = FloatVector.fromArray(S, pal, j + 8).fma(w, c2);
                c3 = FloatVector.fromArray(S, pal, j + 12).fma(w, c3);
            }
            int p = 3 * v;
            c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
        }
    }

    private static void positionsNormals(float[] pal, int k, int[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = v * k;
            int j = joints[s] << 4;
            FloatVector w = FloatVector.broadcast(S, weights[s]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j).mul(w);
            FloatVector c1 = FloatVector.fromArray(S, pal, j + 4).mul(w);
            FloatVector c2 = FloatVector.fromArray(S, pal, j + 8).mul(w);
            FloatVector c3 = FloatVector.fromArray(S, pal, j + 12).mul(w);
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i] << 4;
                w = FloatVector.broadcast(S, weights[i]);
                c0 = FloatVector.fromArray(S, pal, j).fma(w, c0);
                c1 = FloatVector.fromArray(S, pal, j + 4).fma(w, c1);
                c2 = FloatVector.fromArray(S, pal, j + 8).fma(w, c2);
                c3 = FloatVector.fromArray(S, pal, j + 12).fma(w, c3);
            }
            int p = 3 * v;
            c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
            c0.fma(FloatVector.broadcast(S, srcN[p]), c1.fma(FloatVector.broadcast(S, srcN[p + 1]),
                    c2.mul(srcN[p + 2]))).intoArray(dstN, p);
        }
    }

    /** {@link #positions} unrolled for four influences, the common case. */
    private static void positions4(float[] pal, int[] joints, float[] weights, float[] srcP, float[] dstP, int first,
            int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = 4 * v;
            int j0 = joints[s] << 4, j1 = joints[s + 1] << 4, j2 = joints[s + 2] << 4, j3 = joints[s + 3] << 4;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]), w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]), w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = blend4(pal, j0, j1, j2, j3, 0, w0, w1, w2, w3);
            FloatVector c1 = blend4(pal, j0, j1, j2, j3, 4, w0, w1, w2, w3);
            FloatVector c2 = blend4(pal, j0, j1, j2, j3, 8, w0, w1, w2, w3);
            FloatVector c3 = blend4(pal, j0, j1, j2, j3, 12, w0, w1, w2, w3);
            int p = 3 * v;
            c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
        }
    }

    /** {@link #positionsNormals} unrolled for four influences, the common case. */
    private static void positionsNormals4(float[] pal, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = 4 * v;
            int j0 = joints[s] << 4, j1 = joints[s + 1] << 4, j2 = joints[s + 2] << 4, j3 = joints[s + 3] << 4;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]), w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]), w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = blend4(pal, j0, j1, j2, j3, 0, w0, w1, w2, w3);
            FloatVector c1 = blend4(pal, j0, j1, j2, j3, 4, w0, w1, w2, w3);
            FloatVector c2 = blend4(pal, j0, j1, j2, j3, 8, w0, w1, w2, w3);
            FloatVector c3 = blend4(pal, j0, j1, j2, j3, 12, w0, w1, w2, w3);
            int p = 3 * v;
            c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
            c0.fma(FloatVector.broadcast(S, srcN[p]), c1.fma(FloatVector.broadcast(S, srcN[p + 1]),
                    c2.mul(srcN[p + 2]))).intoArray(dstN, p);
        }
    }

    /**
     * Column {@code col/4} blended over four influences, in the same order of operations as the
     * loop of the general kernels ({@code w0*m0}, then fused multiply-adds), so both give equal
     * results.
     */
    private static FloatVector blend4(float[] pal, int j0, int j1, int j2, int j3, int col, FloatVector w0,
            FloatVector w1, FloatVector w2, FloatVector w3) {
        FloatVector c = FloatVector.fromArray(S, pal, j0 + col).mul(w0);
        c = FloatVector.fromArray(S, pal, j1 + col).fma(w1, c);
        c = FloatVector.fromArray(S, pal, j2 + col).fma(w2, c);
        return FloatVector.fromArray(S, pal, j3 + col).fma(w3, c);
    }

    /** {@link #positions4} blending columns 0-1 and 2-3 in 256-bit vectors; the same results. */
    private static void positions4Wide(float[] pal, int[] joints, float[] weights, float[] srcP, float[] dstP,
            int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = 4 * v;
            int j0 = joints[s] << 4, j1 = joints[s + 1] << 4, j2 = joints[s + 2] << 4, j3 = joints[s + 3] << 4;
            FloatVector w0 = FloatVector.broadcast(W, weights[s]), w1 = FloatVector.broadcast(W, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(W, weights[s + 2]), w3 = FloatVector.broadcast(W, weights[s + 3]);
            FloatVector c01 = blend4Wide(pal, j0, j1, j2, j3, 0, w0, w1, w2, w3);
            FloatVector c23 = blend4Wide(pal, j0, j1, j2, j3, 8, w0, w1, w2, w3);
            FloatVector c0 = (FloatVector) c01.reinterpretShape(S, 0);
            FloatVector c1 = (FloatVector) c01.reinterpretShape(S, 1);
            FloatVector c2 = (FloatVector) c23.reinterpretShape(S, 0);
            FloatVector c3 = (FloatVector) c23.reinterpretShape(S, 1);
            int p = 3 * v;
            c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
        }
    }

    /** {@link #positionsNormals4} blending columns 0-1 and 2-3 in 256-bit vectors; the same results. */
    private static void positionsNormals4Wide(float[] pal, int[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = 4 * v;
            int j0 = joints[s] << 4, j1 = joints[s + 1] << 4, j2 = joints[s + 2] << 4, j3 = joints[s + 3] << 4;
            FloatVector w0 = FloatVector.broadcast(W, weights[s]), w1 = FloatVector.broadcast(W, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(W, weights[s + 2]), w3 = FloatVector.broadcast(W, weights[s + 3]);
            FloatVector c01 = blend4Wide(pal, j0, j1, j2, j3, 0, w0, w1, w2, w3);
            FloatVector c23 = blend4Wide(pal, j0, j1, j2, j3, 8, w0, w1, w2, w3);
            FloatVector c0 = (FloatVector) c01.reinterpretShape(S, 0);
            FloatVector c1 = (FloatVector) c01.reinterpretShape(S, 1);
            FloatVector c2 = (FloatVector) c23.reinterpretShape(S, 0);
            FloatVector c3 = (FloatVector) c23.reinterpretShape(S, 1);
            int p = 3 * v;
            c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
            c0.fma(FloatVector.broadcast(S, srcN[p]), c1.fma(FloatVector.broadcast(S, srcN[p + 1]),
                    c2.mul(srcN[p + 2]))).intoArray(dstN, p);
        }
    }

    /** Columns {@code col/4} and {@code col/4 + 1} blended over four influences, as {@link #blend4}. */
    private static FloatVector blend4Wide(float[] pal, int j0, int j1, int j2, int j3, int col, FloatVector w0,
            FloatVector w1, FloatVector w2, FloatVector w3) {
        FloatVector c = FloatVector.fromArray(W, pal, j0 + col).mul(w0);
        c = FloatVector.fromArray(W, pal, j1 + col).fma(w1, c);
        c = FloatVector.fromArray(W, pal, j2 + col).fma(w2, c);
        return FloatVector.fromArray(W, pal, j3 + col).fma(w3, c);
    }

    private static void general(float[] pal, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        boolean normals = srcN != null && dstN != null;
        boolean tangents = srcT != null && dstT != null;
        // blended columns 0..2 read back for the cofactor matrix; the only allocation, and only for that case
        float[] cols = normals && cofactor ? new float[12] : NO_SCRATCH;
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = v * k;
            int j = joints[s] << 4;
            FloatVector w = FloatVector.broadcast(S, weights[s]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j).mul(w);
            FloatVector c1 = FloatVector.fromArray(S, pal, j + 4).mul(w);
            FloatVector c2 = FloatVector.fromArray(S, pal, j + 8).mul(w);
            FloatVector c3 = FloatVector.fromArray(S, pal, j + 12).mul(w);
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i] << 4;
                w = FloatVector.broadcast(S, weights[i]);
                c0 = FloatVector.fromArray(S, pal, j).fma(w, c0);
                c1 = FloatVector.fromArray(S, pal, j + 4).fma(w, c1);
                c2 = FloatVector.fromArray(S, pal, j + 8).fma(w, c2);
                c3 = FloatVector.fromArray(S, pal, j + 12).fma(w, c3);
            }
            int p = 3 * v;
            c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
            if (normals) {
                float x = srcN[p], y = srcN[p + 1], z = srcN[p + 2];
                if (cofactor) {
                    c0.intoArray(cols, 0);
                    c1.intoArray(cols, 4);
                    c2.intoArray(cols, 8);
                    Directions.cofactorNormal(cols[0], cols[1], cols[2], cols[4], cols[5], cols[6], cols[8], cols[9],
                            cols[10], x, y, z, dstN, p, renormalize);
                } else {
                    c0.fma(FloatVector.broadcast(S, x), c1.fma(FloatVector.broadcast(S, y), c2.mul(z)))
                            .intoArray(dstN, p);
                    if (renormalize) {
                        Directions.normalize(dstN, p);
                    }
                }
            }
            if (tangents) {
                int t = 4 * v;
                float tw = srcT[t + 3];
                c0.fma(FloatVector.broadcast(S, srcT[t]), c1.fma(FloatVector.broadcast(S, srcT[t + 1]),
                        c2.mul(srcT[t + 2]))).intoArray(dstT, t);
                if (renormalize) {
                    Directions.normalize(dstT, t);
                }
                dstT[t + 3] = tw;
            }
        }
    }
}
