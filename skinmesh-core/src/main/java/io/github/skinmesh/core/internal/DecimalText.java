package io.github.skinmesh.core.internal;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The decimal text of a float or a double, the same on every JDK: the text a JSON document, a
 * manifest or a report writes for a number. Not part of the API.
 *
 * <p>{@code Float.toString} and {@code Double.toString} changed in JDK 19: before, some values
 * got more digits than they need (about 5% of the floats at magnitudes of 1e7 and above, and
 * scattered doubles), so the same bake written on JDK 17 and on JDK 21 gave different bytes. This
 * class picks the digits by the rule JDK 19 specifies, computed with {@link BigDecimal} and the
 * correctly rounded parsers, whose results the Java specification fixes on every version:
 *
 * <ol>
 *   <li>among the decimals that round to the value (round to nearest, ties to even, as the
 *       parsers do), take those with the fewest significant digits, m; when m is 1, take those
 *       with 1 or 2 digits;</li>
 *   <li>of these, the one closest to the value's exact binary value; of two equally close, the one
 *       whose last digit is even.</li>
 * </ol>
 *
 * <p>The text has the layout of the JDK's: plain notation with at least one fraction digit when
 * {@code 1e-3 <= |d| < 1e7} ({@code 0.001}, {@code 30.0}, {@code 1234567.0}), else one integer
 * digit, at least one fraction digit and the exponent ({@code 1.0E7}, {@code 1.5E-4}); zero is
 * {@code 0.0} or {@code -0.0}. So on JDK 19 and later the text equals {@code Float.toString} /
 * {@code Double.toString}, and on JDK 17 it differs exactly where JDK 17 printed extra digits.
 * Parsing the text gives back the same bits.
 *
 * <p>Cost: a few {@link BigDecimal} roundings per number (microseconds); meant for documents,
 * not for bulk data. Thread-safe (no state).
 */
public final class DecimalText {
    private static final MathContext[] DIGITS = new MathContext[18];

    static {
        for (int i = 1; i < DIGITS.length; i++) {
            DIGITS[i] = new MathContext(i, RoundingMode.HALF_EVEN);
        }
    }

    private DecimalText() {
    }

    /**
     * The shortest text of a float, see the class documentation.
     *
     * @param f a finite float
     * @return its text; {@code Float.parseFloat} of it gives {@code f} back bit for bit
     * @throws IllegalArgumentException when {@code f} is NaN or infinite (not a number a document
     *     can hold)
     */
    public static String of(float f) {
        if (!Float.isFinite(f)) {
            throw new IllegalArgumentException("not a finite number: " + f);
        }
        if (f == 0) {
            return Float.floatToRawIntBits(f) < 0 ? "-0.0" : "0.0";
        }
        return layout(shortest(f));
    }

    /**
     * The decimal the text of a nonzero float shows, for writers with a layout of their own.
     *
     * @param f a finite, nonzero float
     * @return the decimal chosen by the rule in the class documentation
     */
    public static BigDecimal shortest(float f) {
        BigDecimal exact = new BigDecimal(f);
        for (int n = 1;; n++) {
            BigDecimal d = exact.round(DIGITS[n]);
            if (Float.parseFloat(d.toString()) == f) {
                return n == 1 ? exact.round(DIGITS[2]) : d;
            }
        }
    }

    /**
     * The shortest text of a double, see the class documentation.
     *
     * @param v a finite double
     * @return its text; {@code Double.parseDouble} of it gives {@code v} back bit for bit
     * @throws IllegalArgumentException when {@code v} is NaN or infinite
     */
    public static String of(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("not a finite number: " + v);
        }
        if (v == 0) {
            return Double.doubleToRawLongBits(v) < 0 ? "-0.0" : "0.0";
        }
        return layout(shortest(v));
    }

    /**
     * The decimal the text of a nonzero double shows, for writers with a layout of their own.
     *
     * @param v a finite, nonzero double
     * @return the decimal chosen by the rule in the class documentation
     */
    public static BigDecimal shortest(double v) {
        BigDecimal exact = new BigDecimal(v);
        for (int n = 1;; n++) {
            BigDecimal d = exact.round(DIGITS[n]);
            if (Double.parseDouble(d.toString()) == v) {
                return n == 1 ? exact.round(DIGITS[2]) : d;
            }
        }
    }

    /** Plain for {@code 1e-3 <= |d| < 1e7}, else {@code d.ddE[-]n}; at least one fraction digit. */
    private static String layout(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        String digits = s.unscaledValue().abs().toString();
        int exponent = s.precision() - s.scale() - 1;
        StringBuilder sb = new StringBuilder(digits.length() + 8);
        if (s.signum() < 0) {
            sb.append('-');
        }
        if (exponent >= -3 && exponent < 7) {
            if (exponent < 0) {
                sb.append("0.");
                sb.append("0".repeat(-exponent - 1)).append(digits);
            } else if (digits.length() > exponent + 1) {
                sb.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
            } else {
                sb.append(digits).append("0".repeat(exponent + 1 - digits.length())).append(".0");
            }
        } else {
            sb.append(digits.charAt(0)).append('.');
            sb.append(digits.length() > 1 ? digits.substring(1) : "0");
            sb.append('E').append(exponent);
        }
        return sb.toString();
    }
}
