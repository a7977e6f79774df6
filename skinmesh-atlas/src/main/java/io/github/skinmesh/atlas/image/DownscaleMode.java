package io.github.skinmesh.atlas.image;

/** Which images a {@link DownscalePolicy} shrinks when a set does not fit the atlas. */
public enum DownscaleMode {
    /** Never: an image larger than the maximum size is an error, and so is a set that does not fit. */
    OFF,
    /**
     * Each step halves the images of the largest area (all of those tied at it), so small details keep
     * their resolution as long as possible.
     */
    LARGEST_FIRST,
    /** Each step halves every image, keeping their relative texel densities. */
    UNIFORM
}
