package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.ValidationException;

/** The failure and the warning of the {@link ZeroWeightPolicy} handling shared by the operations. */
final class ZeroWeights {
    private ZeroWeights() {
    }

    /**
     * @param operation e.g. {@code "normalize"}
     * @param vertex the all-zero vertex
     * @return the exception to throw under {@link ZeroWeightPolicy#FAIL}
     */
    static ValidationException failure(String operation, int vertex) {
        return new ValidationException(operation + ": vertex " + vertex + ": weights sum to 0, expected a positive sum"
                + " (zeroWeights " + ZeroWeightPolicy.FAIL + "; " + ZeroWeightPolicy.BIND_TO_ENTRY
                + " binds such vertices to fallbackEntry)");
    }

    /**
     * @param operation e.g. {@code "normalize"}
     * @param count vertices bound, {@code > 0}
     * @param entry the fallback palette entry
     * @param first the first bound vertex
     * @return the warning line
     */
    static String boundWarning(String operation, int count, int entry, int first) {
        return operation + ": " + count + (count == 1 ? " vertex" : " vertices") + " with all-zero weights bound to"
                + " palette entry " + entry + " (first: vertex " + first + ")";
    }
}
