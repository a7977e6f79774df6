package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.github.skinmesh.gltf.internal.Json;

/**
 * How the writer puts numbers into JSON: floats as their shortest text that reads back to the
 * same float ({@link Json#floatText}), and values equal to the glTF default left out.
 */
final class JsonOut {
    static final float[] ZERO3 = {0, 0, 0};
    static final float[] ONE3 = {1, 1, 1};
    static final float[] ONE4 = {1, 1, 1, 1};
    static final float[] IDENTITY_ROTATION = {0, 0, 0, 1};

    private JsonOut() {
    }

    /** @return the float as a raw JSON number */
    static RawValue num(float v) {
        return new RawValue(Json.floatText(v));
    }

    /** Writes {@code v[from..from+n)} as {@code name} unless it equals {@code dflt} bit for bit. */
    static void vector(ObjectNode node, String name, float[] v, int from, int n, float[] dflt) {
        boolean same = true;
        for (int i = 0; i < n; i++) {
            same &= Float.floatToIntBits(v[from + i]) == Float.floatToIntBits(dflt[i]);
        }
        if (!same) {
            ArrayNode a = node.putArray(name);
            for (int i = 0; i < n; i++) {
                a.addRawValue(num(v[from + i]));
            }
        }
    }

    /** Writes {@code v} as {@code name} unless it equals {@code dflt} bit for bit. */
    static void number(ObjectNode json, String name, float v, float dflt) {
        if (Float.floatToIntBits(v) != Float.floatToIntBits(dflt)) {
            json.putRawValue(name, num(v));
        }
    }

    /** Sets {@code name} to the array unless it is empty. */
    static void putUnlessEmpty(ObjectNode root, String name, ArrayNode array) {
        if (!array.isEmpty()) {
            root.set(name, array);
        }
    }
}
