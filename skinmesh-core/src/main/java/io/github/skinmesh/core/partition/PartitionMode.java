package io.github.skinmesh.core.partition;

/**
 * How {@link Partition#partition(io.github.skinmesh.core.model.Mesh, int, PartitionOptions)}
 * groups triangles into bone-palette partitions.
 */
public enum PartitionMode {
    /**
     * The grouping of LayaAir's official Unity exporter, step by step, so that existing assets can
     * be matched: per submesh, triangles in order; a triangle's bone set is the distinct joints of
     * every slot of its three vertices, zero-weight slots included, in slot order (the lossless
     * slots of {@link io.github.skinmesh.core.model.BoneWeights} when the mesh kept them); it goes
     * into the first partition that already holds its set or can take the missing bones within
     * {@code maxBones} (appended in set order), else into a new partition; each partition's
     * palette is in first-use order; partitions are drawn in creation order with their triangles
     * in their original order.
     */
    GREEDY,
    /**
     * Counts only influences of weight {@code > 0} and minimizes first the number of partitions,
     * then the number of duplicated vertices: partitions grown over connected triangles (fewest new
     * bones first), then refined by merging partitions, dissolving small ones and moving triangles
     * between partitions; never more partitions than {@link #GREEDY} on the same mesh. Each
     * partition's palette lists its bones in ascending palette order. The default.
     */
    OPTIMIZED
}
