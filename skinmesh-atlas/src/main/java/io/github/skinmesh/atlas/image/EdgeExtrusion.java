package io.github.skinmesh.atlas.image;

/**
 * Fills a rectangle's gutter with its edge texels: gutter texel {@code (px, py)} takes content texel
 * {@code (clamp(px, x, x+w-1), clamp(py, y, y+h-1))}, so corners take the corner texel. Written once for
 * every format with {@code System.arraycopy} (four elements per texel): the side gutters repeat one
 * texel by doubling copies, the rows above and below are copies of the first and last padded row.
 */
final class EdgeExtrusion {
    private EdgeExtrusion() {
    }

    /**
     * @param page the page's texels (byte[], short[] or float[])
     * @param pageW page width
     * @param pageH page height
     * @param x content's left column
     * @param y content's top row
     * @param w content's width
     * @param h content's height
     * @param gutter texels on each side, clipped here to the page
     */
    static void extrude(Object page, int pageW, int pageH, int x, int y, int w, int h, int gutter) {
        if (gutter == 0) {
            return;
        }
        int left = Math.min(gutter, x);
        int right = Math.min(gutter, pageW - x - w);
        int top = Math.min(gutter, y);
        int bottom = Math.min(gutter, pageH - y - h);
        for (int row = y; row < y + h; row++) {
            int base = 4 * row * pageW;
            repeat(page, base + 4 * x, base + 4 * (x - left), left);
            repeat(page, base + 4 * (x + w - 1), base + 4 * (x + w), right);
        }
        int rowStart = 4 * (x - left);
        int rowLength = 4 * (left + w + right);
        for (int i = 1; i <= top; i++) {
            System.arraycopy(page, 4 * y * pageW + rowStart, page, 4 * (y - i) * pageW + rowStart, rowLength);
        }
        for (int i = 1; i <= bottom; i++) {
            int last = y + h - 1;
            System.arraycopy(page, 4 * last * pageW + rowStart, page, 4 * (last + i) * pageW + rowStart, rowLength);
        }
    }

    /** Writes {@code count} copies of the texel at {@code from} starting at element {@code to}. */
    private static void repeat(Object page, int from, int to, int count) {
        if (count == 0) {
            return;
        }
        System.arraycopy(page, from, page, to, 4);
        int done = 1;
        while (done < count) {
            int n = Math.min(done, count - done);
            System.arraycopy(page, to, page, to + 4 * done, 4 * n);
            done += n;
        }
    }
}
