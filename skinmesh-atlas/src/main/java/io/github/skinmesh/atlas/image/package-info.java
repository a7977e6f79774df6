/**
 * Decoded images and atlas pages: {@link io.github.skinmesh.atlas.image.PixelImage} in three formats
 * held in primitive arrays ({@link io.github.skinmesh.atlas.image.Rgba8Image},
 * {@link io.github.skinmesh.atlas.image.Rgba16Image}, {@link io.github.skinmesh.atlas.image.RgbaFloatImage});
 * the project's PNG codec ({@link io.github.skinmesh.atlas.image.Png}); resampling and mip chains
 * ({@link io.github.skinmesh.atlas.image.Resample}); compositing of placed images into pages with
 * edge-extruded gutters that keep mip levels from bleeding ({@link io.github.skinmesh.atlas.image.Compositor});
 * every channel map of a set of materials on one layout ({@link io.github.skinmesh.atlas.image.ChannelMaps});
 * and the downscale policy for sets that do not fit ({@link io.github.skinmesh.atlas.image.DownscalePolicy}).
 *
 * <p>Placements come from {@link io.github.skinmesh.atlas.pack}; nothing here moves a rectangle.
 */
@NullMarked
package io.github.skinmesh.atlas.image;

import org.jspecify.annotations.NullMarked;
