package io.github.skinmesh.testkit.humanoid;

/** The rest (and bind) pose of a generated {@link Humanoid}'s arms. */
public enum RestPose {
    /** Arms straight out to the sides, horizontal, palms down. */
    T_POSE,
    /** Arms lowered 35 to 45 degrees (varying with the seed) below horizontal, palms facing down and in. */
    A_POSE
}
