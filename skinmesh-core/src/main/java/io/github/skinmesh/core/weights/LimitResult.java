package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import java.util.List;
import java.util.Objects;

/**
 * Result of {@link Weights#limit(BoneWeights, LimitOptions)}: the limited, renormalized weights
 * and what was dropped. An influence is a slot of non-zero weight.
 *
 * @param weights the new weights, each vertex's weights summing to 1
 * @param slotsBefore slots per vertex of the input ({@code K})
 * @param slotsAfter slots per vertex of the result ({@code K}, or {@code min(K, maxInfluences)}
 *     with {@link SlotLayout#NARROW})
 * @param influencesBefore non-zero slots of the input, over all vertices
 * @param influencesAfter non-zero slots of the result, over all vertices
 * @param droppedInfluences non-zero slots past {@code maxInfluences} that were removed
 * @param affectedVertices vertices that lost at least one influence
 * @param largestDroppedWeight the largest removed weight, as stored in the input; 0 when nothing
 *     was dropped
 * @param largestDroppedVertex the first vertex holding {@code largestDroppedWeight}, or
 *     {@link Index#NONE}
 * @param boundVertices all-zero vertices bound to the fallback entry
 * @param warnings human-readable notes (dropped influences, bound vertices), read-only
 */
public record LimitResult(BoneWeights weights, int slotsBefore, int slotsAfter, int influencesBefore,
        int influencesAfter, int droppedInfluences, int affectedVertices, float largestDroppedWeight,
        int largestDroppedVertex, int boundVertices, List<String> warnings) {
    /**
     * Creates the result.
     *
     * @param weights the weights
     * @param slotsBefore input slots per vertex
     * @param slotsAfter result slots per vertex
     * @param influencesBefore input influences
     * @param influencesAfter result influences
     * @param droppedInfluences dropped influences
     * @param affectedVertices vertices that lost an influence
     * @param largestDroppedWeight largest dropped weight
     * @param largestDroppedVertex its vertex
     * @param boundVertices bound vertices
     * @param warnings warnings (copied)
     */
    public LimitResult {
        Objects.requireNonNull(weights, "weights");
        warnings = List.copyOf(warnings);
    }
}
