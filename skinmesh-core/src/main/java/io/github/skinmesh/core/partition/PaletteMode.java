package io.github.skinmesh.core.partition;

/**
 * What becomes of a mesh's bone palette when {@link BoneReduction} folds bones: joints always stay
 * indices into the resulting skin's palette.
 */
public enum PaletteMode {
    /**
     * The palette is rebuilt to hold exactly the bones that keep weight: the kept entries of the
     * input palette in their order, then the ancestors that took weight without being in the
     * palette, in skeleton order. A renderer binding the whole palette then binds at most the
     * target's number of bones: the crowd level of detail. Draw palette entries are renumbered.
     */
    COMPACT,
    /**
     * Every entry of the input palette stays at its index (folded bones keep their entry, now
     * without weight); ancestors that took weight without being in the palette are appended, in
     * skeleton order. Joints of vertices that lost nothing keep their values, so data indexed by
     * palette entry (bone textures baked for the full palette) still applies.
     */
    KEEP
}
