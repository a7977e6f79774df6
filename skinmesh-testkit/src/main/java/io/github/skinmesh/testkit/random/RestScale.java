package io.github.skinmesh.testkit.random;

/**
 * Rest scales of a
 * {@linkplain RandomModels#skeleton(io.github.skinmesh.testkit.SplitMix64, int, RestScale) random skeleton}.
 */
public enum RestScale {
    /** Every bone has scale (1, 1, 1); no draws. */
    UNIT,
    /** Each bone has one scale in [0.5, 2) on all axes (one draw). */
    UNIFORM,
    /**
     * Each axis of each bone has its own scale in [0.5, 2) (three draws): under rotated children
     * this shears model matrices, as glTF permits.
     */
    NON_UNIFORM
}
