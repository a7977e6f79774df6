package io.github.skinmesh.laya;

import java.util.Objects;

/**
 * One entry of a {@code .lm} file's block table, as {@link LayaModels#read(byte[], LmReadOptions)}
 * found it.
 *
 * @param name the block's name from the string table, {@code MESH} or {@code SUBMESH}
 * @param offset where the block starts, in bytes from the start of the file
 * @param length the block's length as the table gives it, in bytes (a static mesh's MESH block
 *     written by LayaAir's exporter has 8 bytes past its fields)
 */
public record LmBlock(String name, long offset, long length) {
    /**
     * @param name the block's name
     * @param offset its start in the file
     * @param length its length in the table
     * @throws NullPointerException when {@code name} is null
     */
    public LmBlock {
        Objects.requireNonNull(name, "name");
    }
}
