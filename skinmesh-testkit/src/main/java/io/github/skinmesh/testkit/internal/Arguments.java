package io.github.skinmesh.testkit.internal;

import io.github.skinmesh.core.ValidationException;
import java.util.Locale;

/**
 * Argument checks of the testkit's generators and options. Each failure is a
 * {@link ValidationException} whose message names the operation, the parameter, the rejected value
 * and the expectation, in the same words as skinmesh-core's own checks. Not API.
 */
public final class Arguments {
    private Arguments() {
    }

    /**
     * Requires {@code lo <= value <= hi}.
     *
     * @param where the operation, e.g. {@code "skeleton"}
     * @param name the parameter name
     * @param value its value
     * @param lo the smallest allowed value
     * @param hi the largest allowed value
     * @return {@code value}
     * @throws ValidationException {@code "where: name=value, expected lo..hi"} when out of range
     */
    public static int requireRange(String where, String name, int value, int lo, int hi) {
        if (value < lo || value > hi) {
            throw new ValidationException(where + ": " + name + "=" + value + ", expected " + lo + ".." + hi);
        }
        return value;
    }

    /**
     * Requires a finite {@code lo <= value <= hi}.
     *
     * @param where the operation
     * @param name the parameter name
     * @param value its value
     * @param lo the smallest allowed value
     * @param hi the largest allowed value
     * @return {@code value}
     * @throws ValidationException {@code "where: name=value, expected lo..hi"} when out of range or NaN
     */
    public static float requireRange(String where, String name, float value, float lo, float hi) {
        if (!(value >= lo && value <= hi)) {
            throw new ValidationException(where + ": " + name + "=" + value + ", expected " + lo + ".." + hi);
        }
        return value;
    }

    /**
     * Requires an array length.
     *
     * @param where the operation
     * @param what the array's role
     * @param actual the array length
     * @param expected the required length
     * @param formula how the required length is derived, e.g. {@code "4*width*height"}
     * @throws ValidationException naming the array, its length and the formula when they differ
     */
    public static void requireLength(String where, String what, int actual, int expected, String formula) {
        if (actual != expected) {
            throw new ValidationException(where + ": " + what + " length " + actual + ", expected " + formula + " = "
                    + expected);
        }
    }

    /**
     * Quotes a name for messages: {@code 'Name'}, {@code (unnamed)} for an empty name, control
     * characters written as {@code \\uXXXX} so the message stays on one line.
     *
     * @param name the name
     * @return the quoted name
     */
    public static String quote(String name) {
        if (name.isEmpty()) {
            return "(unnamed)";
        }
        StringBuilder sb = new StringBuilder(name.length() + 2).append('\'');
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (ch < 0x20 || ch == 0x7f) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.append('\'').toString();
    }
}
