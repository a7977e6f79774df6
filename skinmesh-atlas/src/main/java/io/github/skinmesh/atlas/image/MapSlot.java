package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.model.Material;

/**
 * The channel maps of glTF's metallic-roughness materials that {@link ChannelMaps} composites, each
 * with its {@link Material} slot name and the encoding of its color channels.
 */
public enum MapSlot {
    /** Base color (sRGB color, linear alpha); neutral texel white. */
    BASE_COLOR(Material.BASE_COLOR, ColorEncoding.SRGB),
    /** Tangent-space normal (linear, {@code 2t-1}); neutral texel the flat normal (0.5, 0.5, 1). */
    NORMAL(Material.NORMAL, ColorEncoding.LINEAR),
    /** Roughness in G, metallic in B (linear); neutral texel white. */
    METALLIC_ROUGHNESS(Material.METALLIC_ROUGHNESS, ColorEncoding.LINEAR),
    /** Ambient occlusion in R (linear); neutral texel white. */
    OCCLUSION(Material.OCCLUSION, ColorEncoding.LINEAR),
    /** Emission (sRGB); neutral texel white, so that the emission is the factor. */
    EMISSIVE(Material.EMISSIVE, ColorEncoding.SRGB);

    private final String slot;
    private final ColorEncoding encoding;

    MapSlot(String slot, ColorEncoding encoding) {
        this.slot = slot;
        this.encoding = encoding;
    }

    /** @return the {@link Material} texture slot name, e.g. {@code "baseColor"} */
    public String slot() {
        return slot;
    }

    /** @return how the map's color channels are encoded, which decides how it is filtered */
    public ColorEncoding encoding() {
        return encoding;
    }
}
