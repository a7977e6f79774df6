package io.github.skinmesh.core.model;

/** The bone property an animation channel drives. */
public enum ChannelPath {
    /** Local translation, 3 floats. */
    TRANSLATION(3),
    /** Local rotation, unit quaternion {@code (x, y, z, w)}, 4 floats. */
    ROTATION(4),
    /** Local scale, 3 floats. */
    SCALE(3);

    private final int components;

    ChannelPath(int components) {
        this.components = components;
    }

    /** @return floats per element */
    public int components() {
        return components;
    }
}
