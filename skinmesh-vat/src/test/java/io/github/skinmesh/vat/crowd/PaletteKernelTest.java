package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.testkit.SplitMix64;
import org.junit.jupiter.api.Test;

/** The crowd's half conversion against core's {@link HalfFloats#toHalf}. */
class PaletteKernelTest {
    /** Bits of the largest float below the half overflow threshold (65520). */
    private static final int LAST = Float.floatToRawIntBits(HalfFloats.HALF_OVERFLOW_THRESHOLD) - 1;

    /**
     * Every float exponent the conversion accepts, each with every pattern of the 13 bits that
     * rounding drops and several patterns of the 10 kept ones (all zeros, all ones, alternating,
     * seeded random ones), both signs: the same bits as core's conversion.
     */
    @Test
    void roundsEveryDroppedBitPatternOfEveryExponentAsCoreDoes() {
        SplitMix64 rng = new SplitMix64(65504);
        int[] kept = new int[12];
        kept[0] = 0;
        kept[1] = 0x3ff;
        kept[2] = 0x2aa;
        kept[3] = 0x155;
        for (int i = 4; i < kept.length; i++) {
            kept[i] = rng.nextInt(0, 0x3ff);
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
                        short actual = PaletteKernel.half(x);
                        if (actual != expected) {
                            assertThat(actual).as("float bits %08x", sign | bits).isEqualTo(expected);
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
            2049f, 2051f, 65504f, Math.nextDown(HalfFloats.HALF_OVERFLOW_THRESHOLD), -65504f, 3.14159265f};
        for (float v : values) {
            assertThat(PaletteKernel.half(v)).as("%s", v).isEqualTo(HalfFloats.toHalf(v));
        }
    }
}
