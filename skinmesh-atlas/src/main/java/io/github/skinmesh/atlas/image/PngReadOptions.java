package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;

/**
 * Limits of {@link Png#decode(String, byte[], PngReadOptions)} for untrusted files.
 *
 * <p>Before any pixel memory is allocated, the declared size is checked twice: against
 * {@code maxPixels}, and against the compressed bytes present (deflate expands a byte to at most
 * 1032 bytes, so an {@code IDAT} total that cannot hold the declared rows is refused as truncated).
 *
 * @param maxPixels the largest {@code width*height} accepted, 1..{@value #MAX_PIXELS_LIMIT};
 *     default {@value #DEFAULT_MAX_PIXELS} (8192 x 8192)
 */
public record PngReadOptions(long maxPixels) {
    /** The default pixel limit, 8192 x 8192. */
    public static final long DEFAULT_MAX_PIXELS = 8192L * 8192L;
    /** The largest pixel limit: the texel count whose RGBA channels still fit one Java array. */
    public static final long MAX_PIXELS_LIMIT = Checks.MAX_ARRAY_LENGTH / PixelImage.CHANNELS;
    /** A limit of {@value #DEFAULT_MAX_PIXELS} pixels. */
    public static final PngReadOptions DEFAULTS = new PngReadOptions(DEFAULT_MAX_PIXELS);

    /**
     * Validates the limit.
     *
     * @param maxPixels 1..{@value #MAX_PIXELS_LIMIT}
     * @throws ValidationException when {@code maxPixels} is out of range
     */
    public PngReadOptions {
        if (maxPixels < 1 || maxPixels > MAX_PIXELS_LIMIT) {
            throw new ValidationException("PngReadOptions: maxPixels=" + maxPixels + ", expected 1.."
                    + MAX_PIXELS_LIMIT);
        }
    }

    /**
     * @param value the pixel limit, 1..{@value #MAX_PIXELS_LIMIT}
     * @return a copy with that limit
     * @throws ValidationException when {@code value} is out of range
     */
    public PngReadOptions withMaxPixels(long value) {
        return new PngReadOptions(value);
    }
}
