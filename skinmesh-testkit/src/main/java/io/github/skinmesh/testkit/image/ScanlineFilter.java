package io.github.skinmesh.testkit.image;

/**
 * PNG scanline filtering (PNG specification, section 9 "Filtering", filter method 0) of 8-bit
 * RGBA rows: each output row is one filter-type byte followed by the filtered bytes.
 *
 * <p>The adaptive choice is the "minimum sum of absolute differences" heuristic the specification
 * recommends for truecolor images; it filters each row five ways into scratch rows allocated
 * once per image and keeps the smallest.
 */
final class ScanlineFilter {
    /** Bytes per RGBA8 pixel: the distance to the "left" byte of the filters. */
    private static final int BYTES_PER_PIXEL = 4;
    private static final int TYPE_NONE = 0;
    private static final int TYPE_SUB = 1;
    private static final int TYPE_UP = 2;
    private static final int TYPE_AVERAGE = 3;
    private static final int TYPE_PAETH = 4;
    private static final int TYPE_COUNT = 5;

    private ScanlineFilter() {
    }

    /**
     * Filters every row of an RGBA8 image.
     *
     * @param rgba {@code 4*width*height} bytes, rows top to bottom
     * @param width pixels per row
     * @param height rows
     * @param mode fixed or adaptive filtering
     * @return {@code height*(1 + 4*width)} bytes: the image data before compression
     */
    static byte[] filter(byte[] rgba, int width, int height, PngFilter mode) {
        int stride = BYTES_PER_PIXEL * width;
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
                filterRow(type, rgba, row, prior, stride, dst);
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
    private static void filterRow(int type, byte[] src, int row, int prior, int stride, byte[] dst) {
        int bpp = BYTES_PER_PIXEL;
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
