package io.github.skinmesh.testkit.random;

/** Which vertex streams a {@linkplain RandomModels#skinnedMesh random mesh} has besides positions and UVs. */
public enum VertexStreams {
    /** Positions only. */
    POSITIONS,
    /** Positions and unit normals. */
    NORMALS,
    /** Positions, unit normals and unit tangents orthogonal to them with {@code w = +-1}. */
    NORMALS_TANGENTS,
    /** Positions, normals, tangents and RGBA colors in [0, 1). */
    ALL
}
