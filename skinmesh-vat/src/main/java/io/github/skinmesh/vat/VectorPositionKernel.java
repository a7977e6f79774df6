package io.github.skinmesh.vat;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link PositionKernel} with the incubating Vector API: vectors of {@code n} coordinates, {@code n}
 * the lanes of the preferred double vector (8 with AVX-512), the floats in vectors of half that
 * width. Lane {@code k} of the {@code u}-th of three consecutive vectors is always axis
 * {@code (u n + k) % 3}: the box's minima and maxima are kept in three vectors each (a loop of
 * its own), and the normalized encodings' per-axis constants are loaded each step from arrays in
 * that pattern ({@link PositionCodec#patterns}). The encoding loops take one vector a step: with
 * three, C2 on JDK 17 stopped inlining the Vector API calls (its node count limit) and allocated
 * every vector. The coordinates left over after the last whole {@code 3n} go through
 * {@link PositionCodec}'s scalar arithmetic.
 *
 * <p>The operations are the scalar codec's, lane by lane, so the same bits: the normalized integer of {@code d = (x - min) * scale} as {@code rint(d)}
 * by the addition and subtraction of {@code 1.5 * 2^52}, plus 1 where {@code d - rint(d)} is
 * exactly 0.5 (a tie, which {@code Math.round} rounds up), clamped to {@code 0..maxValue}, kept
 * in a double (see {@link PositionCodec#ROUNDING}); the decoded value
 * {@code min + (float) (q * (1 / maxValue)) * range}, the error in double. (A conversion of the
 * doubles to ints is not compiled to vector instructions by JDK 17.)
 *
 * <p>Half positions stay with the scalar loop: a kernel of their bit arithmetic (1.5 ns a vertex
 * against 8-10) needs integer vectors, and with the 256-bit ones here beside the crowd blend
 * kernel's 512-bit ones in one process, C2 on JDK 17 stopped inlining the crowd kernel's integer
 * operations after a half bake and every crowd frame allocated its vectors; with the crowd's
 * shapes the two kernels of this class made each other allocate the same way.
 *
 * <p>Loaded reflectively by {@link PositionKernels} only when {@code jdk.incubator.vector} is in
 * the boot layer; no other class refers to it by name. Stateless and thread-safe.
 */
final class VectorPositionKernel implements PositionKernel {
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Float> F = VectorSpecies.of(float.class,
            VectorShape.forBitSize(D.vectorBitSize() / 2));
    private static final int N = D.length();
    private static final double ROUNDING = PositionCodec.ROUNDING;

    /** Public no-argument constructor for the reflective loader; fails where the species do not exist. */
    public VectorPositionKernel() {
        if (F.length() != N || N < 2) {
            throw new IllegalStateException("no float species of " + N + " lanes");
        }
    }

    @Override
    public boolean encode(PositionCodec codec, float[] exact, int from, int coords, double[] integers,
            double[] squares, float[] box) {
        int end = coords - coords % (3 * N);
        if (end > 0) {
            growBox(exact, from, end, box);
        }
        boolean zero = normalized(codec, exact, from, end, integers, squares);
        return codec.encodeCoordinates(exact, from, end, coords, integers, squares, box) | zero;
    }

    @Override
    public boolean box(float[] exact, int from, int coords, float[] box) {
        int end = coords - coords % (3 * N);
        boolean zero = false;
        if (end > 0) {
            growBox(exact, from, end, box);
            for (int k = 0; k < end; k += N) {
                zero = zero | FloatVector.fromArray(F, exact, from + k).compare(VectorOperators.EQ, 0f).anyTrue();
            }
        }
        for (int k = end; k < coords; k++) {
            int c = k % 3;
            float x = exact[from + k];
            box[c] = x < box[c] ? x : box[c];
            box[c + 3] = x > box[c + 3] ? x : box[c + 3];
            zero |= x == 0;
        }
        return zero;
    }

    /** Grows the box by the coordinates {@code [0, end)}, {@code end} a multiple of {@code 3n}. */
    private static void growBox(float[] exact, int from, int end, float[] box) {
        FloatVector lo0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector lo1 = lo0;
        FloatVector lo2 = lo0;
        FloatVector hi0 = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector hi1 = hi0;
        FloatVector hi2 = hi0;
        for (int k = 0; k < end; k += 3 * N) {
            FloatVector x0 = FloatVector.fromArray(F, exact, from + k);
            FloatVector x1 = FloatVector.fromArray(F, exact, from + k + N);
            FloatVector x2 = FloatVector.fromArray(F, exact, from + k + 2 * N);
            lo0 = lo0.min(x0);
            hi0 = hi0.max(x0);
            lo1 = lo1.min(x1);
            hi1 = hi1.max(x1);
            lo2 = lo2.min(x2);
            hi2 = hi2.max(x2);
        }
        float[] lo = new float[3 * N];
        float[] hi = new float[3 * N];
        lo0.intoArray(lo, 0);
        lo1.intoArray(lo, N);
        lo2.intoArray(lo, 2 * N);
        hi0.intoArray(hi, 0);
        hi1.intoArray(hi, N);
        hi2.intoArray(hi, 2 * N);
        for (int k = 0; k < 3 * N; k++) {
            int c = k % 3;
            box[c] = lo[k] < box[c] ? lo[k] : box[c];
            box[c + 3] = hi[k] > box[c + 3] ? hi[k] : box[c + 3];
        }
    }

    /**
     * The normalized encodings, one vector a step; the per-axis constants of the step's lanes are
     * loaded from arrays holding them in the pattern of three consecutive vectors.
     */
    private static boolean normalized(PositionCodec codec, float[] exact, int from, int end, double[] integers,
            double[] squares) {
        int maxValue = codec.encoding.maxValue();
        double inverse = codec.inverse;
        PositionCodec.Patterns patterns = codec.patterns(N);
        float[] minF = patterns.minF;
        float[] rangeF = patterns.rangeF;
        double[] minD = patterns.minD;
        double[] scaleD = patterns.scaleD;
        boolean zero = false;
        for (int k = 0, p = 0; k < end; k += N, p = p == 2 * N ? 0 : p + N) {
            zero = zero | normalized(FloatVector.fromArray(F, exact, from + k), DoubleVector.fromArray(D, minD, p),
                    DoubleVector.fromArray(D, scaleD, p), FloatVector.fromArray(F, minF, p),
                    FloatVector.fromArray(F, rangeF, p), inverse, maxValue, integers, squares, k);
        }
        return zero;
    }

    /** One vector of normalized integers and their errors squared; whether a zero occurs. */
    private static boolean normalized(FloatVector x, DoubleVector minD, DoubleVector scaleD, FloatVector minF,
            FloatVector rangeF, double inverse, int maxValue, double[] integers, double[] squares, int k) {
        DoubleVector xd = (DoubleVector) x.convertShape(VectorOperators.F2D, D, 0);
        DoubleVector d = xd.sub(minD).mul(scaleD);
        // rint(d) by the magic addition (exact below 2^51), a tie rounded up as Math.round does
        DoubleVector q = d.add(ROUNDING).sub(ROUNDING);
        q = q.add(1.0, d.sub(q).compare(VectorOperators.EQ, 0.5)).max(0.0).min(maxValue);
        q.intoArray(integers, k);
        FloatVector decoded = ((FloatVector) q.mul(inverse).convertShape(VectorOperators.D2F, F, 0)).mul(rangeF)
                .add(minF);
        DoubleVector e = ((DoubleVector) decoded.convertShape(VectorOperators.F2D, D, 0)).sub(xd);
        e.mul(e).intoArray(squares, k);
        return x.compare(VectorOperators.EQ, 0f).or(decoded.compare(VectorOperators.EQ, 0f)).anyTrue();
    }
}
