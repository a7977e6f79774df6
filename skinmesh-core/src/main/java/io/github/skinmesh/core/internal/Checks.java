package io.github.skinmesh.core.internal;

import io.github.skinmesh.core.ValidationException;
import java.util.Locale;

/**
 * Argument checks shared by the model and the kernels. Every failure is a
 * {@link ValidationException} whose message names the operation or element, the value and the
 * expectation. Not part of the API.
 */
public final class Checks {
    /**
     * The largest array length skinmesh allocates: a few elements below {@link Integer#MAX_VALUE},
     * which some virtual machines reserve for array headers. Operations check their output sizes
     * against it before allocating.
     */
    public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private Checks() {
    }

    /**
     * Requires {@code array.length == expected}.
     *
     * @param where the operation or element, e.g. {@code "mesh 'Body'"}
     * @param what the array's role and formula, e.g. {@code "normals"}
     * @param actual the array length
     * @param expected the required length
     * @param formula how the required length is derived, e.g. {@code "3*vertexCount"}
     */
    public static void requireLength(String where, String what, int actual, int expected, String formula) {
        if (actual != expected) {
            throw new ValidationException(where + ": " + what + " length " + actual + ", expected "
                    + formula + " = " + expected);
        }
    }

    /**
     * Requires {@code array.length >= needed} (a destination large enough).
     *
     * @param where the operation
     * @param what the array's role
     * @param actual its length
     * @param needed the minimum length
     * @param formula how the minimum is derived
     */
    public static void requireAtLeast(String where, String what, int actual, long needed, String formula) {
        if (actual < needed) {
            throw new ValidationException(where + ": " + what + " length " + actual + ", needs at least "
                    + formula + " = " + needed);
        }
    }

    /**
     * Requires every value to be finite (no NaN, no infinity).
     *
     * @param where the owner, e.g. {@code "mesh 'Body'"}
     * @param what the stream, e.g. {@code "positions"}
     * @param values the values
     * @param perElement components per element, used to name the element (vertex) in the message
     * @param elementName the element noun, e.g. {@code "vertex"}
     */
    public static void requireFinite(String where, String what, float[] values, int perElement, String elementName) {
        for (int i = 0; i < values.length; i++) {
            float v = values[i];
            if (!Float.isFinite(v)) {
                throw new ValidationException(where + ": " + elementName + " " + (i / perElement) + ": " + what
                        + " component " + (i % perElement) + " is " + v + ", expected a finite value");
            }
        }
    }

    /**
     * Requires {@code lo <= value <= hi}.
     *
     * @param where the operation
     * @param name the parameter name
     * @param value its value
     * @param lo the smallest allowed value
     * @param hi the largest allowed value
     * @return {@code value}
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
     */
    public static float requireRange(String where, String name, float value, float lo, float hi) {
        if (!(value >= lo && value <= hi)) {
            throw new ValidationException(where + ": " + name + "=" + value + ", expected " + lo + ".." + hi);
        }
        return value;
    }

    /**
     * Quotes a name for messages: {@code 'LeftHand'}, or {@code (unnamed)} for an empty name.
     * Control characters are written as {@code \\uXXXX}, so a message naming an element always
     * stays on one line (validation reports print one problem per line).
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
