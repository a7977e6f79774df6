package io.github.skinmesh.core.partition;

/**
 * Which measure of displacement {@link BoneReduction} minimizes when it picks, among the
 * reductions its greedy search passed through, the one to return.
 */
public enum ErrorMetric {
    /**
     * Root mean square displacement over every vertex and sampled pose: the reduction that
     * deforms the mesh least on average.
     */
    RMS,
    /** Largest displacement of any vertex at any sampled pose: the reduction with the least worst case. */
    MAX
}
