package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import java.util.List;
import java.util.Objects;

/**
 * Result of {@link Weights#prune(BoneWeights, PruneOptions)}: the pruned, renormalized weights and
 * what was removed. An influence is a slot of non-zero weight. The slot count per vertex is
 * unchanged.
 *
 * @param weights the new weights, each vertex's weights summing to 1
 * @param influencesBefore non-zero slots of the input, over all vertices
 * @param influencesAfter non-zero slots of the result, over all vertices
 * @param removedInfluences non-zero weights below the threshold that were removed
 * @param affectedVertices vertices that lost at least one influence
 * @param largestRemovedWeight the largest removed weight, as stored in the input; 0 when nothing
 *     was removed
 * @param largestRemovedVertex the first vertex holding {@code largestRemovedWeight}, or
 *     {@link Index#NONE}
 * @param boundVertices all-zero vertices bound to the fallback entry
 * @param warnings human-readable notes (removed influences, bound vertices), read-only
 */
public record PruneResult(BoneWeights weights, int influencesBefore, int influencesAfter, int removedInfluences,
        int affectedVertices, float largestRemovedWeight, int largestRemovedVertex, int boundVertices,
        List<String> warnings) {
    /**
     * Creates the result.
     *
     * @param weights the weights
     * @param influencesBefore input influences
     * @param influencesAfter result influences
     * @param removedInfluences removed influences
     * @param affectedVertices vertices that lost an influence
     * @param largestRemovedWeight largest removed weight
     * @param largestRemovedVertex its vertex
     * @param boundVertices bound vertices
     * @param warnings warnings (copied)
     */
    public PruneResult {
        Objects.requireNonNull(weights, "weights");
        warnings = List.copyOf(warnings);
    }
}
