package io.github.skinmesh.core.model;

/**
 * A range of a mesh's triangle index list drawn with one material: one draw call.
 *
 * @param firstIndex first index of the range (a multiple of 3)
 * @param indexCount number of indices (a multiple of 3)
 * @param materialIndex index into the mesh's materials
 */
public record Submesh(int firstIndex, int indexCount, int materialIndex) {
    /** @return {@code indexCount / 3} */
    public int triangleCount() {
        return indexCount / 3;
    }
}
