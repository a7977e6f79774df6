package io.github.skinmesh.atlas.image;

/**
 * PNG scanline filtering (PNG specification, section 9 "Filtering", filter method 0) of RGBA rows
 * of 8-bit samples (4 bytes per pixel) or big-endian 16-bit samples (8 bytes per pixel): each output
 * row is one filter-type byte followed by the filtered bytes.
 *
 * <p>The adaptive choice is the "minimum sum of absolute differences" heuristic the specification
 * recommends for truecolor images; it filters each row five ways into scratch rows allocated
 * once per image and keeps the smallest.
 */
final class ScanlineFilter {
    private static final int TYPE_NONE = 0;
    private static final int TYPE_SUB = 1;
    private static final int TYPE_UP = 2;
    private static final int TYPE_AVERAGE = 3;
    private static final int TYPE_PAETH = 4;
    private static final int TYPE_COUNT = 5;

    private ScanlineFilter() {
    }

    /**
     * Filters every row of an image.
     *
     * @param pixels {@code bpp*width*height} bytes, rows top to bottom
     * @param bpp bytes per pixel: 4 (RGBA, 8-bit samples) or 8 (RGBA, 16-bit samples): the distance
     *     to the "left" byte of the filters
     * @param width pixels per row
     * @param height rows
     * @param mode fixed or adaptive filtering
     * @return {@code height*(1 + bpp*width)} bytes: the image data before compression; the caller
     *     has checked that this length fits an array
     */
    static byte[] filter(byte[] pixels, int bpp, int width, int height, PngFilter mode) {
        byte[] rgba = pixels;
        int stride = bpp * width;
        byte[] out = new byte[height * (stride + 1)];
        if (mode == PngFilter.NONE) {
            for (int y = 0; y < height; y++) {
                out[y * (stride + 1)] = TYPE_NONE;
                System.arraycopy(rgba, y * stride, out, y * (stride + 1) + 1, stride);
            }
            return out;
        }
        byte[][] candidates = new byte[TYPE_COUNT][stride];
        for (int y = 0; y < height; y++) {
            int row = y * stride;
            int prior = y == 0 ? -1 : row - stride;
            int best = TYPE_NONE;
            long bestCost = Long.MAX_VALUE;
            for (int type = 0; type < TYPE_COUNT; type++) {
                byte[] dst = candidates[type];
                filterRow(type, bpp, rgba, row, prior, stride, dst);
                long cost = cost(dst);
                if (cost < bestCost) {
                    bestCost = cost;
                    best = type;
                }
            }
            out[y * (stride + 1)] = (byte) best;
            System.arraycopy(candidates[best], 0, out, y * (stride + 1) + 1, stride);
        }
        return out;
    }

    /**
     * Filters one row; {@code prior < 0} means "no previous row" (all zero). One loop per filter
     * type, the first pixel (no left neighbour) peeled off; the only test left inside the Average
     * and Paeth loops is the loop-invariant {@code prior < 0}.
     */
    private static void filterRow(int type, int bpp, byte[] src, int row, int prior, int stride, byte[] dst) {
        switch (type) {
            case TYPE_NONE:
                System.arraycopy(src, row, dst, 0, stride);
                break;
            case TYPE_SUB:
                System.arraycopy(src, row, dst, 0, bpp);
                for (int i = bpp; i < stride; i++) {
                    dst[i] = (byte) (src[row + i] - src[row + i - bpp]);
                }
                break;
            case TYPE_UP:
                if (prior < 0) {
                    System.arraycopy(src, row, dst, 0, stride);
                } else {
                    for (int i = 0; i < stride; i++) {
                        dst[i] = (byte) (src[row + i] - src[prior + i]);
                    }
                }
                break;
            case TYPE_AVERAGE:
                for (int i = 0; i < bpp; i++) {
                    int b = prior < 0 ? 0 : src[prior + i] & 0xFF;
                    dst[i] = (byte) (src[row + i] - (b >>> 1));
                }
                for (int i = bpp; i < stride; i++) {
                    int a = src[row + i - bpp] & 0xFF;
                    int b = prior < 0 ? 0 : src[prior + i] & 0xFF;
                    dst[i] = (byte) (src[row + i] - ((a + b) >>> 1));
                }
                break;
            default:
                for (int i = 0; i < bpp; i++) {
                    int b = prior < 0 ? 0 : src[prior + i] & 0xFF;
                    dst[i] = (byte) (src[row + i] - paeth(0, b, 0));
                }
                for (int i = bpp; i < stride; i++) {
                    int a = src[row + i - bpp] & 0xFF;
                    int b = prior < 0 ? 0 : src[prior + i] & 0xFF;
                    int c = prior < 0 ? 0 : src[prior + i - bpp] & 0xFF;
                    dst[i] = (byte) (src[row + i] - paeth(a, b, c));
                }
                break;
        }
    }

    /** The Paeth predictor: whichever of left, above, upper-left is closest to {@code a + b - c}. */
    static int paeth(int a, int b, int c) {
        int p = a + b - c;
        int pa = Math.abs(p - a);
        int pb = Math.abs(p - b);
        int pc = Math.abs(p - c);
        if (pa <= pb && pa <= pc) {
            return a;
        }
        return pb <= pc ? b : c;
    }

    /** Sum of the filtered bytes' magnitudes read as signed bytes. */
    private static long cost(byte[] filtered) {
        long sum = 0;
        for (byte v : filtered) {
            sum += Math.abs((int) v);
        }
        return sum;
    }
}
