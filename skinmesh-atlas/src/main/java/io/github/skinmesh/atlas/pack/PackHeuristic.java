package io.github.skinmesh.atlas.pack;

/** How {@link Packing#packAtlas(java.util.List, PackOptions)} chooses where each rectangle goes. */
public enum PackHeuristic {
    /**
     * Tries the heuristics below and keeps the best result (the default). With
     * {@link PageSizing#FREE} it runs the shelf heuristic over a set of candidate widths, then,
     * for at most {@value Packing#MAXRECTS_AUTO_LIMIT} distinct rectangles, MaxRects to shrink the
     * best page further; with a fixed or power-of-two page it tries shelf, skyline and (up to that
     * count) MaxRects in that order until one fits everything; a page that is filled before
     * opening the next one is filled by MaxRects up to that count and by skyline above it.
     */
    AUTO,
    /**
     * MaxRects, best short side fit with global best choice: at each step the rectangle and
     * position that leave the smallest short side over all remaining rectangles. Best fill on few,
     * large, uneven rectangles; the cost grows with the square of the count (milliseconds for a
     * few hundred rectangles).
     */
    MAXRECTS,
    /**
     * Skyline, bottom-left: each rectangle where its top edge ends lowest over the skyline of the
     * rectangles placed so far. Good fill on many small rectangles at moderate cost.
     */
    SKYLINE,
    /**
     * Shelves with free spaces (the potpack heuristic): each rectangle, tallest first, into the
     * most recently opened free space that holds it. The cheapest.
     */
    SHELF
}
