package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.TestRandom;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class CompositorTest {
    private static PixelImage randomImage(TestRandom rng, String name, int w, int h, TexelFormat format) {
        byte[] b = new byte[4 * w * h];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) rng.nextInt(0, 255);
        }
        PixelImage image = Rgba8Image.of(name, w, h, b);
        if (format == TexelFormat.RGBA16) {
            short[] s = new short[b.length];
            for (int i = 0; i < s.length; i++) {
                s[i] = (short) rng.nextInt(0, 65535);
            }
            image = Rgba16Image.of(name, w, h, s);
        } else if (format == TexelFormat.RGBA_FLOAT) {
            float[] f = new float[b.length];
            for (int i = 0; i < f.length; i++) {
                f[i] = rng.nf();
            }
            image = RgbaFloatImage.of(name, w, h, f);
        }
        return image;
    }

    /** Naive reference: the page texel a source texel lands on, from Placement's documented mapping. */
    private static int[] landing(Placement p, int sx, int sy) {
        return p.rotated() ? new int[] {p.x() + p.width() - 1 - sy, p.y() + sx} : new int[] {p.x() + sx, p.y() + sy};
    }

    @Property(tries = 60, seed = "2026")
    void everyTexelLandsAtItsPlacementAndGuttersRepeatTheEdge(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 6) int gutter, @ForAll TexelFormat format) {
        TestRandom rng = new TestRandom(seed);
        int count = rng.nextInt(1, 7);
        int[][] sizes = new int[count][];
        boolean[] rotated = new boolean[count];
        List<PixelImage> images = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sizes[i] = new int[] {rng.nextInt(1, 24), rng.nextInt(1, 24)};
            rotated[i] = rng.nextInt(0, 1) == 1;
            images.add(randomImage(rng, "img" + i, sizes[i][0], sizes[i][1], format));
        }
        int pageW = 64;
        int pageH = 48;
        List<Placement> placements = Layouts.rows(sizes, rotated, gutter, 1, pageW, pageH);
        int pages = placements.get(placements.size() - 1).page() + 1;
        List<ImageSize> pageSizes = new ArrayList<>();
        for (int i = 0; i < pages; i++) {
            pageSizes.add(new ImageSize(pageW, pageH));
        }
        CompositeOptions options = CompositeOptions.DEFAULTS.withGutter(gutter).withMinCleanLevel(-1);
        CompositeResult result = Compositor.composite(images, placements, pageSizes, options, Progress.NONE);
        assertThat(result.pages()).hasSize(pages).allSatisfy(p -> assertThat(p.format()).isEqualTo(format));

        // owner of each page texel: the rectangle whose content or clipped gutter holds it
        for (int pg = 0; pg < pages; pg++) {
            PixelImage page = result.page(pg);
            for (int py = 0; py < pageH; py++) {
                for (int px = 0; px < pageW; px++) {
                    float[] expected = {0, 0, 0, 0};
                    for (Placement p : placements) {
                        if (p.page() != pg || px < p.x() - gutter || px >= p.x() + p.width() + gutter
                                || py < p.y() - gutter || py >= p.y() + p.height() + gutter) {
                            continue;
                        }
                        // gutter texel: clamp to the content, then invert the placement's mapping
                        int cx = Math.min(Math.max(px, p.x()), p.x() + p.width() - 1);
                        int cy = Math.min(Math.max(py, p.y()), p.y() + p.height() - 1);
                        int sx = p.rotated() ? cy - p.y() : cx - p.x();
                        int sy = p.rotated() ? p.x() + p.width() - 1 - cx : cy - p.y();
                        assertThat(landing(p, sx, sy)).containsExactly(cx, cy);
                        PixelImage src = images.get(p.input());
                        for (int c = 0; c < 4; c++) {
                            expected[c] = src.value(sx, sy, c);
                        }
                    }
                    for (int c = 0; c < 4; c++) {
                        if (page.value(px, py, c) != expected[c]) {
                            throw new AssertionError("page " + pg + " texel (" + px + ", " + py + ") channel " + c
                                    + ": " + page.value(px, py, c) + ", expected " + expected[c]);
                        }
                    }
                }
            }
        }
        CompositeResult again = Compositor.composite(images, placements, pageSizes, options, Progress.NONE);
        assertThat(again.pages()).isEqualTo(result.pages());
    }

    /** The level-l texels bilinear sampling inside [a, a+n] reads, found by sampling densely (clamped). */
    private static int[] footprint(int a, int n, int pageSize, int level) {
        int s = 1 << level;
        int levelSize = pageSize >> level;
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (int k = 0; k <= 16 * n; k++) {
            double p = a + k / 16.0;
            int t = (int) Math.floor(p / s - 0.5);
            lo = Math.min(lo, Math.max(0, t));
            hi = Math.max(hi, Math.min(levelSize - 1, t + 1));
        }
        return new int[] {lo, hi};
    }

    @Property(tries = 40, seed = "77")
    void mipLevelsDownToTheReportedCleanLevelHoldOnlyTheirOwnImageAndTheNextOneDoesNot(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 3) int gutterLog, @ForAll @IntRange(min = 0, max = 3) int alignLog,
            @ForAll boolean randomContent) {
        TestRandom rng = new TestRandom(seed);
        int gutter = gutterLog == 0 ? rng.nextInt(0, 1) : (1 << gutterLog) + rng.nextInt(-1, 0);
        int align = 1 << alignLog;
        int count = rng.nextInt(2, 8);
        int[][] sizes = new int[count][];
        boolean[] rotated = new boolean[count];
        List<PixelImage> images = new ArrayList<>();
        float[][] colors = new float[count][];
        for (int i = 0; i < count; i++) {
            sizes[i] = new int[] {align * rng.nextInt(1, 24 / align + 1), align * rng.nextInt(1, 24 / align + 1)};
            rotated[i] = rng.nextInt(0, 3) == 0;
            colors[i] = new float[] {0.1f + 0.8f * rng.nf(), 0.1f + 0.8f * rng.nf(), 0.1f + 0.8f * rng.nf(), 1};
            images.add(RgbaFloatImage.filled("id" + i, sizes[i][0], sizes[i][1], colors[i][0], colors[i][1],
                    colors[i][2], 1));
        }
        int pageSize = 128;
        List<Placement> placements = Layouts.rows(sizes, rotated, gutter, align, pageSize, pageSize);
        int pages = placements.get(placements.size() - 1).page() + 1;
        List<ImageSize> sizesOfPages = new ArrayList<>();
        for (int i = 0; i < pages; i++) {
            sizesOfPages.add(new ImageSize(pageSize, pageSize));
        }
        CompositeOptions options = CompositeOptions.DEFAULTS.withGutter(gutter).withMinCleanLevel(-1);
        CompositeResult result = Compositor.composite(images, placements, sizesOfPages, options, Progress.NONE);
        List<List<PixelImage>> chains = new ArrayList<>();
        for (PixelImage page : result.pages()) {
            chains.add(Resample.mipChain(page, 8, ColorEncoding.LINEAR));
        }
        for (int k = 0; k < placements.size(); k++) {
            Placement p = placements.get(k);
            int clean = result.cleanLevel(k);
            if (gutter >= 1) {
                assertThat(clean).as("a gutter of at least 1 keeps level 0 clean").isGreaterThanOrEqualTo(0);
            }
            if (align >= 1 << gutterLog && gutter == 1 << gutterLog) {
                assertThat(clean).as("aligned to 2^L with gutter 2^L keeps level L clean").isGreaterThanOrEqualTo(
                        gutterLog);
            }
            for (int level = 0; level <= Math.min(clean + 1, 7); level++) {
                PixelImage mip = chains.get(p.page()).get(level);
                int[] fx = footprint(p.x(), p.width(), pageSize, level);
                int[] fy = footprint(p.y(), p.height(), pageSize, level);
                boolean foreign = false;
                for (int ty = fy[0]; ty <= fy[1]; ty++) {
                    for (int tx = fx[0]; tx <= fx[1]; tx++) {
                        for (int c = 0; c < 3; c++) {
                            foreign |= Math.abs(mip.value(tx, ty, c) - colors[p.input()][c]) > 1e-6f;
                        }
                    }
                }
                if (level <= clean) {
                    assertThat(foreign).as("placement %d (%s) level %d <= clean level %d reads another image", k, p,
                            level, clean).isFalse();
                } else {
                    assertThat(foreign).as("placement %d (%s) level %d is past the clean level %d, so the rule is "
                            + "tight", k, p, level, clean).isTrue();
                }
            }
        }
        if (randomContent) {
            // with real content: within the clean footprint, the atlas's mip levels equal those of a page
            // holding only that rectangle
            List<PixelImage> noisy = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                noisy.add(randomImage(rng, "n" + i, sizes[i][0], sizes[i][1], TexelFormat.RGBA_FLOAT));
            }
            CompositeResult all = Compositor.composite(noisy, placements, sizesOfPages, options, Progress.NONE);
            for (int k = 0; k < placements.size(); k++) {
                Placement p = placements.get(k);
                CompositeResult alone = Compositor.composite(noisy, List.of(p), sizesOfPages, options, Progress.NONE);
                List<PixelImage> a = Resample.mipChain(all.page(p.page()), 8, ColorEncoding.LINEAR);
                List<PixelImage> b = Resample.mipChain(alone.page(p.page()), 8, ColorEncoding.LINEAR);
                for (int level = 0; level <= Math.min(all.cleanLevel(k), 7); level++) {
                    int[] fx = footprint(p.x(), p.width(), pageSize, level);
                    int[] fy = footprint(p.y(), p.height(), pageSize, level);
                    for (int ty = fy[0]; ty <= fy[1]; ty++) {
                        for (int tx = fx[0]; tx <= fx[1]; tx++) {
                            for (int c = 0; c < 4; c++) {
                                assertThat(a.get(level).value(tx, ty, c)).isEqualTo(b.get(level).value(tx, ty, c));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void cleanLevelFollowsTheGutterRuleForAlignedRectangles() {
        // 32x32 at (16, 16) on a 128 page: gutter 4 keeps 0..2, gutter 8 keeps 0..3
        PixelImage img = RgbaFloatImage.filled("a", 32, 32, 1, 0, 0, 1);
        List<ImageSize> page = List.of(new ImageSize(128, 128));
        Placement p = new Placement(0, 0, 16, 16, 32, 32, false);
        CompositeOptions o = CompositeOptions.DEFAULTS;
        assertThat(Compositor.composite(List.of(img), List.of(p), page, o.withGutter(0).withMinCleanLevel(-1),
                Progress.NONE).cleanLevel(0)).isEqualTo(-1);
        assertThat(Compositor.composite(List.of(img), List.of(p), page, o.withGutter(1), Progress.NONE).cleanLevel(0))
                .isEqualTo(0);
        assertThat(Compositor.composite(List.of(img), List.of(p), page, o.withGutter(4), Progress.NONE).cleanLevel())
                .isEqualTo(2);
        assertThat(Compositor.composite(List.of(img), List.of(p), page, o.withGutter(8), Progress.NONE).cleanLevel())
                .isEqualTo(3);
        // one texel off the 8-grid costs that texel: gutter 8 at x = 17 keeps only level 2 on that axis
        Placement off = new Placement(0, 0, 17, 16, 32, 32, false);
        assertThat(Compositor.composite(List.of(img), List.of(off), page, o.withGutter(8), Progress.NONE)
                .cleanLevel()).isEqualTo(2);
        // a rectangle filling the page is clean at every level: its sides are the page's border
        PixelImage whole = RgbaFloatImage.filled("w", 128, 128, 0, 1, 0, 1);
        assertThat(Compositor.composite(List.of(whole), List.of(new Placement(0, 0, 0, 0, 128, 128, false)), page,
                o.withGutter(0), Progress.NONE).cleanLevel()).isEqualTo(7);
        // a page side not divisible by 2^L stops the count: 96 = 32 * 3 allows levels 0..5
        assertThat(Compositor.composite(List.of(RgbaFloatImage.filled("h", 96, 64, 0, 1, 0, 1)),
                List.of(new Placement(0, 0, 0, 0, 96, 64, false)), List.of(new ImageSize(96, 64)), o, Progress.NONE)
                .cleanLevel()).isEqualTo(5);
    }

    @Property(tries = 40, seed = "31")
    void colorBleedGivesTransparentTexelsTheColorOfANearestOpaqueTexelAndKeepsAlphaZero(@ForAll long seed,
            @ForAll boolean rotated) {
        TestRandom rng = new TestRandom(seed);
        int w = rng.nextInt(1, 20);
        int h = rng.nextInt(1, 20);
        byte[] rgba = new byte[4 * w * h];
        float opaqueShare = rng.nf();
        for (int i = 0; i < w * h; i++) {
            boolean opaque = rng.nf() < opaqueShare * 0.3f;
            for (int c = 0; c < 3; c++) {
                rgba[4 * i + c] = (byte) rng.nextInt(0, 255);
            }
            rgba[4 * i + 3] = (byte) (opaque ? rng.nextInt(1, 255) : 0);
        }
        Rgba8Image image = Rgba8Image.of("leaf", w, h, rgba);
        Placement p = new Placement(0, 0, 3, 2, rotated ? h : w, rotated ? w : h, rotated);
        List<ImageSize> page = List.of(new ImageSize(32, 32));
        CompositeOptions options = CompositeOptions.DEFAULTS.withGutter(2).withColorBleed(ColorBleed.NEAREST);
        CompositeResult result = Compositor.composite(List.of(image), List.of(p), page, options, Progress.NONE);
        Rgba8Image out = (Rgba8Image) result.page(0);
        long filled = 0;
        boolean anyOpaque = false;
        for (int i = 0; i < w * h; i++) {
            anyOpaque |= rgba[4 * i + 3] != 0;
        }
        for (int sy = 0; sy < h; sy++) {
            for (int sx = 0; sx < w; sx++) {
                int[] at = landing(p, sx, sy);
                int o = 4 * (sy * w + sx);
                assertThat(out.sample(at[0], at[1], 3)).isEqualTo(rgba[o + 3] & 0xFF);
                if (rgba[o + 3] != 0 || !anyOpaque) {
                    for (int c = 0; c < 3; c++) {
                        assertThat(out.sample(at[0], at[1], c)).isEqualTo(rgba[o + c] & 0xFF);
                    }
                    continue;
                }
                filled++;
                // naive reference: the least chessboard distance to an opaque texel, and the colors found there
                int best = Integer.MAX_VALUE;
                for (int qy = 0; qy < h; qy++) {
                    for (int qx = 0; qx < w; qx++) {
                        if (rgba[4 * (qy * w + qx) + 3] != 0) {
                            best = Math.min(best, Math.max(Math.abs(qx - sx), Math.abs(qy - sy)));
                        }
                    }
                }
                boolean matched = false;
                for (int qy = 0; qy < h && !matched; qy++) {
                    for (int qx = 0; qx < w && !matched; qx++) {
                        int q = 4 * (qy * w + qx);
                        if (rgba[q + 3] != 0 && Math.max(Math.abs(qx - sx), Math.abs(qy - sy)) == best) {
                            matched = out.sample(at[0], at[1], 0) == (rgba[q] & 0xFF)
                                    && out.sample(at[0], at[1], 1) == (rgba[q + 1] & 0xFF)
                                    && out.sample(at[0], at[1], 2) == (rgba[q + 2] & 0xFF);
                        }
                    }
                }
                assertThat(matched).as("texel (%d, %d) has the color of an opaque texel at distance %d", sx, sy, best)
                        .isTrue();
            }
        }
        assertThat(result.bledTexels()).isEqualTo(anyOpaque ? filled : 0);
    }

    @Test
    void progressCountsPlacementsAndCancellationStops() {
        List<PixelImage> images = List.of(Rgba8Image.filled("a", 4, 4, 1, 2, 3, 4), Rgba8Image.filled("b", 4, 4, 5, 6,
                7, 8));
        List<Placement> placements = List.of(new Placement(0, 0, 0, 0, 4, 4, false),
                new Placement(1, 0, 8, 0, 4, 4, false));
        List<long[]> updates = new ArrayList<>();
        Progress record = Progress.of((stage, done, total) -> updates.add(new long[] {done, total}), () -> false);
        CompositeOptions options = CompositeOptions.DEFAULTS.withGutter(2);
        Compositor.composite(images, placements, List.of(new ImageSize(16, 8)), options, record);
        assertThat(updates).containsExactly(new long[] {1, 2}, new long[] {2, 2});
        Progress cancelled = Progress.of((stage, done, total) -> { }, () -> true);
        assertThatThrownBy(() -> Compositor.composite(images, placements, List.of(new ImageSize(16, 8)), options,
                cancelled)).isInstanceOf(CancelledException.class)
                .hasMessage("composite: cancelled");
    }

    @Test
    void pagesTakeTheWidestInputFormatOrTheChosenOne() {
        List<PixelImage> images = List.of(Rgba8Image.filled("a", 2, 2, 255, 0, 0, 255),
                Rgba16Image.filled("b", 2, 2, 0, 65535, 0, 65535));
        List<Placement> placements = List.of(new Placement(0, 0, 0, 0, 2, 2, false),
                new Placement(1, 0, 4, 0, 2, 2, false));
        List<ImageSize> page = List.of(new ImageSize(8, 2));
        CompositeOptions o = CompositeOptions.DEFAULTS.withGutter(1);
        PixelImage wide = Compositor.composite(images, placements, page, o, Progress.NONE).page(0);
        assertThat(wide).isInstanceOf(Rgba16Image.class);
        assertThat(((Rgba16Image) wide).sample(0, 0, 0)).isEqualTo(65535);
        PixelImage narrow = Compositor.composite(images, placements, page, o.withPageFormat(PageFormat.RGBA8),
                Progress.NONE).page(0);
        assertThat(((Rgba8Image) narrow).sample(4, 1, 1)).isEqualTo(255);
    }

    // ---- bad input ----

    private static final List<PixelImage> TWO = List.of(Rgba8Image.filled("arm.png", 8, 4, 0, 0, 0, 255),
            Rgba8Image.filled("leg.png", 4, 4, 0, 0, 0, 255));
    private static final List<ImageSize> PAGE = List.of(new ImageSize(32, 32));

    @Test
    void rejectsAZeroSizeImage() {
        assertThatThrownBy(() -> Rgba8Image.of("empty.png", 0, 4, new byte[0])).isInstanceOf(ValidationException.class)
                .hasMessage("image 'empty.png': size 0x4, expected at least 1x1");
        assertThatThrownBy(() -> new ImageSize(3, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("size 3x0, expected at least 1x1");
    }

    @Test
    void rejectsAPlacementOfAMissingImageOrPage() {
        assertThatThrownBy(() -> Compositor.composite(TWO, List.of(new Placement(2, 0, 0, 0, 4, 4, false)), PAGE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("composite: placement 0: input 2, but there are 2 images");
        assertThatThrownBy(() -> Compositor.composite(TWO, List.of(new Placement(1, 1, 0, 0, 4, 4, false)), PAGE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("composite: placement 0 (image 'leg.png', input 1): page 1, but there are 1 pages");
    }

    @Test
    void rejectsAnImageWhoseSizeIsNotThePlacements() {
        assertThatThrownBy(() -> Compositor.composite(TWO, List.of(new Placement(0, 0, 4, 4, 8, 4, true)), PAGE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("composite: placement 0 (image 'arm.png', input 0): the image is 8x4, the placement holds "
                        + "4x8 (turned to 8x4)");
    }

    @Test
    void rejectsARectangleLeavingItsPage() {
        assertThatThrownBy(() -> Compositor.composite(TWO, List.of(new Placement(0, 0, 28, 4, 8, 4, false)), PAGE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("composite: placement 0 (image 'arm.png', input 0): rectangle at (28, 4) of 8x4 leaves "
                        + "page 0 of 32x32");
    }

    @Test
    void rejectsRectanglesOverlappingWithTheirGutters() {
        List<Placement> placements = List.of(new Placement(0, 0, 4, 4, 8, 4, false),
                new Placement(1, 0, 14, 4, 4, 4, false));
        assertThatThrownBy(() -> Compositor.composite(TWO, placements, PAGE)).isInstanceOf(ValidationException.class)
                .hasMessage("composite: placement 0 (image 'arm.png', input 0) at (4, 4) of 8x4 and placement 1 "
                        + "(image 'leg.png', input 1) at (14, 4) of 4x4 on page 0 overlap once grown by the "
                        + "4-texel gutter");
        assertThat(Compositor.composite(TWO, placements, PAGE, CompositeOptions.DEFAULTS.withGutter(1),
                Progress.NONE).pages()).hasSize(1);
    }

    @Test
    void failsOrWarnsWhenTheGutterKeepsTooFewLevelsClean() {
        List<Placement> placements = List.of(new Placement(1, 0, 4, 4, 4, 4, false));
        CompositeOptions o = CompositeOptions.DEFAULTS.withGutter(2).withMinCleanLevel(2);
        String message = "placement 0 (image 'leg.png', input 1): with a 2-texel gutter the rectangle at (4, 4) of "
                + "4x4 on page 0 (32x32) keeps mip levels 0..1 clean, level 2 required (with origin and size "
                + "multiples of 2^L a gutter of 2^L keeps level L clean)";
        assertThatThrownBy(() -> Compositor.composite(TWO, placements, PAGE, o, Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessage("composite: " + message);
        CompositeResult warned = Compositor.composite(TWO, placements, PAGE, o.withGutterCheck(GutterCheck.WARN),
                Progress.NONE);
        assertThat(warned.warnings()).containsExactly(message);
        assertThat(warned.cleanLevel(0)).isEqualTo(1);
    }

    @Test
    void rejectsOptionsOutOfRange() {
        assertThatThrownBy(() -> CompositeOptions.DEFAULTS.withGutter(-1)).isInstanceOf(ValidationException.class)
                .hasMessage("CompositeOptions: gutter=-1, expected 0..1024");
        assertThatThrownBy(() -> CompositeOptions.DEFAULTS.withMinCleanLevel(17))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CompositeOptions: minCleanLevel=17, expected -1..16");
    }
}
