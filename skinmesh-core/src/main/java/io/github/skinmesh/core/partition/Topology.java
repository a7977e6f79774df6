package io.github.skinmesh.core.partition;

/**
 * The vertex adjacency of one submesh's triangles: its vertices renumbered locally
 * ({@code 0..vertexCount-1} in order of first use), each triangle's three local corners, and for
 * each local vertex the triangles that use it (ascending, a triangle that repeats a vertex listed
 * once per corner). Package-private; immutable once built.
 */
final class Topology {
    final int triangles;
    final int vertexCount;
    /** Local vertex of corner {@code c} of triangle {@code t}: {@code corners[3t+c]}. */
    final int[] corners;
    /** Triangles of local vertex {@code v}: {@code vertexTriangles[vertexStart[v] .. vertexStart[v+1]-1]}. */
    final int[] vertexStart;
    final int[] vertexTriangles;
    /** Mesh vertex of each local vertex. */
    final int[] meshVertex;

    private Topology(int triangles, int vertexCount, int[] corners, int[] vertexStart, int[] vertexTriangles,
            int[] meshVertex) {
        this.triangles = triangles;
        this.vertexCount = vertexCount;
        this.corners = corners;
        this.vertexStart = vertexStart;
        this.vertexTriangles = vertexTriangles;
        this.meshVertex = meshVertex;
    }

    /**
     * @param indices the mesh's indices
     * @param firstIndex the submesh's first index
     * @param triangles its triangles
     * @param localOf scratch, one int per mesh vertex, every element -1; restored before returning
     * @return the topology
     */
    static Topology of(int[] indices, int firstIndex, int triangles, int[] localOf) {
        int[] corners = new int[3 * triangles];
        int[] meshVertex = new int[Math.min(3 * triangles, localOf.length)];
        int count = 0;
        for (int i = 0; i < 3 * triangles; i++) {
            int v = indices[firstIndex + i];
            int local = localOf[v];
            if (local < 0) {
                local = count++;
                localOf[v] = local;
                meshVertex[local] = v;
            }
            corners[i] = local;
        }
        int[] start = new int[count + 1];
        for (int i = 0; i < corners.length; i++) {
            start[corners[i] + 1]++;
        }
        for (int v = 0; v < count; v++) {
            start[v + 1] += start[v];
        }
        int[] fill = new int[count];
        int[] tris = new int[corners.length];
        for (int i = 0; i < corners.length; i++) {
            int v = corners[i];
            tris[start[v] + fill[v]++] = i / 3;
        }
        for (int v = 0; v < count; v++) {
            localOf[meshVertex[v]] = -1;
        }
        return new Topology(triangles, count, corners, start, tris, java.util.Arrays.copyOf(meshVertex, count));
    }

    /**
     * Counts the extra draws per vertex: for each vertex, the number of distinct groups among the
     * triangles that use it, minus one, summed. This is the number of copies that splitting the
     * submesh by {@code groupOf} needs (not counting copies for other submeshes).
     *
     * @param groupOf group per triangle
     * @return the copies
     */
    long splits(int[] groupOf) {
        long sum = 0;
        for (int v = 0; v < vertexCount; v++) {
            int distinct = 0;
            for (int i = vertexStart[v], end = vertexStart[v + 1]; i < end; i++) {
                int g = groupOf[vertexTriangles[i]];
                boolean seen = false;
                for (int m = vertexStart[v]; m < i; m++) {
                    if (groupOf[vertexTriangles[m]] == g) {
                        seen = true;
                        break;
                    }
                }
                if (!seen) {
                    distinct++;
                }
            }
            sum += distinct - 1;
        }
        return sum;
    }
}
