package io.github.skinmesh.core.partition;

import java.util.Objects;

/**
 * Options of {@link Partition#partition(io.github.skinmesh.core.model.Mesh, int, PartitionOptions)}.
 *
 * @param mode how triangles are grouped; default {@link PartitionMode#OPTIMIZED}
 * @param oversize what happens to a triangle whose own bones exceed {@code maxBones}; default
 *     {@link OversizeTriangles#FAIL}
 */
public record PartitionOptions(PartitionMode mode, OversizeTriangles oversize) {
    /** {@link PartitionMode#OPTIMIZED}, failing on a triangle that cannot fit. */
    public static final PartitionOptions DEFAULTS = new PartitionOptions(PartitionMode.OPTIMIZED, OversizeTriangles.FAIL);

    /**
     * Checks the options.
     *
     * @param mode how triangles are grouped
     * @param oversize the policy for triangles that cannot fit
     * @throws NullPointerException when an argument is null
     */
    public PartitionOptions {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(oversize, "oversize");
    }

    /**
     * @param value how triangles are grouped
     * @return a copy with that mode
     */
    public PartitionOptions withMode(PartitionMode value) {
        return new PartitionOptions(value, oversize);
    }

    /**
     * @param value the policy for triangles that cannot fit
     * @return a copy with that policy
     */
    public PartitionOptions withOversize(OversizeTriangles value) {
        return new PartitionOptions(mode, value);
    }
}
