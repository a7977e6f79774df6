package io.github.skinmesh.atlas.image;

/**
 * The deepest mip level at which bilinear sampling inside a rectangle reads only the rectangle and its
 * gutter (see {@link CompositeOptions} for the rule in words).
 *
 * <p>Derivation, per axis: the content covers level-0 texels {@code [a, a+n)} and its gutter
 * {@code [a-g, a+n+g)}, clipped to the page {@code [0, P)}. At level {@code L} a texel is a block of
 * {@code s = 2^L} level-0 texels. A sample at level-0 coordinate {@code p} in {@code [a, a+n]} sits at
 * {@code p/s} level-{@code L} texels and bilinear filtering reads texels {@code floor(p/s - 1/2)} and the
 * one after. Over the content that is the texels {@code lo = floor(a/s - 1/2)} to
 * {@code hi = floor((a+n)/s - 1/2) + 1}, which cover level-0 texels {@code [lo*s, (hi+1)*s)}; they must
 * lie inside the gutter, or reach past the page border where {@code CLAMP_TO_EDGE} reads the border
 * texel, which is then the gutter's. For {@code a} and {@code n} multiples of {@code s} this is
 * {@code g >= s}. Level 0 alone needs {@code g >= 1}: bilinear sampling at the content's edge reads half
 * a texel outside.
 */
final class GutterRule {
    /** No level is clean: bilinear sampling of level 0 already reads a texel outside. */
    static final int NONE = -1;

    private GutterRule() {
    }

    /**
     * @param x content's left column
     * @param y content's top row
     * @param w content's width
     * @param h content's height
     * @param pageW page width
     * @param pageH page height
     * @param gutter gutter width on every side
     * @param maxLevel deepest level examined
     * @return the deepest clean level, {@link #NONE} when even level 0 is not clean
     */
    static int cleanLevel(int x, int y, int w, int h, int pageW, int pageH, int gutter, int maxLevel) {
        int level = NONE;
        for (int l = 0; l <= maxLevel; l++) {
            long s = 1L << l;
            if (pageW % s != 0 || pageH % s != 0) {
                break;
            }
            if (!axisClean(x, w, pageW, gutter, s) || !axisClean(y, h, pageH, gutter, s)) {
                break;
            }
            level = l;
        }
        return level;
    }

    static boolean axisClean(long a, long n, long page, long g, long s) {
        long lo = Math.floorDiv(2 * a - s, 2 * s);
        long hi = Math.floorDiv(2 * (a + n) - s, 2 * s) + 1;
        boolean left = a - g <= 0 || lo * s >= a - g;
        boolean right = a + n + g >= page || (hi + 1) * s <= a + n + g;
        return left && right;
    }
}
