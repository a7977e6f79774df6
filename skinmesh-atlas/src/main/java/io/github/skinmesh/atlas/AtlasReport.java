package io.github.skinmesh.atlas;

import java.util.List;

/**
 * What {@link Atlases#atlasParts} did: the pages of each merged material, the draw calls the parts need
 * before and after (once combined: one per distinct material, as core's combine merges submeshes of
 * equal materials), tiling parts, vertices split and warnings.
 *
 * <p>Immutable and thread-safe; the lists are unmodifiable.
 *
 * @param pages the pages, one merged material each, in order of the groups' first use then page order
 * @param tiling the parts whose coordinates leave {@code [0, 1]} for a material that takes part, in part order
 * @param drawCallsBefore distinct materials ({@code Material.equalsIgnoringName}) of the parts' submeshes
 *     that have triangles, before atlasing
 * @param drawCallsAfter the same count after atlasing
 * @param materialsMerged distinct source materials now drawn through a merged material
 * @param splitVertices vertices duplicated because submeshes of different atlas rectangles (or an atlased
 *     and a kept submesh) shared them
 * @param warnings sentences naming the part, material or image: materials left out and why, images
 *     downscaled or resized, factors baked, mip levels not kept clean
 */
public record AtlasReport(List<AtlasPage> pages, List<TiledPart> tiling, int drawCallsBefore, int drawCallsAfter,
        int materialsMerged, long splitVertices, List<String> warnings) {
    /** Copies the lists. */
    public AtlasReport {
        pages = List.copyOf(pages);
        tiling = List.copyOf(tiling);
        warnings = List.copyOf(warnings);
    }

    /** @return the number of pages over all merged materials */
    public int pageCount() {
        return pages.size();
    }
}
