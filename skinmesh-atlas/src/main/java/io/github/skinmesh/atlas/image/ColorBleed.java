package io.github.skinmesh.atlas.image;

/**
 * Whether compositing fills the color of fully transparent texels, so that filtering across an alpha
 * edge (bilinear, mipmaps, premultiplication in the renderer) does not pull in the black or stray
 * color that transparent texels usually hold.
 */
public enum ColorBleed {
    /** Texels are copied as they are. */
    OFF,
    /**
     * Every texel of alpha 0 takes the R, G, B of the nearest texel of alpha above 0 in its own image
     * (nearest in rings of 8 neighbours, that is by chessboard distance; among equally near ones, the
     * one reached first when rings grow from the opaque texels in row order); its alpha stays 0. An
     * image without any such texel is left as it is. The gutter then extrudes the filled colors.
     */
    NEAREST
}
