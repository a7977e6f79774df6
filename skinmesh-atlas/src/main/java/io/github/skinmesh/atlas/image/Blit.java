package io.github.skinmesh.atlas.image;

/**
 * Copies an image into its rectangle of a page, turned 90 degrees clockwise when the placement says so
 * (source texel {@code (sx, sy)} to page texel {@code (x + w - 1 - sy, y + sx)}, {@code w} the width on the
 * page). The arrays are of one format (byte, short or float, four channels per texel).
 *
 * <p>Unrotated rows are one {@code System.arraycopy} each, the copy baseline itself. A rotated
 * rectangle is written page row by page row, reading a source column for each, so the writes stay
 * sequential and only the reads stride; the alternative order (source rows scattered into page
 * columns) strides the writes instead.
 */
final class Blit {
    private Blit() {
    }

    static void copy(Object src, int srcW, int srcH, Object page, int pageW, int x, int y, boolean rotated) {
        if (!rotated) {
            int rowLength = 4 * srcW;
            for (int sy = 0; sy < srcH; sy++) {
                System.arraycopy(src, rowLength * sy, page, 4 * ((y + sy) * pageW + x), rowLength);
            }
            return;
        }
        if (src instanceof byte[]) {
            rotated((byte[]) src, srcW, srcH, (byte[]) page, pageW, x, y);
        } else if (src instanceof short[]) {
            rotated((short[]) src, srcW, srcH, (short[]) page, pageW, x, y);
        } else {
            rotated((float[]) src, srcW, srcH, (float[]) page, pageW, x, y);
        }
    }

    // page row y + sx holds source column sx, source row sy at page column x + srcH - 1 - sy
    private static void rotated(byte[] src, int srcW, int srcH, byte[] page, int pageW, int x, int y) {
        for (int sx = 0; sx < srcW; sx++) {
            int d = 4 * ((y + sx) * pageW + x);
            for (int sy = srcH - 1; sy >= 0; sy--, d += 4) {
                int s = 4 * (sy * srcW + sx);
                page[d] = src[s];
                page[d + 1] = src[s + 1];
                page[d + 2] = src[s + 2];
                page[d + 3] = src[s + 3];
            }
        }
    }

    private static void rotated(short[] src, int srcW, int srcH, short[] page, int pageW, int x, int y) {
        for (int sx = 0; sx < srcW; sx++) {
            int d = 4 * ((y + sx) * pageW + x);
            for (int sy = srcH - 1; sy >= 0; sy--, d += 4) {
                int s = 4 * (sy * srcW + sx);
                page[d] = src[s];
                page[d + 1] = src[s + 1];
                page[d + 2] = src[s + 2];
                page[d + 3] = src[s + 3];
            }
        }
    }

    private static void rotated(float[] src, int srcW, int srcH, float[] page, int pageW, int x, int y) {
        for (int sx = 0; sx < srcW; sx++) {
            int d = 4 * ((y + sx) * pageW + x);
            for (int sy = srcH - 1; sy >= 0; sy--, d += 4) {
                int s = 4 * (sy * srcW + sx);
                page[d] = src[s];
                page[d + 1] = src[s + 1];
                page[d + 2] = src[s + 2];
                page[d + 3] = src[s + 3];
            }
        }
    }
}
