package io.github.skinmesh.atlas.pack;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code atlas} workload's rectangle sets (W-PACK) for the pack tests, the same sets as the
 * testkit's {@code io.github.skinmesh.testkit.workloads.PackWorkload} (which this module's tests
 * cannot use: the testkit depends on this module). A1: 1024x1024, 1024x512, 3 x 512x512,
 * 4 x 256x256; A2: 6 x 1024x1024, 1024x512, 3 x 512x512, 4 x 256x256; B: 200 rectangles, SplitMix64
 * seed 1, each {@code w = nextInt(16, 256)} then {@code h = nextInt(16, 256)}; C: 2000 rectangles,
 * seed 2, {@code nextInt(4, 64)}. Each with the page of the best anchor packer on it.
 */
final class PackWorkload {
    private final String name;
    private final int[] widths;
    private final int[] heights;
    private final int anchorWidth;
    private final int anchorHeight;

    private PackWorkload(String name, List<int[]> sizes, int anchorWidth, int anchorHeight) {
        this.name = name;
        this.widths = sizes.stream().mapToInt(s -> s[0]).toArray();
        this.heights = sizes.stream().mapToInt(s -> s[1]).toArray();
        this.anchorWidth = anchorWidth;
        this.anchorHeight = anchorHeight;
    }

    static List<PackWorkload> all() {
        return List.of(a1(), a2(), b(), c());
    }

    static PackWorkload a1() {
        List<int[]> s = new ArrayList<>();
        add(s, 1, 1024, 1024);
        add(s, 1, 1024, 512);
        add(s, 3, 512, 512);
        add(s, 4, 256, 256);
        return new PackWorkload("A1", s, 1536, 1792);
    }

    static PackWorkload a2() {
        List<int[]> s = new ArrayList<>();
        add(s, 6, 1024, 1024);
        add(s, 1, 1024, 512);
        add(s, 3, 512, 512);
        add(s, 4, 256, 256);
        return new PackWorkload("A2", s, 3072, 2560);
    }

    static PackWorkload b() {
        return new PackWorkload("B", random(1, 200, 16, 256), 1976, 2006);
    }

    static PackWorkload c() {
        return new PackWorkload("C", random(2, 2000, 4, 64), 1564, 1525);
    }

    String name() {
        return name;
    }

    int count() {
        return widths.length;
    }

    int width(int i) {
        return widths[i];
    }

    int height(int i) {
        return heights[i];
    }

    long area() {
        long area = 0;
        for (int i = 0; i < widths.length; i++) {
            area += (long) widths[i] * heights[i];
        }
        return area;
    }

    int anchorWidth() {
        return anchorWidth;
    }

    int anchorHeight() {
        return anchorHeight;
    }

    private static void add(List<int[]> sizes, int count, int w, int h) {
        for (int i = 0; i < count; i++) {
            sizes.add(new int[] {w, h});
        }
    }

    private static List<int[]> random(long seed, int count, int lo, int hi) {
        SplitMix64 rng = new SplitMix64(seed);
        List<int[]> sizes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int w = rng.nextInt(lo, hi);
            int h = rng.nextInt(lo, hi);
            sizes.add(new int[] {w, h});
        }
        return sizes;
    }
}
