package io.github.skinmesh.gltf;

import io.github.skinmesh.core.FormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Reads glTF 2.0 documents, binary ({@code .glb}) or JSON ({@code .gltf}), into a
 * {@link GltfAsset}: a {@link io.github.skinmesh.core.model.Character} (one skeleton, a skinned or
 * rigid part per node with a mesh, clips, materials with their images) plus each part's
 * {@link PartSource}, the bones' nodes, and warnings.
 *
 * <p>What is read: every triangle primitive (lists; strips and fans converted; points and lines
 * skipped with a warning) as a submesh of its node's part, with POSITION, NORMAL, TANGENT, COLOR_0
 * (vec3 gets alpha 1), every TEXCOORD_n, JOINTS_n/WEIGHTS_n (4 influences per set, 8 with two sets;
 * more sets keep the 8 largest), custom attributes {@code _NAME} as extra vertex attributes
 * {@code NAME} (SCALAR to VEC4, any component type but UNSIGNED_INT decoded to float, normalized
 * integers as normalized; matrix types and names that are not attribute names skipped with a
 * warning), morph targets (position, normal, tangent deltas; names from
 * {@code mesh.extras.targetNames}; default weights from {@code node.weights} or
 * {@code mesh.weights}), indices (0..n-1 when absent), in every component type the specification
 * allows (normalized integers decoded with its formulas; the wider types of
 * {@code KHR_mesh_quantization}); skins (inverse bind matrices, identity when absent;
 * {@code skin.skeleton} checked to be a common root, else a warning), skins no mesh uses included,
 * and the skeleton they span (see {@link GltfAsset} for which nodes become bones); materials
 * (metallic-roughness factors and textures, normal scale, occlusion strength, emissive, alpha mode and cutoff,
 * double-sidedness, {@code KHR_materials_unlit} as template {@code "unlit"}; images from buffer
 * views, data URIs or files, MIME type sniffed from PNG/JPEG/WebP/KTX2 magic when absent; an
 * image is loaded when a read primitive's material first uses it, and
 * {@link GltfAsset#imageSources()} tells what became of each; an external image file that cannot be
 * read fails the read unless {@link GltfReadOptions#unreadableImages()} drops its textures);
 * animations (translation, rotation, scale, weights; STEP, LINEAR, CUBICSPLINE; outputs in any
 * allowed type); the document's top-level {@code extras} ({@link GltfAsset#extras()}). Extensions
 * listed in {@code extensionsRequired} other than
 * {@code KHR_materials_unlit} and {@code KHR_mesh_quantization} are rejected; extensions only used
 * are ignored with a warning.
 *
 * <p><b>Hostile input.</b> Every declared count, length, offset and stride is checked against the
 * bytes actually present, in long arithmetic, before anything is allocated, and the JSON tree,
 * the decoded arrays and what posing each node takes may together come to at most
 * {@link GltfReadOptions#memoryFactor()} times the input size (see there for what is charged).
 * Only regular files are opened.
 * Any malformed, truncated or inconsistent file fails with a {@link FormatException} naming the
 * element, the value and the limit, for example {@code "accessors[7]: byteOffset 1200 + stride
 * 36*(count 100 - 1) + elementSize 36 = 4800 exceeds bufferViews[2].byteLength 3000"}; node
 * hierarchies with cycles or nodes with two parents are rejected likewise.
 *
 * <p>Example:
 * <pre>{@code
 * GltfAsset fox = GltfReader.read(Path.of("Fox.glb"));
 * Skeleton skeleton = fox.skeleton();
 * Mesh body = fox.parts().get(0).mesh();
 * AnimationClip walk = fox.clip("Walk");
 * }</pre>
 *
 * <p>All methods are stateless and thread-safe; each call allocates the asset's arrays, sized by
 * the file.
 */
public final class GltfReader {
    private GltfReader() {
    }

    /**
     * Reads a file with the {@linkplain GltfReadOptions#DEFAULTS default options}.
     *
     * @param file a {@code .glb} or {@code .gltf} file
     * @return the asset
     * @throws IOException when the file itself cannot be read
     * @throws FormatException when the document is malformed, inconsistent or unsupported, or an
     *     external resource is missing or outside the file's folder (for an image, unless the
     *     options drop unreadable images' textures); its
     *     {@linkplain FormatException#source() source} is {@code file} and its message starts with
     *     {@code file + ": "}
     */
    public static GltfAsset read(Path file) throws IOException {
        return read(file, GltfReadOptions.DEFAULTS);
    }

    /**
     * Reads a file. External buffers and images of a {@code .gltf} are resolved beside it with
     * {@link ResourceResolver#folder(Path)}, unless the options disable external resources (then
     * any external URI is a {@link FormatException}).
     *
     * @param file a {@code .glb} or {@code .gltf} file
     * @param options reading options
     * @return the asset
     * @throws IOException when the file itself cannot be read
     * @throws FormatException as {@link #read(Path)} (with {@code file} as its source); also when the
     *     file is larger than 2 GiB, or is not a regular file (a directory, a FIFO, a device, a
     *     socket: refused before it is opened, since reading one may never end), and when an
     *     external buffer or image is not a regular file
     */
    public static GltfAsset read(Path file, GltfReadOptions options) throws IOException {
        Objects.requireNonNull(options, "options");
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new FormatException(file, "is " + FolderResolver.kind(file, attributes) + ", not a regular file; "
                    + "only regular files are read", null);
        }
        long size = attributes.size();
        if (size > FolderResolver.MAX_FILE_BYTES) {
            throw new FormatException(file, size + " bytes, more than the " + FolderResolver.MAX_FILE_BYTES
                    + " a Java array holds", null);
        }
        byte[] bytes = Files.readAllBytes(file);
        Path folder = file.toAbsolutePath().getParent();
        ResourceResolver resolver = folder == null ? ResourceResolver.none() : ResourceResolver.folder(folder);
        try {
            return Importer.read(bytes, String.valueOf(file.getFileName()), null, resolver, options);
        } catch (FormatException e) {
            throw e.withSource(file);
        }
    }

    /**
     * Reads a document from memory with the default options.
     *
     * @param bytes the document: GLB (recognized by its magic or a {@code .glb} name) or JSON
     * @param name a name for messages; a name ending in {@code .glb} requires the GLB container
     * @param resolver loads external resources ({@link ResourceResolver#none()} for self-contained files)
     * @return the asset
     * @throws FormatException when the document is malformed, inconsistent or unsupported, or a
     *     resource cannot be resolved; it has no {@linkplain FormatException#source() source} (the
     *     bytes are not a file), and messages that refer to the whole document name it {@code name}
     */
    public static GltfAsset read(byte[] bytes, String name, ResourceResolver resolver) {
        return read(bytes, name, resolver, GltfReadOptions.DEFAULTS);
    }

    /**
     * Reads a document from memory. The bytes are not copied; do not change them during the call.
     *
     * @param bytes the document: GLB (recognized by its magic or a {@code .glb} name) or JSON
     * @param name a name for messages; a name ending in {@code .glb} requires the GLB container
     * @param resolver loads external resources
     * @param options reading options
     * @return the asset
     * @throws FormatException as {@link #read(byte[], String, ResourceResolver)}
     */
    public static GltfAsset read(byte[] bytes, String name, ResourceResolver resolver, GltfReadOptions options) {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(resolver, "resolver");
        Objects.requireNonNull(options, "options");
        return Importer.read(bytes, name, name, resolver, options);
    }
}
