package io.github.skinmesh.gltf.internal;

import io.github.skinmesh.core.FormatException;

/**
 * The memory a reader may spend on decoded arrays, fixed up front from the size of its input, so
 * that a hostile file costs no more memory than a constant multiple of its own size. Every
 * allocation whose size comes from the file is charged before it is made.
 *
 * <p>Not thread-safe; one per read.
 */
public final class ByteBudget {
    private final long limit;
    private final long inputBytes;
    private final int factor;
    private long used;

    /**
     * @param inputBytes bytes of the input (JSON, buffers and images)
     * @param factor how many decoded bytes each input byte may cost
     * @param slack a constant allowance for small files
     */
    public ByteBudget(long inputBytes, int factor, long slack) {
        this.inputBytes = inputBytes;
        this.factor = factor;
        this.limit = inputBytes * factor + slack;
    }

    /**
     * Charges an allocation.
     *
     * @param where the element being decoded
     * @param bytes its size in bytes
     * @throws FormatException when the budget would be exceeded
     */
    public void charge(String where, long bytes) {
        if (bytes < 0 || bytes > limit - used) {
            throw new FormatException(where + ": decoding needs " + bytes + " bytes, more than the file's "
                    + inputBytes + " bytes can describe (budget " + factor + " x input size, " + (limit - used)
                    + " bytes left)");
        }
        used += bytes;
    }
}
