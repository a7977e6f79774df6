package io.github.skinmesh.atlas.pack;

/**
 * How the size of each atlas page is chosen. Every sizing respects {@link PackOptions#maxWidth()}
 * and {@link PackOptions#maxHeight()}; when the rectangles do not fit one page of the largest
 * allowed size, pages of that size are filled one after another and the sizing then chooses the
 * size of the last page (and shrinks the others to the smallest size it allows that holds their
 * contents).
 */
public enum PageSizing {
    /** Every page is exactly {@code maxWidth x maxHeight}. */
    FIXED,
    /**
     * The smallest power-of-two square that holds the rectangles (side at most the largest power
     * of two not above {@code min(maxWidth, maxHeight)}).
     */
    POWER_OF_TWO_SQUARE,
    /**
     * The power-of-two rectangle of smallest area that holds the rectangles (ties: the smaller
     * longer side, then the wider); each side at most the largest power of two not above its
     * maximum.
     */
    POWER_OF_TWO,
    /**
     * Any size, as small as the search finds (the default): the page is the bounding box of its
     * rectangles, borders included, rounded up to whole blocks.
     */
    FREE
}
