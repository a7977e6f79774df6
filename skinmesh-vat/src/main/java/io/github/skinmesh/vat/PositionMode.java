package io.github.skinmesh.vat;

/** What a vertex animation texture's position texels hold. */
public enum PositionMode {
    /** The posed position in model space. */
    ABSOLUTE,
    /**
     * The posed position minus the vertex's bind-pose position (the mesh's own position, with the
     * part's transform applied); the shader adds the vertex's position attribute back. Offsets
     * are smaller than positions, so half and normalized encodings lose less.
     */
    OFFSET
}
