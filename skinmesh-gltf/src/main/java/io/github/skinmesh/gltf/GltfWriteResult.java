package io.github.skinmesh.gltf;

import java.util.List;

/**
 * What {@link GltfWriter} wrote.
 *
 * @param byteCount bytes of the GLB file, a multiple of 4
 * @param nodeCount glTF nodes (one per bone plus one per part not placed on a bone)
 * @param meshCount glTF meshes (parts sharing a mesh share one)
 * @param primitiveCount glTF primitives (one per non-empty submesh)
 * @param accessorCount glTF accessors
 * @param imageCount images embedded in the BIN chunk (equal images written once)
 * @param animationCount glTF animations (clips without channels are skipped)
 * @param warnings what could not be written exactly, read-only
 */
public record GltfWriteResult(long byteCount, int nodeCount, int meshCount, int primitiveCount, int accessorCount,
        int imageCount, int animationCount, List<String> warnings) {
    /**
     * Copies the warnings.
     *
     * @param byteCount see the record description
     * @param nodeCount see the record description
     * @param meshCount see the record description
     * @param primitiveCount see the record description
     * @param accessorCount see the record description
     * @param imageCount see the record description
     * @param animationCount see the record description
     * @param warnings see the record description
     */
    public GltfWriteResult {
        warnings = List.copyOf(warnings);
    }
}
