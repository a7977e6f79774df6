package io.github.skinmesh.atlas.image;

/** How {@link Resample#resize} computes a texel of the resized image. */
public enum ResampleFilter {
    /**
     * The area average: each target texel is the mean of the source area it covers, source texels
     * weighted by their overlap. The filter for downscaling and mip levels; a 2:1 reduction is the mean
     * of each 2x2 block, exactly.
     */
    BOX,
    /**
     * Bilinear interpolation at the target texel's center (source coordinate
     * {@code (i + 0.5) * srcSize / dstSize - 0.5}, clamped to the edge). The filter for upscaling; a 2:1
     * reduction lands on the middle of each 2x2 block and equals {@link #BOX}.
     */
    BILINEAR
}
