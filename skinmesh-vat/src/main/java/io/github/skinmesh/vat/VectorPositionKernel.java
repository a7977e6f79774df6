package io.github.skinmesh.vat;

import java.nio.ByteOrder;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
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
 * <p>Float texels ({@link #packFloats}) take {@code n / 4} vertices a step: the {@code n} floats
 * from the first one's x, spread by a shuffle so that lane {@code 4t + c} holds coordinate
 * {@code c} of vertex {@code t} (lane {@code 4t + 3} its z again), grow the box lane by lane, get
 * 1 in every fourth lane and are stored as their bytes, one store per step. The boxes keep the
 * scalar loop's {@code x < min ? x : min} as a compare and a blend: {@link FloatVector#min}, which
 * orders {@code -0} below {@code +0}, compiles on JDK 17 to a sequence whose latency chained the
 * steps (the pass over the testkit humanoid's 32 frames, JDK 17, 256-bit floats: 1.1 ns a vertex
 * with {@code min} and {@code max}, 0.66 with compare and blend, 0.53 storing the texels alone,
 * against 1.2 for the box pass and the scalar stores before; with 128-bit vectors, one vertex a
 * step, 1.0). Whether a zero occurs is the smallest magnitude, kept per lane the same way.
 *
 * <p>Half positions are not done here (on Java 20 and later {@link HardwareHalfPositions} takes
 * them through the runtime's conversions, on JDK 17 the codec's scalar loop): a kernel of their bit arithmetic (1.5 ns a vertex
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
    /** Texels a step of {@link #packFloats}: a vector of {@code N} floats holds {@code N / 4} texels. */
    private static final int TEXELS = N / 4;
    /**
     * Lane {@code 4t + c} of a float texel vector takes coordinate {@code c} of the step's vertex
     * {@code t} ({@code 3t + c}); lane {@code 4t + 3}, replaced by 1, takes its z, so that every lane
     * holds a coordinate of its own axis for the box.
     */
    private static final VectorShuffle<Float> SPREAD = VectorShuffle.fromOp(F, k -> 3 * (k / 4) + Math.min(k % 4, 2));
    /** The texels' fourth lanes. */
    private static final VectorMask<Float> ALPHA = VectorMask.fromValues(F, alphaLanes());
    /** Vectors reinterpreted as bytes are the floats in the machine's order, the texels' order only on little-endian machines. */
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** Public no-argument constructor for the reflective loader; fails where the species do not exist. */
    public VectorPositionKernel() {
        if (F.length() != N || N < 2) {
            throw new IllegalStateException("no float species of " + N + " lanes");
        }
    }

    private static boolean[] alphaLanes() {
        boolean[] alpha = new boolean[N];
        for (int k = 3; k < N; k += 4) {
            alpha[k] = true;
        }
        return alpha;
    }

    @Override
    public boolean encode(PositionCodec codec, float[] exact, int from, int coords, double[] integers,
            double[] squares) {
        int end = coords - coords % (3 * N);
        boolean zero = normalized(codec, exact, from, end, integers, squares);
        return codec.encodeCoordinates(exact, from, end, coords, integers, squares) | zero;
    }

    @Override
    public boolean box(float[] exact, int from, int coords, float[] box) {
        int end = coords - coords % (3 * N);
        boolean zero = end > 0 && growBox(exact, from, end, box);
        for (int k = end; k < coords; k++) {
            int c = k % 3;
            float x = exact[from + k];
            box[c] = x < box[c] ? x : box[c];
            box[c + 3] = x > box[c + 3] ? x : box[c + 3];
            zero |= x == 0;
        }
        return zero;
    }

    @Override
    public boolean packFloats(float[] exact, int from, int count, byte[] dst, int dstByte, float[] box) {
        int v = 0;
        boolean zero = false;
        // TEXELS vertices a step: N floats loaded from the first one's x, their xyz spread to texel lanes
        // (vectors of fewer than 4 floats, and big-endian machines, store every texel in the scalar loop)
        int limit = LITTLE_ENDIAN && TEXELS > 0
                ? Math.min(count - TEXELS + 1, Math.floorDiv(exact.length - from - N, 3) + 1) : 0;
        if (limit > 0) {
            FloatVector lo = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
            FloatVector hi = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
            FloatVector smallest = lo;
            FloatVector one = FloatVector.broadcast(F, 1f);
            for (; v < limit; v += TEXELS) {
                FloatVector t = FloatVector.fromArray(F, exact, from + 3 * v).rearrange(SPREAD);
                lo = lo.blend(t, t.compare(VectorOperators.LT, lo));
                hi = hi.blend(t, t.compare(VectorOperators.GT, hi));
                FloatVector magnitude = t.abs();
                smallest = smallest.blend(magnitude, magnitude.compare(VectorOperators.LT, smallest));
                t.blend(one, ALPHA).reinterpretAsBytes().intoArray(dst, dstByte + 16 * v);
            }
            float[] lanes = new float[3 * N];
            lo.intoArray(lanes, 0);
            hi.intoArray(lanes, N);
            smallest.intoArray(lanes, 2 * N);
            for (int k = 0; k < N; k++) {
                int c = k & 3;
                if (c < 3) {
                    box[c] = lanes[k] < box[c] ? lanes[k] : box[c];
                    box[c + 3] = lanes[N + k] > box[c + 3] ? lanes[N + k] : box[c + 3];
                    zero |= lanes[2 * N + k] == 0;
                }
            }
        }
        for (int k = from + 3 * v, o = dstByte + 16 * v; v < count; v++, k += 3, o += 16) {
            float x = exact[k];
            float y = exact[k + 1];
            float z = exact[k + 2];
            PositionCodec.putFloatTexel(dst, o, x, y, z);
            box[0] = x < box[0] ? x : box[0];
            box[3] = x > box[3] ? x : box[3];
            box[1] = y < box[1] ? y : box[1];
            box[4] = y > box[4] ? y : box[4];
            box[2] = z < box[2] ? z : box[2];
            box[5] = z > box[5] ? z : box[5];
            zero |= x == 0 | y == 0 | z == 0;
        }
        return zero;
    }

    /**
     * Grows the box by the coordinates {@code [0, end)}, {@code end} a multiple of {@code 3n}.
     *
     * @return whether a coordinate is zero (the smallest magnitude, kept per lane, is)
     */
    private static boolean growBox(float[] exact, int from, int end, float[] box) {
        FloatVector lo0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector lo1 = lo0;
        FloatVector lo2 = lo0;
        FloatVector hi0 = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector hi1 = hi0;
        FloatVector hi2 = hi0;
        FloatVector smallest = lo0;
        for (int k = 0; k < end; k += 3 * N) {
            FloatVector x0 = FloatVector.fromArray(F, exact, from + k);
            FloatVector x1 = FloatVector.fromArray(F, exact, from + k + N);
            FloatVector x2 = FloatVector.fromArray(F, exact, from + k + 2 * N);
            lo0 = lo0.blend(x0, x0.compare(VectorOperators.LT, lo0));
            hi0 = hi0.blend(x0, x0.compare(VectorOperators.GT, hi0));
            lo1 = lo1.blend(x1, x1.compare(VectorOperators.LT, lo1));
            hi1 = hi1.blend(x1, x1.compare(VectorOperators.GT, hi1));
            lo2 = lo2.blend(x2, x2.compare(VectorOperators.LT, lo2));
            hi2 = hi2.blend(x2, x2.compare(VectorOperators.GT, hi2));
            FloatVector magnitude = x0.abs().min(x1.abs()).min(x2.abs());
            smallest = smallest.blend(magnitude, magnitude.compare(VectorOperators.LT, smallest));
        }
        float[] lanes = new float[7 * N];
        lo0.intoArray(lanes, 0);
        lo1.intoArray(lanes, N);
        lo2.intoArray(lanes, 2 * N);
        hi0.intoArray(lanes, 3 * N);
        hi1.intoArray(lanes, 4 * N);
        hi2.intoArray(lanes, 5 * N);
        smallest.intoArray(lanes, 6 * N);
        boolean zero = false;
        for (int k = 0; k < 3 * N; k++) {
            int c = k % 3;
            box[c] = lanes[k] < box[c] ? lanes[k] : box[c];
            box[c + 3] = lanes[3 * N + k] > box[c + 3] ? lanes[3 * N + k] : box[c + 3];
            zero |= k < N && lanes[6 * N + k] == 0;
        }
        return zero;
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
        VectorMask<Float> zero = F.maskAll(false);
        for (int k = 0, p = 0; k < end; k += N, p = p == 2 * N ? 0 : p + N) {
            zero = zero.or(normalized(FloatVector.fromArray(F, exact, from + k), DoubleVector.fromArray(D, minD, p),
                    DoubleVector.fromArray(D, scaleD, p), FloatVector.fromArray(F, minF, p),
                    FloatVector.fromArray(F, rangeF, p), inverse, maxValue, integers, squares, k));
        }
        return zero.anyTrue();
    }

    /** One vector of normalized integers and their errors squared; whether a zero occurs. */
    private static VectorMask<Float> normalized(FloatVector x, DoubleVector minD, DoubleVector scaleD, FloatVector minF,
            FloatVector rangeF, double inverse, int maxValue, double[] integers, double[] squares, int k) {
        DoubleVector xd = (DoubleVector) x.convertShape(VectorOperators.F2D, D, 0);
        DoubleVector d = xd.sub(minD).mul(scaleD);
        // rint(d) by the magic addition (exact below 2^51), a tie rounded up as Math.round does
        DoubleVector q = d.add(ROUNDING).sub(ROUNDING);
        q = q.add(1.0, d.sub(q).compare(VectorOperators.EQ, 0.5));
        // clamped as max(q, 0) and min(q, maxValue) do (-0 to +0), by compare and blend
        q = q.blend(0.0, q.compare(VectorOperators.LE, 0.0)).blend(maxValue, q.compare(VectorOperators.GT, maxValue));
        q.intoArray(integers, k);
        FloatVector decoded = ((FloatVector) q.mul(inverse).convertShape(VectorOperators.D2F, F, 0)).mul(rangeF)
                .add(minF);
        DoubleVector e = ((DoubleVector) decoded.convertShape(VectorOperators.F2D, D, 0)).sub(xd);
        e.mul(e).intoArray(squares, k);
        return x.compare(VectorOperators.EQ, 0f).or(decoded.compare(VectorOperators.EQ, 0f));
    }
}
