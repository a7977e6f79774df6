package io.github.skinmesh.core.combine;

import java.util.Objects;

/**
 * One bone bound with two different inverse bind matrices (beyond
 * {@link RemapOptions#bindTolerance()}), reconciled: the vertices of the later part that weight
 * the bone were re-expressed in the bind space of the earlier one, so that one matrix serves both.
 *
 * <p>How a vertex is re-expressed: with {@code C_k = R_k^-1 * B_k} for each of its influences
 * ({@code B_k} the matrix its part gives the bone, {@code R_k} the matrix the result keeps;
 * {@code C_k} the identity for a bone that needs no correction) and {@code w_k} its normalized
 * weights, its position becomes {@code sum_k w_k C_k p}, its normal the normalized
 * {@code sum_k w_k cof(C_k) n} (the inverse transpose, up to scale), its tangent the normalized
 * {@code sum_k w_k C_k t} (handedness kept) and its morph deltas follow the same linear maps. That
 * is exact (the vertex skins to the same place at every pose) when every influence of the vertex
 * has the same {@code C_k}, in particular for a vertex with a single influence; otherwise it is
 * exact at the bind pose of the kept matrices and deviates elsewhere. A part whose shared bones all
 * need one correction (within a millionth, relative), at least two of them or one that an earlier
 * part re-based this way, brings the bones no earlier part uses into it: each keeps the part's
 * matrix times {@code C^-1}, so that the part's vertices stay exact; those bones are listed too,
 * with the part itself as {@code referencePart}.
 *
 * @param bone the bone's name
 * @param part the input whose vertices were re-expressed (its index among the inputs)
 * @param referencePart the input whose matrix the result keeps for the bone (its index), as it is
 *     or re-based into that input's shared correction when the input brought the bone
 * @param vertices the number of the part's vertices that weight the bone and were re-expressed
 * @param exactVertices how many of them were re-expressed exactly, {@code 0..vertices}
 * @param deviationBound an upper bound of the distance between where an inexact vertex skins now
 *     and where it skinned before, valid at every pose whose skin matrices are rigid (rotations
 *     and translations): the largest {@code sum_k w_k |sum_j w_j C_j p - C_k p|} over the
 *     vertices, model units; 0 when every vertex is exact
 * @param measuredDeviation the largest such distance actually found at the measured poses (the
 *     rest pose of the result's skeleton and {@link CombineOptions#deviationSamples()} poses of each
 *     kept clip), model units; rounding makes it slightly positive even for exact vertices
 */
public record BindCorrection(String bone, int part, int referencePart, int vertices, int exactVertices,
        float deviationBound, float measuredDeviation) {
    /**
     * @param bone bone name
     * @param part corrected input
     * @param referencePart reference input
     * @param vertices corrected vertices
     * @param exactVertices exactly corrected vertices
     * @param deviationBound bound of the deviation
     * @param measuredDeviation measured deviation
     * @throws NullPointerException when the bone is null
     */
    public BindCorrection {
        Objects.requireNonNull(bone, "bone");
    }

    /** @return whether every re-expressed vertex is exact */
    public boolean isExact() {
        return exactVertices == vertices;
    }
}
