package io.github.skinmesh.atlas.image;

/**
 * {@link ColorBleed#NEAREST} on a rectangle of a page: a breadth-first search from every texel of alpha
 * above 0, in row order, over the 8 neighbours; each texel of alpha 0 reached takes the R, G, B of the
 * texel it was reached from, which carries the color of an opaque texel at the least chessboard
 * distance (the color passed along a shortest ring path). Alpha is untouched.
 *
 * <p>Costs two {@code int} arrays of the rectangle's texel count. A jump-flooding or distance-transform
 * variant would give Euclidean nearness; the ring order was kept because its result is simple to state
 * and to check, and the difference only shows far from any opaque texel, where the color no longer
 * matters for filtering.
 */
final class NearestBleed {
    private static final int[] DX = {-1, 0, 1, -1, 1, -1, 0, 1};
    private static final int[] DY = {-1, -1, -1, 0, 0, 1, 1, 1};

    private NearestBleed() {
    }

    /** @return how many texels took a color */
    static long apply(Object page, int pageW, int x, int y, int w, int h) {
        int n = w * h;
        int[] from = new int[n]; // rect texel -> rect texel whose color it takes; -1 while unreached
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int i = 0; i < n; i++) {
            boolean opaque = !transparent(page, 4 * ((y + i / w) * pageW + x + i % w));
            from[i] = opaque ? i : -1;
            if (opaque) {
                queue[tail++] = i;
            }
        }
        if (tail == 0 || tail == n) {
            return 0;
        }
        long filled = 0;
        while (head < tail) {
            int t = queue[head++];
            int tx = t % w;
            int ty = t / w;
            for (int k = 0; k < 8; k++) {
                int nx = tx + DX[k];
                int ny = ty + DY[k];
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
                    continue;
                }
                int q = ny * w + nx;
                if (from[q] < 0) {
                    from[q] = t;
                    queue[tail++] = q;
                    copyColor(page, 4 * ((y + ty) * pageW + x + tx), 4 * ((y + ny) * pageW + x + nx));
                    filled++;
                }
            }
        }
        return filled;
    }

    private static boolean transparent(Object page, int texel) {
        if (page instanceof byte[]) {
            return ((byte[]) page)[texel + 3] == 0;
        }
        if (page instanceof short[]) {
            return ((short[]) page)[texel + 3] == 0;
        }
        return ((float[]) page)[texel + 3] <= 0f;
    }

    private static void copyColor(Object page, int src, int dst) {
        System.arraycopy(page, src, page, dst, 3);
    }
}
