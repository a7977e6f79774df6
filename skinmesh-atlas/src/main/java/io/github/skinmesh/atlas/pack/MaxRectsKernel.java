package io.github.skinmesh.atlas.pack;

import java.util.Arrays;

/**
 * MaxRects with the best-short-side-fit rule and global best choice (Jukka Jylänki, "A Thousand
 * Ways to Pack the Bin", 2010): the free area of the bin is kept as the list of all maximal free
 * rectangles (they overlap); at each step every remaining cell is scored against every free
 * rectangle that holds it, by the shorter and then the longer of the two leftover sides, and the
 * best pair over all cells is placed at that free rectangle's top-left corner. Ties go to the
 * earlier cell in packing order, then the higher, then the further left position, then unturned.
 * Every free rectangle the cell overlaps is split into the up to four maximal rectangles around it,
 * and free rectangles contained in others are dropped.
 *
 * <p>Cost: {@code O(n^2 * f + n * f^2)} for {@code n} cells and {@code f} free rectangles: the best
 * fill of the kernels on few, large, uneven cells and far too slow for thousands (the JavaScript
 * maxrects-packer needs seconds for 2,000 cells), so the automatic heuristic uses it only up to
 * {@link Packing#MAXRECTS_AUTO_LIMIT} cells. No allocation once the layout's scratch holds the
 * free list (grown by doubling when it would overflow).
 */
final class MaxRectsKernel {
    private MaxRectsKernel() {
    }

    /**
     * Places as many of the cells {@code todo[0..todoCount)} (packing-order indices) as fit into
     * a bin of {@code cols x rows} blocks.
     *
     * @return the number of cells placed; {@code out} holds their positions and bounding box
     */
    static int pack(Items items, int[] todo, int todoCount, int cols, int rows, Layout out) {
        out.scratch(4 * todoCount + 8, 5);
        int[] remaining = out.se;
        System.arraycopy(todo, 0, remaining, 0, todoCount);
        int remainingCount = todoCount;
        for (int t = 0; t < todoCount; t++) {
            out.placed[todo[t]] = false;
        }
        FreeList free = new FreeList(out, cols, rows);
        int placedCount = 0;
        int usedCols = 0;
        int usedRows = 0;
        while (remainingCount > 0) {
            int bestShort = Integer.MAX_VALUE;
            int bestLong = Integer.MAX_VALUE;
            int bestIndex = -1;
            int bestX = 0;
            int bestY = 0;
            boolean bestTurned = false;
            for (int i = 0; i < remainingCount; i++) {
                int k = remaining[i];
                int turns = items.rotation && items.tw[k] != items.w[k] ? 2 : 1;
                for (int turn = 0; turn < turns; turn++) {
                    int cw = turn == 0 ? items.w[k] : items.tw[k];
                    int ch = turn == 0 ? items.h[k] : items.th[k];
                    for (int f = 0; f < free.count; f++) {
                        int leftW = free.w[f] - cw;
                        int leftH = free.h[f] - ch;
                        if (leftW < 0 || leftH < 0) {
                            continue;
                        }
                        int shortSide = Math.min(leftW, leftH);
                        int longSide = Math.max(leftW, leftH);
                        int x = free.x[f];
                        int y = free.y[f];
                        if (shortSide < bestShort || shortSide == bestShort && (longSide < bestLong
                                || longSide == bestLong && bestIndex == i && (y < bestY || y == bestY && x < bestX))) {
                            bestShort = shortSide;
                            bestLong = longSide;
                            bestIndex = i;
                            bestX = x;
                            bestY = y;
                            bestTurned = turn == 1;
                        }
                    }
                }
            }
            if (bestIndex < 0) {
                break;
            }
            int k = remaining[bestIndex];
            System.arraycopy(remaining, bestIndex + 1, remaining, bestIndex, remainingCount - bestIndex - 1);
            remainingCount--;
            int cw = bestTurned ? items.tw[k] : items.w[k];
            int ch = bestTurned ? items.th[k] : items.h[k];
            out.col[k] = bestX;
            out.row[k] = bestY;
            out.turned[k] = bestTurned;
            out.placed[k] = true;
            placedCount++;
            usedCols = Math.max(usedCols, bestX + cw);
            usedRows = Math.max(usedRows, bestY + ch);
            free.occupy(bestX, bestY, cw, ch);
        }
        out.usedCols = usedCols;
        out.usedRows = usedRows;
        return placedCount;
    }

    /** The maximal free rectangles of the bin, in the layout's scratch arrays. */
    private static final class FreeList {
        private final Layout out;
        int[] x;
        int[] y;
        int[] w;
        int[] h;
        int count;

        FreeList(Layout out, int cols, int rows) {
            this.out = out;
            bind();
            x[0] = 0;
            y[0] = 0;
            w[0] = cols;
            h[0] = rows;
            count = 1;
        }

        private void bind() {
            x = out.sa;
            y = out.sb;
            w = out.sc;
            h = out.sd;
        }

        /** Removes the rectangle from the free area: splits what it overlaps, then prunes. */
        void occupy(int rx, int ry, int rw, int rh) {
            int rRight = rx + rw;
            int rBottom = ry + rh;
            int n = count;
            for (int f = 0; f < n; f++) {
                int fx = x[f];
                int fy = y[f];
                int fRight = fx + w[f];
                int fBottom = fy + h[f];
                if (rx >= fRight || rRight <= fx || ry >= fBottom || rBottom <= fy) {
                    continue;
                }
                if (rx > fx) {
                    add(fx, fy, rx - fx, fBottom - fy);
                }
                if (rRight < fRight) {
                    add(rRight, fy, fRight - rRight, fBottom - fy);
                }
                if (ry > fy) {
                    add(fx, fy, fRight - fx, ry - fy);
                }
                if (rBottom < fBottom) {
                    add(fx, rBottom, fRight - fx, fBottom - rBottom);
                }
                w[f] = 0; // marked for removal
            }
            prune();
        }

        private void add(int ax, int ay, int aw, int ah) {
            if (count == x.length) {
                grow();
            }
            x[count] = ax;
            y[count] = ay;
            w[count] = aw;
            h[count] = ah;
            count++;
        }

        private void grow() {
            int size = 2 * x.length;
            out.sa = Arrays.copyOf(out.sa, size);
            out.sb = Arrays.copyOf(out.sb, size);
            out.sc = Arrays.copyOf(out.sc, size);
            out.sd = Arrays.copyOf(out.sd, size);
            bind();
        }

        /** Drops empty rectangles and rectangles contained in another (keeping the first of equals). */
        private void prune() {
            int n = 0;
            for (int f = 0; f < count; f++) {
                if (w[f] > 0 && h[f] > 0) {
                    x[n] = x[f];
                    y[n] = y[f];
                    w[n] = w[f];
                    h[n] = h[f];
                    n++;
                }
            }
            count = n;
            for (int a = 0; a < count; a++) {
                if (w[a] == 0) {
                    continue;
                }
                for (int b = 0; b < count; b++) {
                    if (a == b || w[b] == 0) {
                        continue;
                    }
                    if (contains(b, a) && (!contains(a, b) || b < a)) {
                        w[a] = 0;
                        break;
                    }
                }
            }
            n = 0;
            for (int f = 0; f < count; f++) {
                if (w[f] > 0) {
                    x[n] = x[f];
                    y[n] = y[f];
                    w[n] = w[f];
                    h[n] = h[f];
                    n++;
                }
            }
            count = n;
        }

        /** Whether free rectangle {@code outer} contains free rectangle {@code inner}. */
        private boolean contains(int outer, int inner) {
            return x[inner] >= x[outer] && y[inner] >= y[outer]
                    && x[inner] + w[inner] <= x[outer] + w[outer] && y[inner] + h[inner] <= y[outer] + h[outer];
        }
    }
}
