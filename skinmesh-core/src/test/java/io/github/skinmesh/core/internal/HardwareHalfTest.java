package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.skinning.HalfFloats;
import org.junit.jupiter.api.Test;

/**
 * The runtime's half conversion against core's: every finite float below the overflow threshold,
 * both signs, the same bits. Runs where the runtime has the conversion (Java 20 and later) and says
 * so when it is skipped.
 */
class HardwareHalfTest {
    @Test
    void theConversionExistsExactlyFromJava20On() {
        assertThat(HardwareHalf.available()).isEqualTo(Runtime.version().feature() >= 20);
        assertThat(HardwareHalf.FLOAT_TO_FLOAT16 == null).isEqualTo(!HardwareHalf.available());
        assertThat(HardwareHalf.FLOAT16_TO_FLOAT == null).isEqualTo(!HardwareHalf.available());
    }

    @Test
    void withoutTheConversionToHalfSaysWhatIsMissing() {
        assumeTrue(!HardwareHalf.available(), "this runtime (" + Runtime.version() + ") has Float.floatToFloat16");
        assertThatThrownBy(() -> HardwareHalf.toHalf(1f)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Float.floatToFloat16 needs Java 20 or later, this is " + Runtime.version());
        assertThatThrownBy(() -> HardwareHalf.toFloat((short) 0x3c00)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Float.float16ToFloat needs Java 20 or later, this is " + Runtime.version());
    }

    /** Every finite half of both signs (zeros and subnormals included) widens to core's float, bit for bit. */
    @Test
    void everyFiniteHalfWidensAsCoreDoes() {
        assumeTrue(HardwareHalf.available(), "no Float.float16ToFloat before Java 20: this runtime is "
                + Runtime.version());
        short[] halves = new short[1 << 16];
        float[] widened = new float[halves.length];
        for (int h = 0; h < halves.length; h++) {
            halves[h] = (short) h;
        }
        for (int k = 0; k < halves.length; k++) {
            widened[k] = HardwareHalf.toFloat(halves[k]);
        }
        int finite = 0;
        for (int h = 0; h < halves.length; h++) {
            if ((h & 0x7c00) == 0x7c00) {
                continue; // infinities and NaNs: not a finite half
            }
            finite++;
            if (Float.floatToRawIntBits(widened[h]) != Float.floatToRawIntBits(HalfFloats.toFloat((short) h))) {
                assertThat(Float.floatToRawIntBits(widened[h])).as("half bits %04x", h)
                        .isEqualTo(Float.floatToRawIntBits(HalfFloats.toFloat((short) h)));
            }
        }
        assertThat(finite).isEqualTo(2 * 0x7c00);
        assertThat(HardwareHalf.toFloat((short) 0x8000)).isEqualTo(-0f).matches(v -> 1 / v < 0, "negative zero");
        assertThat(HardwareHalf.toFloat((short) 0x0001)).isEqualTo(0x1p-24f);
    }

    /** All 2 x 0x477ff000 finite values below 65520: a few seconds through the vectorized loop. */
    @Test
    void everyFiniteValueBelowTheOverflowThresholdRoundsAsCoreDoes() {
        assumeTrue(HardwareHalf.available(), "no Float.floatToFloat16 before Java 20: this runtime is "
                + Runtime.version());
        int limit = Float.floatToRawIntBits(HalfFloats.HALF_OVERFLOW_THRESHOLD);
        int chunk = 1 << 16;
        float[] values = new float[chunk];
        short[] halves = new short[chunk];
        long checked = 0;
        for (int sign : new int[] {0, 0x80000000}) {
            for (int start = 0; start < limit; start += chunk) {
                int n = Math.min(chunk, limit - start);
                for (int k = 0; k < n; k++) {
                    values[k] = Float.intBitsToFloat(sign | (start + k));
                }
                convert(values, halves, n);
                for (int k = 0; k < n; k++) {
                    if (halves[k] != HalfFloats.toHalf(values[k])) {
                        assertThat(halves[k]).as("float bits %08x", Float.floatToRawIntBits(values[k]))
                                .isEqualTo(HalfFloats.toHalf(values[k]));
                    }
                }
                checked += n;
            }
        }
        assertThat(checked).isEqualTo(2L * limit);
        assertThat(HardwareHalf.toHalf(65519.996f)).isEqualTo(HalfFloats.toHalf(65519.996f)).isEqualTo((short) 0x7bff);
    }

    private static void convert(float[] values, short[] halves, int n) {
        for (int k = 0; k < n; k++) {
            halves[k] = HardwareHalf.toHalf(values[k]);
        }
    }
}
