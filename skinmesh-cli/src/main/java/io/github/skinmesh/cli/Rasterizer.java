package io.github.skinmesh.cli;

import java.util.Arrays;

/**
 * A small software rasterizer: flat-colored triangles with a depth buffer, into an RGBA8 image, for
 * the demo's preview.
 *
 * <p>Coordinates are pixels, x to the right and y down, with pixel {@code (i, j)} covering
 * {@code [i, i+1) x [j, j+1)}; a triangle covers the pixels whose centers lie inside it or on its
 * edges, in either winding. Depth is interpolated linearly (an orthographic projection); a pixel is
 * written when the triangle's depth there is smaller than the depth buffer's, so of two surfaces at
 * equal depth the first drawn stays. Drawing is clipped to a rectangle ({@link #clip}).
 *
 * <p>Same calls, same pixels: only float arithmetic in a fixed order (strict IEEE on every Java
 * runtime), no threads. Allocates the color and depth buffers once. Not thread-safe.
 */
final class Rasterizer {
    private final int width;
    private final int height;
    private final byte[] rgba;
    private final float[] depth;
    private int clipX0;
    private int clipY0;
    private int clipX1;
    private int clipY1;

    /**
     * @param width pixels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param background the color of every pixel at first, {@code 0xRRGGBB}, opaque
     */
    Rasterizer(int width, int height, int background) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("Rasterizer: " + width + "x" + height + ", expected at least 1x1");
        }
        this.width = width;
        this.height = height;
        this.rgba = new byte[4 * width * height];
        this.depth = new float[width * height];
        Arrays.fill(depth, Float.POSITIVE_INFINITY);
        for (int i = 0; i < width * height; i++) {
            put(i, background);
        }
        clip(0, 0, width, height);
    }

    /** Restricts drawing to the pixels {@code x0 <= x < x1}, {@code y0 <= y < y1} (clamped to the image). */
    void clip(int x0, int y0, int x1, int y1) {
        clipX0 = Math.max(0, x0);
        clipY0 = Math.max(0, y0);
        clipX1 = Math.min(width, x1);
        clipY1 = Math.min(height, y1);
    }

    /** Paints row {@code y} within the clip rectangle, behind everything (it does not touch depth). */
    void row(int y, int rgb) {
        if (y < clipY0 || y >= clipY1) {
            return;
        }
        for (int x = clipX0; x < clipX1; x++) {
            put(y * width + x, rgb);
        }
    }

    /**
     * Fills a triangle with one color where it is nearer than what is drawn.
     *
     * @param rgb {@code 0xRRGGBB}
     */
    void fillTriangle(float ax, float ay, float az, float bx, float by, float bz, float cx, float cy, float cz,
            int rgb) {
        float area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        if (!(area != 0f) || !Float.isFinite(area)) {
            return; // degenerate, or not finite: covers no pixel center
        }
        int x0 = Math.max(clipX0, (int) Math.floor(Math.min(ax, Math.min(bx, cx))));
        int x1 = Math.min(clipX1 - 1, (int) Math.ceil(Math.max(ax, Math.max(bx, cx))));
        int y0 = Math.max(clipY0, (int) Math.floor(Math.min(ay, Math.min(by, cy))));
        int y1 = Math.min(clipY1 - 1, (int) Math.ceil(Math.max(ay, Math.max(by, cy))));
        float inv = 1f / area;
        for (int y = y0; y <= y1; y++) {
            float py = y + 0.5f;
            for (int x = x0; x <= x1; x++) {
                float px = x + 0.5f;
                // barycentric weights of a, b, c: signed areas of the sub-triangles over the whole
                float wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inv;
                float wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inv;
                float wc = 1f - wa - wb;
                if (wa < 0f || wb < 0f || wc < 0f) {
                    continue;
                }
                float z = wa * az + wb * bz + wc * cz;
                int i = y * width + x;
                if (z < depth[i]) {
                    depth[i] = z;
                    put(i, rgb);
                }
            }
        }
    }

    private void put(int pixel, int rgb) {
        rgba[4 * pixel] = (byte) (rgb >>> 16);
        rgba[4 * pixel + 1] = (byte) (rgb >>> 8);
        rgba[4 * pixel + 2] = (byte) rgb;
        rgba[4 * pixel + 3] = (byte) 0xFF;
    }

    /** @return the image, {@code 4*width*height} bytes, rows top to bottom, R G B A per pixel (a copy) */
    byte[] rgba() {
        return rgba.clone();
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }
}
