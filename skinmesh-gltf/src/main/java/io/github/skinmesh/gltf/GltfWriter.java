package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.LittleEndianWriter;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
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
 * Writes a {@link Character} as a binary glTF 2.0 file (GLB) that the Khronos glTF-Validator
 * accepts without errors.
 *
 * <p><b>Layout.</b> Every bone becomes a node with its rest TRS (default components omitted), in
 * bone order; the scene's name is the character's. Each part becomes a node with its mesh, in part
 * order, after the bones (unless parts sit on bones, see below: then node order still lists parts
 * in part order and bones in bone order, which is what a reader sees):
 * <ul>
 *   <li>a <b>skinned part</b> gets a node at the scene root with its mesh and a skin. glTF ignores
 *       a skinned node's transform and has no bind-shape matrix, so a part transform other than
 *       the identity is baked into the written vertices ({@link Mesh#transformed}, with a warning);
 *       reading the file back gives the baked mesh and the identity transform;</li>
 *   <li>a <b>rigid part</b> gets a node under its attach bone's node (or at the scene root) with
 *       its transform as the node's matrix (a matrix that is not a TRS is written as its closest
 *       TRS, with a warning).</li>
 * </ul>
 * A part named like a bone goes onto that bone's own node instead when that is exact: a skinned
 * part always, a rigid part when it hangs from that bone with the identity transform (this is how
 * a mesh node that is itself a bone, such as an animated skinned node, reads back; glTF-Validator
 * warns that such a skinned node is not a root and has a transform, which viewers ignore when
 * skinning, so the result is still exact). A morph-weight
 * channel targets its part's node. A skin lists the palette bones' nodes in palette order with
 * the inverse bind matrices, and {@code skin.skeleton} is their closest common root.
 *
 * <p><b>Meshes.</b> Each distinct {@link Mesh} becomes one glTF mesh, each non-empty submesh a
 * primitive with its material; the primitives of one mesh share its vertex accessors. POSITION
 * accessors carry min/max; indices are 16-bit when the mesh has at most 65535 vertices (see
 * {@link GltfWriteOptions.IndexWidth}), else 32-bit; joints are unsigned bytes for palettes up to
 * 256 bones, else unsigned shorts; weights are floats, with {@code K <= 4} influences in
 * JOINTS_0/WEIGHTS_0 and {@code K <= 8} in two sets (unused slots zero). Extra
 * {@linkplain io.github.skinmesh.core.model.VertexAttribute vertex attributes} become custom
 * attributes {@code _NAME} of FLOAT components (SCALAR, VEC2, VEC3 or VEC4 by component count).
 * The options' {@linkplain GltfWriteOptions#extras() extras} become the document's top-level
 * {@code extras}, as given but for whitespace outside strings (the reader gives them back,
 * {@link GltfAsset#extras()}). Morph targets keep their names in {@code mesh.extras.targetNames}; materials, textures,
 * samplers and images (embedded in the BIN chunk) are written once each; clips become animations
 * sharing equal key-time accessors. Every buffer view and chunk starts on a 4-byte boundary.
 * {@linkplain io.github.skinmesh.core.model.Draw Draws} (bone-palette partitions) have no glTF
 * form: a submesh with draws is written whole with the skin's whole palette, which is exact
 * because joints always index the skin's palette, and the result warns that the draws were left
 * out.
 *
 * <p><b>The whole skeleton.</b> A reader finds the skeleton in the node hierarchy: the joints of
 * the skins, their ancestors, and the nodes of each skin's hierarchy (this module's reader keeps
 * the nodes without a mesh and the animated nodes below the joints' common root, see
 * {@link GltfAsset}). Bones it would not find that way (a helper bone beside the weighted ones,
 * the bones of a second root without joints, a bone carrying a part, every bone of a character
 * without skinned parts) are declared in an extra skin per root that no mesh uses, listing them
 * with their rest pose as bind pose: any glTF tool that builds skeletons from skins sees them,
 * and the file stays valid (the validator reports the unused skin as information only).
 *
 * <p><b>Round trip.</b> Reading the output gives back a character equal to the input, skeleton
 * and clips whole, when: the skeleton is named like the character; every submesh is non-empty,
 * the materials are distinct, each used, in order of first use by the submeshes; {@code K} is 4 or
 * 8; no mesh has draws; every clip has a channel and no CUBICSPLINE channel has a single key; a
 * skinned part has the identity transform; no part is named like a bone it is not written onto,
 * and the parts written onto bones come in bone order; every material samples only UV channels
 * its meshes have; and every rigid part's transform is a TRS. This holds for every character the
 * reader returns. Otherwise the differences are: the skeleton takes the character's name, empty
 * submeshes are dropped, materials come back distinct in order of first use, influences are
 * padded to 4 or 8, draws and empty clips are dropped, a one-key CUBICSPLINE channel comes back
 * STEP, a skinned part's transform is baked, a clashing part name is made unique, parts come back
 * in node order, textures on missing UV channels are left out, a non-TRS matrix is approximated
 * (each with a warning in the result, but for the material order and the padding). A palette whose bones lie under two root bones cannot be written (glTF requires the
 * joints of a skin to have a common root).
 *
 * <p><b>Determinism.</b> The bytes depend only on the character and the options: the same input
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
     * @param character the character
     * @param out destination; not closed
     * @return counts and warnings
     * @throws IOException when writing fails
     * @throws ValidationException when a part's mesh has no triangles, a skinned part's palette has
     *     bones under two root bones, a skinned part's transform overflows a position when baked, a
     *     name (of the character, the skeleton, a bone, a part, a mesh, a morph target, a material,
     *     an image, a clip, or the generator) holds an unpaired UTF-16 surrogate, an image has no
     *     bytes, the BIN chunk would pass 2 GiB or the file 4 GiB; each message names the element.
     *     Nothing is written then.
     */
    public static GltfWriteResult writeGlb(Character character, OutputStream out) throws IOException {
        return writeGlb(character, out, GltfWriteOptions.DEFAULTS);
    }

    /**
     * Writes GLB bytes.
     *
     * @param character the character
     * @param out destination; not closed
     * @param options writing options
     * @return counts and warnings
     * @throws IOException when writing fails
     * @throws ValidationException as {@link #writeGlb(Character, OutputStream)}
     */
    public static GltfWriteResult writeGlb(Character character, OutputStream out, GltfWriteOptions options)
            throws IOException {
        Objects.requireNonNull(out, "out");
        Exporter.Exported e = build(character, options);
        e.writeTo(out);
        return e.result();
    }

    /**
     * Writes a GLB file with the default options, atomically.
     *
     * @param character the character
     * @param file the target; replaced if it exists
     * @return counts and warnings
     * @throws IOException when writing or renaming fails (the target is then unchanged)
     * @throws ValidationException as {@link #writeGlb(Character, OutputStream)}
     */
    public static GltfWriteResult writeGlb(Character character, Path file) throws IOException {
        return writeGlb(character, file, GltfWriteOptions.DEFAULTS);
    }

    /**
     * Writes a GLB file: the whole file is built in memory, written to a temporary file in the
     * target's folder and renamed over the target (atomically where the file system supports it,
     * else by a plain replacing move). On failure the temporary file is deleted and the target is
     * left as it was.
     *
     * @param character the character
     * @param file the target; replaced if it exists
     * @param options writing options
     * @return counts and warnings
     * @throws IOException when writing or renaming fails
     * @throws ValidationException as {@link #writeGlb(Character, OutputStream)}
     */
    public static GltfWriteResult writeGlb(Character character, Path file, GltfWriteOptions options) throws IOException {
        Exporter.Exported e = build(character, options);
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
     * @param character the character
     * @return a fresh array holding the file
     * @throws ValidationException as {@link #writeGlb(Character, OutputStream)}
     */
    public static byte[] toGlb(Character character) {
        return toGlb(character, GltfWriteOptions.DEFAULTS);
    }

    /**
     * Returns the GLB bytes.
     *
     * @param character the character
     * @param options writing options
     * @return a fresh array holding the file
     * @throws ValidationException as {@link #writeGlb(Character, OutputStream)}; also when the file
     *     would be larger than a Java array holds (write such a file to a stream or a path)
     */
    public static byte[] toGlb(Character character, GltfWriteOptions options) {
        return toGlb(character, options, LittleEndianWriter.MAX_SIZE);
    }

    /** {@link #toGlb(Character, GltfWriteOptions)} with a smaller array limit, so tests reach it. */
    static byte[] toGlb(Character character, GltfWriteOptions options, int arrayLimit) {
        Exporter.Exported e = build(character, options);
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

    private static Exporter.Exported build(Character character, GltfWriteOptions options) {
        Objects.requireNonNull(character, "character");
        Objects.requireNonNull(options, "options");
        return Exporter.export(character, options);
    }
}
