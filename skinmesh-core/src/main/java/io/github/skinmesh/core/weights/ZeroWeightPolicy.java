package io.github.skinmesh.core.weights;

/**
 * What a renormalizing operation does with a vertex whose weights are all zero (it has no
 * influence to scale).
 */
public enum ZeroWeightPolicy {
    /**
     * Throw a {@link io.github.skinmesh.core.ValidationException} naming the first such vertex.
     * Nothing is returned, so no partial result exists.
     */
    FAIL,
    /**
     * Bind the vertex fully to the options' fallback palette entry: slot 0 gets that joint and
     * weight 1, the other slots stay empty. The result counts such vertices and warns about them.
     */
    BIND_TO_ENTRY
}
