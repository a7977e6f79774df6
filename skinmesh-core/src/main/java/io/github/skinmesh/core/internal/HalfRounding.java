package io.github.skinmesh.core.internal;

/**
 * Rounding to half floats without branches, for finite values whose magnitude is below
 * {@code 65520} (where {@link io.github.skinmesh.core.skinning.HalfFloats#toHalf} starts
 * returning infinity): the same bits as {@code HalfFloats.toHalf}, and the value that half widens
 * back to, each from one float addition that does the rounding, so that loops over many values
 * (crowd palettes, vertex textures) take no data-dependent branch and vectorize lane by lane.
 *
 * <p>For {@code |x|} with float exponent {@code e} (unbiased) the half's step is
 * {@code 2^(max(e, -14) - 10)}: normal halves keep 10 bits below the leading one, subnormal ones,
 * below {@code 2^-14}, count steps of {@code 2^-24}. Adding {@code M = 2^(max(e, -14) + 13)}, a
 * power of two at least {@code 2^12} times {@code |x|}, gives a sum in {@code M}'s binade, whose
 * float step is that half step, so the addition rounds {@code |x|} to the half grid, to nearest,
 * ties to even. The sum's bits minus {@code M}'s are the rounded value in half steps, {@code q},
 * with the leading one ({@code q >= 1024}) for a normal half, and
 * {@code ((max(e, -14) + 14) << 10) + q} is the half's magnitude bits (a carry of {@code q} into
 * 2048 becomes the next exponent, as in the encoding); for subnormal results the first term is 0
 * and {@code M} is 0.5. The sum minus {@code M} is exact (both lie in one binade, or the sum is
 * {@code 2M}) and is the rounded magnitude itself, the widened half.
 *
 * <p>The methods here save two operations of that. They add {@code M' = M + 2048} float steps of
 * {@code M} instead ({@code M'}'s bits are {@code M}'s plus {@code 0x800}): a whole, even number
 * of the sum's steps, so the sum is the same rounding (ties still to even) shifted by 2048 steps,
 * still in {@code M}'s binade, and its bits are {@code M'}'s plus {@code q}. With {@code E} the
 * biased exponent field of {@code max(e, -14)}, {@code M'}'s bits are
 * {@code ((E + 13) << 23) + 0x800}, so the sum's bits plus {@code M'}'s shifted right by 13 are
 * {@code q + ((E + 15) << 10)} in their low 16 bits (the rest lies above), which is
 * {@code q + ((E - 113) << 10)}, the magnitude above, because the two differ by {@code 2^17}. The
 * narrowing to {@code short} keeps those 16 bits; bit 15 is 0 below the overflow threshold, where
 * the sign goes. So neither the subtraction of {@code M} nor the subtraction that offsets the
 * exponent field is needed. The sum minus {@code M'} is still exact (both lie in one binade) and
 * is the rounded magnitude, the widened half, so {@link #widened} and {@link #halfAndWidened} add
 * the same {@code M'}.
 *
 * <p>Outside the range (65520 and beyond, infinities, NaN) the results are unspecified: callers
 * either know their values are in range or reject the out-of-range ones by other means. Stateless;
 * nothing is allocated.
 */
public final class HalfRounding {
    /** Exponent field of a float. */
    public static final int EXPONENT = 0x7f800000;
    /** Exponent field of {@code 2^-14}, the smallest normal half. */
    public static final int SMALLEST_NORMAL = 113 << 23;
    /**
     * Added to the exponent field {@code max(e, -14)} (biased, in place), gives the bits of
     * {@code M'} (see the class notes): 13 binades up, plus 2048 float steps.
     */
    public static final int SHIFTED_MAGIC = (13 << 23) + 0x800;
    /** The largest float whose half is finite: the one below {@code 65520}. */
    public static final float LARGEST = 0x1.ffdffep15f;

    private HalfRounding() {
    }

    /**
     * The nearest half (ties to even) of a finite value below {@code 65520} in magnitude, as
     * {@code HalfFloats.toHalf} gives it.
     *
     * @param x the value, {@code |x| <= }{@link #LARGEST}
     * @return the half's raw bits
     */
    public static short toHalf(float x) {
        int bits = Float.floatToRawIntBits(x);
        int m = magic(bits);
        int sum = Float.floatToRawIntBits(Math.abs(x) + Float.intBitsToFloat(m)); // M' + q
        return (short) ((bits >>> 16) & 0x8000 | sum + (m >>> 13)); // low 16 bits: q + ((E - 113) << 10)
    }

    /** The bits of {@code M'} for a float of bits {@code bits}: {@code M} for its exponent plus 2048 of its steps. */
    private static int magic(int bits) {
        return Math.max(bits & EXPONENT, SMALLEST_NORMAL) + SHIFTED_MAGIC;
    }

    /**
     * The value of {@link #toHalf} as a float ({@code HalfFloats.toFloat(toHalf(x))}, signed zeros
     * included), without forming the half.
     *
     * @param x the value, {@code |x| <= }{@link #LARGEST}
     * @return the half nearest to {@code x}, widened
     */
    public static float widened(float x) {
        int bits = Float.floatToRawIntBits(x);
        float m = Float.intBitsToFloat(magic(bits));
        float rounded = Math.abs(x) + m - m;
        return Float.intBitsToFloat(Float.floatToRawIntBits(rounded) | bits & 0x80000000);
    }

    /**
     * {@link #toHalf} in bits 32..47 and the float bits of {@link #widened} in bits 0..31, from one
     * rounding addition.
     *
     * @param x the value, {@code |x| <= }{@link #LARGEST}
     * @return both results packed
     */
    public static long halfAndWidened(float x) {
        int bits = Float.floatToRawIntBits(x);
        int sign = bits & 0x80000000;
        int m = magic(bits);
        float mf = Float.intBitsToFloat(m);
        float sum = Math.abs(x) + mf;
        int half = (sign >>> 16) | (Float.floatToRawIntBits(sum) + (m >>> 13)) & 0x7fff;
        int widened = Float.floatToRawIntBits(sum - mf) | sign;
        return (long) half << 32 | widened & 0xffffffffL;
    }
}
