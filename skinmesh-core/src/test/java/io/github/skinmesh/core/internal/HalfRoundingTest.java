package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.HalfFloats;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The branch-free half rounding against {@link HalfFloats#toHalf} and {@link HalfFloats#toFloat}. */
class HalfRoundingTest {
    /** Bits of the largest float below the half overflow threshold (65520). */
    private static final int LAST = Float.floatToRawIntBits(HalfFloats.HALF_OVERFLOW_THRESHOLD) - 1;

    @Test
    void largestIsTheFloatBelowTheOverflowThreshold() {
        assertThat(Float.floatToRawIntBits(HalfRounding.LARGEST)).isEqualTo(LAST);
        assertThat(HalfFloats.toHalf(HalfRounding.LARGEST)).isEqualTo((short) 0x7bff);
        assertThat(HalfFloats.toHalf(Math.nextUp(HalfRounding.LARGEST))).isEqualTo((short) 0x7c00);
    }

    /**
     * Every float exponent the rounding accepts, each with every pattern of the 13 bits that
     * rounding drops and several patterns of the 10 kept ones (all zeros, all ones, alternating,
     * seeded random ones), both signs: the same half bits as core's conversion, and the same
     * widened float bits.
     */
    @Test
    void roundsEveryDroppedBitPatternOfEveryExponentAsHalfFloatsDoes() {
        Random rng = new Random(65504);
        int[] kept = new int[12];
        kept[0] = 0;
        kept[1] = 0x3ff;
        kept[2] = 0x2aa;
        kept[3] = 0x155;
        for (int i = 4; i < kept.length; i++) {
            kept[i] = rng.nextInt(0x400);
        }
        long checked = 0;
        for (int exponent = 0; exponent <= LAST >>> 23; exponent++) {
            for (int high : kept) {
                for (int low = 0; low < 1 << 13; low++) {
                    int bits = exponent << 23 | high << 13 | low;
                    if (bits > LAST) {
                        continue;
                    }
                    for (int sign : new int[] {0, 0x80000000}) {
                        float x = Float.intBitsToFloat(sign | bits);
                        short expected = HalfFloats.toHalf(x);
                        int widened = Float.floatToRawIntBits(HalfFloats.toFloat(expected));
                        short half = HalfRounding.toHalf(x);
                        int wide = Float.floatToRawIntBits(HalfRounding.widened(x));
                        long both = HalfRounding.halfAndWidened(x);
                        if (half != expected || wide != widened || both >>> 32 != (expected & 0xffffL)
                                || (int) both != widened) {
                            assertThat(half).as("half of float bits %08x", sign | bits).isEqualTo(expected);
                            assertThat(wide).as("widened, float bits %08x", sign | bits).isEqualTo(widened);
                            assertThat(both >>> 32).as("packed half, float bits %08x", sign | bits)
                                    .isEqualTo(expected & 0xffffL);
                            assertThat((int) both).as("packed widened, float bits %08x", sign | bits)
                                    .isEqualTo(widened);
                        }
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(20_000_000L);
    }

    @Test
    void boundaryValues() {
        float[] values = {0f, -0f, Float.MIN_VALUE, 0x1p-25f, Math.nextUp(0x1p-25f), 0x1p-24f, 0x1.8p-24f,
            Math.nextDown(0x1p-14f), 0x1p-14f, 0.5f, 1f, 1.0009765625f, 1.00048828125f, 1.00146484375f, 2048f,
            2049f, 2051f, 65504f, HalfRounding.LARGEST, 3.14159265f};
        for (float v : values) {
            for (float x : new float[] {v, -v}) {
                short expected = HalfFloats.toHalf(x);
                assertThat(HalfRounding.toHalf(x)).as("%s", x).isEqualTo(expected);
                assertThat(Float.floatToRawIntBits(HalfRounding.widened(x))).as("%s", x)
                        .isEqualTo(Float.floatToRawIntBits(HalfFloats.toFloat(expected)));
                assertThat(HalfRounding.halfAndWidened(x)).as("%s", x).isEqualTo((long) (expected & 0xffff) << 32
                        | Float.floatToRawIntBits(HalfFloats.toFloat(expected)) & 0xffffffffL);
            }
        }
    }
}
