package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;

/**
 * Conversions between {@code float} and IEEE 754 binary16 ("half float"), stored in a
 * {@code short} as its raw 16 bits: 1 sign bit, 5 exponent bits (bias 15), 10 mantissa bits.
 *
 * <p>{@link #toHalf(float)} rounds to the nearest half, ties to even, produces subnormal halves
 * for magnitudes below {@code 2^-14}, signed zeros below half the smallest subnormal
 * ({@code 2^-25}), and infinity from {@value #HALF_OVERFLOW_THRESHOLD} on (the midpoint between
 * the largest half, {@value #MAX_HALF}, and {@code 2^16}). NaN stays NaN with its sign and the top
 * 10 bits of its payload (a payload that would become 0 is replaced by the quiet bit).
 * {@link #toFloat(short)} is exact; {@code toHalf(toFloat(h)) == h} for every non-NaN half
 * (and for every NaN whose payload is preserved by the platform). Java 20's
 * {@code Float.floatToFloat16} agrees with these methods; they exist so that Java 17 has them.
 *
 * <p>Stateless and thread-safe; nothing is allocated.
 */
public final class HalfFloats {
    /** The largest finite half, {@code 65504}. */
    public static final float MAX_HALF = 65504f;
    /** Magnitudes from here on round to infinity: {@code 65520}. */
    public static final float HALF_OVERFLOW_THRESHOLD = 65520f;
    /** Raw bits of the largest finite half. */
    private static final int MAX_HALF_BITS = 0x7bff;

    private HalfFloats() {
    }

    /**
     * Converts a float to the nearest half (round to nearest, ties to even).
     *
     * @param value any float
     * @return the half's raw bits
     */
    public static short toHalf(float value) {
        int bits = Float.floatToRawIntBits(value);
        int sign = (bits >>> 16) & 0x8000;
        int abs = bits & 0x7fffffff;
        if (abs >= 0x477ff000) { // 65520 and beyond, infinity, NaN
            if (abs > 0x7f800000) {
                int payload = (abs >>> 13) & 0x3ff;
                return (short) (sign | 0x7c00 | (payload != 0 ? payload : 0x200));
            }
            return (short) (sign | 0x7c00);
        }
        if (abs >= 0x38800000) { // >= 2^-14: a normal half; rebias the exponent by 127 - 15 = 112
            int h = abs - 0x38000000;
            h += 0xfff + ((h >>> 13) & 1); // round the 13 dropped bits to nearest, ties to even
            return (short) (sign | (h >>> 13));
        }
        if (abs <= 0x33000000) { // <= 2^-25: rounds to zero (2^-25 itself is a tie, and 0 is even)
            return (short) sign;
        }
        // subnormal half: units of 2^-24; the float is m * 2^(e-150) with the implicit bit in m
        int e = abs >>> 23;
        int m = (abs & 0x7fffff) | 0x800000;
        int shift = 126 - e; // 14..24 dropped bits
        int q = m >>> shift;
        int rem = m & ((1 << shift) - 1);
        int halfway = 1 << (shift - 1);
        if (rem > halfway || (rem == halfway && (q & 1) != 0)) {
            q++; // may carry into the smallest normal, which has the right encoding
        }
        return (short) (sign | q);
    }

    /**
     * Like {@link #toHalf(float)}, but finite values that would round to infinity become
     * {@code ±}{@value #MAX_HALF} instead. Infinities and NaN convert as in {@link #toHalf(float)}.
     *
     * @param value any float
     * @return the half's raw bits
     */
    public static short toHalfSaturated(float value) {
        if (Math.abs(value) >= HALF_OVERFLOW_THRESHOLD && Math.abs(value) != Float.POSITIVE_INFINITY) {
            return (short) (value < 0 ? 0x8000 | MAX_HALF_BITS : MAX_HALF_BITS);
        }
        return toHalf(value);
    }

    /**
     * Converts a half to a float, exactly.
     *
     * @param half the half's raw bits
     * @return its value
     */
    public static float toFloat(short half) {
        int bits = half & 0xffff;
        int sign = (bits & 0x8000) << 16;
        int exp = (bits >>> 10) & 0x1f;
        int mantissa = bits & 0x3ff;
        if (exp == 0x1f) {
            return Float.intBitsToFloat(sign | 0x7f800000 | (mantissa << 13));
        }
        if (exp == 0) {
            float f = mantissa * 0x1p-24f; // subnormal or zero, exact
            return sign != 0 ? -f : f;
        }
        return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mantissa << 13));
    }

    /**
     * Converts {@code count} floats to halves.
     *
     * @param src floats, {@code >= srcOffset + count}
     * @param srcOffset first float read
     * @param dst halves, {@code >= dstOffset + count}
     * @param dstOffset first half written
     * @param count number of values, {@code >= 0}
     * @return {@code dstOffset + count}
     * @throws ValidationException when an offset or the count is negative or an array is too short
     */
    public static int toHalfInto(float[] src, int srcOffset, short[] dst, int dstOffset, int count) {
        checkRange("toHalfInto", src.length, srcOffset, dst.length, dstOffset, count);
        for (int i = 0; i < count; i++) {
            dst[dstOffset + i] = toHalf(src[srcOffset + i]);
        }
        return dstOffset + count;
    }

    /**
     * Converts {@code count} halves to floats.
     *
     * @param src halves, {@code >= srcOffset + count}
     * @param srcOffset first half read
     * @param dst floats, {@code >= dstOffset + count}
     * @param dstOffset first float written
     * @param count number of values, {@code >= 0}
     * @return {@code dstOffset + count}
     * @throws ValidationException when an offset or the count is negative or an array is too short
     */
    public static int toFloatInto(short[] src, int srcOffset, float[] dst, int dstOffset, int count) {
        checkRange("toFloatInto", src.length, srcOffset, dst.length, dstOffset, count);
        for (int i = 0; i < count; i++) {
            dst[dstOffset + i] = toFloat(src[srcOffset + i]);
        }
        return dstOffset + count;
    }

    private static void checkRange(String where, int srcLength, int srcOffset, int dstLength, int dstOffset,
            int count) {
        if (srcOffset < 0 || dstOffset < 0 || count < 0) {
            throw new ValidationException(where + ": srcOffset=" + srcOffset + ", dstOffset=" + dstOffset + ", count="
                    + count + ", expected each >= 0");
        }
        Checks.requireAtLeast(where, "src", srcLength, (long) srcOffset + count, "srcOffset+count");
        Checks.requireAtLeast(where, "dst", dstLength, (long) dstOffset + count, "dstOffset+count");
    }
}
