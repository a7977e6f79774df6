package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.internal.HalfRounding;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.skinning.HalfFloats;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Half positions through the runtime's conversions ({@link HardwareHalfPositions}, Java 20 and
 * later) against the codec's scalar loop, bit for bit: texels, error sums, both boxes, zero records
 * and the stored bounds, over several chunks and frames, absolute and as offsets, on coordinates
 * that hit every corner of the rounding: zeros of both signs, float subnormals, half subnormals,
 * exact ties between two halves, and values up to the largest float below the half overflow
 * threshold. Skipped, saying so, on runtimes without the conversions.
 */
class HardwareHalfPositionsTest {
    private static final String SKIP = "no Float.floatToFloat16 / float16ToFloat before Java 20: this runtime is ";

    /** A finite half of magnitude below 0x7bff (so that the next one up is finite too), as raw bits. */
    private static int half(Random r) {
        return r.nextInt(0x7bff) | (r.nextBoolean() ? 0x8000 : 0);
    }

    /** A coordinate of magnitude at most {@code limit}: a corner case of the rounding, or a plain value. */
    private static float value(Random r, float limit) {
        float v = switch (r.nextInt(16)) {
            case 0 -> 0f;
            case 1 -> -0f;
            // float subnormals: round to a zero half of their sign
            case 2 -> (r.nextBoolean() ? 1 : -1) * Float.MIN_VALUE * (1 + r.nextInt(1 << 20));
            // half subnormals and the smallest normals
            case 3 -> (r.nextFloat() - 0.5f) * 0x1p-13f;
            // a tie: exactly between two adjacent halves (both in float, their mean exact)
            case 4 -> {
                int h = half(r);
                yield (HalfFloats.toFloat((short) h) + HalfFloats.toFloat((short) (h + 1))) / 2;
            }
            // a half itself
            case 5 -> HalfFloats.toFloat((short) half(r));
            // near the overflow threshold: the largest float below 65520, the largest half, between
            case 6 -> (r.nextBoolean() ? 1 : -1) * switch (r.nextInt(3)) {
                case 0 -> HalfRounding.LARGEST;
                case 1 -> 65504f;
                default -> 65504f + r.nextFloat() * (HalfRounding.LARGEST - 65504f);
            };
            default -> (r.nextFloat() - 0.5f) * 2 * (r.nextBoolean() ? 2 : 40000);
        };
        return Math.abs(v) <= limit ? v : Math.copySign(limit, v);
    }

    /**
     * 300 seeded cases (a JUnit test rather than a jqwik property, so that a runtime without the
     * conversions skips it once with the reason, where a property would count every try as
     * rejected and fail as exhausted).
     */
    @Test
    void theRuntimesConversionsEqualTheScalarLoopBitForBit() {
        assumeTrue(HardwareHalfPositions.AVAILABLE, SKIP + Runtime.version());
        Random cases = new Random(0x5eed_4a1fL);
        for (int c = 0; c < 300; c++) {
            long seed = cases.nextLong();
            int count = c < 8 ? 1 + c : 1 + cases.nextInt(1300);
            int frames = 1 + cases.nextInt(3);
            boolean offsets = c % 2 == 1;
            try {
                compare(seed, count, frames, offsets);
            } catch (AssertionError e) {
                throw new AssertionError("seed " + seed + ", " + count + " vertices, " + frames + " frames, "
                        + (offsets ? "offsets" : "absolute") + ": " + e.getMessage(), e);
            }
        }
    }

    private static void compare(long seed, int count, int frames, boolean offsets) {
        Random r = new Random(seed);
        int pad = r.nextInt(4);
        float[][] exact = new float[frames][3 * pad + 3 * count + 3];
        float[] bind = new float[3 * pad + 3 * count];
        for (int i = 0; i < 3 * count; i++) {
            // offsets: the bind position and the offset each below half the threshold, so their sum stays in range
            bind[3 * pad + i] = r.nextInt(3) == 0 ? 0f : value(r, 32000);
        }
        for (int f = 0; f < frames; f++) {
            for (int i = 0; i < 3 * count; i++) {
                float b = bind[3 * pad + i];
                exact[f][3 * pad + i] = !offsets ? value(r, HalfRounding.LARGEST)
                        // often the bind position itself or a value beside it: offsets of zero and subnormals
                        : r.nextInt(4) == 0 ? b : r.nextInt(8) == 0 ? Math.nextUp(b) : b + value(r, 32000);
            }
        }
        PositionCodec hardware = new PositionCodec(VatEncoding.HALF, Bounds.EMPTY, null, true);
        PositionCodec scalar = new PositionCodec(VatEncoding.HALF, Bounds.EMPTY, null, false);
        ClipMeasure mh = new ClipMeasure();
        ClipMeasure ms = new ClipMeasure();
        byte[] th = new byte[8 * (count * frames + 1)];
        byte[] ts = new byte[th.length];
        for (int f = 0; f < frames; f++) {
            float[] base = offsets ? bind : null;
            hardware.encodeMeasure(exact[f], 3 * pad, base, 3 * pad, count, th, 8 * (1 + count * f), mh);
            scalar.encodeMeasure(exact[f], 3 * pad, base, 3 * pad, count, ts, 8 * (1 + count * f), ms);
        }
        assertThat(th).isEqualTo(ts);
        assertSameMeasure(mh, ms);
    }

    static void assertSameMeasure(ClipMeasure mh, ClipMeasure ms) {
        assertThat(Double.doubleToRawLongBits(mh.sumSquares())).as("sum of squares")
                .isEqualTo(Double.doubleToRawLongBits(ms.sumSquares()));
        assertThat(Double.doubleToRawLongBits(mh.maxSquare())).as("largest square")
                .isEqualTo(Double.doubleToRawLongBits(ms.maxSquare()));
        for (int c = 0; c < 6; c++) {
            assertThat(Float.floatToRawIntBits(mh.exactBox[c])).as("exact box %d", c)
                    .isEqualTo(Float.floatToRawIntBits(ms.exactBox[c]));
            assertThat(Float.floatToRawIntBits(mh.decodedBox[c])).as("decoded box %d", c)
                    .isEqualTo(Float.floatToRawIntBits(ms.decodedBox[c]));
        }
        assertThat(mh.exactZeroSigns).containsExactly(ms.exactZeroSigns);
        BakeKernelsTest.assertBitsEqual(mh.bounds(), ms.bounds());
        float[] sh = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        float[] ss = sh.clone();
        VertexBaker.growStored(sh, mh);
        VertexBaker.growStored(ss, ms);
        BakeKernelsTest.assertBitsEqual(VertexBaker.storedBounds(sh, mh.exactZeroSigns),
                VertexBaker.storedBounds(ss, ms.exactZeroSigns));
    }

    /** Every tie between two adjacent finite halves of either sign, once, rounds to the even one in both loops. */
    @Test
    void everyTieRoundsToEvenAsInTheScalarLoop() {
        assumeTrue(HardwareHalfPositions.AVAILABLE, SKIP + Runtime.version());
        int count = 2 * 0x7bff / 3 + 1;
        float[] exact = new float[3 * count];
        int k = 0;
        for (int sign : new int[] {0, 0x8000}) {
            for (int h = 0; h < 0x7bff; h++) {
                exact[k++] = (HalfFloats.toFloat((short) (sign | h)) + HalfFloats.toFloat((short) (sign | h + 1))) / 2;
            }
        }
        ClipMeasure mh = new ClipMeasure();
        ClipMeasure ms = new ClipMeasure();
        byte[] th = new byte[8 * count];
        byte[] ts = new byte[th.length];
        new PositionCodec(VatEncoding.HALF, Bounds.EMPTY, null, true).encodeMeasure(exact, 0, null, 0, count, th, 0, mh);
        new PositionCodec(VatEncoding.HALF, Bounds.EMPTY, null, false).encodeMeasure(exact, 0, null, 0, count, ts, 0,
                ms);
        assertThat(th).isEqualTo(ts);
        assertSameMeasure(mh, ms);
        // and the texels hold HalfFloats' halves: the first tie, between +0 and the smallest subnormal, is +0
        float[] fetched = new float[4];
        TexelCodec.fetch(th, 0, VatEncoding.HALF, fetched, 0);
        assertThat(Float.floatToRawIntBits(fetched[0])).isZero();
        assertThat(fetched[3]).isEqualTo(1f);
        assertThat(ms.sumSquares()).isPositive();
    }

    @Test
    void withoutTheConversionsTheLoopsCannotBeMadeAndTheCodecKeepsTheScalarLoop() {
        assumeTrue(!HardwareHalfPositions.AVAILABLE, "this runtime (" + Runtime.version() + ") has the conversions");
        assertThatThrownBy(HardwareHalfPositions::new).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("need Java 20 or later, this is " + Runtime.version());
        // the default codec of a half bake encodes with the scalar loop here
        float[] exact = {0.1f, -0.2f, 3f};
        byte[] t = new byte[8];
        new PositionCodec(VatEncoding.HALF, Bounds.EMPTY).encodeMeasure(exact, 0, null, 0, 1, t, 0, new ClipMeasure());
        assertThat(TexelCodec.getShort(t, 0)).isEqualTo(HalfFloats.toHalf(0.1f) & 0xffff);
    }
}
