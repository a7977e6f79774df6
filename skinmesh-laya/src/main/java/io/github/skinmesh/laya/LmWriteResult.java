package io.github.skinmesh.laya;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;

/**
 * A {@code .lm} file made by {@link LayaModels#write(io.github.skinmesh.core.model.Mesh, LmWriteOptions)}
 * and its report.
 *
 * <p>The file is held laid out, not encoded: the checks, the partitioning and the layout are done,
 * every size is known, and each of {@link #bytes()}, {@link #writeInto(byte[], int)} and
 * {@link #writeTo(OutputStream)} encodes the same bytes afresh. A toolchain that writes many files
 * encodes each into one buffer it reuses:
 * <pre>{@code
 * byte[] buffer = new byte[0];
 * for (Mesh mesh : meshes) {
 *     LmWriteResult lm = LayaModels.write(mesh, options);
 *     if (buffer.length < lm.size()) {
 *         buffer = new byte[lm.size()];
 *     }
 *     int length = lm.writeInto(buffer, 0);
 *     channel.write(ByteBuffer.wrap(buffer, 0, length));
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe: it keeps the (immutable) mesh it was made from and its own layout
 * tables, and encoding only reads them.
 */
public final class LmWriteResult {
    private final LmWriter.Layout layout;
    private final int vertexCount;
    private final int sourceVertexCount;
    private final int drawCount;
    private final boolean partitioned;
    private final List<LmElement> declaration;
    private final List<String> warnings;

    LmWriteResult(LmWriter.Layout layout, int vertexCount, int sourceVertexCount, int drawCount, boolean partitioned,
            List<LmElement> declaration, List<String> warnings) {
        this.layout = layout;
        this.vertexCount = vertexCount;
        this.sourceVertexCount = sourceVertexCount;
        this.drawCount = drawCount;
        this.partitioned = partitioned;
        this.declaration = List.copyOf(declaration);
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Encodes the file into a new array of exactly {@link #size()} bytes, each call.
     *
     * @return the file's bytes, a fresh array the caller owns
     */
    public byte[] bytes() {
        byte[] out = new byte[layout.size()];
        layout.encodeInto(out, 0, LmCodecs.SELECTED);
        return out;
    }

    /** @return the file's size in bytes: what {@link #writeInto(byte[], int)} writes */
    public int size() {
        return layout.size();
    }

    /**
     * Encodes the file into a caller's array: {@code dst[offset .. offset + size())} receives the
     * bytes {@link #bytes()} returns; nothing else of {@code dst} is touched. Allocates nothing but
     * a few small arrays (the inverse bind matrices), so one buffer can serve any number of files.
     * The vertex buffer is packed with 128-bit vector stores when the JVM runs with
     * {@code --add-modules jdk.incubator.vector}, else with scalar stores; the bytes are the same.
     * Checks the range before writing anything.
     *
     * @param dst the destination array, at least {@code offset + size()} long
     * @param offset where the file starts in {@code dst}, {@code >= 0}
     * @return the bytes written, {@link #size()}
     * @throws IndexOutOfBoundsException when {@code offset < 0} or {@code offset + size() > dst.length};
     *     {@code dst} is then unchanged
     * @throws NullPointerException when {@code dst} is null
     */
    public int writeInto(byte[] dst, int offset) {
        return writeInto(dst, offset, LmCodecs.SELECTED);
    }

    /** {@link #writeInto(byte[], int)} through the given vertex codec; tests and benchmarks compare them. */
    int writeInto(byte[] dst, int offset, LmCodec codec) {
        Objects.requireNonNull(dst, "dst");
        Objects.checkFromIndexSize(offset, layout.size(), dst.length);
        layout.encodeInto(dst, offset, codec);
        return layout.size();
    }

    /**
     * Encodes the file and writes its bytes to a stream; allocates one array of {@link #size()}
     * bytes.
     *
     * @param out the destination; not flushed or closed
     * @throws IOException when the stream fails
     * @throws NullPointerException when {@code out} is null
     */
    public void writeTo(OutputStream out) throws IOException {
        Objects.requireNonNull(out, "out").write(bytes());
    }

    /** @return the vertices in the file's vertex buffer */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return the vertices of the mesh handed to the writer */
    public int sourceVertexCount() {
        return sourceVertexCount;
    }

    /**
     * @return the vertices the file holds more than the mesh handed to the writer: copies made
     *     because a vertex is used by several draws ({@code vertexCount - sourceVertexCount})
     */
    public int duplicatedVertices() {
        return vertexCount - sourceVertexCount;
    }

    /** @return the draws over all submeshes (one per submesh for a static mesh) */
    public int drawCount() {
        return drawCount;
    }

    /** @return whether the writer partitioned the mesh (rather than keeping its draws) */
    public boolean partitioned() {
        return partitioned;
    }

    /** @return the vertex declaration written, in file order, read-only */
    public List<LmElement> declaration() {
        return declaration;
    }

    /** @return the index width written, 2 or 4 bytes */
    public int indexBytes() {
        return vertexCount > 65535 ? 4 : 2;
    }

    /** @return what the file cannot hold and was left out, one sentence each, read-only */
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public String toString() {
        return "LmWriteResult[" + layout.size() + " bytes, " + vertexCount + " vertices (" + duplicatedVertices()
                + " duplicated), " + drawCount + " draws]";
    }
}
