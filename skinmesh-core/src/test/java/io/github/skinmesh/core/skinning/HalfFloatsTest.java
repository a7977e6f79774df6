package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class HalfFloatsTest {
    /** The value of a half from its fields, computed independently in double. */
    private static double referenceValue(int h) {
        int sign = (h >>> 15) & 1;
        int exp = (h >>> 10) & 0x1f;
        int mantissa = h & 0x3ff;
        double magnitude;
        if (exp == 0x1f) {
            magnitude = mantissa == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (exp == 0) {
            magnitude = Math.scalb((double) mantissa, -24);
        } else {
            magnitude = Math.scalb(1 + mantissa / 1024.0, exp - 15);
        }
        return sign == 1 ? -magnitude : magnitude;
    }

    /** Round to nearest half, ties to even, in double: the reference for {@link HalfFloats#toHalf}. */
    private static double referenceRound(float f) {
        double a = Math.abs((double) f);
        if (a >= 65520) {
            return Math.copySign(Double.POSITIVE_INFINITY, f);
        }
        int e = Math.max(Math.getExponent(a), -14);
        double ulp = Math.scalb(1.0, e - 10);
        double q = Math.rint(a / ulp) * ulp; // a / ulp is exact; rint rounds half to even
        return Math.copySign(q, f);
    }

    @Test
    void everyHalfConvertsToItsExactValue() {
        for (int h = 0; h < 65536; h++) {
            float f = HalfFloats.toFloat((short) h);
            double expected = referenceValue(h);
            if (Double.isNaN(expected)) {
                assertThat(Float.isNaN(f)).as("half %04x", h).isTrue();
            } else {
                assertThat((double) f).as("half %04x", h).isEqualTo(expected);
                assertThat(Math.copySign(1f, f)).as("sign of half %04x", h).isEqualTo(h >= 0x8000 ? -1f : 1f);
            }
        }
    }

    @Test
    void halfToFloatToHalfIsTheIdentityForEveryNonNanHalf() {
        for (int h = 0; h < 65536; h++) {
            if (Double.isNaN(referenceValue(h))) {
                continue;
            }
            assertThat(HalfFloats.toHalf(HalfFloats.toFloat((short) h)) & 0xffff).as("half %04x", h).isEqualTo(h);
        }
    }

    @Test
    void nanStaysNanWithItsSign() {
        for (int h = 0; h < 65536; h++) {
            if (!Double.isNaN(referenceValue(h))) {
                continue;
            }
            int back = HalfFloats.toHalf(HalfFloats.toFloat((short) h)) & 0xffff;
            assertThat(back & 0x7c00).as("exponent of %04x", h).isEqualTo(0x7c00);
            assertThat(back & 0x3ff).as("mantissa of %04x", h).isNotZero();
            assertThat(back & 0x8000).as("sign of %04x", h).isEqualTo(h & 0x8000);
        }
        assertThat(HalfFloats.toHalf(Float.NaN) & 0x7fff).isGreaterThan(0x7c00);
        assertThat(HalfFloats.toHalf(Float.intBitsToFloat(0x7f800001)) & 0x7fff).as("payload only in low bits")
                .isGreaterThan(0x7c00);
    }

    @Property(tries = 3000, seed = "16")
    void anyFloatRoundsToTheNearestHalfTiesToEven(@ForAll int bits) {
        float f = Float.intBitsToFloat(bits);
        short h = HalfFloats.toHalf(f);
        if (Float.isNaN(f)) {
            assertThat(Float.isNaN(HalfFloats.toFloat(h))).isTrue();
            return;
        }
        double expected = referenceRound(f);
        assertThat((double) HalfFloats.toFloat(h)).isEqualTo(expected);
        assertThat(h & 0x8000).as("sign").isEqualTo((bits >>> 16) & 0x8000);
    }

    @Property(tries = 3000, seed = "17")
    void floatsInTheHalfRangeRoundToTheNearestHalf(@ForAll @IntRange(min = -27, max = 16) int exponent,
            @ForAll @IntRange(min = 0, max = 0x7fffff) int mantissa, @ForAll boolean negative) {
        float f = Math.scalb(1 + mantissa / (float) (1 << 23), exponent) * (negative ? -1 : 1);
        assertThat((double) HalfFloats.toFloat(HalfFloats.toHalf(f))).isEqualTo(referenceRound(f));
    }

    @Property(tries = 2000, seed = "18")
    void exactMidpointsRoundToTheEvenNeighbour(@ForAll @IntRange(min = 0, max = 0x7bfe) int h, @ForAll boolean negative) {
        double lo = referenceValue(h);
        double hi = referenceValue(h + 1);
        float mid = (float) ((lo + hi) / 2); // 12 significant bits: exact in float
        assertThat((double) mid).isEqualTo((lo + hi) / 2);
        int even = (h & 1) == 0 ? h : h + 1;
        short got = HalfFloats.toHalf(negative ? -mid : mid);
        assertThat(got & 0xffff).isEqualTo(negative ? even | 0x8000 : even);
    }

    @Test
    void rangeLimits() {
        assertThat(HalfFloats.toHalf(65504f)).isEqualTo((short) 0x7bff);
        assertThat(HalfFloats.toHalf(65519.996f)).isEqualTo((short) 0x7bff);
        assertThat(HalfFloats.toHalf(65520f)).isEqualTo((short) 0x7c00);
        assertThat(HalfFloats.toHalf(-1e10f)).isEqualTo((short) 0xfc00);
        assertThat(HalfFloats.toHalf(0x1p-24f)).isEqualTo((short) 0x0001);
        assertThat(HalfFloats.toHalf(0x1p-25f)).as("tie to even zero").isEqualTo((short) 0x0000);
        assertThat(HalfFloats.toHalf(Math.nextUp(0x1p-25f))).isEqualTo((short) 0x0001);
        assertThat(HalfFloats.toHalf(-0f)).isEqualTo((short) 0x8000);
        assertThat(HalfFloats.toHalf(0x1.ff8p-15f)).as("largest subnormal").isEqualTo((short) 0x03ff);
        assertThat(HalfFloats.toHalf(0x1.ffcp-15f)).as("tie: up into the smallest normal, which is even")
                .isEqualTo((short) 0x0400);
    }

    @Test
    void saturatedConversionClampsFiniteOverflow() {
        assertThat(HalfFloats.toHalfSaturated(70000f)).isEqualTo((short) 0x7bff);
        assertThat(HalfFloats.toHalfSaturated(-1e9f)).isEqualTo((short) 0xfbff);
        assertThat(HalfFloats.toHalfSaturated(Float.POSITIVE_INFINITY)).isEqualTo((short) 0x7c00);
        assertThat(HalfFloats.toHalfSaturated(1.5f)).isEqualTo(HalfFloats.toHalf(1.5f));
        assertThat(Float.isNaN(HalfFloats.toFloat(HalfFloats.toHalfSaturated(Float.NaN)))).isTrue();
    }

    @Test
    void arrayConversionsUseOffsets() {
        float[] src = {9, 1.5f, -2f, 65504f};
        short[] halves = new short[5];
        assertThat(HalfFloats.toHalfInto(src, 1, halves, 2, 3)).isEqualTo(5);
        assertThat(halves).containsExactly((short) 0, (short) 0, (short) 0x3e00, (short) 0xc000, (short) 0x7bff);
        float[] back = new float[4];
        assertThat(HalfFloats.toFloatInto(halves, 2, back, 1, 3)).isEqualTo(4);
        assertThat(back).containsExactly(0f, 1.5f, -2f, 65504f);
    }

    @Test
    void rejectsANegativeCount() {
        assertThatThrownBy(() -> HalfFloats.toHalfInto(new float[2], 0, new short[2], 0, -1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("toHalfInto: srcOffset=0, dstOffset=0, count=-1, expected each >= 0");
    }

    @Test
    void rejectsAShortDestination() {
        assertThatThrownBy(() -> HalfFloats.toHalfInto(new float[4], 0, new short[3], 1, 4))
                .isInstanceOf(ValidationException.class)
                .hasMessage("toHalfInto: dst length 3, needs at least dstOffset+count = 5");
    }

    @Test
    void rejectsAShortSource() {
        assertThatThrownBy(() -> HalfFloats.toFloatInto(new short[2], 1, new float[4], 0, 2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("toFloatInto: src length 2, needs at least srcOffset+count = 3");
    }
}
