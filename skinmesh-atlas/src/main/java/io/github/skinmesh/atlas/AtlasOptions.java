package io.github.skinmesh.atlas;

import io.github.skinmesh.atlas.image.CompositeOptions;
import io.github.skinmesh.atlas.image.DownscalePolicy;
import io.github.skinmesh.atlas.image.PngOptions;
import io.github.skinmesh.atlas.image.PngReadOptions;
import io.github.skinmesh.atlas.pack.PackOptions;
import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Options of {@link Atlases#atlasParts}. Start from {@link #DEFAULTS} and change fields with the
 * {@code with...} methods.
 *
 * <p>The packer's padding separates the contents of two rectangles; the compositor fills a gutter of
 * {@code composite.gutter()} texels around each one, so the padding must be at least twice the gutter
 * (checked here).
 *
 * @param pack page sizing, maximum page size and count, padding, blocks, rotation; default
 *     {@link PackOptions#DEFAULTS} with padding 8 (up to 16 pages of at most 4096 x 4096)
 * @param composite gutter, mip levels kept clean, colour bleed, page format; default
 *     {@link CompositeOptions#DEFAULTS} (gutter 4: levels 0 to 2 clean on aligned rectangles)
 * @param downscale what happens when the images do not fit; default {@link DownscalePolicy#DEFAULTS}
 *     (off: an image larger than a page, or a set needing more pages than allowed, is an error)
 * @param read limits for decoding the textures; default {@link PngReadOptions#DEFAULTS}
 * @param encode how the pages are encoded as PNG; default {@link PngOptions#DEFAULTS}
 * @param vOrigin the convention of the meshes' texture coordinates; default {@link VOrigin#TOP_LEFT} (glTF)
 * @param tiling what happens to parts whose coordinates leave {@code [0, 1]}; default {@link TilingMode#FAIL}
 * @param maxRepeat most tiles along one axis that {@link TilingMode#BAKE_REPEAT} bakes,
 *     {@code 1..}{@value UvTransform#MAX_TILES}; default 4
 * @param name the prefix of the merged materials' and pages' names ({@code "atlas"} gives materials
 *     {@code atlas0}, {@code atlas1}, ... and images {@code atlas0.baseColor.png}, ...); non-empty; default
 *     {@code "atlas"}
 */
public record AtlasOptions(PackOptions pack, CompositeOptions composite, DownscalePolicy downscale,
        PngReadOptions read, PngOptions encode, VOrigin vOrigin, TilingMode tiling, int maxRepeat, String name) {
    /** Padding 8, gutter 4, no downscaling, glTF's V origin, tiling fails, up to 4 tiles per axis. */
    public static final AtlasOptions DEFAULTS = new AtlasOptions(PackOptions.DEFAULTS.withPadding(8),
            CompositeOptions.DEFAULTS, DownscalePolicy.DEFAULTS, PngReadOptions.DEFAULTS, PngOptions.DEFAULTS,
            VOrigin.TOP_LEFT, TilingMode.FAIL, 4, "atlas");

    /**
     * Checks the fields.
     *
     * @throws ValidationException when the padding is less than twice the gutter (naming both), when
     *     {@code maxRepeat} is out of range, or when {@code name} is empty
     * @throws NullPointerException when a field is null
     */
    public AtlasOptions {
        Objects.requireNonNull(pack, "pack");
        Objects.requireNonNull(composite, "composite");
        Objects.requireNonNull(downscale, "downscale");
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(encode, "encode");
        Objects.requireNonNull(vOrigin, "vOrigin");
        Objects.requireNonNull(tiling, "tiling");
        Objects.requireNonNull(name, "name");
        if (pack.padding() < 2 * composite.gutter()) {
            throw new ValidationException("AtlasOptions: padding " + pack.padding() + " with a gutter of "
                    + composite.gutter() + ", expected a padding of at least twice the gutter ("
                    + 2 * composite.gutter() + ")");
        }
        if (maxRepeat < 1 || maxRepeat > UvTransform.MAX_TILES) {
            throw new ValidationException("AtlasOptions: maxRepeat=" + maxRepeat + ", expected 1.."
                    + UvTransform.MAX_TILES);
        }
        if (name.isEmpty()) {
            throw new ValidationException("AtlasOptions: name is empty, expected a prefix such as \"atlas\"");
        }
    }

    /**
     * @param value packing options
     * @return a copy with them
     */
    public AtlasOptions withPack(PackOptions value) {
        return new AtlasOptions(value, composite, downscale, read, encode, vOrigin, tiling, maxRepeat, name);
    }

    /**
     * @param value compositing options
     * @return a copy with them
     */
    public AtlasOptions withComposite(CompositeOptions value) {
        return new AtlasOptions(pack, value, downscale, read, encode, vOrigin, tiling, maxRepeat, name);
    }

    /**
     * @param value the downscale policy
     * @return a copy with it
     */
    public AtlasOptions withDownscale(DownscalePolicy value) {
        return new AtlasOptions(pack, composite, value, read, encode, vOrigin, tiling, maxRepeat, name);
    }

    /**
     * @param value decoding limits
     * @return a copy with them
     */
    public AtlasOptions withRead(PngReadOptions value) {
        return new AtlasOptions(pack, composite, downscale, value, encode, vOrigin, tiling, maxRepeat, name);
    }

    /**
     * @param value PNG encoding of the pages
     * @return a copy with it
     */
    public AtlasOptions withEncode(PngOptions value) {
        return new AtlasOptions(pack, composite, downscale, read, value, vOrigin, tiling, maxRepeat, name);
    }

    /**
     * @param value the V-origin convention of the meshes
     * @return a copy with it
     */
    public AtlasOptions withVOrigin(VOrigin value) {
        return new AtlasOptions(pack, composite, downscale, read, encode, value, tiling, maxRepeat, name);
    }

    /**
     * @param value what happens to tiling parts
     * @return a copy with it
     */
    public AtlasOptions withTiling(TilingMode value) {
        return new AtlasOptions(pack, composite, downscale, read, encode, vOrigin, value, maxRepeat, name);
    }

    /**
     * @param value most tiles per axis, {@code 1..}{@value UvTransform#MAX_TILES}
     * @return a copy with it
     */
    public AtlasOptions withMaxRepeat(int value) {
        return new AtlasOptions(pack, composite, downscale, read, encode, vOrigin, tiling, value, name);
    }

    /**
     * @param value the names' prefix, non-empty
     * @return a copy with it
     */
    public AtlasOptions withName(String value) {
        return new AtlasOptions(pack, composite, downscale, read, encode, vOrigin, tiling, maxRepeat, value);
    }
}
