package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;

/** Checks that an output's element counts and array lengths fit Java arrays, before allocating. */
final class ArrayLimits {
    /**
     * The largest array length this package allocates: a few elements below
     * {@link Integer#MAX_VALUE}, which some virtual machines reserve for array headers.
     */
    static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private ArrayLimits() {
    }

    /**
     * Requires {@code count*perElement <= MAX_ARRAY_LENGTH}.
     *
     * @param where the operation, e.g. {@code "concat"}
     * @param what the array, e.g. {@code "tangents"}
     * @param count elements (vertices, indices)
     * @param perElement array entries per element
     * @param formula how the length is derived, e.g. {@code "4*vertexCount"}
     * @return {@code count*perElement}
     */
    static int requireLength(String where, String what, long count, int perElement, String formula) {
        long length = count * perElement;
        if (count < 0 || length > MAX_ARRAY_LENGTH) {
            throw new ValidationException(where + ": " + what + " need " + formula + " = " + length
                    + " entries for " + count + " elements, expected at most " + MAX_ARRAY_LENGTH
                    + " (the largest array)");
        }
        return (int) length;
    }
}
