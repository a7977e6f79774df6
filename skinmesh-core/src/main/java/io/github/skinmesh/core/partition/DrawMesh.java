package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.model.Mesh;
import java.util.Arrays;
import java.util.Objects;

/**
 * One draw of a partitioned mesh as a mesh of its own, from {@link Partition#drawMeshes(Mesh)}:
 * only the vertices the draw's triangles use, one submesh, and a skin whose palette is exactly
 * the draw's palette entries (joints are local slots of the draw), for a format or engine that
 * binds one palette per mesh.
 *
 * <p>Immutable and thread-safe.
 */
public final class DrawMesh {
    private final int submesh;
    private final int draw;
    private final Mesh mesh;
    private final int[] sourceVertices;

    DrawMesh(int submesh, int draw, Mesh mesh, int[] sourceVertices) {
        assert sourceVertices.length == mesh.vertexCount();
        this.submesh = submesh;
        this.draw = draw;
        this.mesh = mesh;
        this.sourceVertices = sourceVertices;
    }

    /** @return the submesh of the partitioned mesh the draw belongs to */
    public int submesh() {
        return submesh;
    }

    /** @return the draw's index within its submesh */
    public int draw() {
        return draw;
    }

    /** @return the draw as a mesh */
    public Mesh mesh() {
        return mesh;
    }

    /**
     * @param vertex a vertex of {@link #mesh()}
     * @return the vertex of the partitioned mesh it copies
     * @throws IndexOutOfBoundsException when {@code vertex} is not a vertex of the mesh
     */
    public int sourceVertex(int vertex) {
        return sourceVertices[Objects.checkIndex(vertex, sourceVertices.length)];
    }

    /** @return a fresh array of {@code mesh().vertexCount()} source vertices */
    public int[] sourceVertices() {
        return sourceVertices.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof DrawMesh d && d.submesh == submesh && d.draw == draw && d.mesh.equals(mesh)
                && Arrays.equals(d.sourceVertices, sourceVertices));
    }

    @Override
    public int hashCode() {
        return Objects.hash(submesh, draw, mesh, Arrays.hashCode(sourceVertices));
    }

    @Override
    public String toString() {
        return "DrawMesh[submesh " + submesh + " draw " + draw + ", " + mesh.vertexCount() + " vertices]";
    }
}
