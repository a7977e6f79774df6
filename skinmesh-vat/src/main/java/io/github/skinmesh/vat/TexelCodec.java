package io.github.skinmesh.vat;

import io.github.skinmesh.core.skinning.HalfFloats;

/**
 * Reads and writes one RGBA texel of a raw texture: {@code 4 * bytesPerChannel} little-endian bytes
 * per texel, texels row-major. The read side is what a GPU's fetch returns: floats as stored, halves
 * widened exactly, normalized integers as {@code q / (2^bits - 1)} in float.
 */
final class TexelCodec {
    private TexelCodec() {
    }

    /** Writes four float channels (FLOAT or HALF encodings) at texel {@code texel}. */
    static void putFloats(byte[] dst, long texel, VatEncoding e, float r, float g, float b, float a) {
        int o = Math.toIntExact(texel * e.bytesPerTexel());
        if (e == VatEncoding.FLOAT) {
            putInt(dst, o, Float.floatToRawIntBits(r));
            putInt(dst, o + 4, Float.floatToRawIntBits(g));
            putInt(dst, o + 8, Float.floatToRawIntBits(b));
            putInt(dst, o + 12, Float.floatToRawIntBits(a));
        } else {
            assert e == VatEncoding.HALF;
            putShort(dst, o, HalfFloats.toHalf(r));
            putShort(dst, o + 2, HalfFloats.toHalf(g));
            putShort(dst, o + 4, HalfFloats.toHalf(b));
            putShort(dst, o + 6, HalfFloats.toHalf(a));
        }
    }

    /** Writes four integer channels (UNORM16 or UNORM8 encodings) at texel {@code texel}. */
    static void putUnorms(byte[] dst, long texel, VatEncoding e, int r, int g, int b, int a) {
        int o = Math.toIntExact(texel * e.bytesPerTexel());
        if (e == VatEncoding.UNORM16) {
            putShort(dst, o, r);
            putShort(dst, o + 2, g);
            putShort(dst, o + 4, b);
            putShort(dst, o + 6, a);
        } else {
            assert e == VatEncoding.UNORM8;
            dst[o] = (byte) r;
            dst[o + 1] = (byte) g;
            dst[o + 2] = (byte) b;
            dst[o + 3] = (byte) a;
        }
    }

    /**
     * Fetches texel {@code texel} as a shader sees it.
     *
     * @param dst receives 4 floats from {@code offset}
     */
    static void fetch(byte[] src, long texel, VatEncoding e, float[] dst, int offset) {
        int o = Math.toIntExact(texel * e.bytesPerTexel());
        switch (e) {
            case FLOAT -> {
                for (int c = 0; c < 4; c++) {
                    dst[offset + c] = Float.intBitsToFloat(getInt(src, o + 4 * c));
                }
            }
            case HALF -> {
                for (int c = 0; c < 4; c++) {
                    dst[offset + c] = HalfFloats.toFloat((short) getShort(src, o + 2 * c));
                }
            }
            case UNORM16 -> {
                for (int c = 0; c < 4; c++) {
                    dst[offset + c] = normalized(getShort(src, o + 2 * c), 0xffff);
                }
            }
            case UNORM8 -> {
                for (int c = 0; c < 4; c++) {
                    dst[offset + c] = normalized(src[o + c] & 0xff, 0xff);
                }
            }
        }
    }

    /**
     * The integer that encodes {@code x} in {@code [min, min + range]}: {@code round((x - min) * scale)}
     * with {@code scale = maxValue / range} ({@link #scale}), clamped to {@code 0..maxValue}; 0 when
     * the range is 0 (then {@code scale} is 0).
     */
    static int quantize(float x, float min, double scale, int maxValue) {
        long q = Math.round((x - (double) min) * scale);
        return (int) Math.max(0, Math.min(maxValue, q));
    }

    /** @return {@code maxValue / range}, or 0 for a range of 0 */
    static double scale(float range, int maxValue) {
        return range == 0 ? 0 : maxValue / (double) range;
    }

    /** What a normalized fetch returns for the stored integer {@code q}: {@code q / maxValue} in float. */
    static float normalized(int q, int maxValue) {
        return q / (float) maxValue;
    }

    /** Mirrors the shader: {@code min + v * range} in float arithmetic. */
    static float denormalize(float v, float min, float range) {
        return min + v * range;
    }

    static void putInt(byte[] dst, int o, int v) {
        dst[o] = (byte) v;
        dst[o + 1] = (byte) (v >>> 8);
        dst[o + 2] = (byte) (v >>> 16);
        dst[o + 3] = (byte) (v >>> 24);
    }

    static void putShort(byte[] dst, int o, int v) {
        dst[o] = (byte) v;
        dst[o + 1] = (byte) (v >>> 8);
    }

    static int getInt(byte[] src, int o) {
        return (src[o] & 0xff) | (src[o + 1] & 0xff) << 8 | (src[o + 2] & 0xff) << 16 | (src[o + 3] & 0xff) << 24;
    }

    static int getShort(byte[] src, int o) {
        return (src[o] & 0xff) | (src[o + 1] & 0xff) << 8;
    }
}
