package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Texture filtering and wrapping: how a texture is sampled between texels and outside 0..1.
 *
 * <p>The vocabulary is glTF's (and OpenGL's); file formats map their own codes to these values
 * when they read and back when they write. A filter may be {@link Filter#UNSPECIFIED}, leaving
 * the choice to the renderer.
 *
 * @param magFilter magnification filter: {@link Filter#UNSPECIFIED}, {@link Filter#NEAREST} or
 *     {@link Filter#LINEAR} (magnification has no mipmaps)
 * @param minFilter minification filter, any {@link Filter}
 * @param wrapS wrap mode along U
 * @param wrapT wrap mode along V
 */
public record Sampler(Filter magFilter, Filter minFilter, Wrap wrapS, Wrap wrapT) {
    /** Unspecified filters, repeat wrapping: glTF's default sampler. */
    public static final Sampler DEFAULT = new Sampler(Filter.UNSPECIFIED, Filter.UNSPECIFIED, Wrap.REPEAT,
            Wrap.REPEAT);

    /**
     * Validates the sampler.
     *
     * @param magFilter magnification filter, not a mipmap filter
     * @param minFilter minification filter
     * @param wrapS wrap mode along U
     * @param wrapT wrap mode along V
     * @throws ValidationException when {@code magFilter} is a mipmap filter
     * @throws NullPointerException when an argument is null
     */
    public Sampler {
        Objects.requireNonNull(magFilter, "magFilter");
        Objects.requireNonNull(minFilter, "minFilter");
        Objects.requireNonNull(wrapS, "wrapS");
        Objects.requireNonNull(wrapT, "wrapT");
        if (magFilter.usesMipmaps()) {
            throw new ValidationException("sampler: magFilter " + magFilter
                    + ", expected UNSPECIFIED, NEAREST or LINEAR (magnification uses no mipmaps)");
        }
    }

    /** How texels are filtered. */
    public enum Filter {
        /** Not specified: the renderer chooses. */
        UNSPECIFIED,
        /** The nearest texel. */
        NEAREST,
        /** Bilinear interpolation of the four nearest texels. */
        LINEAR,
        /** The nearest texel of the nearest mipmap level (minification only). */
        NEAREST_MIPMAP_NEAREST,
        /** Bilinear within the nearest mipmap level (minification only). */
        LINEAR_MIPMAP_NEAREST,
        /** The nearest texel of the two nearest levels, blended (minification only). */
        NEAREST_MIPMAP_LINEAR,
        /** Trilinear: bilinear in the two nearest levels, blended (minification only). */
        LINEAR_MIPMAP_LINEAR;

        /** @return whether the filter reads mipmap levels (a minification-only filter) */
        public boolean usesMipmaps() {
            return ordinal() >= NEAREST_MIPMAP_NEAREST.ordinal();
        }
    }

    /** What a texture coordinate outside 0..1 samples. */
    public enum Wrap {
        /** The texture repeats (the fractional part of the coordinate is used). */
        REPEAT,
        /** The coordinate is clamped to the edge texels. */
        CLAMP_TO_EDGE,
        /** The texture repeats, every other repetition mirrored. */
        MIRRORED_REPEAT
    }
}
