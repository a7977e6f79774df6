package io.github.skinmesh.core.partition;

/**
 * What partitioning did to one submesh (in a glTF file, one primitive).
 *
 * @param submesh the submesh's index in the mesh
 * @param triangles its triangles
 * @param draws the partitions (draws) it was split into; 0 for a submesh without triangles
 * @param verticesBefore distinct vertices its triangles used before
 * @param verticesAfter distinct vertices its draws use after: {@code verticesBefore} plus one per
 *     extra draw that uses a vertex
 * @param duplicatedVertices vertices copied for its draws: a vertex that an earlier draw (of this
 *     or an earlier submesh) already uses gets a copy for each later draw that uses it
 * @param maxBonesPerDraw the largest palette of its draws (0 without draws)
 * @param lowerBound a number of draws no partitioning of the submesh can go below, counting bones
 *     as the mode does (see {@link PartitionReport#lowerBound()})
 */
public record SubmeshPartition(int submesh, int triangles, int draws, int verticesBefore, int verticesAfter,
        int duplicatedVertices, int maxBonesPerDraw, int lowerBound) {
}
