package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Bounds;
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

    @Property(tries = 300)
    void theClipMeasureEqualsThePlainScanBitForBit(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int count,
            @ForAll @IntRange(min = 1, max = 3) int frames, @ForAll boolean nonNegative) {
        Random r = new Random(seed);
        ClipMeasure m = new ClipMeasure();
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        double sum = 0;
        double max = 0;
        for (int f = 0; f < frames; f++) {
            float[] decoded = new float[3 * count];
            float[] exact = new float[3 * count + 6];
            for (int i = 0; i < 3 * count; i++) {
                float e = value(r);
                float d = r.nextInt(3) == 0 ? e : value(r);
                exact[6 + i] = nonNegative ? Math.abs(e) : e;
                decoded[i] = nonNegative ? Math.abs(d) : d;
            }
            m.add(decoded, exact, 6, count);
            for (int i = 0; i < count; i++) {
                double d2 = 0;
                for (int c = 0; c < 3; c++) {
                    float p = decoded[3 * i + c];
                    float e = exact[6 + 3 * i + c];
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
        assertThat(m.sumSquares()).isEqualTo(sum);
        assertThat(m.maxSquare()).isEqualTo(max);
        Bounds b = m.bounds();
        float[] got = {b.minX(), b.minY(), b.minZ(), b.maxX(), b.maxY(), b.maxZ()};
        for (int c = 0; c < 6; c++) {
            assertThat(Float.floatToRawIntBits(got[c])).as("bound %d: %s vs %s", c, got[c], box[c])
                    .isEqualTo(Float.floatToRawIntBits(box[c]));
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
        VertexBaker.growStored(box, zeroSigns, exact, 3, offsets ? bind : null, half);
        VertexBaker.growStored(box, zeroSigns, exact, 3 + 3 * half, offsets ? java.util.Arrays.copyOfRange(bind,
                3 * half, bind.length) : null, count - half);
        Bounds got = VertexBaker.storedBounds(box, zeroSigns);
        Bounds expected = Bounds.of(stored, 0, count);
        float[] g = {got.minX(), got.minY(), got.minZ(), got.maxX(), got.maxY(), got.maxZ()};
        float[] x = {expected.minX(), expected.minY(), expected.minZ(), expected.maxX(), expected.maxY(),
            expected.maxZ()};
        for (int c = 0; c < 6; c++) {
            assertThat(Float.floatToRawIntBits(g[c])).as("bound %d: %s vs %s", c, g[c], x[c])
                    .isEqualTo(Float.floatToRawIntBits(x[c]));
        }
    }
}
