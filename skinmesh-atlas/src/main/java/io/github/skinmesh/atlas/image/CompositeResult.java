package io.github.skinmesh.atlas.image;

import java.util.List;

/**
 * The pages {@link Compositor#composite} produced and what it found: per placement the deepest mip level
 * that stays clean (see {@link CompositeOptions}), the texels color bleed filled, and warnings.
 *
 * <p>Immutable and thread-safe.
 */
public final class CompositeResult {
    private final List<PixelImage> pages;
    private final int[] cleanLevels;
    private final long bledTexels;
    private final List<String> warnings;

    CompositeResult(List<PixelImage> pages, int[] cleanLevels, long bledTexels, List<String> warnings) {
        this.pages = List.copyOf(pages);
        this.cleanLevels = cleanLevels;
        this.bledTexels = bledTexels;
        this.warnings = List.copyOf(warnings);
    }

    /** @return the pages in page order, of the resolved {@link PageFormat}, read-only */
    public List<PixelImage> pages() {
        return pages;
    }

    /**
     * @param page a page index
     * @return that page
     * @throws IndexOutOfBoundsException when there is no such page
     */
    public PixelImage page(int page) {
        return pages.get(page);
    }

    /** @return the number of placements composited */
    public int placementCount() {
        return cleanLevels.length;
    }

    /**
     * @param placement index into the placements given to {@link Compositor#composite}
     * @return the deepest mip level that stays clean for that rectangle, -1 when bilinear sampling of
     *     the full-size page already reads outside its gutter
     * @throws IndexOutOfBoundsException when there is no such placement
     */
    public int cleanLevel(int placement) {
        return cleanLevels[placement];
    }

    /**
     * @return the deepest mip level clean for every rectangle ({@link CompositeOptions#MAX_LEVEL} when
     *     nothing was placed)
     */
    public int cleanLevel() {
        int min = CompositeOptions.MAX_LEVEL;
        for (int l : cleanLevels) {
            min = Math.min(min, l);
        }
        return min;
    }

    /** @return texels whose color {@link ColorBleed#NEAREST} filled (0 when off) */
    public long bledTexels() {
        return bledTexels;
    }

    /** @return warnings, each a sentence naming the image, read-only */
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public String toString() {
        return "CompositeResult[" + pages.size() + " pages, " + cleanLevels.length + " placements, clean to level "
                + cleanLevel() + ", " + warnings.size() + " warnings]";
    }
}
