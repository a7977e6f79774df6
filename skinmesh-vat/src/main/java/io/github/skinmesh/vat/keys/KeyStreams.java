package io.github.skinmesh.vat.keys;

/** Which vertex streams the key poses of a {@link Keyframes#bake} carry. */
public enum KeyStreams {
    /** Positions, and normals when every baked part has normals. */
    AUTO,
    /** Positions only. */
    POSITIONS,
    /** Positions and normals; every baked part must have normals. */
    POSITIONS_NORMALS
}
