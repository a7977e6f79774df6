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
    POSITIONS_NORMALS,
    /**
     * Positions, normals and a tangents texture of the same layout; every baked part must have
     * normals and tangents. A tangent texel holds the unit direction and the handedness: xyz and
     * {@code w = -1} or {@code +1} in the float encodings; the octahedral direction in RG and
     * {@code w} in A as 0 ({@code -1}) or the largest integer ({@code +1}) in the normalized ones,
     * so that {@code a * 2 - 1} gives it back. The handedness is the sign of the posed tangent's
     * {@code w} ({@code -1} when it is below 0, else {@code +1}) and decodes exactly.
     */
    POSITIONS_NORMALS_TANGENTS;

    /** @return whether normals are baked */
    public boolean normals() {
        return this != POSITIONS;
    }

    /** @return whether tangents are baked */
    public boolean tangents() {
        return this == POSITIONS_NORMALS_TANGENTS;
    }
}
