package io.github.skinmesh.testkit.humanoid;

/** How each part's {@link io.github.skinmesh.core.model.Skin} orders its bone palette. */
public enum PaletteOrder {
    /**
     * The bones the part is weighted to, shuffled by the seed (a different shuffle per part), as
     * parts exported from different tools come: combining them must remap joints by bone name.
     */
    SHUFFLED,
    /** The bones the part is weighted to, in skeleton order. */
    SKELETON
}
