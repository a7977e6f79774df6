package io.github.skinmesh.laya;

/** Where the {@code .lm} writer takes a skinned mesh's draws (bone dictionaries) from. */
public enum LmDraws {
    /**
     * The mesh's own draws when every submesh with triangles has draws and none binds more than
     * {@code maxBones} bones (a mesh read from a {@code .lm} file, or partitioned before); otherwise
     * the mesh is partitioned as with {@link #PARTITION}. The default.
     */
    KEEP,
    /** Always partitions, replacing any draws the mesh has. */
    PARTITION
}
