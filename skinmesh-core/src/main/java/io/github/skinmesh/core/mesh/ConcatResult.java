package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.model.Mesh;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@link Meshes#concat}: the concatenated mesh, the warnings about streams that
 * some meshes lacked and were filled, and where each input mesh went (its first vertex, index,
 * submesh and material, and how its palette entries and morph targets were renumbered).
 *
 * <p>Immutable and thread-safe; no method returns an internal array.
 */
public final class ConcatResult {
    private final Mesh mesh;
    private final List<String> warnings;
    private final int[] firstVertex;
    private final int[] firstIndex;
    private final int[] firstSubmesh;
    private final int[] firstMaterial;
    private final int[][] paletteRemap;
    private final int[][] morphTargetRemap;

    ConcatResult(Mesh mesh, List<String> warnings, int[] firstVertex, int[] firstIndex, int[] firstSubmesh,
            int[] firstMaterial, int[][] paletteRemap, int[][] morphTargetRemap) {
        this.mesh = Objects.requireNonNull(mesh, "mesh");
        this.warnings = List.copyOf(warnings);
        this.firstVertex = firstVertex;
        this.firstIndex = firstIndex;
        this.firstSubmesh = firstSubmesh;
        this.firstMaterial = firstMaterial;
        this.paletteRemap = paletteRemap;
        this.morphTargetRemap = morphTargetRemap;
    }

    /** @return the concatenated mesh */
    public Mesh mesh() {
        return mesh;
    }

    /**
     * @return human-readable notes, one per filled stream of one input mesh (computed normals or
     *     tangents, white colors, zero UVs, zero attributes, zero morph deltas) and per conflicting
     *     default morph weight, in input order; read-only
     */
    public List<String> warnings() {
        return warnings;
    }

    /** @return the number of input meshes */
    public int meshCount() {
        return firstVertex.length;
    }

    /**
     * @param meshIndex input mesh, {@code 0..meshCount-1}
     * @return the result vertex that the mesh's vertex 0 became (its vertices follow in order)
     */
    public int firstVertex(int meshIndex) {
        return firstVertex[Objects.checkIndex(meshIndex, firstVertex.length)];
    }

    /**
     * @param meshIndex input mesh, {@code 0..meshCount-1}
     * @return the result index position that the mesh's index 0 became
     */
    public int firstIndex(int meshIndex) {
        return firstIndex[Objects.checkIndex(meshIndex, firstIndex.length)];
    }

    /**
     * @param meshIndex input mesh, {@code 0..meshCount-1}
     * @return the result submesh that the mesh's submesh 0 became
     */
    public int firstSubmesh(int meshIndex) {
        return firstSubmesh[Objects.checkIndex(meshIndex, firstSubmesh.length)];
    }

    /**
     * @param meshIndex input mesh, {@code 0..meshCount-1}
     * @return the result material that the mesh's material 0 became
     */
    public int firstMaterial(int meshIndex) {
        return firstMaterial[Objects.checkIndex(meshIndex, firstMaterial.length)];
    }

    /**
     * @param meshIndex input mesh, {@code 0..meshCount-1}
     * @param entry an entry of that mesh's palette
     * @return the entry of the result's palette with the same bone
     * @throws IndexOutOfBoundsException when the meshes are not skinned, or an index is out of range
     */
    public int paletteEntry(int meshIndex, int entry) {
        int[] remap = paletteRemap[Objects.checkIndex(meshIndex, paletteRemap.length)];
        return remap[Objects.checkIndex(entry, remap.length)];
    }

    /**
     * @param meshIndex input mesh, {@code 0..meshCount-1}
     * @param target a morph target of that mesh
     * @return the result's morph target it was united into
     * @throws IndexOutOfBoundsException when an index is out of range
     */
    public int morphTarget(int meshIndex, int target) {
        int[] remap = morphTargetRemap[Objects.checkIndex(meshIndex, morphTargetRemap.length)];
        return remap[Objects.checkIndex(target, remap.length)];
    }

    @Override
    public String toString() {
        return "ConcatResult[" + mesh + ", " + firstVertex.length + " meshes, " + warnings.size() + " warnings]";
    }
}
