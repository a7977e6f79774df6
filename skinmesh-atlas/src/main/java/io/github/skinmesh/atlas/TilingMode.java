package io.github.skinmesh.atlas;

/**
 * What {@link Atlases#atlasParts} does with a part whose texture coordinates leave {@code [0, 1]}
 * (a tiling texture), which one rectangle of an atlas cannot reproduce as it is.
 */
public enum TilingMode {
    /** Fail, naming the part, the material, the coordinate and its range (the default). */
    FAIL,
    /** Leave the whole part out of the atlas: it keeps its materials and textures, reported. */
    KEEP_OUT,
    /**
     * Bake the repeat: the texture is composited {@code n x m} times side by side (each tile sampled as the
     * texture's wrap modes say: repeated, mirrored or clamped) into a larger rectangle and the part's
     * coordinates are remapped into it. More than {@link AtlasOptions#maxRepeat()} tiles along an axis fail,
     * naming the part, the extent and the limit.
     */
    BAKE_REPEAT,
    /** As {@link #BAKE_REPEAT}, but a part needing more tiles than allowed is left out of the atlas instead. */
    BAKE_REPEAT_OR_KEEP_OUT
}
