package io.github.skinmesh.core.skinning;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.jspecify.annotations.Nullable;

/**
 * Linear blend skinning with the incubating Vector API, in one of three {@linkplain Shape shapes}:
 * 128-bit vectors holding one matrix column each ({@link Shape#COLUMNS_128}); 256-bit vectors
 * holding two columns ({@link Shape#PAIRS_256}); one 512-bit vector holding the whole 4x4 matrix
 * ({@link Shape#MATRIX_512}). Per influence the
 * columns are loaded and accumulated with one fused multiply-add per vector (16, 8 or 4
 * instructions instead of 48 scalar operations); the blended columns then transform the position
 * as {@code c0*x + (c1*y + (c2*z + c3))}, the normal and the tangent as
 * {@code c0*x + (c1*y + c2*z)}, again with fused multiply-adds. Lane {@code r} of every step is
 * the operation {@link ScalarLbsKernel} performs on row {@code r}, so all shapes and the scalar
 * kernel give the same bits (the Vector API defines {@code fma} lane-wise as {@link Math#fma}).
 *
 * <p>The 128- and 256-bit shapes skin one vertex per step. The 256-bit shape blends whole column
 * pairs, then brings columns 1 and 3 to lanes 0-3 with lane rotations ({@code rearrange}) and
 * transforms in the full-width vector, of which lanes 0-3 are the result; only they are stored,
 * as a 128-bit vector (the low part of a wide vector is a free reinterpretation on every JDK;
 * other parts are not on JDK 17). The 512-bit shape blends each vertex's whole matrix. For
 * positions alone it skins one vertex per step, with rotations as in the 256-bit shape; for
 * positions and normals four vertices per step: it transposes the four blended matrices by 128-bit
 * blocks into one vector per column ({@code [c_A|c_B|c_C|c_D]}), spreads each source coordinate
 * of the four vertices over its vertex's block, transforms the four vertices with three fused
 * multiply-adds per stream and packs their twelve coordinates for one store; the vertices left
 * over (fewer than six) run one per step.
 *
 * <p>Notes. The column layout is ozz-animation's SIMD SkinningJob. Measured on workload
 * {@code lbs} (positions and normals, four influences, one thread, throughput per CPU-second of
 * the thread, medians of 15 samples of 200 calls, a shared 2-vCPU AMD EPYC (Zen 5) with AVX-512,
 * Mvertices/s, JDK 17 / JDK 25): 128-bit columns 184 / -; the former 256-bit shape (two columns
 * blended per vector, split into 128-bit halves by {@code reinterpretShape}) - / 264; the whole
 * matrix in 512 bits, rotations by single-vector {@code rearrange} 222 / 320 (without the
 * shuffle's index check, measured with the check disabled, 318 on JDK 17: that check, not the
 * rotation, is what JDK 17 pays); the same with the two-vector {@code rearrange} (no index check)
 * 170 / 387; column pairs in 256 bits with two rotations 268-286 / 269; pairs plus a third
 * 256-bit blend at offset 4 to save a rotation 222 / -; rotations through a scratch array
 * (store, reload at an offset) 95 and 35 (store-to-load forwarding fails). ozz-animation 0.16
 * (AVX2 + FMA build, {@code -O3 -march=native}) ran at 245-252 in the same minutes. Hence the
 * default: {@link Shape#MATRIX_512} from JDK 25 on where 512-bit vectors are preferred,
 * {@link Shape#PAIRS_256} where 256-bit vectors are, else {@link Shape#COLUMNS_128}. Earlier, on a
 * 2-vCPU Zen 3 (AVX2): 128-bit columns 119 / 130; eight vertices per step in
 * structure-of-arrays form with gathers 23 / 34. Several Vector API shapes exercised in one JVM
 * made each slower by up to 3x in these measurements (inlining of the API's generic code), so
 * benchmarks run one shape per JVM. The 512-bit shape's four-vertex step against its one-vertex
 * step (JDK 25, the same machine at load average 11-16, through a bound skin, per CPU-second,
 * medians of 20 samples of 200 calls, nine runs of each interleaved): positions and normals 320,
 * 267, 275, 283, 288, 289, 275, 298, 342 against 268, 196, 232, 284, 275, 254, 275, 277, 289
 * (faster or within 1% in every pair, median 288 against 275; with 16-bit joints 239 and 265 against
 * 238 and 252); positions alone 304 and 269 against 335 and 331, so positions alone stay one
 * vertex per step (identical code differed by up to 6% between runs at that load). Per four vertices
 * the step saves 18 of 40 fused multiply-adds and 6 of 8 stores and adds 4 rearranges to the 12 of
 * the rotations; positions alone save 9 of 28 fused multiply-adds and 3 of 4 stores, with as many
 * rearranges (12) as the rotations.
 *
 * <p>A full 4-lane store writes one float past the vertex's xyz, a 16-lane store of four vertices
 * four floats past them (vertex {@code v+4} and the x of {@code v+5}); the vertices after them in
 * the range overwrite those floats, and the four-vertex loop stops while {@code v+5} is still at
 * most the range's last vertex. The last vertex of a range is computed by
 * {@link ScalarLbsKernel} instead (the same operations, so the same bits), so that concurrent
 * ranges never touch each other's floats and results are bit for bit independent of how a mesh
 * is split into ranges (extracting lanes for it inside the loop made C2 box the vectors: 2x
 * slower on JDK 17). Row 3 of each skin matrix is
 * carried and ignored. The wide shapes are written for four influences, positions with or
 * without normals (the common case); other influence counts and the general case (tangents, the
 * cofactor normal transform, renormalization) run the 128-bit code in every shape. Normals by the
 * cofactor matrix and renormalization work on scalars (the cofactor matrix reads the blended
 * columns back through one 12-float scratch array per call): they are not the hot case. Separate
 * multiplies and adds instead of fused ones (so that a scalar kernel without {@link Math#fma}
 * could match) cost this kernel 6-12% on JDK 17; see {@link ScalarLbsKernel}.
 *
 * <p>Loaded reflectively by {@link LbsKernels} only when {@code jdk.incubator.vector} is in the
 * boot layer; no other class refers to it by name.
 */
final class VectorLbsKernel implements LbsKernel {
    /** How the four-influence loops hold the skin matrices. */
    enum Shape {
        /** One 128-bit vector per column: 16 loads and fused multiply-adds per four influences. */
        COLUMNS_128("vector"),
        /** Columns 0-1 and 2-3 in two 256-bit vectors: 8 loads and fused multiply-adds, 2 rotations. */
        PAIRS_256("vector-wide"),
        /**
         * The whole matrix in one 512-bit vector: 4 loads and fused multiply-adds per vertex; positions
         * alone one vertex per step with 3 rotations, positions and normals four vertices per step
         * with 2 two-vector rearranges per vertex (the block transposition) and, per four vertices and
         * stream, one 16-float load, 4 rearranges, 3 fused multiply-adds and one store.
         */
        MATRIX_512("vector-512");

        final String kernelName;

        Shape(String kernelName) {
            this.kernelName = kernelName;
        }
    }

    private static final VectorSpecies<Float> S = FloatVector.SPECIES_128;
    private static final VectorSpecies<Float> W = FloatVector.SPECIES_256;
    private static final VectorSpecies<Float> Z = FloatVector.SPECIES_512;

    /** Lanes 4-7 to 0-3 and back in a 256-bit vector: {@code [c1|c0]} from {@code [c0|c1]}. */
    private static final VectorShuffle<Float> SWAP_HALVES = VectorShuffle.fromOp(W, i -> (i + 4) & 7);
    /** Rotations of a 512-bit matrix by one, two and three columns: column {@code c} to lanes 0-3. */
    private static final VectorShuffle<Float> ROTATE_1 = VectorShuffle.fromOp(Z, i -> (i + 4) & 15);
    private static final VectorShuffle<Float> ROTATE_2 = VectorShuffle.fromOp(Z, i -> (i + 8) & 15);
    private static final VectorShuffle<Float> ROTATE_3 = VectorShuffle.fromOp(Z, i -> (i + 12) & 15);
    /*
     * The 128-bit block transposition of four blended matrices (two-vector rearranges: lanes 16-31
     * name the second vector's lanes 0-15): [A0 A1 B0 B1] and [A2 A3 B2 B3] from A and B, then
     * [A0 B0 C0 D0] and [A1 B1 C1 D1] from [A0 A1 B0 B1] and [C0 C1 D0 D1].
     */
    private static final VectorShuffle<Float> LOW_PAIRS = blocks(0, 1, 4, 5);
    private static final VectorShuffle<Float> HIGH_PAIRS = blocks(2, 3, 6, 7);
    private static final VectorShuffle<Float> EVEN_BLOCKS = blocks(0, 2, 4, 6);
    private static final VectorShuffle<Float> ODD_BLOCKS = blocks(1, 3, 5, 7);
    /** Coordinate x, y or z of each of four packed xyz triples, repeated over the triple's 128-bit block. */
    private static final VectorShuffle<Float> SPREAD_X = VectorShuffle.fromOp(Z, i -> 3 * (i >> 2));
    private static final VectorShuffle<Float> SPREAD_Y = VectorShuffle.fromOp(Z, i -> 3 * (i >> 2) + 1);
    private static final VectorShuffle<Float> SPREAD_Z = VectorShuffle.fromOp(Z, i -> 3 * (i >> 2) + 2);
    /** Lanes 0-2 of each 128-bit block packed into lanes 0-11 (lanes 12-15 repeat lane 15). */
    private static final VectorShuffle<Float> PACK_XYZ =
            VectorShuffle.fromOp(Z, i -> i < 12 ? 4 * (i / 3) + i % 3 : 15);

    /**
     * The shape this JVM runs by default: the whole matrix in 512 bits from JDK 25 on where
     * 512-bit vectors are preferred (JDK 17 compiles the rotations it needs with an index check
     * that costs more than the shape saves), column pairs in 256 bits where 256-bit vectors are
     * preferred, else 128-bit columns.
     */
    static final Shape DEFAULT_SHAPE = defaultShape(FloatVector.SPECIES_PREFERRED.vectorBitSize(),
            Runtime.version().feature());

    /** Stands in for the cofactor scratch array when normals are not transformed by the cofactor matrix. */
    private static final float[] NO_SCRATCH = new float[0];

    private final Shape shape;

    /** Public no-argument constructor for the reflective loader: the {@link #DEFAULT_SHAPE}. */
    public VectorLbsKernel() {
        this(DEFAULT_SHAPE);
    }

    /**
     * @param wide {@link Shape#PAIRS_256} when true, {@link Shape#COLUMNS_128} otherwise
     */
    VectorLbsKernel(boolean wide) {
        this(wide ? Shape.PAIRS_256 : Shape.COLUMNS_128);
    }

    /**
     * @param shape how the four-influence loops hold the matrices (tests run every shape)
     */
    VectorLbsKernel(Shape shape) {
        if (FloatVector.SPECIES_PREFERRED.vectorBitSize() < S.vectorBitSize()) {
            // no 128-bit SIMD on this CPU: the Vector API would be emulated and slower than scalar code
            throw new UnsupportedOperationException("no 128-bit vector support");
        }
        this.shape = shape;
    }

    /**
     * @param b0 the block for lanes 0-3: 128-bit block 0-3 of the first vector, 4-7 of the second
     * @param b1 the block for lanes 4-7
     * @param b2 the block for lanes 8-11
     * @param b3 the block for lanes 12-15
     * @return the two-vector selection of those blocks, in that order
     */
    private static VectorShuffle<Float> blocks(int b0, int b1, int b2, int b3) {
        int[] b = {b0, b1, b2, b3};
        return VectorShuffle.fromOp(Z, i -> 4 * b[i >> 2] + (i & 3));
    }

    /**
     * @param preferredBits the JVM's preferred vector size in bits
     * @param feature the JDK feature release
     * @return the shape to run by default
     */
    static Shape defaultShape(int preferredBits, int feature) {
        if (preferredBits >= 512 && feature >= 25) {
            return Shape.MATRIX_512;
        }
        return preferredBits >= 256 ? Shape.PAIRS_256 : Shape.COLUMNS_128;
    }

    @Override
    public String name() {
        return shape.kernelName;
    }

    @Override
    public void skin(float[] palette, int k, int[] joints, int jo, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        if (first >= end) {
            return;
        }
        if (k == 4 && srcT == null && (srcN == null || (dstN != null && !cofactor && !renormalize))) {
            fourInfluences(palette, joints, null, jo, weights, srcP, dstP, srcN, dstN, first, end);
        } else if (srcN == null && srcT == null) {
            positions(palette, k, joints, jo, weights, srcP, dstP, first, end);
        } else if (srcN != null && dstN != null && srcT == null && !cofactor && !renormalize) {
            positionsNormals(palette, k, joints, jo, weights, srcP, dstP, srcN, dstN, first, end);
        } else {
            general(palette, k, joints, jo, weights, srcP, dstP, srcN, dstN, srcT, dstT, first, end, cofactor,
                    renormalize);
        }
        // the range's last vertex by the scalar kernel, whose operations are those of each lane here: the same
        // bits, and no float past the range is written
        ScalarLbsKernel.INSTANCE.skin(palette, k, joints, jo, weights, srcP, dstP, srcN, dstN, srcT, dstT, end - 1, end,
                cofactor, renormalize);
    }

    @Override
    public void skin(float[] palette, int k, char[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        if (first >= end) {
            return;
        }
        if (k == 4 && srcT == null && (srcN == null || (dstN != null && !cofactor && !renormalize))) {
            fourInfluences(palette, null, joints, 0, weights, srcP, dstP, srcN, dstN, first, end);
            ScalarLbsKernel.INSTANCE.skin(palette, k, joints, weights, srcP, dstP, srcN, dstN, null, null, end - 1,
                    end, cofactor, renormalize);
        } else {
            JointWidening.run(joints, k, first, end, (wide, base, a, b) -> skin(palette, k, wide, base, weights, srcP,
                    dstP, srcN, dstN, srcT, dstT, a, b, cofactor, renormalize));
        }
    }

    /**
     * Four influences, positions and optionally normals by the upper 3x3, vertices
     * {@code first..end-2} (the caller skins the last one by the scalar kernel), in this kernel's
     * shape, joints from {@code j32} (at {@code 4*v - jo}) or else {@code j16} (at {@code 4*v}).
     * One loop per shape, stream set and joint type, each in its own method with the vertex's body
     * written out, blends included: a per-vertex helper method (compiled on its own before the
     * loop, then not always inlined) ran at half speed; a helper returning a blended vector cost
     * about 10%, an accessor choosing the joint array per load about 9%. Both results are stored
     * after every load of the vertex (the JIT does not move a load above a store to an array it
     * cannot tell apart).
     */
    private void fourInfluences(float[] pal, int @Nullable [] j32, char @Nullable [] j16, int jo, float[] weights,
            float[] srcP, float[] dstP, float @Nullable [] srcN, float @Nullable [] dstN, int first, int end) {
        boolean normals = srcN != null && dstN != null;
        if (j32 != null) {
            switch (shape) {
                case MATRIX_512:
                    if (normals) {
                        positionsNormalsMatrix(pal, j32, jo, weights, srcP, dstP, srcN, dstN, first, end);
                    } else {
                        positionsMatrix(pal, j32, jo, weights, srcP, dstP, first, end);
                    }
                    return;
                case PAIRS_256:
                    if (normals) {
                        positionsNormalsPairs(pal, j32, jo, weights, srcP, dstP, srcN, dstN, first, end);
                    } else {
                        positionsPairs(pal, j32, jo, weights, srcP, dstP, first, end);
                    }
                    return;
                default:
                    if (normals) {
                        positionsNormalsColumns(pal, j32, jo, weights, srcP, dstP, srcN, dstN, first, end);
                    } else {
                        positionsColumns(pal, j32, jo, weights, srcP, dstP, first, end);
                    }
                    return;
            }
        }
        char[] j = java.util.Objects.requireNonNull(j16);
        switch (shape) {
            case MATRIX_512:
                if (normals) {
                    positionsNormalsMatrix(pal, j, weights, srcP, dstP, srcN, dstN, first, end);
                } else {
                    positionsMatrix(pal, j, weights, srcP, dstP, first, end);
                }
                return;
            case PAIRS_256:
                if (normals) {
                    positionsNormalsPairs(pal, j, weights, srcP, dstP, srcN, dstN, first, end);
                } else {
                    positionsPairs(pal, j, weights, srcP, dstP, first, end);
                }
                return;
            default:
                if (normals) {
                    positionsNormalsColumns(pal, j, weights, srcP, dstP, srcN, dstN, first, end);
                } else {
                    positionsColumns(pal, j, weights, srcP, dstP, first, end);
                }
                return;
        }
    }

    /** Four influences, positions, 128-bit columns: 16 loads and fused multiply-adds for the blend. */
    private static void positionsColumns(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]);
            FloatVector w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j0).mul(w0);
            c0 = FloatVector.fromArray(S, pal, j1).fma(w1, c0);
            c0 = FloatVector.fromArray(S, pal, j2).fma(w2, c0);
            c0 = FloatVector.fromArray(S, pal, j3).fma(w3, c0);
            FloatVector c1 = FloatVector.fromArray(S, pal, j0 + 4).mul(w0);
            c1 = FloatVector.fromArray(S, pal, j1 + 4).fma(w1, c1);
            c1 = FloatVector.fromArray(S, pal, j2 + 4).fma(w2, c1);
            c1 = FloatVector.fromArray(S, pal, j3 + 4).fma(w3, c1);
            FloatVector c2 = FloatVector.fromArray(S, pal, j0 + 8).mul(w0);
            c2 = FloatVector.fromArray(S, pal, j1 + 8).fma(w1, c2);
            c2 = FloatVector.fromArray(S, pal, j2 + 8).fma(w2, c2);
            c2 = FloatVector.fromArray(S, pal, j3 + 8).fma(w3, c2);
            FloatVector c3 = FloatVector.fromArray(S, pal, j0 + 12).mul(w0);
            c3 = FloatVector.fromArray(S, pal, j1 + 12).fma(w1, c3);
            c3 = FloatVector.fromArray(S, pal, j2 + 12).fma(w2, c3);
            c3 = FloatVector.fromArray(S, pal, j3 + 12).fma(w3, c3);
            FloatVector x = FloatVector.broadcast(S, srcP[p]), y = FloatVector.broadcast(S, srcP[p + 1]);
            c0.fma(x, c1.fma(y, c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
        }
    }

    /** As the int-joint variant, with 16-bit joints at {@code 4*v}. */
    private static void positionsColumns(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]);
            FloatVector w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j0).mul(w0);
            c0 = FloatVector.fromArray(S, pal, j1).fma(w1, c0);
            c0 = FloatVector.fromArray(S, pal, j2).fma(w2, c0);
            c0 = FloatVector.fromArray(S, pal, j3).fma(w3, c0);
            FloatVector c1 = FloatVector.fromArray(S, pal, j0 + 4).mul(w0);
            c1 = FloatVector.fromArray(S, pal, j1 + 4).fma(w1, c1);
            c1 = FloatVector.fromArray(S, pal, j2 + 4).fma(w2, c1);
            c1 = FloatVector.fromArray(S, pal, j3 + 4).fma(w3, c1);
            FloatVector c2 = FloatVector.fromArray(S, pal, j0 + 8).mul(w0);
            c2 = FloatVector.fromArray(S, pal, j1 + 8).fma(w1, c2);
            c2 = FloatVector.fromArray(S, pal, j2 + 8).fma(w2, c2);
            c2 = FloatVector.fromArray(S, pal, j3 + 8).fma(w3, c2);
            FloatVector c3 = FloatVector.fromArray(S, pal, j0 + 12).mul(w0);
            c3 = FloatVector.fromArray(S, pal, j1 + 12).fma(w1, c3);
            c3 = FloatVector.fromArray(S, pal, j2 + 12).fma(w2, c3);
            c3 = FloatVector.fromArray(S, pal, j3 + 12).fma(w3, c3);
            FloatVector x = FloatVector.broadcast(S, srcP[p]), y = FloatVector.broadcast(S, srcP[p + 1]);
            c0.fma(x, c1.fma(y, c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3))).intoArray(dstP, p);
        }
    }

    /** Four influences, positions and normals by the upper 3x3, 128-bit columns. */
    private static void positionsNormalsColumns(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]);
            FloatVector w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j0).mul(w0);
            c0 = FloatVector.fromArray(S, pal, j1).fma(w1, c0);
            c0 = FloatVector.fromArray(S, pal, j2).fma(w2, c0);
            c0 = FloatVector.fromArray(S, pal, j3).fma(w3, c0);
            FloatVector c1 = FloatVector.fromArray(S, pal, j0 + 4).mul(w0);
            c1 = FloatVector.fromArray(S, pal, j1 + 4).fma(w1, c1);
            c1 = FloatVector.fromArray(S, pal, j2 + 4).fma(w2, c1);
            c1 = FloatVector.fromArray(S, pal, j3 + 4).fma(w3, c1);
            FloatVector c2 = FloatVector.fromArray(S, pal, j0 + 8).mul(w0);
            c2 = FloatVector.fromArray(S, pal, j1 + 8).fma(w1, c2);
            c2 = FloatVector.fromArray(S, pal, j2 + 8).fma(w2, c2);
            c2 = FloatVector.fromArray(S, pal, j3 + 8).fma(w3, c2);
            FloatVector c3 = FloatVector.fromArray(S, pal, j0 + 12).mul(w0);
            c3 = FloatVector.fromArray(S, pal, j1 + 12).fma(w1, c3);
            c3 = FloatVector.fromArray(S, pal, j2 + 12).fma(w2, c3);
            c3 = FloatVector.fromArray(S, pal, j3 + 12).fma(w3, c3);
            FloatVector x = FloatVector.broadcast(S, srcP[p]), y = FloatVector.broadcast(S, srcP[p + 1]);
            FloatVector rp = c0.fma(x, c1.fma(y, c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3)));
            FloatVector nx = FloatVector.broadcast(S, srcN[p]), ny = FloatVector.broadcast(S, srcN[p + 1]);
            FloatVector rn = c0.fma(nx, c1.fma(ny, c2.mul(srcN[p + 2])));
            rp.intoArray(dstP, p);
            rn.intoArray(dstN, p);
        }
    }

    /** As the int-joint variant, with 16-bit joints at {@code 4*v}. */
    private static void positionsNormalsColumns(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(S, weights[s]);
            FloatVector w1 = FloatVector.broadcast(S, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(S, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(S, weights[s + 3]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j0).mul(w0);
            c0 = FloatVector.fromArray(S, pal, j1).fma(w1, c0);
            c0 = FloatVector.fromArray(S, pal, j2).fma(w2, c0);
            c0 = FloatVector.fromArray(S, pal, j3).fma(w3, c0);
            FloatVector c1 = FloatVector.fromArray(S, pal, j0 + 4).mul(w0);
            c1 = FloatVector.fromArray(S, pal, j1 + 4).fma(w1, c1);
            c1 = FloatVector.fromArray(S, pal, j2 + 4).fma(w2, c1);
            c1 = FloatVector.fromArray(S, pal, j3 + 4).fma(w3, c1);
            FloatVector c2 = FloatVector.fromArray(S, pal, j0 + 8).mul(w0);
            c2 = FloatVector.fromArray(S, pal, j1 + 8).fma(w1, c2);
            c2 = FloatVector.fromArray(S, pal, j2 + 8).fma(w2, c2);
            c2 = FloatVector.fromArray(S, pal, j3 + 8).fma(w3, c2);
            FloatVector c3 = FloatVector.fromArray(S, pal, j0 + 12).mul(w0);
            c3 = FloatVector.fromArray(S, pal, j1 + 12).fma(w1, c3);
            c3 = FloatVector.fromArray(S, pal, j2 + 12).fma(w2, c3);
            c3 = FloatVector.fromArray(S, pal, j3 + 12).fma(w3, c3);
            FloatVector x = FloatVector.broadcast(S, srcP[p]), y = FloatVector.broadcast(S, srcP[p + 1]);
            FloatVector rp = c0.fma(x, c1.fma(y, c2.fma(FloatVector.broadcast(S, srcP[p + 2]), c3)));
            FloatVector nx = FloatVector.broadcast(S, srcN[p]), ny = FloatVector.broadcast(S, srcN[p + 1]);
            FloatVector rn = c0.fma(nx, c1.fma(ny, c2.mul(srcN[p + 2])));
            rp.intoArray(dstP, p);
            rn.intoArray(dstN, p);
        }
    }

    /**
     * Four influences, positions: columns 0-1 and 2-3 blended in 256-bit vectors; columns 1 and 3
     * come to lanes 0-3 by swapping halves, and lanes 0-3 of the transform are the result.
     */
    private static void positionsPairs(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(W, weights[s]);
            FloatVector w1 = FloatVector.broadcast(W, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(W, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(W, weights[s + 3]);
            FloatVector c01 = FloatVector.fromArray(W, pal, j0).mul(w0);
            c01 = FloatVector.fromArray(W, pal, j1).fma(w1, c01);
            c01 = FloatVector.fromArray(W, pal, j2).fma(w2, c01);
            c01 = FloatVector.fromArray(W, pal, j3).fma(w3, c01);
            FloatVector c23 = FloatVector.fromArray(W, pal, j0 + 8).mul(w0);
            c23 = FloatVector.fromArray(W, pal, j1 + 8).fma(w1, c23);
            c23 = FloatVector.fromArray(W, pal, j2 + 8).fma(w2, c23);
            c23 = FloatVector.fromArray(W, pal, j3 + 8).fma(w3, c23);
            FloatVector c10 = c01.rearrange(SWAP_HALVES), c32 = c23.rearrange(SWAP_HALVES);
            FloatVector x = FloatVector.broadcast(W, srcP[p]), y = FloatVector.broadcast(W, srcP[p + 1]);
            FloatVector rp = c01.fma(x, c10.fma(y, c23.fma(FloatVector.broadcast(W, srcP[p + 2]), c32)));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
        }
    }

    /** As the int-joint variant, with 16-bit joints at {@code 4*v}. */
    private static void positionsPairs(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(W, weights[s]);
            FloatVector w1 = FloatVector.broadcast(W, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(W, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(W, weights[s + 3]);
            FloatVector c01 = FloatVector.fromArray(W, pal, j0).mul(w0);
            c01 = FloatVector.fromArray(W, pal, j1).fma(w1, c01);
            c01 = FloatVector.fromArray(W, pal, j2).fma(w2, c01);
            c01 = FloatVector.fromArray(W, pal, j3).fma(w3, c01);
            FloatVector c23 = FloatVector.fromArray(W, pal, j0 + 8).mul(w0);
            c23 = FloatVector.fromArray(W, pal, j1 + 8).fma(w1, c23);
            c23 = FloatVector.fromArray(W, pal, j2 + 8).fma(w2, c23);
            c23 = FloatVector.fromArray(W, pal, j3 + 8).fma(w3, c23);
            FloatVector c10 = c01.rearrange(SWAP_HALVES), c32 = c23.rearrange(SWAP_HALVES);
            FloatVector x = FloatVector.broadcast(W, srcP[p]), y = FloatVector.broadcast(W, srcP[p + 1]);
            FloatVector rp = c01.fma(x, c10.fma(y, c23.fma(FloatVector.broadcast(W, srcP[p + 2]), c32)));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
        }
    }

    /**
     * Four influences, positions and normals, in the shape of {@link #positionsPairs(float[], int[],
     * int, float[], float[], float[], int, int)}.
     */
    private static void positionsNormalsPairs(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(W, weights[s]);
            FloatVector w1 = FloatVector.broadcast(W, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(W, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(W, weights[s + 3]);
            FloatVector c01 = FloatVector.fromArray(W, pal, j0).mul(w0);
            c01 = FloatVector.fromArray(W, pal, j1).fma(w1, c01);
            c01 = FloatVector.fromArray(W, pal, j2).fma(w2, c01);
            c01 = FloatVector.fromArray(W, pal, j3).fma(w3, c01);
            FloatVector c23 = FloatVector.fromArray(W, pal, j0 + 8).mul(w0);
            c23 = FloatVector.fromArray(W, pal, j1 + 8).fma(w1, c23);
            c23 = FloatVector.fromArray(W, pal, j2 + 8).fma(w2, c23);
            c23 = FloatVector.fromArray(W, pal, j3 + 8).fma(w3, c23);
            FloatVector c10 = c01.rearrange(SWAP_HALVES), c32 = c23.rearrange(SWAP_HALVES);
            FloatVector x = FloatVector.broadcast(W, srcP[p]), y = FloatVector.broadcast(W, srcP[p + 1]);
            FloatVector rp = c01.fma(x, c10.fma(y, c23.fma(FloatVector.broadcast(W, srcP[p + 2]), c32)));
            FloatVector nx = FloatVector.broadcast(W, srcN[p]), ny = FloatVector.broadcast(W, srcN[p + 1]);
            FloatVector rn = c01.fma(nx, c10.fma(ny, c23.mul(srcN[p + 2])));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
            ((FloatVector) rn.reinterpretShape(S, 0)).intoArray(dstN, p);
        }
    }

    /** As the int-joint variant, with 16-bit joints at {@code 4*v}. */
    private static void positionsNormalsPairs(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector w0 = FloatVector.broadcast(W, weights[s]);
            FloatVector w1 = FloatVector.broadcast(W, weights[s + 1]);
            FloatVector w2 = FloatVector.broadcast(W, weights[s + 2]);
            FloatVector w3 = FloatVector.broadcast(W, weights[s + 3]);
            FloatVector c01 = FloatVector.fromArray(W, pal, j0).mul(w0);
            c01 = FloatVector.fromArray(W, pal, j1).fma(w1, c01);
            c01 = FloatVector.fromArray(W, pal, j2).fma(w2, c01);
            c01 = FloatVector.fromArray(W, pal, j3).fma(w3, c01);
            FloatVector c23 = FloatVector.fromArray(W, pal, j0 + 8).mul(w0);
            c23 = FloatVector.fromArray(W, pal, j1 + 8).fma(w1, c23);
            c23 = FloatVector.fromArray(W, pal, j2 + 8).fma(w2, c23);
            c23 = FloatVector.fromArray(W, pal, j3 + 8).fma(w3, c23);
            FloatVector c10 = c01.rearrange(SWAP_HALVES), c32 = c23.rearrange(SWAP_HALVES);
            FloatVector x = FloatVector.broadcast(W, srcP[p]), y = FloatVector.broadcast(W, srcP[p + 1]);
            FloatVector rp = c01.fma(x, c10.fma(y, c23.fma(FloatVector.broadcast(W, srcP[p + 2]), c32)));
            FloatVector nx = FloatVector.broadcast(W, srcN[p]), ny = FloatVector.broadcast(W, srcN[p + 1]);
            FloatVector rn = c01.fma(nx, c10.fma(ny, c23.mul(srcN[p + 2])));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
            ((FloatVector) rn.reinterpretShape(S, 0)).intoArray(dstN, p);
        }
    }

    /**
     * Four influences, positions: the whole matrix blended in one 512-bit vector; columns 1, 2 and 3
     * come to lanes 0-3 by rotations (the two-vector {@code rearrange}, which has no index check).
     */
    private static void positionsMatrix(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector m = FloatVector.fromArray(Z, pal, j0).mul(weights[s]);
            m = FloatVector.fromArray(Z, pal, j1).fma(FloatVector.broadcast(Z, weights[s + 1]), m);
            m = FloatVector.fromArray(Z, pal, j2).fma(FloatVector.broadcast(Z, weights[s + 2]), m);
            m = FloatVector.fromArray(Z, pal, j3).fma(FloatVector.broadcast(Z, weights[s + 3]), m);
            FloatVector m1 = m.rearrange(ROTATE_1, m), m2 = m.rearrange(ROTATE_2, m);
            FloatVector m3 = m.rearrange(ROTATE_3, m);
            FloatVector x = FloatVector.broadcast(Z, srcP[p]), y = FloatVector.broadcast(Z, srcP[p + 1]);
            FloatVector rp = m.fma(x, m1.fma(y, m2.fma(FloatVector.broadcast(Z, srcP[p + 2]), m3)));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
        }
    }

    /** As the int-joint variant, with 16-bit joints at {@code 4*v}. */
    private static void positionsMatrix(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector m = FloatVector.fromArray(Z, pal, j0).mul(weights[s]);
            m = FloatVector.fromArray(Z, pal, j1).fma(FloatVector.broadcast(Z, weights[s + 1]), m);
            m = FloatVector.fromArray(Z, pal, j2).fma(FloatVector.broadcast(Z, weights[s + 2]), m);
            m = FloatVector.fromArray(Z, pal, j3).fma(FloatVector.broadcast(Z, weights[s + 3]), m);
            FloatVector m1 = m.rearrange(ROTATE_1, m), m2 = m.rearrange(ROTATE_2, m);
            FloatVector m3 = m.rearrange(ROTATE_3, m);
            FloatVector x = FloatVector.broadcast(Z, srcP[p]), y = FloatVector.broadcast(Z, srcP[p + 1]);
            FloatVector rp = m.fma(x, m1.fma(y, m2.fma(FloatVector.broadcast(Z, srcP[p + 2]), m3)));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
        }
    }

    /**
     * Four influences, positions and normals, the whole matrix blended in one 512-bit vector. Four
     * vertices per step: their four blended matrices are transposed by 128-bit blocks (eight
     * two-vector {@code rearrange}s) into one vector per column, {@code [c_A|c_B|c_C|c_D]}; one
     * 16-float load per stream gives, by single-vector {@code rearrange}s,
     * {@code [x_A x_A x_A x_A|x_B ...]} and likewise {@code y} and {@code z}; three fused
     * multiply-adds per stream transform the four vertices and one {@code rearrange} packs their
     * twelve coordinates for one 16-float store. The four floats past the twelve are vertex
     * {@code v+4}'s and {@code v+5}'s x, which the range skins after them (the loop stops while
     * {@code v+5} is at most the range's last vertex), so nothing outside the range is written. The
     * rest one vertex per step as in {@link #positionsMatrix(float[], int[], int, float[], float[],
     * float[], int, int)}. Each lane's operations are those of the one-vertex step, so both give
     * the same bits. Positions alone stay one vertex per step: there the four-vertex step, which
     * saves fused multiply-adds and stores but not rearranges, measured slower (see the class
     * notes).
     */
    private static void positionsNormalsMatrix(float[] pal, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        int v = first;
        for (; v + 6 <= end; v += 4) {
            int js = 4 * v - jo;
            int a0 = joints[js] << 4, a1 = joints[js + 1] << 4, a2 = joints[js + 2] << 4,
                    a3 = joints[js + 3] << 4;
            int b0 = joints[js + 4] << 4, b1 = joints[js + 5] << 4, b2 = joints[js + 6] << 4,
                    b3 = joints[js + 7] << 4;
            int c0 = joints[js + 8] << 4, c1 = joints[js + 9] << 4, c2 = joints[js + 10] << 4,
                    c3 = joints[js + 11] << 4;
            int d0 = joints[js + 12] << 4, d1 = joints[js + 13] << 4, d2 = joints[js + 14] << 4,
                    d3 = joints[js + 15] << 4;
            int s = 4 * v;
            FloatVector ma = FloatVector.fromArray(Z, pal, a0).mul(weights[s]);
            FloatVector mb = FloatVector.fromArray(Z, pal, b0).mul(weights[s + 4]);
            FloatVector mc = FloatVector.fromArray(Z, pal, c0).mul(weights[s + 8]);
            FloatVector md = FloatVector.fromArray(Z, pal, d0).mul(weights[s + 12]);
            ma = FloatVector.fromArray(Z, pal, a1).fma(FloatVector.broadcast(Z, weights[s + 1]), ma);
            mb = FloatVector.fromArray(Z, pal, b1).fma(FloatVector.broadcast(Z, weights[s + 5]), mb);
            mc = FloatVector.fromArray(Z, pal, c1).fma(FloatVector.broadcast(Z, weights[s + 9]), mc);
            md = FloatVector.fromArray(Z, pal, d1).fma(FloatVector.broadcast(Z, weights[s + 13]), md);
            ma = FloatVector.fromArray(Z, pal, a2).fma(FloatVector.broadcast(Z, weights[s + 2]), ma);
            mb = FloatVector.fromArray(Z, pal, b2).fma(FloatVector.broadcast(Z, weights[s + 6]), mb);
            mc = FloatVector.fromArray(Z, pal, c2).fma(FloatVector.broadcast(Z, weights[s + 10]), mc);
            md = FloatVector.fromArray(Z, pal, d2).fma(FloatVector.broadcast(Z, weights[s + 14]), md);
            ma = FloatVector.fromArray(Z, pal, a3).fma(FloatVector.broadcast(Z, weights[s + 3]), ma);
            mb = FloatVector.fromArray(Z, pal, b3).fma(FloatVector.broadcast(Z, weights[s + 7]), mb);
            mc = FloatVector.fromArray(Z, pal, c3).fma(FloatVector.broadcast(Z, weights[s + 11]), mc);
            md = FloatVector.fromArray(Z, pal, d3).fma(FloatVector.broadcast(Z, weights[s + 15]), md);
            FloatVector ab01 = ma.rearrange(LOW_PAIRS, mb), ab23 = ma.rearrange(HIGH_PAIRS, mb);
            FloatVector cd01 = mc.rearrange(LOW_PAIRS, md), cd23 = mc.rearrange(HIGH_PAIRS, md);
            FloatVector col0 = ab01.rearrange(EVEN_BLOCKS, cd01), col1 = ab01.rearrange(ODD_BLOCKS, cd01);
            FloatVector col2 = ab23.rearrange(EVEN_BLOCKS, cd23), col3 = ab23.rearrange(ODD_BLOCKS, cd23);
            int p = 3 * v;
            FloatVector sp = FloatVector.fromArray(Z, srcP, p);
            FloatVector rp = col0.fma(sp.rearrange(SPREAD_X), col1.fma(sp.rearrange(SPREAD_Y),
                    col2.fma(sp.rearrange(SPREAD_Z), col3)));
            FloatVector sn = FloatVector.fromArray(Z, srcN, p);
            FloatVector rn = col0.fma(sn.rearrange(SPREAD_X), col1.fma(sn.rearrange(SPREAD_Y),
                    col2.mul(sn.rearrange(SPREAD_Z))));
            rp.rearrange(PACK_XYZ).intoArray(dstP, p);
            rn.rearrange(PACK_XYZ).intoArray(dstN, p);
        }
        for (; v < last; v++) {
            int js = 4 * v - jo;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector m = FloatVector.fromArray(Z, pal, j0).mul(weights[s]);
            m = FloatVector.fromArray(Z, pal, j1).fma(FloatVector.broadcast(Z, weights[s + 1]), m);
            m = FloatVector.fromArray(Z, pal, j2).fma(FloatVector.broadcast(Z, weights[s + 2]), m);
            m = FloatVector.fromArray(Z, pal, j3).fma(FloatVector.broadcast(Z, weights[s + 3]), m);
            FloatVector m1 = m.rearrange(ROTATE_1, m), m2 = m.rearrange(ROTATE_2, m);
            FloatVector m3 = m.rearrange(ROTATE_3, m);
            FloatVector x = FloatVector.broadcast(Z, srcP[p]), y = FloatVector.broadcast(Z, srcP[p + 1]);
            FloatVector rp = m.fma(x, m1.fma(y, m2.fma(FloatVector.broadcast(Z, srcP[p + 2]), m3)));
            FloatVector nx = FloatVector.broadcast(Z, srcN[p]), ny = FloatVector.broadcast(Z, srcN[p + 1]);
            FloatVector rn = m.fma(nx, m1.fma(ny, m2.mul(srcN[p + 2])));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
            ((FloatVector) rn.reinterpretShape(S, 0)).intoArray(dstN, p);
        }
    }

    /** As the int-joint variant, with 16-bit joints at {@code 4*v}. */
    private static void positionsNormalsMatrix(float[] pal, char[] joints, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        int v = first;
        for (; v + 6 <= end; v += 4) {
            int js = 4 * v;
            int a0 = joints[js] << 4, a1 = joints[js + 1] << 4, a2 = joints[js + 2] << 4,
                    a3 = joints[js + 3] << 4;
            int b0 = joints[js + 4] << 4, b1 = joints[js + 5] << 4, b2 = joints[js + 6] << 4,
                    b3 = joints[js + 7] << 4;
            int c0 = joints[js + 8] << 4, c1 = joints[js + 9] << 4, c2 = joints[js + 10] << 4,
                    c3 = joints[js + 11] << 4;
            int d0 = joints[js + 12] << 4, d1 = joints[js + 13] << 4, d2 = joints[js + 14] << 4,
                    d3 = joints[js + 15] << 4;
            int s = 4 * v;
            FloatVector ma = FloatVector.fromArray(Z, pal, a0).mul(weights[s]);
            FloatVector mb = FloatVector.fromArray(Z, pal, b0).mul(weights[s + 4]);
            FloatVector mc = FloatVector.fromArray(Z, pal, c0).mul(weights[s + 8]);
            FloatVector md = FloatVector.fromArray(Z, pal, d0).mul(weights[s + 12]);
            ma = FloatVector.fromArray(Z, pal, a1).fma(FloatVector.broadcast(Z, weights[s + 1]), ma);
            mb = FloatVector.fromArray(Z, pal, b1).fma(FloatVector.broadcast(Z, weights[s + 5]), mb);
            mc = FloatVector.fromArray(Z, pal, c1).fma(FloatVector.broadcast(Z, weights[s + 9]), mc);
            md = FloatVector.fromArray(Z, pal, d1).fma(FloatVector.broadcast(Z, weights[s + 13]), md);
            ma = FloatVector.fromArray(Z, pal, a2).fma(FloatVector.broadcast(Z, weights[s + 2]), ma);
            mb = FloatVector.fromArray(Z, pal, b2).fma(FloatVector.broadcast(Z, weights[s + 6]), mb);
            mc = FloatVector.fromArray(Z, pal, c2).fma(FloatVector.broadcast(Z, weights[s + 10]), mc);
            md = FloatVector.fromArray(Z, pal, d2).fma(FloatVector.broadcast(Z, weights[s + 14]), md);
            ma = FloatVector.fromArray(Z, pal, a3).fma(FloatVector.broadcast(Z, weights[s + 3]), ma);
            mb = FloatVector.fromArray(Z, pal, b3).fma(FloatVector.broadcast(Z, weights[s + 7]), mb);
            mc = FloatVector.fromArray(Z, pal, c3).fma(FloatVector.broadcast(Z, weights[s + 11]), mc);
            md = FloatVector.fromArray(Z, pal, d3).fma(FloatVector.broadcast(Z, weights[s + 15]), md);
            FloatVector ab01 = ma.rearrange(LOW_PAIRS, mb), ab23 = ma.rearrange(HIGH_PAIRS, mb);
            FloatVector cd01 = mc.rearrange(LOW_PAIRS, md), cd23 = mc.rearrange(HIGH_PAIRS, md);
            FloatVector col0 = ab01.rearrange(EVEN_BLOCKS, cd01), col1 = ab01.rearrange(ODD_BLOCKS, cd01);
            FloatVector col2 = ab23.rearrange(EVEN_BLOCKS, cd23), col3 = ab23.rearrange(ODD_BLOCKS, cd23);
            int p = 3 * v;
            FloatVector sp = FloatVector.fromArray(Z, srcP, p);
            FloatVector rp = col0.fma(sp.rearrange(SPREAD_X), col1.fma(sp.rearrange(SPREAD_Y),
                    col2.fma(sp.rearrange(SPREAD_Z), col3)));
            FloatVector sn = FloatVector.fromArray(Z, srcN, p);
            FloatVector rn = col0.fma(sn.rearrange(SPREAD_X), col1.fma(sn.rearrange(SPREAD_Y),
                    col2.mul(sn.rearrange(SPREAD_Z))));
            rp.rearrange(PACK_XYZ).intoArray(dstP, p);
            rn.rearrange(PACK_XYZ).intoArray(dstN, p);
        }
        for (; v < last; v++) {
            int js = 4 * v;
            int j0 = joints[js] << 4, j1 = joints[js + 1] << 4, j2 = joints[js + 2] << 4, j3 = joints[js + 3] << 4;
            int s = 4 * v;
            int p = 3 * v;
            FloatVector m = FloatVector.fromArray(Z, pal, j0).mul(weights[s]);
            m = FloatVector.fromArray(Z, pal, j1).fma(FloatVector.broadcast(Z, weights[s + 1]), m);
            m = FloatVector.fromArray(Z, pal, j2).fma(FloatVector.broadcast(Z, weights[s + 2]), m);
            m = FloatVector.fromArray(Z, pal, j3).fma(FloatVector.broadcast(Z, weights[s + 3]), m);
            FloatVector m1 = m.rearrange(ROTATE_1, m), m2 = m.rearrange(ROTATE_2, m);
            FloatVector m3 = m.rearrange(ROTATE_3, m);
            FloatVector x = FloatVector.broadcast(Z, srcP[p]), y = FloatVector.broadcast(Z, srcP[p + 1]);
            FloatVector rp = m.fma(x, m1.fma(y, m2.fma(FloatVector.broadcast(Z, srcP[p + 2]), m3)));
            FloatVector nx = FloatVector.broadcast(Z, srcN[p]), ny = FloatVector.broadcast(Z, srcN[p + 1]);
            FloatVector rn = m.fma(nx, m1.fma(ny, m2.mul(srcN[p + 2])));
            ((FloatVector) rp.reinterpretShape(S, 0)).intoArray(dstP, p);
            ((FloatVector) rn.reinterpretShape(S, 0)).intoArray(dstN, p);
        }
    }

    private static void positions(float[] pal, int k, int[] joints, int jo, float[] weights, float[] srcP, float[] dstP,
            int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = v * k;
            int j = joints[s - jo] << 4;
            FloatVector w = FloatVector.broadcast(S, weights[s]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j).mul(w);
            FloatVector c1 = FloatVector.fromArray(S, pal, j + 4).mul(w);
            FloatVector c2 = FloatVector.fromArray(S, pal, j + 8).mul(w);
            FloatVector c3 = FloatVector.fromArray(S, pal, j + 12).mul(w);
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i - jo] << 4;
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

    private static void positionsNormals(float[] pal, int k, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, float[] srcN, float[] dstN, int first, int end) {
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = v * k;
            int j = joints[s - jo] << 4;
            FloatVector w = FloatVector.broadcast(S, weights[s]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j).mul(w);
            FloatVector c1 = FloatVector.fromArray(S, pal, j + 4).mul(w);
            FloatVector c2 = FloatVector.fromArray(S, pal, j + 8).mul(w);
            FloatVector c3 = FloatVector.fromArray(S, pal, j + 12).mul(w);
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i - jo] << 4;
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

    private static void general(float[] pal, int k, int[] joints, int jo, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        boolean normals = srcN != null && dstN != null;
        boolean tangents = srcT != null && dstT != null;
        // blended columns 0..2 read back for the cofactor matrix; the only allocation, and only for that case
        float[] cols = normals && cofactor ? new float[12] : NO_SCRATCH;
        int last = end - 1;
        for (int v = first; v < last; v++) {
            int s = v * k;
            int j = joints[s - jo] << 4;
            FloatVector w = FloatVector.broadcast(S, weights[s]);
            FloatVector c0 = FloatVector.fromArray(S, pal, j).mul(w);
            FloatVector c1 = FloatVector.fromArray(S, pal, j + 4).mul(w);
            FloatVector c2 = FloatVector.fromArray(S, pal, j + 8).mul(w);
            FloatVector c3 = FloatVector.fromArray(S, pal, j + 12).mul(w);
            for (int i = s + 1, e = s + k; i < e; i++) {
                j = joints[i - jo] << 4;
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
