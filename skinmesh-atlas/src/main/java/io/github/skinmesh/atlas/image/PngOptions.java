package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Objects;

/**
 * How {@link Png} encodes: compression and scanline filtering. The defaults suit general use; the
 * bytes written depend only on the pixels and these options, on every Java runtime and machine.
 *
 * @param compression how the image data is compressed; default {@link PngCompression#DEFLATE}
 * @param deflateLevel how hard {@link PngCompression#DEFLATE} searches for matches, 1 (fastest:
 *     greedy, short hash chains) to 9 (smallest: lazy matching, chains of up to 4,096 candidates),
 *     with the search effort of zlib's levels of the same number; ignored by
 *     {@link PngCompression#STORED}; default 6 (higher levels cost several times the time on noisy
 *     textures for a few percent)
 * @param filter the scanline filter; default {@link PngFilter#ADAPTIVE}
 */
public record PngOptions(PngCompression compression, int deflateLevel, PngFilter filter) {
    /** Deflate at level 6 with adaptive filtering. */
    public static final PngOptions DEFAULTS = new PngOptions(PngCompression.DEFLATE, 6, PngFilter.ADAPTIVE);

    /**
     * Validates the options.
     *
     * @param compression how the image data is compressed
     * @param deflateLevel deflate level 1..9
     * @param filter the scanline filter
     * @throws ValidationException when {@code deflateLevel} is outside 1..9
     */
    public PngOptions {
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(filter, "filter");
        Checks.requireRange("PngOptions", "deflateLevel", deflateLevel, 1, 9);
    }

    /**
     * @param value the compression
     * @return a copy with that compression
     */
    public PngOptions withCompression(PngCompression value) {
        return new PngOptions(value, deflateLevel, filter);
    }

    /**
     * @param value the deflate level, 1..9
     * @return a copy with that level
     * @throws ValidationException when {@code value} is outside 1..9
     */
    public PngOptions withDeflateLevel(int value) {
        return new PngOptions(compression, value, filter);
    }

    /**
     * @param value the scanline filter
     * @return a copy with that filter
     */
    public PngOptions withFilter(PngFilter value) {
        return new PngOptions(compression, deflateLevel, value);
    }
}
