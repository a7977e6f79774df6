package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Resizes images and builds mip chains, in any {@link TexelFormat}, the result in the source's format.
 *
 * <p>Filtering is separable and runs in double precision: each target row is the weighted sum of the
 * source rows it covers, then each target texel the weighted sum along that row. With
 * {@link ColorEncoding#LINEAR} the arithmetic is on the stored values (0..255, 0..65535 or the floats),
 * so a 2:1 reduction of an integer image (weights 1/2, exact in binary) gives exactly the rounded mean
 * of each 2x2 block, half rounded up. With {@link ColorEncoding#SRGB}, R, G and B are decoded to linear
 * light first and encoded after. Integer results are rounded to the nearest step and clamped. Weights
 * are computed from integers ({@code overlap / srcSize} in exact integer units), so the result does not
 * depend on the runtime.
 *
 * <p>Straight (not premultiplied) alpha is averaged like any channel: transparent texels contribute
 * their color. Fill them first ({@link ColorBleed#NEAREST}) where that matters.
 *
 * <p>Thread-safe (stateless). Allocates the result and a few rows of doubles.
 */
public final class Resample {
    private Resample() {
    }

    /**
     * Resizes an image.
     *
     * @param source the image
     * @param width target width, {@code >= 1}
     * @param height target height, {@code >= 1}
     * @param filter box (downscaling) or bilinear (upscaling)
     * @param encoding how the color channels are encoded
     * @return a new image of {@code source}'s format and name; {@code source} itself when the size is
     *     unchanged
     * @throws ValidationException naming the image when a target side is below 1 or the result would
     *     not fit a Java array
     */
    public static PixelImage resize(PixelImage source, int width, int height, ResampleFilter filter,
            ColorEncoding encoding) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(encoding, "encoding");
        if (width < 1 || height < 1) {
            throw new ValidationException("resize image " + Checks.quote(source.name()) + ": target size " + width + "x"
                    + height + ", expected at least 1x1");
        }
        int length = Texels.length(source.name(), width, height);
        if (width == source.width() && height == source.height()) {
            return source;
        }
        Weights wx = new Weights(source.width(), width, filter);
        Weights wy = new Weights(source.height(), height, filter);
        int srcW = source.width();
        double[] acc = new double[4 * srcW];
        double[] row = new double[4 * srcW];
        double[] out = new double[4 * width];
        Object src = Compositor.raw(source);
        Object dst = allocate(source.format(), length);
        boolean srgb = encoding == ColorEncoding.SRGB;
        for (int y = 0; y < height; y++) {
            java.util.Arrays.fill(acc, 0);
            for (int k = wy.start[y]; k < wy.start[y + 1]; k++) {
                readRow(src, source.format(), srcW, wy.index[k], srgb, row);
                double w = wy.weight[k];
                for (int i = 0; i < acc.length; i++) {
                    acc[i] += w * row[i];
                }
            }
            for (int x = 0; x < width; x++) {
                double r = 0;
                double g = 0;
                double b = 0;
                double a = 0;
                for (int k = wx.start[x]; k < wx.start[x + 1]; k++) {
                    int s = 4 * wx.index[k];
                    double w = wx.weight[k];
                    r += w * acc[s];
                    g += w * acc[s + 1];
                    b += w * acc[s + 2];
                    a += w * acc[s + 3];
                }
                out[4 * x] = r;
                out[4 * x + 1] = g;
                out[4 * x + 2] = b;
                out[4 * x + 3] = a;
            }
            writeRow(dst, source.format(), width, y, srgb, out);
        }
        return wrap(source.format(), source.name(), width, height, dst);
    }

    /**
     * Builds a mip chain with the box filter: level 0 is the image, level {@code l+1} is level {@code l}
     * resized to {@code max(1, w/2) x max(1, h/2)} (integer halves, as GPUs size levels).
     *
     * @param source level 0
     * @param levels how many levels to return, 1..32; the chain stops early at 1x1
     * @param encoding how the color channels are encoded
     * @return the levels, from 0
     * @throws ValidationException when {@code levels} is outside 1..32
     */
    public static List<PixelImage> mipChain(PixelImage source, int levels, ColorEncoding encoding) {
        Checks.requireRange("mipChain", "levels", levels, 1, 32);
        List<PixelImage> chain = new ArrayList<>();
        PixelImage level = Objects.requireNonNull(source, "source");
        chain.add(level);
        while (chain.size() < levels && (level.width() > 1 || level.height() > 1)) {
            level = resize(level, Math.max(1, level.width() / 2), Math.max(1, level.height() / 2), ResampleFilter.BOX,
                    encoding);
            chain.add(level);
        }
        return chain;
    }

    /** The source indices and weights of each target index along one axis, flattened. */
    private static final class Weights {
        final int[] start;
        final int[] index;
        final double[] weight;

        Weights(int src, int dst, ResampleFilter filter) {
            start = new int[dst + 1];
            List<int[]> pairs = new ArrayList<>();
            List<Double> ws = new ArrayList<>();
            for (int i = 0; i < dst; i++) {
                start[i] = ws.size();
                if (src == dst) {
                    pairs.add(new int[] {i});
                    ws.add(1.0);
                } else if (filter == ResampleFilter.BOX) {
                    // target texel i covers [i*src, (i+1)*src) in units of 1/dst source texels
                    long lo = (long) i * src;
                    long hi = lo + src;
                    for (long j = lo / dst; j * dst < hi; j++) {
                        long overlap = Math.min(hi, (j + 1) * dst) - Math.max(lo, j * dst);
                        if (overlap > 0) {
                            pairs.add(new int[] {(int) j});
                            ws.add((double) overlap / src);
                        }
                    }
                } else {
                    // center (2i+1)*src/(2*dst) - 1/2, in units of 1/(2*dst) source texels
                    long num = (2L * i + 1) * src - dst;
                    long den = 2L * dst;
                    if (num <= 0) {
                        pairs.add(new int[] {0});
                        ws.add(1.0);
                    } else if (num >= (long) (src - 1) * den) {
                        pairs.add(new int[] {src - 1});
                        ws.add(1.0);
                    } else {
                        long j0 = num / den;
                        double f = (double) (num - j0 * den) / den;
                        pairs.add(new int[] {(int) j0});
                        ws.add(1 - f);
                        if (f > 0) {
                            pairs.add(new int[] {(int) j0 + 1});
                            ws.add(f);
                        }
                    }
                }
            }
            start[dst] = ws.size();
            index = new int[ws.size()];
            weight = new double[ws.size()];
            for (int k = 0; k < index.length; k++) {
                index[k] = pairs.get(k)[0];
                weight[k] = ws.get(k);
            }
        }
    }

    private static Object allocate(TexelFormat format, int length) {
        switch (format) {
            case RGBA8:
                return new byte[length];
            case RGBA16:
                return new short[length];
            default:
                return new float[length];
        }
    }

    static PixelImage wrap(TexelFormat format, String name, int width, int height, Object data) {
        switch (format) {
            case RGBA8:
                return Rgba8Image.adopt(name, width, height, (byte[]) data);
            case RGBA16:
                return Rgba16Image.adopt(name, width, height, (short[]) data);
            default:
                return RgbaFloatImage.adopt(name, width, height, (float[]) data);
        }
    }

    /** One source row as doubles: stored values, or linear light in 0..1 for sRGB color channels. */
    private static void readRow(Object src, TexelFormat format, int w, int y, boolean srgb, double[] row) {
        int base = 4 * y * w;
        int n = 4 * w;
        switch (format) {
            case RGBA8: {
                byte[] s = (byte[]) src;
                for (int i = 0; i < n; i++) {
                    int v = s[base + i] & 0xFF;
                    row[i] = srgb && (i & 3) != 3 ? Srgb.decode8(v) : v;
                }
                break;
            }
            case RGBA16: {
                short[] s = (short[]) src;
                for (int i = 0; i < n; i++) {
                    int v = s[base + i] & 0xFFFF;
                    row[i] = srgb && (i & 3) != 3 ? Srgb.decode16(v) : v;
                }
                break;
            }
            default: {
                float[] s = (float[]) src;
                for (int i = 0; i < n; i++) {
                    row[i] = srgb && (i & 3) != 3 ? Srgb.decode(s[base + i]) : s[base + i];
                }
                break;
            }
        }
    }

    private static void writeRow(Object dst, TexelFormat format, int w, int y, boolean srgb, double[] row) {
        int base = 4 * y * w;
        int n = 4 * w;
        switch (format) {
            case RGBA8: {
                byte[] d = (byte[]) dst;
                for (int i = 0; i < n; i++) {
                    d[base + i] = (byte) (srgb && (i & 3) != 3 ? Texels.doubleTo8(Srgb.encode(row[i]))
                            : round(row[i], 255));
                }
                break;
            }
            case RGBA16: {
                short[] d = (short[]) dst;
                for (int i = 0; i < n; i++) {
                    d[base + i] = (short) (srgb && (i & 3) != 3 ? Texels.doubleTo16(Srgb.encode(row[i]))
                            : round(row[i], 65535));
                }
                break;
            }
            default: {
                float[] d = (float[]) dst;
                for (int i = 0; i < n; i++) {
                    d[base + i] = (float) (srgb && (i & 3) != 3 ? Srgb.encode(row[i]) : row[i]);
                }
                break;
            }
        }
    }

    private static int round(double v, int max) {
        int r = (int) (v + 0.5);
        return r < 0 ? 0 : Math.min(r, max);
    }
}
