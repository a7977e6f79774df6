package io.github.skinmesh.vat;

import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.skinning.HalfFloats;

/**
 * Encodes one frame of positions (or offsets) into its texels and gives back, for each, what a
 * shader decodes from them: the stored float, the half widened again, or
 * {@code min + (q / (2^bits - 1)) * (max - min)} with the same float operations as
 * {@link VatDecoder} ({@link TexelCodec#normalized}, {@link TexelCodec#denormalize}).
 *
 * <p>Kernel note (VatBench, humanoid walk, 2 vCPU, JDK 17, ratio to posing the same frames alone):
 * writing the whole texture and then reading every texel back through {@link TexelCodec#fetch}
 * measured 0.26x (half), 0.23x (unorm16), 0.26x (unorm8); fusing both per frame with one loop per
 * encoding and plain comparisons for the clip boxes did not change that (0.26x, 0.18x, 0.20x in a
 * noisier run): the posing pass, keeping every exact frame (12 bytes per vertex-frame) and the
 * texture allocation dominate, see the benchmark results for the current figures.
 */
final class PositionCodec {
    private final VatEncoding encoding;
    private final float minX;
    private final float minY;
    private final float minZ;
    private final float rangeX;
    private final float rangeY;
    private final float rangeZ;
    private final double scaleX;
    private final double scaleY;
    private final double scaleZ;

    PositionCodec(VatEncoding encoding, Bounds bounds) {
        this.encoding = encoding;
        minX = bounds.minX();
        minY = bounds.minY();
        minZ = bounds.minZ();
        rangeX = bounds.maxX() - bounds.minX();
        rangeY = bounds.maxY() - bounds.minY();
        rangeZ = bounds.maxZ() - bounds.minZ();
        int max = Math.max(1, encoding.maxValue());
        scaleX = TexelCodec.scale(rangeX, max);
        scaleY = TexelCodec.scale(rangeY, max);
        scaleZ = TexelCodec.scale(rangeZ, max);
    }

    /**
     * Encodes {@code count} positions from {@code src[from..]} as texels from byte {@code dstByte}
     * and writes what the shader decodes from each into {@code decoded[0..3*count)}.
     */
    void encodeFrame(float[] src, int from, int count, byte[] dst, int dstByte, float[] decoded) {
        switch (encoding) {
            case FLOAT -> {
                int o = dstByte;
                for (int i = 0; i < 3 * count; i += 3, o += 16) {
                    float x = src[from + i];
                    float y = src[from + i + 1];
                    float z = src[from + i + 2];
                    TexelCodec.putInt(dst, o, Float.floatToRawIntBits(x));
                    TexelCodec.putInt(dst, o + 4, Float.floatToRawIntBits(y));
                    TexelCodec.putInt(dst, o + 8, Float.floatToRawIntBits(z));
                    TexelCodec.putInt(dst, o + 12, Float.floatToRawIntBits(1f));
                    decoded[i] = x;
                    decoded[i + 1] = y;
                    decoded[i + 2] = z;
                }
            }
            case HALF -> {
                short one = HalfFloats.toHalf(1f);
                int o = dstByte;
                for (int i = 0; i < 3 * count; i += 3, o += 8) {
                    short x = HalfFloats.toHalf(src[from + i]);
                    short y = HalfFloats.toHalf(src[from + i + 1]);
                    short z = HalfFloats.toHalf(src[from + i + 2]);
                    TexelCodec.putShort(dst, o, x);
                    TexelCodec.putShort(dst, o + 2, y);
                    TexelCodec.putShort(dst, o + 4, z);
                    TexelCodec.putShort(dst, o + 6, one);
                    decoded[i] = HalfFloats.toFloat(x);
                    decoded[i + 1] = HalfFloats.toFloat(y);
                    decoded[i + 2] = HalfFloats.toFloat(z);
                }
            }
            case UNORM16, UNORM8 -> {
                int max = encoding.maxValue();
                boolean wide = encoding == VatEncoding.UNORM16;
                int o = dstByte;
                for (int i = 0; i < 3 * count; i += 3) {
                    int x = TexelCodec.quantize(src[from + i], minX, scaleX, max);
                    int y = TexelCodec.quantize(src[from + i + 1], minY, scaleY, max);
                    int z = TexelCodec.quantize(src[from + i + 2], minZ, scaleZ, max);
                    if (wide) {
                        TexelCodec.putShort(dst, o, x);
                        TexelCodec.putShort(dst, o + 2, y);
                        TexelCodec.putShort(dst, o + 4, z);
                        TexelCodec.putShort(dst, o + 6, max);
                        o += 8;
                    } else {
                        dst[o] = (byte) x;
                        dst[o + 1] = (byte) y;
                        dst[o + 2] = (byte) z;
                        dst[o + 3] = (byte) max;
                        o += 4;
                    }
                    decoded[i] = TexelCodec.denormalize(TexelCodec.normalized(x, max), minX, rangeX);
                    decoded[i + 1] = TexelCodec.denormalize(TexelCodec.normalized(y, max), minY, rangeY);
                    decoded[i + 2] = TexelCodec.denormalize(TexelCodec.normalized(z, max), minZ, rangeZ);
                }
            }
        }
    }
}
