package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;

/** Checks that an output's element counts and array lengths fit Java arrays, before allocating. */
final class ArrayLimits {
    private ArrayLimits() {
    }

    /**
     * Requires {@code count*perElement <= Checks.MAX_ARRAY_LENGTH}.
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
        if (count < 0 || length > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(where + ": " + what + " need " + formula + " = " + length
                    + " entries for " + count + " elements, expected at most " + Checks.MAX_ARRAY_LENGTH
                    + " (the largest array)");
        }
        return (int) length;
    }
}
