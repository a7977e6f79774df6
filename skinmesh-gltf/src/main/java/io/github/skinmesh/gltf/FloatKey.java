package io.github.skinmesh.gltf;

import java.util.Arrays;

/**
 * A float array compared by content (bit patterns, as {@link Arrays#equals(float[], float[])}),
 * for maps that write equal data once. The array is shared and must not change while it is a key.
 *
 * @param values the array
 */
record FloatKey(float[] values) {
    @Override
    public boolean equals(Object o) {
        return o instanceof FloatKey && Arrays.equals(values, ((FloatKey) o).values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "FloatKey[" + values.length + " floats]";
    }
}
