package io.github.skinmesh.core.combine;

/** The index width a writer should use for a mesh: 16 bits when every vertex index fits. */
public enum IndexWidth {
    /** Unsigned 16-bit indices: at most {@value #MAX_UINT16_VERTICES} vertices. */
    UINT16,
    /** Unsigned 32-bit indices. */
    UINT32;

    /** Largest vertex count whose indices fit 16 bits. */
    public static final int MAX_UINT16_VERTICES = 65535;

    /**
     * @param vertexCount a mesh's vertex count, {@code >= 0}
     * @return {@link #UINT16} for at most {@value #MAX_UINT16_VERTICES} vertices, else {@link #UINT32}
     */
    public static IndexWidth forVertexCount(int vertexCount) {
        return vertexCount <= MAX_UINT16_VERTICES ? UINT16 : UINT32;
    }

    /** @return bytes per index, 2 or 4 */
    public int bytes() {
        return this == UINT16 ? 2 : 4;
    }
}
