package io.github.skinmesh.testkit.random;

/** Which skeleton bones a {@linkplain RandomModels#skinnedMesh random mesh}'s palette lists, in which order. */
public enum PaletteSelection {
    /** A uniformly random number (1..boneCount) of distinct random bones, in random order. */
    RANDOM_SUBSET,
    /** Every bone, in random order. */
    ALL_SHUFFLED,
    /** Every bone, in skeleton order (no draws). */
    ALL_IN_ORDER
}
