package io.github.skinmesh.atlas.pack;

/** Whether the packer may turn rectangles (see {@link Placement#rotated()}). */
public enum Rotation {
    /** Rectangles keep their orientation (the default). */
    NONE,
    /**
     * The packer may turn any rectangle 90 degrees clockwise where that packs better; the UV
     * remap must then apply the turn (see {@link Placement}).
     */
    ALLOW_90
}
