package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.core.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One run of {@link Packing#packAtlas}: the page loop and the size searches over the kernels. The
 * inputs arrive validated and sorted ({@link Items}); everything here is integer arithmetic in
 * block units, so the result depends on nothing but the input.
 *
 * <p><b>Pages.</b> While rectangles remain: with a non-fixed sizing, search the smallest page
 * (for the sizing) that holds all of them; when none does, fill a page of the largest size with
 * as many as fit, shrink it to the smallest size for the sizing that holds its contents, and go on.
 *
 * <p><b>Free-size search.</b> A kernel packs a strip {@code c} blocks wide (and as high as the
 * largest page) and the page is the bounding box. The candidate widths are the two prefix sums of
 * the cells' widths in packing order nearest to {@code s = sqrt(cell area)} on either side (at
 * such a width the first shelf closes exactly, which is what makes the perfect layouts of a few
 * large power-of-two images), within {@code [s/2, 2s]}, the nearer one first; then
 * {@value #GEOMETRIC_WIDTHS} widths {@code s * 2^((j + 0.5)/}{@value #GEOMETRIC_WIDTHS}{@code  -
 * 0.5)} (aspect ratios from about 0.6 to 1.7), nearest to {@code s} first. The smallest page area
 * wins (ties: the smaller longer side, then the earlier candidate), and the search stops at a
 * bounding box without an empty block. For at most {@link Packing#MAXRECTS_AUTO_LIMIT} cells the
 * automatic heuristic then tries MaxRects in lower and narrower bins than the best one (a binary
 * search on the height at its width, then on the width at the height found).
 *
 * <p>Measured while choosing these (shelf kernel, W-PACK sets): of all widths between 0.8 and 1.25
 * times {@code s}, 29% reach the best anchor's fill on set B, 91% on set C and 20% on A2, so one
 * width is a gamble and a handful is not; four geometric widths reach it on B (best 0.928) and C
 * (0.982), two reach B by a hair (0.926), and the prefix widths give the exact layouts of A1
 * (1024 x 2560) and A2 (3072 x 2560) and 0.935 on B. Each shelf attempt costs about a tenth of
 * potpack's time on B and C, so six attempts stay well inside it.
 */
final class PackJob {
    /** Number of geometric candidate widths of the free-size search. */
    static final int GEOMETRIC_WIDTHS = 4;
    /** {@code 2^((j + 0.5)/G - 0.5)} in the order the search tries them (nearest to 1 first). */
    private static final double[] WIDTH_FACTORS = widthFactors(GEOMETRIC_WIDTHS);

    private final Items items;
    private final PackOptions options;
    private final PackInput[] in;
    /** Whether cells are exactly the contents (no padding, 1 x 1 blocks), so extents need no scan. */
    private final boolean exactCells;
    private final int originX;
    private final int originY;
    private final int fullWidth;
    private final int fullHeight;
    private final int fullCols;
    private final int fullRows;
    private Layout work;
    private Layout best;
    private final int[] todo;
    private int todoCount;

    /** Placement of each input that is the first of its key (the others are null), by input index. */
    final Placement[] placements;
    /** The pages so far. */
    final List<PackPage> pages = new ArrayList<>(1);

    PackJob(Items items, PackOptions options, PackInput[] in) {
        this.items = items;
        this.options = options;
        this.in = in;
        this.exactCells = options.padding() == 0 && options.blockWidth() == 1 && options.blockHeight() == 1;
        this.originX = Packing.originOf(options.borderPadding(), options.blockWidth());
        this.originY = Packing.originOf(options.borderPadding(), options.blockHeight());
        this.fullWidth = Packing.fullWidth(options);
        this.fullHeight = Packing.fullHeight(options);
        this.fullCols = Packing.cellsFor(fullWidth, options.padding(), options.borderPadding(), options.blockWidth());
        this.fullRows = Packing.cellsFor(fullHeight, options.padding(), options.borderPadding(), options.blockHeight());
        int n = items.count;
        this.work = new Layout(n);
        this.todo = new int[n];
        for (int k = 0; k < n; k++) {
            todo[k] = k;
        }
        this.todoCount = n;
        this.placements = new Placement[in.length];
    }

    /** Packs every cell onto pages. */
    void run() {
        while (todoCount > 0) {
            if (pages.size() == options.maxPages()) {
                int i = items.input[todo[0]];
                throw new ValidationException("packAtlas: " + todoCount + " image(s) left over after maxPages="
                        + options.maxPages() + " page(s) of at most " + fullWidth + "x" + fullHeight
                        + ", the first being image " + i + " '" + in[i].name() + "' (" + in[i].width() + "x"
                        + in[i].height() + "); raise maxPages or the page size");
            }
            if (options.sizing() != PageSizing.FIXED && fitAll()) {
                takePage(best);
                continue;
            }
            fillPage();
            takePage(work);
        }
    }

    // ---------------------------------------------------------------- one page holding everything

    /** Searches the smallest page for the sizing that holds every remaining cell; into {@link #best}. */
    private boolean fitAll() {
        return switch (options.sizing()) {
            case FREE -> fitAllFree();
            case POWER_OF_TWO -> fitAllPowerOfTwo(false);
            case POWER_OF_TWO_SQUARE -> fitAllPowerOfTwo(true);
            case FIXED -> throw new AssertionError("fixed pages are filled, not searched");
        };
    }

    private boolean fitAllFree() {
        long area = 0;
        long prefix = 0;
        int minCols = 1;
        long below = -1;
        long above = -1;
        for (int t = 0; t < todoCount; t++) {
            int k = todo[t];
            area += (long) items.w[k] * items.h[k];
            minCols = Math.max(minCols, items.rotation ? Math.min(items.w[k], items.tw[k]) : items.w[k]);
        }
        if (area > (long) fullCols * fullRows) {
            return false; // more cells than the largest page has blocks
        }
        double side = Math.sqrt((double) area);
        for (int t = 0; t < todoCount; t++) {
            prefix += items.w[todo[t]];
            if (prefix <= side) {
                below = prefix;
            } else {
                above = prefix;
                break;
            }
        }
        int[] candidates = new int[2 + WIDTH_FACTORS.length];
        int count = 0;
        boolean belowOk = below >= 0 && 2 * below >= side;
        boolean aboveOk = above >= 0 && above <= 2 * side;
        if (belowOk && aboveOk && above * below < area) {
            count = addCandidate(candidates, count, above, minCols);
            count = addCandidate(candidates, count, below, minCols);
        } else {
            count = belowOk ? addCandidate(candidates, count, below, minCols) : count;
            count = aboveOk ? addCandidate(candidates, count, above, minCols) : count;
        }
        for (double factor : WIDTH_FACTORS) {
            count = addCandidate(candidates, count, (long) Math.ceil(side * factor), minCols);
        }

        PackHeuristic heuristic = options.heuristic();
        boolean found = false;
        long bestArea = Long.MAX_VALUE;
        int bestSide = Integer.MAX_VALUE;
        for (int i = 0; i <= count; i++) {
            if (i == count && found) {
                break;
            }
            int cols = i < count ? candidates[i] : fullCols; // the widest strip: only a fallback
            int placed = runKernel(heuristic == PackHeuristic.AUTO ? PackHeuristic.SHELF : heuristic, cols, fullRows);
            if (placed < todoCount) {
                continue;
            }
            long size = pageSize(work);
            long pageArea = area(size);
            int pageSide = side(size);
            if (pageArea < bestArea || pageArea == bestArea && pageSide < bestSide) {
                bestArea = pageArea;
                bestSide = pageSide;
                swap();
                found = true;
                if ((long) best.usedCols * best.usedRows == area) {
                    return true;
                }
            }
        }
        if (!found) {
            return false;
        }
        if (heuristic == PackHeuristic.AUTO && todoCount <= Packing.MAXRECTS_AUTO_LIMIT) {
            int cols = best.usedCols;
            int lo = (int) Math.max(1, (area + cols - 1) / cols);
            int hi = best.usedRows - 1;
            while (lo <= hi) {
                int rows = (lo + hi) >>> 1;
                if (tryBetter(cols, rows, bestArea, bestSide)) {
                    bestArea = area(pageSize(best));
                    bestSide = side(pageSize(best));
                    hi = rows - 1;
                } else {
                    lo = rows + 1;
                }
            }
            int rows = best.usedRows;
            lo = (int) Math.max(minCols, (area + rows - 1) / rows);
            hi = best.usedCols - 1;
            while (lo <= hi) {
                int narrow = (lo + hi) >>> 1;
                if (tryBetter(narrow, rows, bestArea, bestSide)) {
                    bestArea = area(pageSize(best));
                    bestSide = side(pageSize(best));
                    hi = narrow - 1;
                } else {
                    lo = narrow + 1;
                }
            }
        }
        return true;
    }

    /** Runs MaxRects in a {@code cols x rows} bin; keeps it in {@link #best} when it holds everything and is smaller. */
    private boolean tryBetter(int cols, int rows, long bestArea, int bestSide) {
        if (MaxRectsKernel.pack(items, todo, todoCount, cols, rows, work()) < todoCount) {
            return false;
        }
        long size = pageSize(work);
        long pageArea = area(size);
        int pageSide = side(size);
        if (pageArea < bestArea || pageArea == bestArea && pageSide < bestSide) {
            swap();
            return true;
        }
        return false;
    }

    private int addCandidate(int[] candidates, int count, long width, int minCols) {
        int c = (int) Math.min(fullCols, Math.max(minCols, width));
        for (int i = 0; i < count; i++) {
            if (candidates[i] == c) {
                return count;
            }
        }
        candidates[count] = c;
        return count + 1;
    }

    private boolean fitAllPowerOfTwo(boolean square) {
        long contentArea = 0;
        for (int t = 0; t < todoCount; t++) {
            int k = todo[t];
            contentArea += (long) in[items.input[k]].width() * in[items.input[k]].height();
        }
        // every power-of-two page size up to the full page, smallest area first
        List<long[]> sizes = new ArrayList<>();
        for (long w = 1; w <= fullWidth; w <<= 1) {
            for (long h = 1; h <= fullHeight; h <<= 1) {
                if ((!square || w == h) && w * h >= contentArea) {
                    sizes.add(new long[] {w, h});
                }
            }
        }
        sizes.sort((a, b) -> a[0] * a[1] != b[0] * b[1] ? Long.compare(a[0] * a[1], b[0] * b[1])
                : Math.max(a[0], a[1]) != Math.max(b[0], b[1]) ? Long.compare(Math.max(a[0], a[1]), Math.max(b[0], b[1]))
                : Long.compare(b[0], a[0]));
        for (long[] size : sizes) {
            int cols = Packing.cellsFor((int) size[0], options.padding(), options.borderPadding(), options.blockWidth());
            int rows = Packing.cellsFor((int) size[1], options.padding(), options.borderPadding(), options.blockHeight());
            if (cols < 1 || rows < 1) {
                continue;
            }
            if (fitsAll(cols, rows)) {
                swap();
                return true;
            }
        }
        return false;
    }

    /** Whether one of the heuristics places every remaining cell in a {@code cols x rows} bin (into {@link #work}). */
    private boolean fitsAll(int cols, int rows) {
        PackHeuristic heuristic = options.heuristic();
        if (heuristic != PackHeuristic.AUTO) {
            return runKernel(heuristic, cols, rows) == todoCount;
        }
        return runKernel(PackHeuristic.SHELF, cols, rows) == todoCount
                || runKernel(PackHeuristic.SKYLINE, cols, rows) == todoCount
                || todoCount <= Packing.MAXRECTS_AUTO_LIMIT && runKernel(PackHeuristic.MAXRECTS, cols, rows) == todoCount;
    }

    // ---------------------------------------------------------------- filling full pages

    /** Fills a page of the largest size with as many remaining cells as fit (into {@link #work}). */
    private void fillPage() {
        PackHeuristic heuristic = options.heuristic();
        if (heuristic == PackHeuristic.AUTO) {
            heuristic = todoCount <= Packing.MAXRECTS_AUTO_LIMIT ? PackHeuristic.MAXRECTS : PackHeuristic.SKYLINE;
        }
        int placed = runKernel(heuristic, fullCols, fullRows);
        if (placed == 0) {
            throw new AssertionError("no cell placed on an empty page although each fits alone");
        }
    }

    private int runKernel(PackHeuristic heuristic, int cols, int rows) {
        return switch (heuristic) {
            case SHELF -> ShelfKernel.pack(items, todo, todoCount, cols, rows, work());
            case SKYLINE -> SkylineKernel.pack(items, todo, todoCount, cols, rows, work());
            case MAXRECTS -> MaxRectsKernel.pack(items, todo, todoCount, cols, rows, work());
            case AUTO -> throw new AssertionError("AUTO is resolved by the caller");
        };
    }

    /** The layout kernels write into; the one {@link #swap()} retired, or a new one. */
    private Layout work() {
        if (work == null) {
            work = new Layout(items.count);
        }
        return work;
    }

    /** Makes the last kernel result the best one (the previous best becomes the next work layout). */
    private void swap() {
        Layout t = best;
        best = work;
        work = t;
    }

    // ---------------------------------------------------------------- page sizes

    /** Content extent (texels, border included) of the cells placed in {@code layout}: {@code right << 32 | bottom}. */
    private long extent(Layout layout) {
        int bw = options.blockWidth();
        int bh = options.blockHeight();
        int right;
        int bottom;
        if (exactCells) {
            right = originX + layout.usedCols;
            bottom = originY + layout.usedRows;
        } else {
            right = 0;
            bottom = 0;
            for (int t = 0; t < todoCount; t++) {
                int k = todo[t];
                if (!layout.placed[k]) {
                    continue;
                }
                PackInput input = in[items.input[k]];
                boolean turned = items.sourceTurned(k, layout.turned[k]);
                int w = turned ? input.height() : input.width();
                int h = turned ? input.width() : input.height();
                right = Math.max(right, originX + layout.col[k] * bw + w);
                bottom = Math.max(bottom, originY + layout.row[k] * bh + h);
            }
        }
        int border = options.borderPadding();
        return (long) (right + border) << 32 | (bottom + border);
    }

    /** {width, height} of the page for the sizing holding the cells placed in {@code layout}. */
    private long pageSize(Layout layout) {
        long extent = extent(layout);
        int needW = (int) (extent >>> 32);
        int needH = (int) extent;
        int width;
        int height;
        switch (options.sizing()) {
            case FIXED -> {
                width = fullWidth;
                height = fullHeight;
            }
            case POWER_OF_TWO -> {
                width = ceilPowerOfTwo(needW);
                height = ceilPowerOfTwo(needH);
            }
            case POWER_OF_TWO_SQUARE -> {
                width = ceilPowerOfTwo(Math.max(needW, needH));
                height = width;
            }
            case FREE -> {
                width = Math.min(fullWidth, roundUp(needW, options.blockWidth()));
                height = Math.min(fullHeight, roundUp(needH, options.blockHeight()));
            }
            default -> throw new AssertionError(options.sizing());
        }
        return (long) width << 32 | height;
    }

    private static long area(long size) {
        return (size >>> 32) * (size & 0xFFFFFFFFL);
    }

    private static int side(long size) {
        return (int) Math.max(size >>> 32, size & 0xFFFFFFFFL);
    }

    /** Records the cells placed in {@code layout} as the next page and removes them from the to-do list. */
    private void takePage(Layout layout) {
        long size = pageSize(layout);
        int page = pages.size();
        int bw = options.blockWidth();
        int bh = options.blockHeight();
        int kept = 0;
        int placed = 0;
        long contentArea = 0;
        for (int t = 0; t < todoCount; t++) {
            int k = todo[t];
            if (!layout.placed[k]) {
                todo[kept++] = k;
                continue;
            }
            int i = items.input[k];
            PackInput input = in[i];
            boolean turned = items.sourceTurned(k, layout.turned[k]);
            placements[i] = new Placement(i, page, originX + layout.col[k] * bw, originY + layout.row[k] * bh,
                    turned ? input.height() : input.width(), turned ? input.width() : input.height(), turned);
            placed++;
            contentArea += (long) input.width() * input.height();
        }
        todoCount = kept;
        pages.add(new PackPage((int) (size >>> 32), (int) size, placed, contentArea));
    }

    // ---------------------------------------------------------------- helpers

    static int ceilPowerOfTwo(int value) {
        return value <= 1 ? 1 : Integer.highestOneBit(value - 1) << 1;
    }

    private static int roundUp(int value, int step) {
        return (value + step - 1) / step * step;
    }

    private static double[] widthFactors(int count) {
        double[] factors = new double[count];
        Integer[] order = new Integer[count];
        for (int j = 0; j < count; j++) {
            order[j] = j;
        }
        double mid = (count - 1) / 2.0;
        Arrays.sort(order, (a, b) -> a.intValue() == b.intValue() ? 0
                : Math.abs(a - mid) != Math.abs(b - mid) ? Double.compare(Math.abs(a - mid), Math.abs(b - mid))
                : Integer.compare(a, b));
        for (int i = 0; i < count; i++) {
            factors[i] = StrictMath.pow(2, (order[i] + 0.5) / count - 0.5);
        }
        return factors;
    }
}
