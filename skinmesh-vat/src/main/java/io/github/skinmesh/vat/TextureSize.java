package io.github.skinmesh.vat;

/** Texture dimensions. */
public enum TextureSize {
    /** The smallest width and height that hold the texels; any size. */
    FREE,
    /**
     * Width and height rounded up to powers of two (the width is then at most the largest power
     * of two within the maximum width); the extra texels are zero.
     */
    POWER_OF_TWO
}
