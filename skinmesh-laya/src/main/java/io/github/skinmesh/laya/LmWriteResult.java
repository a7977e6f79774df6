package io.github.skinmesh.laya;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;

/**
 * A {@code .lm} file written by {@link LayaModels#write(io.github.skinmesh.core.model.Mesh, LmWriteOptions)}
 * and its report.
 *
 * <p>Immutable and thread-safe; {@link #bytes()} returns a copy.
 */
public final class LmWriteResult {
    private final byte[] bytes;
    private final int vertexCount;
    private final int sourceVertexCount;
    private final int drawCount;
    private final boolean partitioned;
    private final List<LmElement> declaration;
    private final List<String> warnings;

    LmWriteResult(byte[] bytes, int vertexCount, int sourceVertexCount, int drawCount, boolean partitioned,
            List<LmElement> declaration, List<String> warnings) {
        this.bytes = bytes;
        this.vertexCount = vertexCount;
        this.sourceVertexCount = sourceVertexCount;
        this.drawCount = drawCount;
        this.partitioned = partitioned;
        this.declaration = List.copyOf(declaration);
        this.warnings = List.copyOf(warnings);
    }

    /** @return a fresh copy of the file's bytes */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** @return the file's size in bytes */
    public int size() {
        return bytes.length;
    }

    /**
     * Writes the file's bytes to a stream without copying them.
     *
     * @param out the destination; not flushed or closed
     * @throws IOException when the stream fails
     */
    public void writeTo(OutputStream out) throws IOException {
        Objects.requireNonNull(out, "out").write(bytes);
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
        return "LmWriteResult[" + bytes.length + " bytes, " + vertexCount + " vertices (" + duplicatedVertices()
                + " duplicated), " + drawCount + " draws]";
    }
}
