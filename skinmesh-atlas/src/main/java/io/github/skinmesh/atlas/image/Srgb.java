package io.github.skinmesh.atlas.image;

/**
 * The sRGB transfer function (IEC 61966-2-1) in double precision through {@link StrictMath}, so every
 * runtime computes the same values. 8-bit and 16-bit decoding go through tables built once.
 */
final class Srgb {
    private static final double[] DECODE_8 = table(255);

    private Srgb() {
    }

    /** Lazily built, 512 KiB. */
    private static final class Decode16 {
        static final double[] TABLE = table(65535);
    }

    private static double[] table(int max) {
        double[] t = new double[max + 1];
        for (int i = 0; i <= max; i++) {
            t[i] = decode((double) i / max);
        }
        return t;
    }

    /** @return the linear value of encoded {@code c} (0..1; values outside are extended symmetrically) */
    static double decode(double c) {
        double a = Math.abs(c);
        double l = a <= 0.04045 ? a / 12.92 : StrictMath.pow((a + 0.055) / 1.055, 2.4);
        return c < 0 ? -l : l;
    }

    /** @return the encoded value of linear {@code l} */
    static double encode(double l) {
        double a = Math.abs(l);
        double c = a <= 0.0031308 ? a * 12.92 : 1.055 * StrictMath.pow(a, 1 / 2.4) - 0.055;
        return l < 0 ? -c : c;
    }

    static double decode8(int v) {
        return DECODE_8[v];
    }

    static double decode16(int v) {
        return Decode16.TABLE[v];
    }
}
