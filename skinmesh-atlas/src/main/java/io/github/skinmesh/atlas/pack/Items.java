package io.github.skinmesh.atlas.pack;

/**
 * The distinct rectangles of one packing job as the kernels see them: cells in block units, in the
 * packing order (height descending, width descending, input index ascending).
 *
 * <p>A cell is a rectangle's content plus the padding that follows it, rounded up to whole blocks:
 * {@code ceil((width + padding) / blockWidth)} columns by {@code ceil((height + padding) /
 * blockHeight)} rows. Kernels place cells on a grid of blocks and never need padding or blocks
 * again. {@code w[k] x h[k]} is the orientation the kernels try first; when rotation is allowed it
 * is the landscape one ({@code w >= h}) and {@code tw[k] x th[k]} is the other, otherwise
 * {@code tw} and {@code th} are the same arrays as {@code w} and {@code h}. Read-only once built;
 * arrays are shared with the kernels, never with callers.
 */
final class Items {
    /** Number of distinct rectangles. */
    final int count;
    /** Cell columns and rows in the first orientation, indexed by packing order. */
    final int[] w;
    final int[] h;
    /** Cell columns and rows in the other orientation ({@code w} and {@code h} themselves without rotation). */
    final int[] tw;
    final int[] th;
    /** Whether the first orientation is the source turned 90 degrees clockwise; null without rotation. */
    final boolean[] baseTurned;
    /** Input index of each rectangle (the first input of its key), indexed by packing order. */
    final int[] input;
    /** Whether kernels may use the other orientation. */
    final boolean rotation;

    Items(int[] w, int[] h, int[] tw, int[] th, boolean[] baseTurned, int[] input, boolean rotation) {
        this.count = w.length;
        this.w = w;
        this.h = h;
        this.tw = tw;
        this.th = th;
        this.baseTurned = baseTurned;
        this.input = input;
        this.rotation = rotation;
    }

    /** Whether cell {@code k}, placed turned or not as {@code turned} says, shows its source turned. */
    boolean sourceTurned(int k, boolean turned) {
        return rotation && baseTurned[k] != turned;
    }
}
