package io.github.skinmesh.laya;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Mesh;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Reads and writes LayaAir binary meshes ({@code .lm}, {@code LAYAMODEL:0501}), static and skinned.
 *
 * <p>Writing a glTF-convention skinned mesh with LayaAir's 24-bone limit:
 * <pre>{@code
 * LmWriteResult lm = LayaModels.write(body, LmWriteOptions.DEFAULTS);
 * Files.write(Path.of("Body.lm"), lm.bytes());
 * LmReadResult back = LayaModels.read(lm.bytes(), LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF));
 * }</pre>
 *
 * <p>The writer produces exactly the layout of LayaAir's Unity exporter (so a mesh read from one of
 * its files is written back byte for byte with {@link LmReadResult#rewriteOptions()}), converts from
 * the caller's {@link LmConvention}, and partitions skinned meshes into draws of at most
 * {@link LmWriteOptions#maxBones()} bones unless the mesh's own draws fit. The reader takes
 * {@code LAYAMODEL:05}, {@code 0501} and {@code 0502} files; it checks every offset, length and
 * index against the file's size before reading or allocating, so a hostile file costs time and
 * memory in proportion to its own size, and it throws {@link FormatException}s that name the field
 * and its byte offset.
 *
 * <p>Stateless and thread-safe; same input, same bytes.
 */
public final class LayaModels {
    /**
     * Name of the extra vertex attribute that holds a {@code NORMAL_BYTE} element: 4 components,
     * the byte values 0..255 as floats. The bytes are written and read as they are in every
     * {@link LmConvention}: how they encode a normal is not settled (LayaAir's exporters never write
     * them), so the x mirror of {@link LmConvention#UNITY} is not applied to them.
     */
    public static final String NORMAL_BYTE_ATTRIBUTE = "NORMAL_BYTE";

    private LayaModels() {
    }

    /**
     * Writes a mesh as a {@code .lm} file with {@link LmWriteOptions#DEFAULTS}.
     *
     * @param mesh the mesh, in glTF conventions
     * @return the file and its report
     * @throws ValidationException as {@link #write(Mesh, LmWriteOptions)}
     */
    public static LmWriteResult write(Mesh mesh) {
        return write(mesh, LmWriteOptions.DEFAULTS);
    }

    /**
     * Writes a mesh as a {@code .lm} file ({@code LAYAMODEL:0501}).
     *
     * <p>What goes in: positions; normals, colors, UV channels 0 and 1 (as {@code UV}, {@code UV1}),
     * tangents and an attribute named {@value #NORMAL_BYTE_ATTRIBUTE} when present; the indices of
     * every submesh, in submesh order; for a skinned mesh the bone names, inverse bind matrices and
     * up to 4 influences per vertex (fewer are padded with zero-weight slots; more are accepted
     * when at most 4 have weight), with the draws of each submesh and their bone dictionaries. Other
     * UV channels and attributes and morph targets have no place in the file and are reported in
     * {@link LmWriteResult#warnings()}. Materials are not written either (LayaAir keeps them in
     * {@code .lmat} files and binds a renderer's {@code i}-th material to submesh {@code i}); a
     * submesh whose material index is not its own position is reported as a warning. The declaration is in the exporter's order
     * ({@code POSITION,NORMAL,COLOR,UV,UV1,BLENDWEIGHT,BLENDINDICES,TANGENT}, then
     * {@code NORMAL_BYTE}); indices are 16-bit when the written vertex count (after vertex
     * splitting) is at most 65,535, else 32-bit.
     *
     * <p>Draws: with {@link LmDraws#KEEP} a skinned mesh whose every submesh with triangles has
     * draws binding at most {@code maxBones} bones is written with those draws; otherwise it is
     * partitioned with {@link io.github.skinmesh.core.partition.Partition} ({@code options.mode()},
     * {@code options.maxBones()}). A vertex used by several draws is written once per draw.
     *
     * <p>The result holds the file laid out (every check done and every size known) and encodes
     * its bytes on demand: {@link LmWriteResult#bytes()} into a fresh array,
     * {@link LmWriteResult#writeInto(byte[], int)} into a caller's array that can be reused for
     * the next file. Allocates a few ints per vertex and per draw; partitioning allocates the
     * partitioned mesh.
     *
     * @param mesh the mesh, in {@code options.convention()}
     * @param options the convention, bone limit, partition mode, draw policy and stored bounds
     * @return the file and its report
     * @throws ValidationException when a triangle binds more than {@code maxBones} bones, a vertex
     *     has more than 4 influences of weight {@code > 0}, a name is longer than 32,767 bytes of
     *     UTF-8, the mesh has more than 65,534 submeshes, 65,531 bones or 65,535 draws in a
     *     submesh, a {@value #NORMAL_BYTE_ATTRIBUTE} value is not an integer 0..255, or the file
     *     would exceed the largest array
     * @throws NullPointerException when an argument is null
     */
    public static LmWriteResult write(Mesh mesh, LmWriteOptions options) {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(options, "options");
        return LmWriter.write(mesh, options);
    }

    /**
     * Writes a mesh to a file: the bytes go to a temporary file beside {@code file}, which is then
     * renamed, so a failure leaves no partial file.
     *
     * @param mesh the mesh, in {@code options.convention()}
     * @param options the write options
     * @param file the destination; replaced when it exists
     * @return the file's content and its report
     * @throws IOException when writing or renaming fails
     * @throws ValidationException as {@link #write(Mesh, LmWriteOptions)}
     */
    public static LmWriteResult write(Mesh mesh, LmWriteOptions options, Path file) throws IOException {
        LmWriteResult result = write(mesh, options);
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        Path tmp = Files.createTempFile(dir, absolute.getFileName().toString(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                result.writeTo(out);
            }
            Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return result;
    }

    /**
     * Reads a {@code .lm} file's bytes with {@link LmReadOptions#DEFAULTS} (data as stored).
     *
     * @param bytes the file; not modified, not kept
     * @return the mesh and what else the file holds
     * @throws FormatException as {@link #read(byte[], LmReadOptions)}
     */
    public static LmReadResult read(byte[] bytes) {
        return read(bytes, LmReadOptions.DEFAULTS);
    }

    /**
     * Reads a {@code .lm} file's bytes ({@code LAYAMODEL:05}, {@code 0501} or {@code 0502},
     * uncompressed) into a mesh; see {@link LmReadResult} for what the mesh holds.
     *
     * <p>Checks: the version; every offset and length against the file's size, before reading or
     * allocating (decoded arrays are charged to a budget of a few times the file's size); string
     * indices against the string table; one vertex buffer; a declaration of known, distinct elements
     * with {@code POSITION}; the index width by the vertex-count rule, index and submesh lengths in
     * whole triangles, every index below the vertex count; submesh ranges that share no index; draws
     * tiling their submesh; dictionary entries below the bone count; weights finite and {@code >= 0};
     * weighted local bone indices inside their draw's dictionary, and draws sharing a vertex agreeing
     * on its bones; 64 bytes of inverse bind pose per bone; unique bone names (the model requires
     * them); finite positions, normals, tangents, UVs, colors, bounds and matrices; a MESH block
     * before the SUBMESH blocks and no other block names. Tolerated, with a warning: repeated
     * strings, unread bytes in a block (but the exporter's 8 in a static MESH block), dictionaries
     * longer than LayaAir's 24 bones, zero-weight slots past their dictionary and undrawn vertices
     * with bones past the list (both read as bone 0), draw ranges of a static mesh.
     *
     * <p>Allocates the mesh's arrays once (the mesh adopts them) and a few ints per vertex.
     *
     * @param bytes the file; not modified, not kept
     * @param options the convention the mesh is returned in
     * @return the mesh and what else the file holds
     * @throws FormatException naming the field and its offset when the file breaks a rule above or
     *     declares more than its bytes hold
     * @throws NullPointerException when an argument is null
     */
    public static LmReadResult read(byte[] bytes, LmReadOptions options) {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(options, "options");
        return LmReader.read(bytes, options.convention());
    }

    /**
     * Reads a {@code .lm} file as {@link #read(byte[], LmReadOptions)} does.
     *
     * @param file the file
     * @param options the convention the mesh is returned in
     * @return the mesh and what else the file holds
     * @throws IOException when the file cannot be read
     * @throws FormatException as {@link #read(byte[], LmReadOptions)}, with the file as its
     *     {@linkplain FormatException#source() source}, and when the file is larger than an array
     *     holds
     */
    public static LmReadResult read(Path file, LmReadOptions options) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(options, "options");
        long size = Files.size(file);
        if (size > io.github.skinmesh.core.internal.Checks.MAX_ARRAY_LENGTH) {
            throw new FormatException(file, "file size " + size + " bytes, more than an array holds", null);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) size + 1);
        }
        if (bytes.length > size) {
            throw new FormatException(file, "file grew while it was read (" + size + " bytes expected)", null);
        }
        try {
            return read(bytes, options);
        } catch (FormatException e) {
            throw e.withSource(file);
        }
    }
}
