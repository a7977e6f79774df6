package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.model.Mesh;
import java.util.Arrays;
import java.util.Objects;

/**
 * The result of {@link Partition#partition(Mesh, int, PartitionOptions)}: the partitioned mesh,
 * where each of its vertices came from, and the {@link PartitionReport}.
 *
 * <p>The mesh keeps the input's vertices {@code 0..verticesBefore-1} in place (every stream
 * unchanged, but the weights of vertices that {@link OversizeTriangles#DROP_INFLUENCES} changed)
 * and appends the copies; {@link #sourceVertex(int)} maps every vertex to the input vertex it
 * copies. Its submeshes keep their index ranges and materials, their triangles reordered draw by
 * draw, and carry their {@linkplain io.github.skinmesh.core.model.Draw draws}.
 *
 * <p>Immutable and thread-safe.
 */
public final class PartitionResult {
    private final Mesh mesh;
    private final int[] sourceVertices;
    private final PartitionReport report;

    PartitionResult(Mesh mesh, int[] sourceVertices, PartitionReport report) {
        assert sourceVertices.length == mesh.vertexCount();
        this.mesh = mesh;
        this.sourceVertices = sourceVertices;
        this.report = report;
    }

    /** @return the partitioned mesh */
    public Mesh mesh() {
        return mesh;
    }

    /** @return the report */
    public PartitionReport report() {
        return report;
    }

    /**
     * @param vertex a vertex of {@link #mesh()}
     * @return the input vertex it is (for {@code vertex < verticesBefore}, {@code vertex} itself) or copies
     * @throws IndexOutOfBoundsException when {@code vertex} is not a vertex of the mesh
     */
    public int sourceVertex(int vertex) {
        return sourceVertices[Objects.checkIndex(vertex, sourceVertices.length)];
    }

    /**
     * Copies the source vertex of every vertex of {@link #mesh()}.
     *
     * @param dst destination, at least {@code offset + mesh().vertexCount()} ints
     * @param offset first element written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short
     */
    public int[] sourceVerticesInto(int[] dst, int offset) {
        System.arraycopy(sourceVertices, 0, dst, offset, sourceVertices.length);
        return dst;
    }

    /** @return a fresh array of {@code mesh().vertexCount()} source vertices */
    public int[] sourceVertices() {
        return sourceVertices.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof PartitionResult r && r.mesh.equals(mesh)
                && Arrays.equals(r.sourceVertices, sourceVertices) && r.report.equals(report));
    }

    @Override
    public int hashCode() {
        return 31 * (31 * mesh.hashCode() + Arrays.hashCode(sourceVertices)) + report.hashCode();
    }

    @Override
    public String toString() {
        return "PartitionResult[" + report.draws() + " draws, vertices " + report.verticesBefore() + " -> "
                + report.verticesAfter() + "]";
    }
}
