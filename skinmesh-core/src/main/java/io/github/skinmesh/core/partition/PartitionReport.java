package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.model.Index;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Partition#partition(io.github.skinmesh.core.model.Mesh, int, PartitionOptions)} did,
 * per submesh and in total.
 *
 * <p>The lower bound: for each submesh, the larger of {@code ceil(bones / maxBones)} (every bone a
 * triangle of the submesh counts must be bound by some draw, and a draw binds at most
 * {@code maxBones}) and the size of a set of triangles no two of which fit one draw together
 * (found greedily); summed over submeshes, since a draw never spans two. Bones are counted as
 * the mode counts them, so with {@link PartitionMode#GREEDY} the bound holds for palettes that bind
 * zero-weight slots too, and with {@link PartitionMode#OPTIMIZED} it holds for every partitioning
 * whatsoever.
 *
 * @param mode the mode used
 * @param maxBones the limit of bones per draw
 * @param submeshes one entry per submesh, in order, read-only
 * @param draws draws of all submeshes
 * @param verticesBefore the mesh's vertex count before
 * @param verticesAfter its vertex count after: {@code verticesBefore + duplicatedVertices}
 * @param duplicatedVertices vertices appended as copies, over all submeshes
 * @param maxBonesPerDraw the largest palette of any draw
 * @param lowerBound the sum of the submeshes' lower bounds on draws
 * @param droppedInfluences slots of weight {@code > 0} set to zero by
 *     {@link OversizeTriangles#DROP_INFLUENCES}; 0 otherwise
 * @param changedVertices vertices whose weights that changed
 * @param changedTriangles triangles that did not fit and were made to fit
 * @param weightRemoved the weight removed, summed over the changed vertices, each in its original
 *     units: its original weight sum times the fraction of it that was dropped (a vertex rescaled
 *     after one drop and then losing another bone loses a fraction of what it kept)
 * @param largestWeightRemoved the largest weight one vertex lost, as a fraction of its weight sum,
 *     {@code 0..1}; 0 when nothing was dropped
 * @param largestWeightRemovedVertex that vertex, or {@link Index#NONE}
 * @param warnings sentences naming what changed (dropped influences), read-only
 */
public record PartitionReport(PartitionMode mode, int maxBones, List<SubmeshPartition> submeshes, int draws,
        int verticesBefore, int verticesAfter, int duplicatedVertices, int maxBonesPerDraw, int lowerBound,
        int droppedInfluences, int changedVertices, int changedTriangles, double weightRemoved,
        float largestWeightRemoved, int largestWeightRemovedVertex, List<String> warnings) {
    /**
     * Creates the report, copying the lists.
     *
     * @param mode mode
     * @param maxBones limit
     * @param submeshes per submesh
     * @param draws draws
     * @param verticesBefore vertices before
     * @param verticesAfter vertices after
     * @param duplicatedVertices copies
     * @param maxBonesPerDraw largest palette
     * @param lowerBound lower bound on draws
     * @param droppedInfluences dropped influences
     * @param changedVertices changed vertices
     * @param changedTriangles changed triangles
     * @param weightRemoved removed weight
     * @param largestWeightRemoved largest fraction one vertex lost
     * @param largestWeightRemovedVertex its vertex
     * @param warnings warnings
     */
    public PartitionReport {
        Objects.requireNonNull(mode, "mode");
        submeshes = List.copyOf(submeshes);
        warnings = List.copyOf(warnings);
    }
}
