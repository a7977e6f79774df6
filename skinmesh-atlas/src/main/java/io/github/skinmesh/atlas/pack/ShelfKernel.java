package io.github.skinmesh.atlas.pack;

/**
 * Shelf packing with a list of free spaces, the heuristic of potpack (Vladimir Agafonkin's
 * JavaScript packer, ISC): cells arrive tallest first and each goes into the most recently opened
 * free space that holds it. The first space is the whole bin; placing a cell in a space leaves
 * at most two spaces: the strip to the right of the cell, as tall as the cell, and the rest of the
 * space below it (a space the cell fills in one direction just shrinks, an exact fit disappears).
 * Tallest-first makes the strips to the right into shelves that later, lower cells fill; the kernel
 * relies on that order (a cell taller than the one before it finds no room beside it).
 *
 * <p>Cost: {@code O(n * s)} for {@code n} cells and {@code s} live spaces (at most {@code n + 1}),
 * no allocation once the layout's scratch is large enough. A strip narrower or lower than every
 * cell to place is never opened as a space (it could never be chosen), which keeps scans short. With rotation allowed a cell is tried
 * in its landscape orientation in every space first and turned only when that fails.
 *
 * <p>Alternatives measured on the W-PACK sets (free size, widths swept over the whole range):
 * skyline bottom-left fills better on many small cells (set C: up to 0.998 against 0.989) but is
 * 4 to 8 times slower per attempt; minimum-waste skyline was worse than both. This kernel is the
 * cheap attempt the free-size search repeats over many widths.
 */
final class ShelfKernel {
    private ShelfKernel() {
    }

    /**
     * Places the cells {@code todo[0..todoCount)} (packing-order indices, in that order) into a
     * bin of {@code cols x rows} blocks, skipping cells that fit no free space.
     *
     * @return the number of cells placed; {@code out} holds their positions and bounding box
     */
    static int pack(Items items, int[] todo, int todoCount, int cols, int rows, Layout out) {
        out.scratch(todoCount + 2, 4);
        int[] sx = out.sa;
        int[] sy = out.sb;
        int[] sw = out.sc;
        int[] sh = out.sd;
        int spaces = 1;
        sx[0] = 0;
        sy[0] = 0;
        sw[0] = cols;
        sh[0] = rows;
        int placedCount = 0;
        int usedCols = 0;
        int usedRows = 0;
        int[] w = items.w;
        int[] h = items.h;
        // no remaining cell is narrower or lower than these: thinner spaces are never opened
        int minW = Integer.MAX_VALUE;
        int minH = Integer.MAX_VALUE;
        for (int t = 0; t < todoCount; t++) {
            int k = todo[t];
            minW = Math.min(minW, items.rotation ? Math.min(w[k], items.tw[k]) : w[k]);
            minH = Math.min(minH, items.rotation ? Math.min(h[k], items.th[k]) : h[k]);
        }
        for (int t = 0; t < todoCount; t++) {
            int k = todo[t];
            int cw = w[k];
            int ch = h[k];
            boolean turned = false;
            int s = find(sw, sh, spaces, cw, ch);
            if (s < 0 && items.rotation && items.tw[k] != cw) {
                cw = items.tw[k];
                ch = items.th[k];
                turned = true;
                s = find(sw, sh, spaces, cw, ch);
            }
            if (s < 0) {
                out.placed[k] = false;
                continue;
            }
            int x = sx[s];
            int y = sy[s];
            out.col[k] = x;
            out.row[k] = y;
            out.turned[k] = turned;
            out.placed[k] = true;
            placedCount++;
            usedCols = Math.max(usedCols, x + cw);
            usedRows = Math.max(usedRows, y + ch);
            if (cw == sw[s] && ch == sh[s]) {
                spaces--;
                sx[s] = sx[spaces];
                sy[s] = sy[spaces];
                sw[s] = sw[spaces];
                sh[s] = sh[spaces];
            } else if (ch == sh[s]) {
                sx[s] += cw;
                sw[s] -= cw;
            } else if (cw == sw[s]) {
                sy[s] += ch;
                sh[s] -= ch;
            } else {
                if (sw[s] - cw >= minW && ch >= minH) {
                    sx[spaces] = x + cw;
                    sy[spaces] = y;
                    sw[spaces] = sw[s] - cw;
                    sh[spaces] = ch;
                    spaces++;
                }
                sy[s] += ch;
                sh[s] -= ch;
            }
        }
        out.usedCols = usedCols;
        out.usedRows = usedRows;
        return placedCount;
    }

    /** The last space (most recently opened) that holds {@code cw x ch}, or -1. */
    private static int find(int[] sw, int[] sh, int spaces, int cw, int ch) {
        for (int s = spaces - 1; s >= 0; s--) {
            if (cw <= sw[s] && ch <= sh[s]) {
                return s;
            }
        }
        return -1;
    }
}
