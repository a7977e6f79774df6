package io.github.skinmesh.vat;

/**
 * What a bake does when its clips need more rows than the maximum texture height.
 *
 * <p>With {@link #SPLIT} the texture is split into pages: textures of one size, each a file of
 * its own, that a shader binds one at a time (the page of the clip it draws) or as the layers of
 * a texture array. Clips are placed in the order given: a clip goes on the current page when its
 * rows fit below the rows already used, otherwise it starts the next page at row 0. No clip
 * crosses a page, so a clip that alone needs more rows than the maximum height is an error in
 * either mode.
 */
public enum PageMode {
    /** One texture; clips that need more rows than the maximum height are an error that gives the numbers. */
    SINGLE,
    /**
     * As many pages as the clips need, all of the same width and height (the height of the
     * tallest page); the manifest lists the pages and gives each clip its page.
     */
    SPLIT
}
