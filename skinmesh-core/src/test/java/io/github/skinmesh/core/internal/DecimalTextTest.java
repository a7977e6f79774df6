package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class DecimalTextTest {
    /**
     * 3000 floats and doubles (random bit patterns and random magnitudes from 1e-10 to 1e25) with
     * the text JDK 25's {@code Float.toString} / {@code Double.toString} gave for them: the JDK 19
     * specification, which this class follows on every JDK, JDK 17 included.
     */
    @Test
    void matchesTheJdk19SpecificationOnRecordedValues() throws IOException {
        int floats = 0;
        int doubles = 0;
        try (InputStream in = DecimalTextTest.class.getResourceAsStream("decimal-text-jdk19.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] p = line.split(" ");
                if (p[0].equals("f")) {
                    float f = Float.intBitsToFloat(Integer.parseUnsignedInt(p[1], 16));
                    assertThat(DecimalText.of(f)).as("bits %s", p[1]).isEqualTo(p[2]);
                    floats++;
                } else {
                    double d = Double.longBitsToDouble(Long.parseUnsignedLong(p[1], 16));
                    assertThat(DecimalText.of(d)).as("bits %s", p[1]).isEqualTo(p[2]);
                    doubles++;
                }
            }
        }
        assertThat(floats).isEqualTo(1500);
        assertThat(doubles).isEqualTo(1500);
    }

    /** Values where JDK 17's {@code toString} printed more digits than needed. */
    @Test
    void valuesJdk17PrintedLonger() {
        assertThat(DecimalText.of(Float.intBitsToFloat(0x00800000))).isEqualTo("1.1754944E-38");
        assertThat(DecimalText.of(1.9063158E12f)).isEqualTo("1.9063158E12");
        assertThat(DecimalText.of(4.210708E9f)).isEqualTo("4.210708E9");
        assertThat(DecimalText.of(1.0E23)).isEqualTo("1.0E23");
        assertThat(DecimalText.of(2.0E23)).isEqualTo("2.0E23");
    }

    @Test
    void layoutSwitchesAtOneThousandthAndTenMillion() {
        assertThat(DecimalText.of(0.001f)).isEqualTo("0.001");
        assertThat(DecimalText.of(0.00099999f)).isEqualTo("9.9999E-4");
        assertThat(DecimalText.of(9999999f)).isEqualTo("9999999.0");
        assertThat(DecimalText.of(1e7f)).isEqualTo("1.0E7");
        assertThat(DecimalText.of(100f)).isEqualTo("100.0");
        assertThat(DecimalText.of(-2.5f)).isEqualTo("-2.5");
        assertThat(DecimalText.of(0.1)).isEqualTo("0.1");
        assertThat(DecimalText.of(0f)).isEqualTo("0.0");
        assertThat(DecimalText.of(-0f)).isEqualTo("-0.0");
        assertThat(DecimalText.of(-0.0)).isEqualTo("-0.0");
        assertThat(DecimalText.of(Float.MIN_VALUE)).isEqualTo("1.4E-45");
        assertThat(DecimalText.of(Double.MIN_VALUE)).isEqualTo("4.9E-324");
        assertThat(DecimalText.of(Float.MAX_VALUE)).isEqualTo("3.4028235E38");
    }

    @Property(tries = 3000)
    void floatTextReadsBackAndNoShorterDecimalDoes(@ForAll int bits) {
        float f = Float.intBitsToFloat(bits);
        if (!Float.isFinite(f)) {
            return;
        }
        String s = DecimalText.of(f);
        assertThat(Float.floatToRawIntBits(Float.parseFloat(s))).isEqualTo(bits);
        assertNoShorterDecimalRoundsTo(s, f);
    }

    @Property(tries = 3000)
    void doubleTextReadsBack(@ForAll long bits) {
        double d = Double.longBitsToDouble(bits);
        if (!Double.isFinite(d)) {
            return;
        }
        assertThat(Double.doubleToRawLongBits(Double.parseDouble(DecimalText.of(d)))).isEqualTo(bits);
    }

    /** On JDK 19 and later the text is the JDK's own, on any value. */
    @Test
    void equalsTheJdksTextFromJdk19On() {
        if (Runtime.version().feature() < 19) {
            return; // the recorded values above stand in for this on older JDKs
        }
        SplittableRandom r = new SplittableRandom(19);
        for (int i = 0; i < 20_000; i++) {
            float f = Float.intBitsToFloat(r.nextInt());
            if (Float.isFinite(f)) {
                assertThat(DecimalText.of(f)).isEqualTo(Float.toString(f));
            }
            double d = Double.longBitsToDouble(r.nextLong());
            if (Double.isFinite(d)) {
                assertThat(DecimalText.of(d)).isEqualTo(Double.toString(d));
            }
        }
    }

    @Test
    void rejectsNonFiniteNumbers() {
        assertThatThrownBy(() -> DecimalText.of(Float.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a finite number: NaN");
        assertThatThrownBy(() -> DecimalText.of(Double.NEGATIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a finite number: -Infinity");
    }

    /**
     * Independent of the class's search: no decimal with fewer significant digits than the text's
     * (other than 1-digit values written with a trailing zero) parses to {@code f}. Checks the
     * truncations of the text's digits up and down at each shorter length.
     */
    private static void assertNoShorterDecimalRoundsTo(String s, float f) {
        if (f == 0) {
            return;
        }
        BigDecimal d = new BigDecimal(s).stripTrailingZeros();
        int n = d.precision();
        if (n <= 2) {
            return;
        }
        for (int k = 1; k < n; k++) {
            for (java.math.RoundingMode mode : new java.math.RoundingMode[] {java.math.RoundingMode.FLOOR,
                    java.math.RoundingMode.CEILING}) {
                BigDecimal shorter = new BigDecimal(f).round(new java.math.MathContext(k, mode));
                assertThat(Float.parseFloat(shorter.toString())).as("%s digits of %s", k, s).isNotEqualTo(f);
            }
        }
    }
}
