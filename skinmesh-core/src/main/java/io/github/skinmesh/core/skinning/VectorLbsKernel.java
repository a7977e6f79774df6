package io.github.skinmesh.core.skinning;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;
import org.jspecify.annotations.Nullable;

/**
 * Linear blend skinning with the incubating Vector API: one vertex per step, 128-bit vectors
 * holding whole matrix columns. Per influence the four columns are loaded and accumulated with
 * one fused multiply-add each (4 instead of 12 scalar operations); the blended columns then
 * transform the position as {@code c0*x + c1*y + c2*z + c3}, the normal and the tangent as
 * {@code c0*x + c1*y + c2*z}, again with fused multiply-adds.
 *
 * <p>Notes. This is the layout of ozz-animation's SIMD SkinningJob. Alternatives measured on the
 * workload {@code lbs} (2-vCPU Zen 3, JDK 17 / 25, Mvertices/s): 128-bit columns 119 / 130;
 * 256-bit vectors holding two columns 134 / 124 (needs a cross-lane add, slower on JDK 25);
 * eight vertices per step in structure-of-arrays form with gathers 23 / 34 (gathers are not
 * intrinsified well on AVX2). A full 4-lane store writes one float past the vertex's xyz; it is
 * overwritten by the next vertex, and the last vertex of a range stores only its three lanes so
 * that concurrent ranges never touch each other's floats; every vertex runs the same arithmetic,
 * so results do not depend on how a mesh is split into ranges. Row 3 of each skin matrix is carried
 * in lane 3 and ignored. Normals by the cofactor matrix and renormalization read the blended
 * columns back as scalars: they are not the hot case.
 *
 * <p>Loaded reflectively by {@link LbsKernels} only when {@code jdk.incubator.vector} is in the
 * boot layer; no other class refers to it by name.
 */
final class VectorLbsKernel implements LbsKernel {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_128;

    /** Public no-argument constructor for the reflective loader. */
    public VectorLbsKernel() {
        if (FloatVector.SPECIES_PREFERRED.vectorBitSize() < S.vectorBitSize()) {
            // no 128-bit SIMD on this CPU: the Vector API would be emulated and slower than scalar code
            throw new UnsupportedOperationException("no 128-bit vector support");
        }
    }

    @Override
    public String name() {
        return "vector";
    }

    @Override
    public void skin(float[] palette, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        if (first >= end) {
            return;
        }
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
            general(palette, k, joints, weights, srcP, dstP, srcN, dstN, srcT, dstT, first, end, cofactor,
                    renormalize);
        }
    }

    private static void positions(float[] pal, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            int first, int end) {
        int last = end - 1;
        for (int v = first; v < end; v++) {
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
            store(c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))), dstP, p, v < last);
        }
    }

    private static void positionsNormals(float[] pal, int k, int[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < end; v++) {
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
            store(c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))), dstP, p, v < last);
            store(c0.fma(FloatVector.broadcast(S, srcN[p]), c1.fma(FloatVector.broadcast(S, srcN[p + 1]),
                    c2.mul(srcN[p + 2]))), dstN, p, v < last);
        }
    }

    /** {@link #positions} unrolled for four influences, the common case. */
    private static void positions4(float[] pal, int[] joints, float[] weights, float[] srcP, float[] dstP, int first,
            int end) {
        int last = end - 1;
        for (int v = first; v < end; v++) {
            int s = 4 * v;
            int j0 = joints[s] << 4, j1 = joints[s + 1] << 4, j2 = joints[s + 2] << 4, j3 = joints[s + 3] << 4;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]), w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]), w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = blend4(pal, j0, j1, j2, j3, 0, w0, w1, w2, w3);
            FloatVector c1 = blend4(pal, j0, j1, j2, j3, 4, w0, w1, w2, w3);
            FloatVector c2 = blend4(pal, j0, j1, j2, j3, 8, w0, w1, w2, w3);
            FloatVector c3 = blend4(pal, j0, j1, j2, j3, 12, w0, w1, w2, w3);
            int p = 3 * v;
            store(c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))), dstP, p, v < last);
        }
    }

    /** {@link #positionsNormals} unrolled for four influences, the common case. */
    private static void positionsNormals4(float[] pal, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < end; v++) {
            int s = 4 * v;
            int j0 = joints[s] << 4, j1 = joints[s + 1] << 4, j2 = joints[s + 2] << 4, j3 = joints[s + 3] << 4;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]), w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]), w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = blend4(pal, j0, j1, j2, j3, 0, w0, w1, w2, w3);
            FloatVector c1 = blend4(pal, j0, j1, j2, j3, 4, w0, w1, w2, w3);
            FloatVector c2 = blend4(pal, j0, j1, j2, j3, 8, w0, w1, w2, w3);
            FloatVector c3 = blend4(pal, j0, j1, j2, j3, 12, w0, w1, w2, w3);
            int p = 3 * v;
            boolean notLast = v < last;
            store(c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))), dstP, p, notLast);
            store(c0.fma(FloatVector.broadcast(S, srcN[p]), c1.fma(FloatVector.broadcast(S, srcN[p + 1]),
                    c2.mul(srcN[p + 2]))), dstN, p, notLast);
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

    private static void general(float[] pal, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        boolean normals = srcN != null && dstN != null;
        boolean tangents = srcT != null && dstT != null;
        float[] cols = new float[12]; // blended columns 0..2 read back for the cofactor matrix
        int last = end - 1;
        for (int v = first; v < end; v++) {
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
            store(c0.fma(FloatVector.broadcast(S, srcP[p]), c1.fma(FloatVector.broadcast(S, srcP[p + 1]),
                    c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))), dstP, p, v < last);
            if (normals) {
                float x = srcN[p], y = srcN[p + 1], z = srcN[p + 2];
                if (cofactor) {
                    c0.intoArray(cols, 0);
                    c1.intoArray(cols, 4);
                    c2.intoArray(cols, 8);
                    cofactorNormal(cols, x, y, z, dstN, p, renormalize);
                } else {
                    FloatVector n = c0.fma(FloatVector.broadcast(S, x), c1.fma(FloatVector.broadcast(S, y), c2.mul(z)));
                    store(n, dstN, p, v < last);
                    if (renormalize) {
                        renormalize(dstN, p);
                    }
                }
            }
            if (tangents) {
                int t = 4 * v;
                float tw = srcT[t + 3];
                c0.fma(FloatVector.broadcast(S, srcT[t]), c1.fma(FloatVector.broadcast(S, srcT[t + 1]),
                        c2.mul(srcT[t + 2]))).intoArray(dstT, t);
                if (renormalize) {
                    renormalize(dstT, t);
                }
                dstT[t + 3] = tw;
            }
        }
    }

    /**
     * Stores lanes 0..2 of {@code r} at {@code a[i..i+2]}: as one 4-lane store (its lane 3 lands on
     * the next vertex's first float, rewritten next) when a next vertex of the range follows, lane
     * by lane for the range's last vertex, so no float outside the range is touched.
     */
    private static void store(FloatVector r, float[] a, int i, boolean notLast) {
        if (notLast) {
            r.intoArray(a, i);
        } else {
            a[i] = r.lane(0);
            a[i + 1] = r.lane(1);
            a[i + 2] = r.lane(2);
        }
    }

    /** Writes {@code sign(det A) * cof(A) * n} for the columns {@code a, b, c} at {@code cols[0, 4, 8]}. */
    private static void cofactorNormal(float[] cols, float x, float y, float z, float[] dst, int p,
            boolean renormalize) {
        float m0 = cols[0], m1 = cols[1], m2 = cols[2];
        float m4 = cols[4], m5 = cols[5], m6 = cols[6];
        float m8 = cols[8], m9 = cols[9], m10 = cols[10];
        float bcx = m5 * m10 - m6 * m9, bcy = m6 * m8 - m4 * m10, bcz = m4 * m9 - m5 * m8;
        float cax = m9 * m2 - m10 * m1, cay = m10 * m0 - m8 * m2, caz = m8 * m1 - m9 * m0;
        float abx = m1 * m6 - m2 * m5, aby = m2 * m4 - m0 * m6, abz = m0 * m5 - m1 * m4;
        float det = m0 * bcx + m1 * bcy + m2 * bcz;
        float sign = det < 0 ? -1f : 1f;
        float nx = sign * (bcx * x + cax * y + abx * z);
        float ny = sign * (bcy * x + cay * y + aby * z);
        float nz = sign * (bcz * x + caz * y + abz * z);
        if (renormalize) {
            float inv = ScalarLbsKernel.inverseLength(nx, ny, nz);
            nx *= inv;
            ny *= inv;
            nz *= inv;
        }
        dst[p] = nx;
        dst[p + 1] = ny;
        dst[p + 2] = nz;
    }

    private static void renormalize(float[] a, int i) {
        float x = a[i], y = a[i + 1], z = a[i + 2];
        float inv = ScalarLbsKernel.inverseLength(x, y, z);
        a[i] = x * inv;
        a[i + 1] = y * inv;
        a[i + 2] = z * inv;
    }
}
