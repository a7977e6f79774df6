package io.github.skinmesh.vat;

/** Which vertex streams a vertex animation texture bake writes. */
public enum VatStreams {
    /** A positions texture only. */
    POSITIONS,
    /**
     * A positions texture and a normals texture of the same layout; every baked part must have
     * normals. Normals are stored as unit xyz in the float encodings and octahedral-encoded in the
     * normalized ones.
     */
    POSITIONS_NORMALS;

    /** @return whether normals are baked */
    public boolean normals() {
        return this == POSITIONS_NORMALS;
    }
}
