package io.github.skinmesh.atlas.image;

/**
 * How the color channels of an image encode their values, which decides how filtering averages them.
 * Alpha is always linear.
 */
public enum ColorEncoding {
    /** Values are linear (normal, metallic-roughness and occlusion maps): averaged as stored. */
    LINEAR,
    /**
     * R, G, B are sRGB-encoded (glTF's base color and emissive maps): decoded to linear light (IEC
     * 61966-2-1 transfer function), averaged, encoded again.
     */
    SRGB
}
