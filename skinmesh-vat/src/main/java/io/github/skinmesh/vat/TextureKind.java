package io.github.skinmesh.vat;

/** What an animation texture holds: its manifest's {@code kind}. */
public enum TextureKind {
    /** One texel per vertex per frame (manifest kind {@code vertex}). */
    VERTEX,
    /** Three texels per palette bone per frame, the rows of its 3x4 skin matrix (manifest kind {@code bones}). */
    BONES;

    /** @return {@code vertex} or {@code bones} */
    public String manifestName() {
        return this == VERTEX ? "vertex" : "bones";
    }
}
