package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.internal.HalfRounding;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.skinning.HalfFloats;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The vertex baker's kernels against their plain definitions: rounding, the normalized fetch,
 * the clip box and error sums, and the stored bounds, bit for bit.
 */
class BakeKernelsTest {
    @Test
    void theNormalizedFetchByMultiplicationEqualsTheDivisionForEveryInteger() {
        for (int max : new int[] {0xff, 0xffff}) {
            double inverse = 1.0 / max;
            for (int q = 0; q <= max; q++) {
                assertThat(Float.floatToRawIntBits((float) (q * inverse)))
                        .as("q=%d of %d", q, max).isEqualTo(Float.floatToRawIntBits(TexelCodec.normalized(q, max)));
            }
        }
    }

    @Test
    void theHalfRoundTripEqualsToHalfAndToFloatAroundEveryHalf() {
        // every half's value, the midpoints between neighbours (the rounding ties) and the floats next to both
        for (int h = 0; h < 0x7c00; h++) {
            float f = HalfFloats.toFloat((short) h);
            float next = HalfFloats.toFloat((short) (h + 1));
            float mid = (float) (((double) f + next) / 2);
            for (float x : new float[] {f, Math.nextUp(f), Math.nextDown(f), mid, Math.nextUp(mid),
                Math.nextDown(mid)}) {
                if (Math.abs(x) <= HalfRounding.LARGEST) {
                    assertHalfRoundTrip(x);
                    assertHalfRoundTrip(-x);
                }
            }
        }
        for (float x : new float[] {65504f, HalfRounding.LARGEST, Float.MIN_VALUE, 0x1p-25f, Math.nextUp(0x1p-25f),
            0x1p-14f, Math.nextDown(0x1p-14f)}) {
            assertHalfRoundTrip(x);
            assertHalfRoundTrip(-x);
        }
    }

    @Property(tries = 3000)
    void theHalfRoundTripEqualsToHalfAndToFloat(@ForAll int bits) {
        float x = Float.intBitsToFloat(bits);
        if (Math.abs(x) <= HalfRounding.LARGEST) {
            assertHalfRoundTrip(x);
        }
    }

    /** The half texel and the decoded value the bake takes from one rounding, against core's two conversions. */
    private static void assertHalfRoundTrip(float x) {
        long got = HalfRounding.halfAndWidened(x);
        short half = HalfFloats.toHalf(x);
        assertThat(got >>> 32).as("half of %s", x).isEqualTo(half & 0xffffL);
        assertThat((int) got).as("widened half of %s", x)
                .isEqualTo(Float.floatToRawIntBits(HalfFloats.toFloat(half)));
    }

    @Property(tries = 3000)
    void quantizeEqualsRoundingWithMathRound(@ForAll @DoubleRange(min = -2, max = 70000) double value,
            @ForAll @IntRange(min = 0, max = 3) int shape) {
        // exact ties, the largest double below a tie, and plain values
        double d = switch (shape) {
            case 0 -> Math.floor(value) + 0.5;
            case 1 -> Math.nextDown(Math.floor(value) + 0.5);
            case 2 -> Math.nextUp(Math.floor(value) + 0.5);
            default -> value;
        };
        // x - min = d exactly with scale 1 when d is a float; otherwise compare the rounding itself
        float x = (float) d;
        for (int max : new int[] {0xff, 0xffff}) {
            assertThat(PositionCodec.quantize(x, 0, 1, max)).as("x=%s", x)
                    .isEqualTo(TexelCodec.quantize(x, 0, 1, max));
            assertThat(PositionCodec.quantize(x, -1.25f, 0.37, max)).isEqualTo(TexelCodec.quantize(x, -1.25f, 0.37,
                    max));
        }
    }

    @Test
    void quantizeRoundsTiesUpAndTheDoubleBelowOneHalfDown() {
        assertThat(PositionCodec.quantize(-0.7f, 0, 1, 255)).isZero();
        assertThat(PositionCodec.quantize(-1.5f, 0, 1, 255)).isZero();
        assertThat(PositionCodec.quantize(0.5f, 0, 1, 255)).isEqualTo(1);
        assertThat(PositionCodec.quantize(2.5f, 0, 1, 255)).isEqualTo(3);
        assertThat(PositionCodec.quantize(1, 0, 0.49999999999999994, 255)).isZero();
        assertThat(PositionCodec.quantize(1, 0, 0.5, 255)).isEqualTo(1);
        assertThat(PositionCodec.quantize(300, 0, 1, 255)).isEqualTo(255);
    }

    /** A value of the random streams: often an exact zero of either sign, so ties of zeros occur. */
    private static float value(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> 0f;
            case 1 -> -0f;
            default -> (r.nextFloat() - 0.5f) * 4;
        };
    }

    @Property(tries = 400)
    void theFusedEncodeAndMeasureEqualTheTexelsAndThePlainScanBitForBit(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 40) int count, @ForAll @IntRange(min = 1, max = 3) int frames,
            @ForAll VatEncoding encoding, @ForAll boolean offsets, @ForAll boolean nonNegative,
            @ForAll boolean scalar) {
        Random r = new Random(seed);
        float[][] exact = new float[frames][3 * count + 6];
        float[] bind = new float[3 * count + 3];
        for (int i = 0; i < 3 * count; i++) {
            bind[3 + i] = r.nextInt(4) == 0 ? 0 : value(r);
        }
        float[] stored = new float[3 * count * frames];
        for (int f = 0; f < frames; f++) {
            for (int i = 0; i < 3 * count; i++) {
                float e = value(r);
                e = nonNegative ? Math.abs(e) : e;
                // often equal to the bind position, so that offsets of zero occur
                exact[f][6 + i] = offsets && r.nextInt(4) == 0 ? bind[3 + i] : e;
                stored[3 * count * f + i] = offsets ? exact[f][6 + i] - bind[3 + i] : exact[f][6 + i];
            }
        }
        Bounds bounds = Bounds.of(stored, 0, count * frames);
        // the scalar loops, or the vector kernel and the runtime's half conversions where the JVM has them
        PositionCodec codec = new PositionCodec(encoding, bounds, scalar ? null : PositionKernels.VECTOR,
                !scalar && HardwareHalfPositions.AVAILABLE);
        ClipMeasure m = new ClipMeasure();
        int bytes = encoding.bytesPerTexel();
        byte[] texels = new byte[bytes * (count * frames + 2)];
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        double sum = 0;
        double max = 0;
        byte[] expectedTexels = new byte[texels.length];
        float[] fetched = new float[4];
        int maxValue = encoding.maxValue();
        for (int f = 0; f < frames; f++) {
            codec.encodeMeasure(exact[f], 6, offsets ? bind : null, 3, count, texels, bytes * (1 + count * f), m);
            for (int i = 0; i < count; i++) {
                // the texel as TexelCodec writes it, and the position the decoder reads back from it
                long texel = 1 + (long) count * f + i;
                float[] s = new float[3];
                for (int c = 0; c < 3; c++) {
                    s[c] = stored[3 * count * f + 3 * i + c];
                }
                if (encoding.isNormalized()) {
                    float[] min = {bounds.minX(), bounds.minY(), bounds.minZ()};
                    float[] range = {bounds.maxX() - bounds.minX(), bounds.maxY() - bounds.minY(),
                        bounds.maxZ() - bounds.minZ()};
                    int[] q = new int[3];
                    for (int c = 0; c < 3; c++) {
                        q[c] = TexelCodec.quantize(s[c], min[c], TexelCodec.scale(range[c], maxValue), maxValue);
                    }
                    TexelCodec.putUnorms(expectedTexels, texel, encoding, q[0], q[1], q[2], maxValue);
                    TexelCodec.fetch(expectedTexels, texel, encoding, fetched, 0);
                    for (int c = 0; c < 3; c++) {
                        fetched[c] = TexelCodec.denormalize(fetched[c], min[c], range[c]);
                    }
                } else {
                    TexelCodec.putFloats(expectedTexels, texel, encoding, s[0], s[1], s[2], 1f);
                    TexelCodec.fetch(expectedTexels, texel, encoding, fetched, 0);
                }
                double d2 = 0;
                for (int c = 0; c < 3; c++) {
                    float p = offsets ? fetched[c] + bind[3 + 3 * i + c] : fetched[c];
                    float e = exact[f][6 + 3 * i + c];
                    double d = (double) p - e;
                    d2 += d * d;
                    float lo = p < e ? p : e;
                    float hi = p < e ? e : p;
                    box[c] = lo < box[c] ? lo : box[c];
                    box[c + 3] = hi > box[c + 3] ? hi : box[c + 3];
                }
                sum += d2;
                max = d2 > max ? d2 : max;
            }
        }
        assertThat(texels).isEqualTo(expectedTexels);
        assertThat(m.sumSquares()).isEqualTo(sum);
        assertThat(m.maxSquare()).isEqualTo(max);
        Bounds b = m.bounds();
        float[] got = {b.minX(), b.minY(), b.minZ(), b.maxX(), b.maxY(), b.maxZ()};
        for (int c = 0; c < 6; c++) {
            assertThat(Float.floatToRawIntBits(got[c])).as("bound %d: %s vs %s", c, got[c], box[c])
                    .isEqualTo(Float.floatToRawIntBits(box[c]));
        }
        if (!offsets) {
            // the stored bounds of absolute positions, taken from the measure's exact boxes
            float[] stored2 = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            VertexBaker.growStored(stored2, m);
            assertBitsEqual(VertexBaker.storedBounds(stored2, m.exactZeroSigns), bounds);
        }
    }

    /** Each bound of {@code got} with the bits of {@code expected}'s (the sign of a zero too). */
    static void assertBitsEqual(Bounds got, Bounds expected) {
        float[] g = {got.minX(), got.minY(), got.minZ(), got.maxX(), got.maxY(), got.maxZ()};
        float[] x = {expected.minX(), expected.minY(), expected.minZ(), expected.maxX(), expected.maxY(),
            expected.maxZ()};
        for (int c = 0; c < 6; c++) {
            assertThat(Float.floatToRawIntBits(g[c])).as("bound %d: %s vs %s", c, g[c], x[c])
                    .isEqualTo(Float.floatToRawIntBits(x[c]));
        }
    }

    @Property(tries = 300)
    void theStoredBoundsEqualBoundsOfBitForBit(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int count,
            @ForAll boolean offsets, @ForAll boolean nonNegative) {
        Random r = new Random(seed);
        float[] exact = new float[3 * count + 3];
        float[] bind = new float[3 * count];
        float[] stored = new float[3 * count];
        for (int i = 0; i < 3 * count; i++) {
            float e = value(r);
            exact[3 + i] = nonNegative ? Math.abs(e) : e;
            bind[i] = r.nextBoolean() ? exact[3 + i] : value(r);
            stored[i] = offsets ? exact[3 + i] - bind[i] : exact[3 + i];
        }
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        int[] zeroSigns = new int[3];
        // two calls, as two frames: the box carries over
        int half = count / 2;
        // the second with a copy of the positions made in the same pass
        float[] copy = new float[3 * count + 2];
        VertexBaker.growStored(box, zeroSigns, exact, 3, offsets ? bind : null, 0, half, null, 0);
        VertexBaker.growStored(box, zeroSigns, exact, 3 + 3 * half, offsets ? bind : null, 3 * half, count - half,
                copy, 2);
        assertBitsEqual(VertexBaker.storedBounds(box, zeroSigns), Bounds.of(stored, 0, count));
        assertThat(java.util.Arrays.copyOfRange(copy, 2, 2 + 3 * (count - half)))
                .isEqualTo(java.util.Arrays.copyOfRange(exact, 3 + 3 * half, 3 + 3 * count));
    }
}
