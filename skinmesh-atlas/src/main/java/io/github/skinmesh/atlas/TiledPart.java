package io.github.skinmesh.atlas;

import java.util.Objects;

/**
 * A part whose texture coordinates leave {@code [0, 1]} for one of its materials, and what the atlas
 * did about it. Ranges are in top-left terms ({@link VOrigin#TOP_LEFT}: with bottom-left input, {@code v}
 * here is {@code 1 - v}).
 *
 * @param part the part's name
 * @param partIndex the part's index in the input list
 * @param material the material's name
 * @param texCoord the UV set its textures sample
 * @param minU smallest {@code u} of the material's triangles
 * @param maxU largest {@code u}
 * @param minV smallest {@code v}
 * @param maxV largest {@code v}
 * @param action baked into a repeat, or the part kept out of the atlas
 * @param tilesU tile columns baked ({@code ceil(maxU) - floor(minU)}, at least 1), as needed when kept out
 * @param tilesV tile rows baked, as needed when kept out
 */
public record TiledPart(String part, int partIndex, String material, int texCoord, float minU, float maxU,
        float minV, float maxV, Action action, int tilesU, int tilesV) {
    /** What was done with a tiling part. */
    public enum Action {
        /** The texture was composited {@code tilesU x tilesV} times and the coordinates remapped into it. */
        BAKED,
        /** The part was left out of the atlas (its materials and textures are unchanged). */
        KEPT_OUT
    }

    /**
     * Checks the names.
     *
     * @throws NullPointerException when a name or the action is null
     */
    public TiledPart {
        Objects.requireNonNull(part, "part");
        Objects.requireNonNull(material, "material");
        Objects.requireNonNull(action, "action");
    }
}
