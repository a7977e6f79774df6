package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.Progress;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The clean mip level the compositor reports, against a brute-force measurement: the page's box-filter
 * mip chain is built twice, once as composited and once with every texel outside the rectangle and its
 * gutter replaced by noise; a level is clean when every level texel that bilinear sampling at any point
 * of the rectangle (its edges included, the page clamped) reads is the same in both.
 */
class CleanLevelBruteForceTest {
    @Property(tries = 400, seed = "5150")
    void everyLevelReportedCleanIsCleanAndTheNextIsNot(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int pageW = 8 * (1 + r.nextInt(8));
        int pageH = 8 * (1 + r.nextInt(8));
        int w = 1 + r.nextInt(Math.min(pageW, 24));
        int h = 1 + r.nextInt(Math.min(pageH, 24));
        int x = r.nextInt(pageW - w + 1);
        int y = r.nextInt(pageH - h + 1);
        int gutter = r.nextInt(9);
        byte[] rgba = new byte[4 * w * h];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = (byte) r.nextInt(256);
        }
        CompositeResult result = Compositor.composite(List.of(Rgba8Image.of("img", w, h, rgba)),
                List.of(new Placement(0, 0, x, y, w, h, false)), List.of(new ImageSize(pageW, pageH)),
                CompositeOptions.DEFAULTS.withGutter(gutter).withMinCleanLevel(-1).withColorBleed(ColorBleed.OFF),
                Progress.NONE);
        Rgba8Image page = (Rgba8Image) result.page(0);
        double[] a = new double[pageW * pageH];
        double[] b = new double[pageW * pageH];
        for (int py = 0; py < pageH; py++) {
            for (int px = 0; px < pageW; px++) {
                a[py * pageW + px] = page.sample(px, py, 0);
                boolean kept = px >= x - gutter && px < x + w + gutter && py >= y - gutter && py < y + h + gutter;
                b[py * pageW + px] = kept ? a[py * pageW + px] : 1000 + r.nextInt(1000);
            }
        }
        int reported = result.cleanLevel(0);
        String where = "seed " + seed + ": " + w + "x" + h + " at (" + x + ", " + y + ") gutter " + gutter + " on "
                + pageW + "x" + pageH + ", reported " + reported;
        int deepest = -1;
        for (int level = 0; (pageW % (1 << level)) == 0 && (pageH % (1 << level)) == 0; level++) {
            if (!clean(a, b, pageW, pageH, x, y, w, h, level)) {
                break;
            }
            deepest = level;
            if ((1 << level) >= Math.max(pageW, pageH)) {
                break;
            }
        }
        assertThat(reported).as(where).isLessThanOrEqualTo(deepest);
        assertThat(reported).as(where + " (measured " + deepest + ")").isEqualTo(deepest);
    }

    static boolean clean(double[] a, double[] b, int pageW, int pageH, int x, int y, int w, int h, int level) {
        int s = 1 << level;
        int lw = pageW / s;
        int lh = pageH / s;
        double[] ma = mip(a, pageW, pageH, s);
        double[] mb = mip(b, pageW, pageH, s);
        int[] xs = touched(x, w, s, lw);
        int[] ys = touched(y, h, s, lh);
        for (int j = ys[0]; j <= ys[1]; j++) {
            for (int i = xs[0]; i <= xs[1]; i++) {
                if (ma[j * lw + i] != mb[j * lw + i]) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Level texels read by bilinear sampling at points of {@code [a, a + n]}, clamped to the level; a
     * point on a texel centre reads its neighbour too (at weight 0, as a GPU fetches the 2 x 2 quad).
     */
    static int[] touched(int a, int n, int s, int levelSize) {
        double lo = (double) a / s - 0.5;
        double hi = (double) (a + n) / s - 0.5;
        int first = (int) Math.floor(lo);
        int last = (int) Math.floor(hi) + 1;
        return new int[] {Math.max(0, Math.min(levelSize - 1, first)), Math.max(0, Math.min(levelSize - 1, last))};
    }

    static double[] mip(double[] src, int w, int h, int s) {
        int lw = w / s;
        int lh = h / s;
        double[] out = new double[lw * lh];
        for (int j = 0; j < lh; j++) {
            for (int i = 0; i < lw; i++) {
                double sum = 0;
                for (int dy = 0; dy < s; dy++) {
                    for (int dx = 0; dx < s; dx++) {
                        sum += src[(j * s + dy) * w + i * s + dx];
                    }
                }
                out[j * lw + i] = sum;
            }
        }
        return out;
    }
}
