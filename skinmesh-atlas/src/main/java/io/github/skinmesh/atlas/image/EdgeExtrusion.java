package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.model.Sampler;

/**
 * Fills a rectangle's gutter with the texels its image's sampler would read beyond the edge, per page
 * axis: with {@code CLAMP_TO_EDGE} gutter texel {@code (px, py)} takes content texel
 * {@code (clamp(px, x, x+w-1), clamp(py, y, y+h-1))}, so corners take the corner texel; with
 * {@code REPEAT} the content continues from the opposite edge ({@code x + floorMod(px - x, w)}); with
 * {@code MIRRORED_REPEAT} it continues mirrored (the edge texel twice, then inwards). A bilinear or
 * mipmapped read across the rectangle's edge then sees what it sees across the original image's edge.
 *
 * <p>Clamping on both axes is written once for every format with {@code System.arraycopy} (four
 * elements per texel): the side gutters repeat one texel by doubling copies, the rows above and below
 * are copies of the first and last padded row. The wrapping modes copy texel by texel, row by row.
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
        extrude(page, pageW, pageH, x, y, w, h, gutter, Sampler.Wrap.CLAMP_TO_EDGE, Sampler.Wrap.CLAMP_TO_EDGE);
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
     * @param wrapX how the content continues along the page's x axis
     * @param wrapY how the content continues along the page's y axis
     */
    static void extrude(Object page, int pageW, int pageH, int x, int y, int w, int h, int gutter, Sampler.Wrap wrapX,
            Sampler.Wrap wrapY) {
        if (gutter == 0) {
            return;
        }
        if (wrapX != Sampler.Wrap.CLAMP_TO_EDGE || wrapY != Sampler.Wrap.CLAMP_TO_EDGE) {
            wrapped(page, pageW, pageH, x, y, w, h, gutter, wrapX, wrapY);
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

    /** The general case: every gutter texel copied from the content texel its wrapped coordinates name. */
    private static void wrapped(Object page, int pageW, int pageH, int x, int y, int w, int h, int gutter,
            Sampler.Wrap wrapX, Sampler.Wrap wrapY) {
        int left = Math.min(gutter, x);
        int right = Math.min(gutter, pageW - x - w);
        int top = Math.min(gutter, y);
        int bottom = Math.min(gutter, pageH - y - h);
        for (int py = y - top; py < y + h + bottom; py++) {
            int sy = y + wrap(py - y, h, wrapY);
            boolean inside = py >= y && py < y + h;
            for (int px = x - left; px < x + w + right; px++) {
                if (inside && px >= x && px < x + w) {
                    px = x + w - 1; // skip the content row
                    continue;
                }
                int sx = x + wrap(px - x, w, wrapX);
                System.arraycopy(page, 4 * (sy * pageW + sx), page, 4 * (py * pageW + px), 4);
            }
        }
    }

    /** The content index {@code 0..n-1} that index {@code i} (possibly outside) reads under the wrap mode. */
    static int wrap(int i, int n, Sampler.Wrap mode) {
        switch (mode) {
            case REPEAT:
                return Math.floorMod(i, n);
            case MIRRORED_REPEAT: {
                int p = Math.floorMod(i, 2 * n);
                return p < n ? p : 2 * n - 1 - p;
            }
            default:
                return Math.max(0, Math.min(n - 1, i));
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
