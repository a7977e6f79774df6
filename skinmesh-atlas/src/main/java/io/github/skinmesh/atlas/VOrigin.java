package io.github.skinmesh.atlas;

/**
 * Where a mesh's texture coordinates put {@code v = 0}: the convention in which UV remapping reads and
 * writes them. Images are stored top row first in either case.
 */
public enum VOrigin {
    /**
     * {@code v = 0} is the image's top row and {@code v} grows downwards: glTF's convention (and
     * Direct3D's, Vulkan's, Metal's); the default.
     */
    TOP_LEFT,
    /**
     * {@code v = 0} is the image's bottom row and {@code v} grows upwards: OpenGL's convention for images
     * uploaded bottom row first, Unity's and LayaAir's mesh data. A coordinate {@code v} here is
     * {@code 1 - v} in {@link #TOP_LEFT} terms.
     */
    BOTTOM_LEFT
}
