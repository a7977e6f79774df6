package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.atlas.TestRandom;
import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Each kernel alone on random cells in a random bin, checked against the naive pairwise test. */
class KernelsPropertiesTest {
    interface Kernel {
        int pack(Items items, int[] todo, int todoCount, int cols, int rows, Layout out);
    }

    private static final Kernel[] KERNELS = {ShelfKernel::pack, SkylineKernel::pack, MaxRectsKernel::pack};

    @Property(tries = 200, seed = "443")
    void placedCellsAreInsideAndDisjointAndCountedRight(@ForAll long seed) {
        TestRandom rng = new TestRandom(seed);
        int n = rng.nextInt(1, 60);
        boolean rotation = rng.nextInt(0, 1) == 1;
        int[] w = new int[n];
        int[] h = new int[n];
        int[] tw = rotation ? new int[n] : w;
        int[] th = rotation ? new int[n] : h;
        boolean[] baseTurned = rotation ? new boolean[n] : null;
        int[] input = new int[n];
        for (int k = 0; k < n; k++) {
            w[k] = rng.nextInt(1, 40);
            h[k] = rng.nextInt(1, 40);
            if (rotation) {
                tw[k] = h[k];
                th[k] = w[k];
            }
            input[k] = k;
        }
        Items items = new Items(w, h, tw, th, baseTurned, input, rotation);
        // a random subset, in order
        int[] todo = new int[n];
        int count = 0;
        for (int k = 0; k < n; k++) {
            if (rng.nextInt(0, 3) > 0) {
                todo[count++] = k;
            }
        }
        int cols = rng.nextInt(1, 120);
        int rows = rng.nextInt(1, 120);
        for (Kernel kernel : KERNELS) {
            Layout out = new Layout(n);
            int placed = kernel.pack(items, todo, count, cols, rows, out);
            int flagged = 0;
            int usedCols = 0;
            int usedRows = 0;
            for (int a = 0; a < count; a++) {
                int k = todo[a];
                if (!out.placed[k]) {
                    continue;
                }
                flagged++;
                assertThat(!out.turned[k] || rotation).isTrue();
                int cw = out.turned[k] ? tw[k] : w[k];
                int ch = out.turned[k] ? th[k] : h[k];
                assertThat(out.col[k]).isGreaterThanOrEqualTo(0);
                assertThat(out.row[k]).isGreaterThanOrEqualTo(0);
                assertThat(out.col[k] + cw).isLessThanOrEqualTo(cols);
                assertThat(out.row[k] + ch).isLessThanOrEqualTo(rows);
                usedCols = Math.max(usedCols, out.col[k] + cw);
                usedRows = Math.max(usedRows, out.row[k] + ch);
                for (int b = 0; b < a; b++) {
                    int j = todo[b];
                    if (!out.placed[j]) {
                        continue;
                    }
                    int jw = out.turned[j] ? tw[j] : w[j];
                    int jh = out.turned[j] ? th[j] : h[j];
                    boolean apart = out.col[k] + cw <= out.col[j] || out.col[j] + jw <= out.col[k]
                            || out.row[k] + ch <= out.row[j] || out.row[j] + jh <= out.row[k];
                    assertThat(apart).isTrue();
                }
            }
            assertThat(placed).isEqualTo(flagged);
            assertThat(new int[] {out.usedCols, out.usedRows}).containsExactly(usedCols, usedRows);
            // an empty bin always takes a first cell that fits it
            int first = todo.length > 0 && count > 0 ? todo[0] : -1;
            if (first >= 0 && (w[first] <= cols && h[first] <= rows || rotation && tw[first] <= cols && th[first] <= rows)) {
                assertThat(placed).isPositive();
            }
        }
    }

    @Property(tries = 100, seed = "991")
    void aRowWideEnoughHoldsEverythingInPackingOrder(@ForAll long seed) {
        TestRandom rng = new TestRandom(seed);
        int n = rng.nextInt(1, 40);
        int[] w = new int[n];
        int[] h = new int[n];
        int[] todo = new int[n];
        int cols = 0;
        int rows = 0;
        for (int k = 0; k < n; k++) {
            w[k] = rng.nextInt(1, 30);
            h[k] = rng.nextInt(1, 30);
            cols += w[k];
            rows = Math.max(rows, h[k]);
            todo[k] = k;
        }
        // in packing order (the shelf kernel's strips rely on it): height descending
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, (a, b) -> h[b] - h[a]);
        int[] sw = new int[n];
        int[] sh = new int[n];
        for (int k = 0; k < n; k++) {
            sw[k] = w[order[k]];
            sh[k] = h[order[k]];
        }
        Items items = new Items(sw, sh, sw, sh, null, todo.clone(), false);
        for (Kernel kernel : KERNELS) {
            assertThat(kernel.pack(items, todo, n, cols, rows, new Layout(n))).isEqualTo(n);
        }
    }
}
