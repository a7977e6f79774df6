package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.model.BoneWeights;
import java.util.List;
import java.util.Objects;

/**
 * Result of {@link Weights#normalize(BoneWeights, NormalizeOptions)}: the normalized weights and
 * what changed.
 *
 * @param weights the normalized weights, same {@code K} and joints as the input (except bound
 *     all-zero vertices)
 * @param vertexCount the number of vertices
 * @param rescaledVertices vertices whose weight sum (in double precision) was not exactly 1 and
 *     were therefore scaled, 0..vertexCount
 * @param boundVertices all-zero vertices bound to the fallback entry
 *     ({@link ZeroWeightPolicy#BIND_TO_ENTRY}), 0..vertexCount
 * @param maxSumErrorBefore the largest {@code |sum - 1|} of a vertex before, sums taken in
 *     double precision; 0 for no vertex
 * @param maxSumErrorAfter the same after normalization: at most about {@code 6e-8} (half a float
 *     ulp of the largest weight), always below 1e-6
 * @param warnings human-readable notes (bound vertices), read-only, empty when there is none
 */
public record NormalizeResult(BoneWeights weights, int vertexCount, int rescaledVertices, int boundVertices,
        double maxSumErrorBefore, double maxSumErrorAfter, List<String> warnings) {
    /**
     * Creates the result.
     *
     * @param weights the weights
     * @param vertexCount vertices
     * @param rescaledVertices scaled vertices
     * @param boundVertices bound vertices
     * @param maxSumErrorBefore largest sum error before
     * @param maxSumErrorAfter largest sum error after
     * @param warnings warnings (copied)
     */
    public NormalizeResult {
        Objects.requireNonNull(weights, "weights");
        warnings = List.copyOf(warnings);
    }
}
