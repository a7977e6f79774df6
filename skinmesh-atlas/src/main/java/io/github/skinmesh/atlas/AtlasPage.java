package io.github.skinmesh.atlas;

import java.util.List;
import java.util.Objects;

/**
 * One page of a merged material's atlas, as {@link AtlasReport#pages()} lists it: the merged material
 * that samples it, its size and fill, the maps composited on it and the materials it merges.
 *
 * @param material the merged material's name (one merged material per page)
 * @param width page width in texels
 * @param height page height in texels
 * @param fill the texels covered by images (padding excluded) over the page's texels, in {@code (0, 1]}
 * @param slots the texture slots composited on this layout, in slot order (e.g. {@code ["baseColor"]})
 * @param images the names of the page's images, one per slot, in the same order
 * @param sourceMaterials the names of the materials whose images lie on this page, in order of first use
 */
public record AtlasPage(String material, int width, int height, double fill, List<String> slots,
        List<String> images, List<String> sourceMaterials) {
    /**
     * Copies the lists.
     *
     * @throws NullPointerException when an argument is null
     */
    public AtlasPage {
        Objects.requireNonNull(material, "material");
        slots = List.copyOf(slots);
        images = List.copyOf(images);
        sourceMaterials = List.copyOf(sourceMaterials);
    }
}
