package io.github.skinmesh.core.partition;

/**
 * What {@link Partition#partition(io.github.skinmesh.core.model.Mesh, int, PartitionOptions)}
 * does with a triangle whose own bones (as its {@link PartitionMode} counts them) exceed
 * {@code maxBones}, which no partition can hold. Possible only when {@code maxBones} is below
 * three times the influences per vertex (12 with 4 influences).
 */
public enum OversizeTriangles {
    /** Fail with a {@link io.github.skinmesh.core.ValidationException} naming the triangle. The default. */
    FAIL,
    /**
     * Remove from the triangle's vertices, one bone at a time, the bone whose removal loses the
     * least weight (summed over the triangle's vertices; a zero-weight slot that
     * {@link PartitionMode#GREEDY} counts loses nothing), until the triangle fits; each changed
     * vertex is rescaled to its former weight sum. A vertex keeps at least one influence: when no
     * bone can go without emptying a vertex, it fails as {@link #FAIL} does. The changed vertices
     * change for every triangle that uses them. The report gives the weight removed.
     */
    DROP_INFLUENCES
}
