package io.github.skinmesh.testkit.random;

/** How a {@linkplain RandomModels#clip random clip} spaces its keys. */
public enum KeyTiming {
    /** Keys evenly spaced from 0 to the duration; all channels share the times; no draws. */
    UNIFORM,
    /**
     * First key at 0, last at the duration, each interior key moved by up to 40% of the even
     * spacing (one draw per interior key, per channel), so channels have different times.
     */
    JITTERED
}
