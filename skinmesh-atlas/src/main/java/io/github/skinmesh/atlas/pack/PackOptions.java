package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.core.ValidationException;

/**
 * Options of {@link Packing#packAtlas(java.util.List, PackOptions)}. Start from {@link #DEFAULTS}
 * and change fields with the {@code with...} methods.
 *
 * <p><b>Padding and blocks.</b> Every rectangle's content is at least {@code padding} texels from
 * every other rectangle's content (the gutter compositing fills by edge extrusion) and at least
 * {@code borderPadding} texels from the page's edges. Every placement's origin is a multiple of
 * the block size, and the block-rounded extent of its content plus padding is its own: with
 * {@code blockWidth x blockHeight} blocks (4 x 4 for BC and ETC, 4 x 4 to 12 x 12 for ASTC) no
 * compressed block holds texels of two rectangles. Internally a rectangle occupies a cell of
 * {@code ceil((width + padding) / blockWidth) x ceil((height + padding) / blockHeight)} blocks;
 * cells are packed edge to edge on the block grid from block {@code (ceil(borderPadding /
 * blockWidth), ceil(borderPadding / blockHeight))}, and a cell ends at most at texel
 * {@code pageWidth - borderPadding + padding} (its trailing padding may leave the page; its content
 * keeps {@code borderPadding} texels from the edge, more when content plus padding is not a whole
 * number of blocks). With 1 x 1 blocks and no padding cells are exactly the contents.
 *
 * <p><b>Border padding.</b> It defaults to 0: a sampler that clamps to the edge extrudes the page's
 * border itself, and box-filtered mip levels of a rectangle at the border average only its own
 * texels. Set it (to {@code padding / 2} or {@code padding}) for atlases sampled with wrapping
 * addressing, where the page's opposite edge would otherwise bleed in.
 *
 * @param heuristic how rectangles are placed; default {@link PackHeuristic#AUTO}
 * @param sizing how page sizes are chosen; default {@link PageSizing#FREE}
 * @param maxWidth largest page width in texels (the page width with {@link PageSizing#FIXED}),
 *     {@code 1..}{@value Packing#MAX_PAGE_SIZE}; default 4096
 * @param maxHeight largest page height in texels (the page height with {@link PageSizing#FIXED}),
 *     {@code 1..}{@value Packing#MAX_PAGE_SIZE}; default 4096
 * @param maxPages most pages the atlas may have, {@code 1..}{@value #MAX_PAGES}; default 16
 * @param padding texels between the contents of two rectangles, {@code 0..}{@value #MAX_PADDING};
 *     default 0
 * @param borderPadding texels between a rectangle's content and a page edge,
 *     {@code 0..}{@value #MAX_PADDING}; default 0
 * @param blockWidth block width in texels, {@code 1..}{@value #MAX_BLOCK}; default 1
 * @param blockHeight block height in texels, {@code 1..}{@value #MAX_BLOCK}; default 1
 * @param rotation whether rectangles may be turned; default {@link Rotation#NONE}
 */
public record PackOptions(PackHeuristic heuristic, PageSizing sizing, int maxWidth, int maxHeight, int maxPages,
        int padding, int borderPadding, int blockWidth, int blockHeight, Rotation rotation) {
    /** Largest {@link #maxPages()}. */
    public static final int MAX_PAGES = 65_536;
    /** Largest {@link #padding()} and {@link #borderPadding()}, texels. */
    public static final int MAX_PADDING = 4096;
    /** Largest {@link #blockWidth()} and {@link #blockHeight()}, texels. */
    public static final int MAX_BLOCK = 64;

    /** Automatic heuristic, free size up to 4096 x 4096, 16 pages, no padding, 1 x 1 blocks, no rotation. */
    public static final PackOptions DEFAULTS = new PackOptions(PackHeuristic.AUTO, PageSizing.FREE, 4096, 4096, 16,
            0, 0, 1, 1, Rotation.NONE);

    /**
     * Checks every field.
     *
     * @throws ValidationException if a number is outside its documented range, naming the field,
     *     the value and the range
     * @throws NullPointerException if {@code heuristic}, {@code sizing} or {@code rotation} is null
     */
    public PackOptions {
        if (heuristic == null || sizing == null || rotation == null) {
            throw new NullPointerException("PackOptions: heuristic, sizing and rotation must not be null");
        }
        check("maxWidth", maxWidth, 1, Packing.MAX_PAGE_SIZE);
        check("maxHeight", maxHeight, 1, Packing.MAX_PAGE_SIZE);
        check("maxPages", maxPages, 1, MAX_PAGES);
        check("padding", padding, 0, MAX_PADDING);
        check("borderPadding", borderPadding, 0, MAX_PADDING);
        check("blockWidth", blockWidth, 1, MAX_BLOCK);
        check("blockHeight", blockHeight, 1, MAX_BLOCK);
    }

    private static void check(String field, int value, int lo, int hi) {
        if (value < lo || value > hi) {
            throw new ValidationException("PackOptions: " + field + "=" + value + ", expected " + lo + ".." + hi);
        }
    }

    /**
     * @param value the heuristic
     * @return a copy with {@link #heuristic()} replaced
     */
    public PackOptions withHeuristic(PackHeuristic value) {
        return new PackOptions(value, sizing, maxWidth, maxHeight, maxPages, padding, borderPadding, blockWidth,
                blockHeight, rotation);
    }

    /**
     * @param value the page sizing
     * @return a copy with {@link #sizing()} replaced
     */
    public PackOptions withSizing(PageSizing value) {
        return new PackOptions(heuristic, value, maxWidth, maxHeight, maxPages, padding, borderPadding, blockWidth,
                blockHeight, rotation);
    }

    /**
     * @param width largest (or, with {@link PageSizing#FIXED}, exact) page width in texels
     * @param height largest (or exact) page height in texels
     * @return a copy with {@link #maxWidth()} and {@link #maxHeight()} replaced
     * @throws ValidationException if either is outside {@code 1..}{@value Packing#MAX_PAGE_SIZE}
     */
    public PackOptions withMaxSize(int width, int height) {
        return new PackOptions(heuristic, sizing, width, height, maxPages, padding, borderPadding, blockWidth,
                blockHeight, rotation);
    }

    /**
     * @param value most pages, {@code 1..}{@value #MAX_PAGES}
     * @return a copy with {@link #maxPages()} replaced
     * @throws ValidationException if out of range
     */
    public PackOptions withMaxPages(int value) {
        return new PackOptions(heuristic, sizing, maxWidth, maxHeight, value, padding, borderPadding, blockWidth,
                blockHeight, rotation);
    }

    /**
     * @param value texels between rectangles, {@code 0..}{@value #MAX_PADDING}
     * @return a copy with {@link #padding()} replaced
     * @throws ValidationException if out of range
     */
    public PackOptions withPadding(int value) {
        return new PackOptions(heuristic, sizing, maxWidth, maxHeight, maxPages, value, borderPadding, blockWidth,
                blockHeight, rotation);
    }

    /**
     * @param value texels between rectangles and page edges, {@code 0..}{@value #MAX_PADDING}
     * @return a copy with {@link #borderPadding()} replaced
     * @throws ValidationException if out of range
     */
    public PackOptions withBorderPadding(int value) {
        return new PackOptions(heuristic, sizing, maxWidth, maxHeight, maxPages, padding, value, blockWidth,
                blockHeight, rotation);
    }

    /**
     * @param width block width in texels, {@code 1..}{@value #MAX_BLOCK}
     * @param height block height in texels, {@code 1..}{@value #MAX_BLOCK}
     * @return a copy with {@link #blockWidth()} and {@link #blockHeight()} replaced
     * @throws ValidationException if either is out of range
     */
    public PackOptions withBlock(int width, int height) {
        return new PackOptions(heuristic, sizing, maxWidth, maxHeight, maxPages, padding, borderPadding, width, height,
                rotation);
    }

    /**
     * @param value whether rectangles may be turned
     * @return a copy with {@link #rotation()} replaced
     */
    public PackOptions withRotation(Rotation value) {
        return new PackOptions(heuristic, sizing, maxWidth, maxHeight, maxPages, padding, borderPadding, blockWidth,
                blockHeight, value);
    }
}
