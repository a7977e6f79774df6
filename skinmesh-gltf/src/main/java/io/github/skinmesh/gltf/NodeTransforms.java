package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.Transforms;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads a node's transform: its {@code matrix}, or {@code translation}, {@code rotation} and
 * {@code scale} over the defaults, as a rest TRS (a matrix decomposed) or as a matrix (a TRS
 * composed). Rotations within {@link #UNIT_TOLERANCE} of unit length are renormalized, others
 * rejected.
 */
final class NodeTransforms {
    /** Largest deviation from unit length of a node rotation that is renormalized rather than rejected. */
    static final float UNIT_TOLERANCE = 1e-3f;
    /**
     * Node rotations whose length is within this of 1 are kept bit for bit, as the model keeps rest
     * rotations: they are as unit as float components get, and renormalizing them again would only move
     * last bits, so a file would no longer read back equal to itself.
     */
    static final double ROUNDING_TOLERANCE = 0x1p-20;

    private NodeTransforms() {
    }

    /**
     * Writes the rest TRS of a node into slot {@code k} of the skeleton arrays.
     *
     * @param doc the document
     * @param node node index
     * @param t receives 3 floats at {@code 3k}
     * @param r receives 4 floats at {@code 4k}
     * @param s receives 3 floats at {@code 3k}
     * @param k the bone slot
     * @param warnings receives a warning for a matrix that is not a TRS, or for a matrix given with TRS
     * @throws FormatException on a malformed transform or a rotation far from unit length
     */
    static void rest(GltfDocument doc, int node, float[] t, float[] r, float[] s, int k, List<String> warnings) {
        String where = "nodes[" + node + "]";
        JsonNode json = doc.node(node);
        float[] m = matrix(json, where, warnings);
        float[] tt = new float[3];
        float[] rr = {0, 0, 0, 1};
        float[] ss = {1, 1, 1};
        if (m != null) {
            if (!Transforms.decompose(m, tt, rr, ss)) {
                warnings.add(where + ": matrix is not a translation-rotation-scale (shear, projection or zero scale); "
                        + "rest transform approximated");
            }
        } else {
            trs(json, where, tt, rr, ss);
        }
        System.arraycopy(tt, 0, t, 3 * k, 3);
        System.arraycopy(rr, 0, r, 4 * k, 4);
        System.arraycopy(ss, 0, s, 3 * k, 3);
    }

    /**
     * Computes a node's local matrix: its {@code matrix} or {@code T * R * S}.
     *
     * @param doc the document (its budget is charged the 64 bytes)
     * @param node node index
     * @param warnings receives a warning for a matrix given with TRS
     * @return a fresh column-major {@code float[16]}
     * @throws FormatException on a malformed transform or a rotation far from unit length
     */
    static float[] local(GltfDocument doc, int node, List<String> warnings) {
        String where = "nodes[" + node + "]";
        JsonNode json = doc.node(node);
        doc.budget().charge(where, 64);
        float[] m = matrix(json, where, warnings);
        if (m == null) {
            float[] t = new float[3];
            float[] r = {0, 0, 0, 1};
            float[] s = {1, 1, 1};
            trs(json, where, t, r, s);
            m = Transforms.compose(t, r, s, new float[16]);
        }
        return m;
    }

    /** The node's {@code matrix}, or {@code null}; warns when translation, rotation or scale are given too. */
    private static float @Nullable [] matrix(JsonNode json, String where, List<String> warnings) {
        float[] m = Json.numbers(json, "matrix", where, 16);
        if (m != null && (json.has("translation") || json.has("rotation") || json.has("scale"))) {
            warnings.add(where + ": both matrix and translation/rotation/scale; the matrix is used");
        }
        return m;
    }

    /** Reads the node's translation, rotation (renormalized) and scale over the defaults in the arrays. */
    private static void trs(JsonNode json, String where, float[] t, float[] r, float[] s) {
        float[] tt = Json.numbers(json, "translation", where, 3);
        float[] rr = Json.numbers(json, "rotation", where, 4);
        float[] ss = Json.numbers(json, "scale", where, 3);
        if (tt != null) {
            System.arraycopy(tt, 0, t, 0, 3);
        }
        if (rr != null) {
            double len = Math.sqrt((double) rr[0] * rr[0] + (double) rr[1] * rr[1] + (double) rr[2] * rr[2]
                    + (double) rr[3] * rr[3]);
            if (!(Math.abs(len - 1) <= UNIT_TOLERANCE)) {
                throw new FormatException(where + ".rotation has length " + (float) len
                        + ", expected a unit quaternion (within " + UNIT_TOLERANCE + ")");
            }
            double scale = Math.abs(len - 1) > ROUNDING_TOLERANCE ? 1 / len : 1;
            for (int c = 0; c < 4; c++) {
                r[c] = (float) (rr[c] * scale);
            }
        }
        if (ss != null) {
            System.arraycopy(ss, 0, s, 0, 3);
        }
    }
}
