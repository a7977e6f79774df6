package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Index;
import java.util.List;

/**
 * The {@link ZeroWeightPolicy} handling shared by the renormalizing operations, one instance per
 * call: fails on the first all-zero vertex, or binds each one to the fallback entry, counts them
 * and words the warning.
 */
final class ZeroWeights {
    private final String operation;
    private final boolean bind;
    private final int fallbackEntry;
    private int bound;
    private int firstBound = Index.NONE;

    /**
     * @param operation e.g. {@code "normalize"}, for the message and the warning
     * @param policy what to do with an all-zero vertex
     * @param fallbackEntry the palette entry such a vertex is bound to
     */
    ZeroWeights(String operation, ZeroWeightPolicy policy, int fallbackEntry) {
        this.operation = operation;
        this.bind = policy == ZeroWeightPolicy.BIND_TO_ENTRY;
        this.fallbackEntry = fallbackEntry;
    }

    /**
     * Handles an all-zero vertex of the result: under {@link ZeroWeightPolicy#FAIL} throws, else
     * gives its slot 0 the fallback entry and weight 1 (its other slots are already empty).
     *
     * @param vertex the vertex
     * @param joints the result's joints
     * @param weights the result's weights
     * @param base the vertex's slot 0 in {@code joints} and {@code weights}
     * @throws ValidationException under {@link ZeroWeightPolicy#FAIL}
     */
    void bindOrFail(int vertex, int[] joints, float[] weights, int base) {
        if (!bind) {
            throw new ValidationException(operation + ": vertex " + vertex + ": weights sum to 0, expected a positive"
                    + " sum (zeroWeights " + ZeroWeightPolicy.FAIL + "; " + ZeroWeightPolicy.BIND_TO_ENTRY
                    + " binds such vertices to fallbackEntry)");
        }
        joints[base] = fallbackEntry;
        weights[base] = 1f;
        if (bound++ == 0) {
            firstBound = vertex;
        }
    }

    /** @return the number of vertices bound so far */
    int boundVertices() {
        return bound;
    }

    /**
     * Adds the warning about bound vertices, when there are any.
     *
     * @param warnings the result's warnings
     */
    void warnInto(List<String> warnings) {
        if (bound > 0) {
            warnings.add(operation + ": " + bound + (bound == 1 ? " vertex" : " vertices")
                    + " with all-zero weights bound to palette entry " + fallbackEntry + " (first: vertex "
                    + firstBound + ")");
        }
    }
}
