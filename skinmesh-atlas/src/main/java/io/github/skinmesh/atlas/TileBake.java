package io.github.skinmesh.atlas;

import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Rgba16Image;
import io.github.skinmesh.atlas.image.Rgba8Image;
import io.github.skinmesh.atlas.image.TexelFormat;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Sampler;

/**
 * Composites tiles of a texture side by side: the image a rectangle must hold so that one rectangle
 * reproduces a texture sampled over {@code [u0, u0 + tilesU) x [v0, v0 + tilesV)} (top-left terms). Each
 * target texel reads the source texel its wrap modes give for that position: {@code REPEAT} the same
 * texel of every tile, {@code MIRRORED_REPEAT} the mirrored texel in tiles of odd index, and
 * {@code CLAMP_TO_EDGE} the edge texel outside tile 0. So nearest sampling at texel centres is exact,
 * and bilinear sampling too except across the rectangle's own border (where the atlas clamps).
 *
 * <p>Allocates the tiled image ({@code tilesU * tilesV} times the source). Stateless.
 */
final class TileBake {
    private TileBake() {
    }

    static PixelImage tile(PixelImage source, String name, int u0, int v0, int tilesU, int tilesV, Sampler.Wrap wrapS,
            Sampler.Wrap wrapT) {
        int w = source.width();
        int h = source.height();
        long tw = (long) w * tilesU;
        long th = (long) h * tilesV;
        if (tw > Integer.MAX_VALUE / 4 || th > Integer.MAX_VALUE / 4 || 4 * tw * th > Integer.MAX_VALUE - 8) {
            throw new ValidationException("image '" + source.name() + "': " + tilesU + "x" + tilesV + " tiles of "
                    + w + "x" + h + " make " + tw + "x" + th + " texels, more than one image holds");
        }
        int width = (int) tw;
        int height = (int) th;
        int[] column = new int[width]; // target column -> source column
        for (int x = 0; x < width; x++) {
            column[x] = wrap(u0 + Math.floorDiv(x, w), x % w, w, wrapS);
        }
        int[] row = new int[height]; // target row -> source row
        for (int y = 0; y < height; y++) {
            row[y] = wrap(v0 + Math.floorDiv(y, h), y % h, h, wrapT);
        }
        if (source.format() == TexelFormat.RGBA16) {
            short[] src = ((Rgba16Image) source).rgba();
            short[] dst = new short[4 * width * height];
            for (int y = 0; y < height; y++) {
                int srcRow = 4 * row[y] * w;
                int dstRow = 4 * y * width;
                for (int x = 0; x < width; x++) {
                    System.arraycopy(src, srcRow + 4 * column[x], dst, dstRow + 4 * x, 4);
                }
            }
            return Rgba16Image.of(name, width, height, dst);
        }
        byte[] src = ((Rgba8Image) source.convert(TexelFormat.RGBA8)).rgba();
        byte[] dst = new byte[4 * width * height];
        for (int y = 0; y < height; y++) {
            int srcRow = 4 * row[y] * w;
            int dstRow = 4 * y * width;
            for (int x = 0; x < width; x++) {
                System.arraycopy(src, srcRow + 4 * column[x], dst, dstRow + 4 * x, 4);
            }
        }
        return Rgba8Image.of(name, width, height, dst);
    }

    /**
     * The source texel (along one axis) for texel {@code i} of tile {@code tile}.
     *
     * @param tile the absolute tile index (coordinate {@code tile} to {@code tile + 1})
     * @param i texel within the tile, {@code 0..size-1}
     * @param size the source's texels along the axis
     * @param mode the wrap mode along the axis
     */
    static int wrap(int tile, int i, int size, Sampler.Wrap mode) {
        switch (mode) {
            case REPEAT:
                return i;
            case MIRRORED_REPEAT:
                return (tile & 1) == 0 ? i : size - 1 - i;
            default:
                return tile < 0 ? 0 : tile > 0 ? size - 1 : i;
        }
    }
}
