package io.github.skinmesh.core.model;

/** How a material's alpha is used (glTF {@code alphaMode}). */
public enum AlphaMode {
    /** Alpha ignored, fully opaque. */
    OPAQUE,
    /** Alpha tested against a cutoff. */
    MASK,
    /** Alpha blended. */
    BLEND
}
