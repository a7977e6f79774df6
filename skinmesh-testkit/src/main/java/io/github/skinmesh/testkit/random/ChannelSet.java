package io.github.skinmesh.testkit.random;

/** Which properties of every bone a {@linkplain RandomModels#clip random clip} animates. */
public enum ChannelSet {
    /** Rotation channels only. */
    ROTATIONS,
    /** Translation and rotation channels. */
    ROTATIONS_TRANSLATIONS,
    /** Translation, rotation and scale channels. */
    ALL
}
