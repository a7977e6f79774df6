package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.LittleEndianWriter;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Writes a {@link GltfAsset} as a binary glTF 2.0 file (GLB) that the Khronos glTF-Validator
 * accepts without errors.
 *
 * <p><b>Layout.</b> Every bone becomes a node, node index = bone index, with its rest TRS (default
 * components omitted); each mesh instance becomes a node under its attach bone's node (or a scene
 * root) with its local matrix, except an instance named like its attach bone with an identity
 * local matrix, which is written onto that bone's node (this is how an animated skinned node
 * reads). A skin lists the palette bones' nodes in palette order with the inverse bind matrices,
 * and {@code skin.skeleton} is their closest common root. Each submesh of a core
 * {@link io.github.skinmesh.core.model.Mesh} becomes a glTF primitive; the primitives of one
 * mesh share its vertex accessors. POSITION accessors carry min/max; indices are 16-bit when the
 * mesh has at most 65535 vertices (see {@link GltfWriteOptions.IndexWidth}), else 32-bit; joints
 * are unsigned bytes for palettes up to 256 bones, else unsigned shorts; weights are floats, with
 * {@code K <= 4} influences in JOINTS_0/WEIGHTS_0 and {@code K <= 8} in two sets (unused slots
 * zero). Morph targets keep their names in {@code mesh.extras.targetNames}; materials, textures,
 * samplers and images (embedded in the BIN chunk) are written once each; clips become
 * animations sharing equal key-time accessors. Every buffer view and chunk starts on a 4-byte
 * boundary.
 *
 * <p><b>The whole skeleton.</b> A reader finds the skeleton in the node hierarchy: the joints of
 * the skins, their ancestors, and the nodes of each skin's hierarchy (this module's reader keeps
 * the nodes without a mesh and the animated nodes below the joints' common root, see
 * {@link GltfAsset}). Bones it would not find that way (a helper bone beside the weighted ones,
 * the bones of a second root without joints, a bone carrying an instance, every bone of an asset
 * without skinned meshes) are declared in an extra skin per root that no mesh uses, listing them
 * with their rest pose as bind pose: any glTF tool that builds skeletons from skins sees them,
 * and the file stays valid (the validator reports the unused skin as information only).
 *
 * <p><b>Round trip.</b> Reading the output gives an asset equal to the input, skeleton and clips
 * whole, when each mesh has one submesh, {@code K} is 4 or 8, every clip has a channel, no
 * instance is named like a bone other than the one it sits on with an identity matrix, every
 * material samples only UV channels its meshes have, and every instance's local matrix is a TRS;
 * this holds for every asset the reader returns. Otherwise the differences are: one mesh per
 * submesh, influences padded to 4 or 8, empty clips dropped, a clashing instance name made unique,
 * textures on missing UV channels left out, a non-TRS matrix approximated (the last three with a
 * warning in the result). A palette whose bones lie under two root bones cannot be written (glTF
 * requires the joints of a skin to have a common root).
 *
 * <p><b>Determinism.</b> The bytes depend only on the asset and the options: the same input
 * gives identical files. Nothing is written before the whole file is built, so a failure leaves
 * no partial output.
 *
 * <p>Stateless and thread-safe; each call allocates the file's bytes once in memory.
 */
public final class GltfWriter {
    private GltfWriter() {
    }

    /**
     * Writes GLB bytes with the default options.
     *
     * @param asset the asset
     * @param out destination; not closed
     * @return counts and warnings
     * @throws IOException when writing fails
     * @throws ValidationException when an instance has no triangles, two primitives of an instance
     *     give one bone different inverse bind matrices, a name (of the skeleton, a bone, an
     *     instance, a mesh, a morph target, a material, an image, a clip, or the generator) holds
     *     an unpaired UTF-16 surrogate, an image has no bytes, the BIN chunk would pass 2 GiB or the
     *     file 4 GiB; each message names the element. Nothing is written then.
     */
    public static GltfWriteResult writeGlb(GltfAsset asset, OutputStream out) throws IOException {
        return writeGlb(asset, out, GltfWriteOptions.DEFAULTS);
    }

    /**
     * Writes GLB bytes.
     *
     * @param asset the asset
     * @param out destination; not closed
     * @param options writing options
     * @return counts and warnings
     * @throws IOException when writing fails
     * @throws ValidationException as {@link #writeGlb(GltfAsset, OutputStream)}
     */
    public static GltfWriteResult writeGlb(GltfAsset asset, OutputStream out, GltfWriteOptions options)
            throws IOException {
        Objects.requireNonNull(out, "out");
        Exporter.Exported e = build(asset, options);
        e.writeTo(out);
        return e.result();
    }

    /**
     * Writes a GLB file with the default options, atomically.
     *
     * @param asset the asset
     * @param file the target; replaced if it exists
     * @return counts and warnings
     * @throws IOException when writing or renaming fails (the target is then unchanged)
     * @throws ValidationException as {@link #writeGlb(GltfAsset, OutputStream)}
     */
    public static GltfWriteResult writeGlb(GltfAsset asset, Path file) throws IOException {
        return writeGlb(asset, file, GltfWriteOptions.DEFAULTS);
    }

    /**
     * Writes a GLB file: the whole file is built in memory, written to a temporary file in the
     * target's folder and renamed over the target (atomically where the file system supports it,
     * else by a plain replacing move). On failure the temporary file is deleted and the target is
     * left as it was.
     *
     * @param asset the asset
     * @param file the target; replaced if it exists
     * @param options writing options
     * @return counts and warnings
     * @throws IOException when writing or renaming fails
     * @throws ValidationException as {@link #writeGlb(GltfAsset, OutputStream)}
     */
    public static GltfWriteResult writeGlb(GltfAsset asset, Path file, GltfWriteOptions options) throws IOException {
        Exporter.Exported e = build(asset, options);
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        boolean done = false;
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                e.writeTo(out);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException ex) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            return e.result();
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * Returns the GLB bytes with the default options.
     *
     * @param asset the asset
     * @return a fresh array holding the file
     * @throws ValidationException as {@link #writeGlb(GltfAsset, OutputStream)}
     */
    public static byte[] toGlb(GltfAsset asset) {
        return toGlb(asset, GltfWriteOptions.DEFAULTS);
    }

    /**
     * Returns the GLB bytes.
     *
     * @param asset the asset
     * @param options writing options
     * @return a fresh array holding the file
     * @throws ValidationException as {@link #writeGlb(GltfAsset, OutputStream)}; also when the file
     *     would be larger than a Java array holds (write such a file to a stream or a path)
     */
    public static byte[] toGlb(GltfAsset asset, GltfWriteOptions options) {
        return toGlb(asset, options, LittleEndianWriter.MAX_SIZE);
    }

    /** {@link #toGlb(GltfAsset, GltfWriteOptions)} with a smaller array limit, so tests reach it. */
    static byte[] toGlb(GltfAsset asset, GltfWriteOptions options, int arrayLimit) {
        Exporter.Exported e = build(asset, options);
        long length = e.fileLength();
        if (length > arrayLimit) {
            throw new ValidationException("GltfWriter.toGlb: the GLB file would have " + length + " bytes, more than "
                    + "the " + arrayLimit + " a byte array holds; write it to a stream or a file instead");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) length);
        try {
            e.writeTo(out);
        } catch (IOException ex) {
            throw new AssertionError("a ByteArrayOutputStream does not fail", ex);
        }
        return out.toByteArray();
    }

    private static Exporter.Exported build(GltfAsset asset, GltfWriteOptions options) {
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(options, "options");
        return Exporter.export(asset, options);
    }
}
