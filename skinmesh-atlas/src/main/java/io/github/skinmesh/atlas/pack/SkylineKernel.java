package io.github.skinmesh.atlas.pack;

/**
 * Skyline packing, bottom-left rule: the bin's used area is bounded above by a skyline, a run of
 * horizontal segments covering the bin's width; each cell goes where its top edge ends lowest
 * (ties: further left, then unturned), resting on the highest segment under it. The segments it
 * covers are replaced by one at its top and equal neighbours merge. Space under a cell's overhang
 * is never used again, which is what makes the skyline cheap and what costs it fill against
 * MaxRects on large, uneven cells.
 *
 * <p>Cost: {@code O(n * s * c)} for {@code n} cells, {@code s} segments (at most {@code 2n + 1})
 * and {@code c} segments under a cell, no allocation once the layout's scratch is large enough.
 *
 * <p>Measured on the W-PACK sets (free size, every strip width swept): sorted tallest first,
 * bottom-left filled far better than the minimum-waste rule (which prefers gap-free spots high up
 * the skyline) on sets B and C and tied on A1 and A2; on many small cells (set C, best 0.998
 * against 0.989) it filled better than the shelf kernel, at 4 to 8 times its cost per attempt.
 */
final class SkylineKernel {
    private SkylineKernel() {
    }

    /**
     * Places the cells {@code todo[0..todoCount)} (packing-order indices, in that order) into a
     * bin of {@code cols x rows} blocks, skipping cells that fit nowhere.
     *
     * @return the number of cells placed; {@code out} holds their positions and bounding box
     */
    static int pack(Items items, int[] todo, int todoCount, int cols, int rows, Layout out) {
        int capacity = 2 * todoCount + 3;
        out.scratch(capacity, 6);
        // segments: x in sa, y (top of the used area) in sb, width in sc; rebuilt into sd/se/sf
        int[] segX = out.sa;
        int[] segY = out.sb;
        int[] segW = out.sc;
        int[] newX = out.sd;
        int[] newY = out.se;
        int[] newW = out.sf;
        int segments = 1;
        segX[0] = 0;
        segY[0] = 0;
        segW[0] = cols;
        int placedCount = 0;
        int usedCols = 0;
        int usedRows = 0;
        for (int t = 0; t < todoCount; t++) {
            int k = todo[t];
            int bestTop = Integer.MAX_VALUE;
            int bestX = -1;
            boolean bestTurned = false;
            for (int turn = 0; turn < (items.rotation && items.tw[k] != items.w[k] ? 2 : 1); turn++) {
                int cw = turn == 0 ? items.w[k] : items.tw[k];
                int ch = turn == 0 ? items.h[k] : items.th[k];
                for (int s = 0; s < segments; s++) {
                    int x = segX[s];
                    int end = x + cw;
                    if (end > cols) {
                        break;
                    }
                    int y = 0;
                    for (int j = s; j < segments && segX[j] < end; j++) {
                        y = Math.max(y, segY[j]);
                    }
                    int top = y + ch;
                    if (top <= rows && (top < bestTop || top == bestTop && x < bestX)) {
                        bestTop = top;
                        bestX = x;
                        bestTurned = turn == 1;
                    }
                }
            }
            if (bestX < 0) {
                out.placed[k] = false;
                continue;
            }
            int cw = bestTurned ? items.tw[k] : items.w[k];
            int ch = bestTurned ? items.th[k] : items.h[k];
            int x = bestX;
            int end = x + cw;
            out.col[k] = x;
            out.row[k] = bestTop - ch;
            out.turned[k] = bestTurned;
            out.placed[k] = true;
            placedCount++;
            usedCols = Math.max(usedCols, end);
            usedRows = Math.max(usedRows, bestTop);
            int n = 0;
            for (int s = 0; s < segments; s++) {
                int a = segX[s];
                int b = a + segW[s];
                if (b <= x || a >= end) {
                    n = append(newX, newY, newW, n, a, segY[s], segW[s]);
                    continue;
                }
                if (a < x) {
                    n = append(newX, newY, newW, n, a, segY[s], x - a);
                }
                if (a <= x) {
                    n = append(newX, newY, newW, n, x, bestTop, cw);
                }
                if (b > end) {
                    n = append(newX, newY, newW, n, end, segY[s], b - end);
                }
            }
            System.arraycopy(newX, 0, segX, 0, n);
            System.arraycopy(newY, 0, segY, 0, n);
            System.arraycopy(newW, 0, segW, 0, n);
            segments = n;
        }
        out.usedCols = usedCols;
        out.usedRows = usedRows;
        return placedCount;
    }

    /** Appends a segment, merging it into the previous one when both have the same height. */
    private static int append(int[] xs, int[] ys, int[] ws, int n, int x, int y, int w) {
        if (n > 0 && ys[n - 1] == y) {
            ws[n - 1] += w;
            return n;
        }
        xs[n] = x;
        ys[n] = y;
        ws[n] = w;
        return n + 1;
    }
}
