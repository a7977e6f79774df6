package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.testkit.SplitMix64;
import java.util.List;

/**
 * The {@code atlas} workload's rectangle sets (W-PACK), in the order the workload definition
 * gives them, packed with padding 0 and a free page size:
 *
 * <ul>
 *   <li>{@code A1} outfit: 1024x1024, 1024x512, 3 x 512x512, 4 x 256x256 (area 2,621,440);</li>
 *   <li>{@code A2} outfit with 6 big maps: 6 x 1024x1024, 1024x512, 3 x 512x512, 4 x 256x256
 *       (area 7,864,320);</li>
 *   <li>{@code B}: 200 rectangles from {@link SplitMix64} seeded 1, per rectangle
 *       {@code w = nextInt(16, 256)} then {@code h = nextInt(16, 256)} (area 3,668,668);</li>
 *   <li>{@code C}: 2000 rectangles, seed 2, {@code w = nextInt(4, 64)}, {@code h = nextInt(4, 64)}
 *       (area 2,322,338).</li>
 * </ul>
 *
 * <p>Each set carries the best anchor packer's result on it (free size, padding 0): the size of
 * its page and the packer; fill is the set's area over that page's area. Immutable.
 */
public final class PackWorkload {
    private final String name;
    private final int[] widths;
    private final int[] heights;
    private final int anchorWidth;
    private final int anchorHeight;
    private final String anchorPacker;

    private PackWorkload(String name, int[] widths, int[] heights, int anchorWidth, int anchorHeight,
            String anchorPacker) {
        this.name = name;
        this.widths = widths;
        this.heights = heights;
        this.anchorWidth = anchorWidth;
        this.anchorHeight = anchorHeight;
        this.anchorPacker = anchorPacker;
    }

    /** @return the four sets A1, A2, B, C (built on each call; deterministic) */
    public static List<PackWorkload> all() {
        return List.of(a1(), a2(), b(), c());
    }

    /** @return set A1, 9 rectangles; best anchor potpack, 1536x1792 (fill 0.952) */
    public static PackWorkload a1() {
        int[][] sizes = concat(new int[][] {{1024, 1024}, {1024, 512}}, repeat(3, 512, 512), repeat(4, 256, 256));
        return of("A1", sizes, 1536, 1792, "potpack 2.1.0");
    }

    /** @return set A2, 14 rectangles; best anchors bin-pack and maxrects-packer, 3072x2560 (fill 1) */
    public static PackWorkload a2() {
        int[][] sizes = concat(repeat(6, 1024, 1024), new int[][] {{1024, 512}}, repeat(3, 512, 512),
                repeat(4, 256, 256));
        return of("A2", sizes, 3072, 2560, "bin-pack 1.0.2, maxrects-packer 2.7.4");
    }

    /** @return set B, 200 rectangles; best anchor maxrects-packer, 1976x2006 (fill 0.926) */
    public static PackWorkload b() {
        return of("B", random(1, 200, 16, 256), 1976, 2006, "maxrects-packer 2.7.4");
    }

    /** @return set C, 2000 rectangles; best anchor potpack, 1564x1525 (fill 0.974) */
    public static PackWorkload c() {
        return of("C", random(2, 2000, 4, 64), 1564, 1525, "potpack 2.1.0");
    }

    /** @return the set's name: {@code A1}, {@code A2}, {@code B} or {@code C} */
    public String name() {
        return name;
    }

    /** @return the number of rectangles */
    public int count() {
        return widths.length;
    }

    /**
     * @param i rectangle index, {@code 0..count()-1}
     * @return its width in texels
     */
    public int width(int i) {
        return widths[i];
    }

    /**
     * @param i rectangle index, {@code 0..count()-1}
     * @return its height in texels
     */
    public int height(int i) {
        return heights[i];
    }

    /** @return a copy of the widths, {@code count()} long */
    public int[] widths() {
        return widths.clone();
    }

    /** @return a copy of the heights, {@code count()} long */
    public int[] heights() {
        return heights.clone();
    }

    /** @return the sum of the rectangles' areas */
    public long area() {
        long area = 0;
        for (int i = 0; i < widths.length; i++) {
            area += (long) widths[i] * heights[i];
        }
        return area;
    }

    /** @return width of the best anchor's page */
    public int anchorWidth() {
        return anchorWidth;
    }

    /** @return height of the best anchor's page */
    public int anchorHeight() {
        return anchorHeight;
    }

    /** @return the best anchor packer(s) with version */
    public String anchorPacker() {
        return anchorPacker;
    }

    /** @return the best anchor's fill, {@code area() / (anchorWidth() * anchorHeight())} */
    public double anchorFill() {
        return area() / ((double) anchorWidth * anchorHeight);
    }

    @Override
    public String toString() {
        return "PackWorkload[" + name + ", " + widths.length + " rects, area " + area() + "]";
    }

    private static PackWorkload of(String name, int[][] sizes, int anchorWidth, int anchorHeight, String packer) {
        int[] w = new int[sizes.length];
        int[] h = new int[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            w[i] = sizes[i][0];
            h[i] = sizes[i][1];
        }
        return new PackWorkload(name, w, h, anchorWidth, anchorHeight, packer);
    }

    private static int[][] random(long seed, int count, int lo, int hi) {
        SplitMix64 rng = new SplitMix64(seed);
        int[][] sizes = new int[count][];
        for (int i = 0; i < count; i++) {
            int w = rng.nextInt(lo, hi);
            int h = rng.nextInt(lo, hi);
            sizes[i] = new int[] {w, h};
        }
        return sizes;
    }

    private static int[][] repeat(int count, int w, int h) {
        int[][] sizes = new int[count][];
        for (int i = 0; i < count; i++) {
            sizes[i] = new int[] {w, h};
        }
        return sizes;
    }

    private static int[][] concat(int[][]... parts) {
        int n = 0;
        for (int[][] p : parts) {
            n += p.length;
        }
        int[][] all = new int[n][];
        int at = 0;
        for (int[][] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }
}
