package io.github.skinmesh.core.internal;

import io.github.skinmesh.core.FormatException;

/**
 * The memory a reader of untrusted files (glTF, {@code .lm}) may spend on decoded arrays, fixed up
 * front from the size of its input, so that a hostile file costs no more memory than a constant
 * multiple of its own size. Every allocation whose size comes from the file is charged before it
 * is made.
 *
 * <p>The limit is {@code inputBytes * factor + slack}, computed in long arithmetic. Not
 * thread-safe; one per read.
 */
public final class ByteBudget {
    private final long limit;
    private final long inputBytes;
    private final int factor;
    private long used;

    /**
     * Fixes the budget.
     *
     * @param inputBytes bytes of the input (for glTF: JSON, buffers and images), {@code >= 0}
     * @param factor how many decoded bytes each input byte may cost, {@code >= 1}
     * @param slack a constant allowance for small files, {@code >= 0}
     */
    public ByteBudget(long inputBytes, int factor, long slack) {
        assert inputBytes >= 0 && factor >= 1 && slack >= 0 : "inputBytes " + inputBytes + ", factor " + factor
                + ", slack " + slack;
        this.inputBytes = inputBytes;
        this.factor = factor;
        this.limit = inputBytes * factor + slack;
    }

    /**
     * Charges an allocation.
     *
     * @param where the element being decoded, e.g. {@code "accessors[3]"}
     * @param bytes its size in bytes
     * @throws FormatException naming {@code where}, the size and what is left when the budget
     *     would be exceeded (a negative size, the result of an overflow, is refused the same way)
     */
    public void charge(String where, long bytes) {
        charge(where, "decoding", bytes);
    }

    /**
     * Charges an allocation, saying what it is for.
     *
     * @param where the element, e.g. {@code "nodes[12]"}
     * @param what what needs the memory, e.g. {@code "posing meshes[0] (12000 vertices)"}
     * @param bytes its size in bytes
     * @throws FormatException {@code "where: what needs N bytes, more than ..."}, as
     *     {@link #charge(String, long)}
     */
    public void charge(String where, String what, long bytes) {
        if (bytes < 0 || bytes > limit - used) {
            throw new FormatException(where + ": " + what + " needs " + bytes + " bytes, more than the file's "
                    + inputBytes + " bytes can describe (budget " + factor + " x input size, " + (limit - used)
                    + " bytes left)");
        }
        used += bytes;
    }

    /** @return the bytes charged so far */
    public long used() {
        return used;
    }
}
