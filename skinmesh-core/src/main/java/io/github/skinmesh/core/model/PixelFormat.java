package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * The pixel layout an encoded {@link Image} declares in its header: its color type and bit depth
 * (bits per sample, or per palette index for {@link ColorType#INDEXED}), read without decoding
 * the pixels.
 *
 * @param colorType the color type, {@link ColorType#UNKNOWN} when the header was not understood
 * @param bitDepth bits per sample (per palette index when indexed), 1..16; 0 exactly when the
 *     color type is {@link ColorType#UNKNOWN}
 */
public record PixelFormat(ColorType colorType, int bitDepth) {
    /** The format of an image whose header was not recognized. */
    public static final PixelFormat UNKNOWN = new PixelFormat(ColorType.UNKNOWN, 0);

    /**
     * Validates the format.
     *
     * @param colorType the color type
     * @param bitDepth 1..16, or 0 with {@link ColorType#UNKNOWN}
     * @throws ValidationException when the bit depth does not fit the color type
     */
    public PixelFormat {
        Objects.requireNonNull(colorType, "colorType");
        if (colorType == ColorType.UNKNOWN ? bitDepth != 0 : bitDepth < 1 || bitDepth > 16) {
            throw new ValidationException("pixel format " + colorType + ": bitDepth " + bitDepth + ", expected "
                    + (colorType == ColorType.UNKNOWN ? "0" : "1..16"));
        }
    }

    /** @return whether the format is known */
    public boolean isKnown() {
        return colorType != ColorType.UNKNOWN;
    }

    /**
     * @return the number of samples per pixel as stored: 1 for gray and indexed, 2 for gray with
     *     alpha, 3 for RGB, 4 for RGBA and CMYK, 0 when unknown
     */
    public int channelCount() {
        return colorType.channels;
    }

    /**
     * Tells whether the pixels carry an alpha channel (gray with alpha, RGBA). An indexed, gray
     * or RGB PNG may still be transparent through its {@code tRNS} chunk, which is not examined.
     *
     * @return whether there is an alpha channel
     */
    public boolean hasAlphaChannel() {
        return colorType == ColorType.GRAY_ALPHA || colorType == ColorType.RGBA;
    }

    /** Color types, named as PNG names them; JPEG images are GRAY, RGB (YCbCr or RGB) or CMYK (CMYK or YCCK). */
    public enum ColorType {
        /** The header was not recognized. */
        UNKNOWN(0),
        /** One gray sample. */
        GRAY(1),
        /** Gray and alpha. */
        GRAY_ALPHA(2),
        /** Red, green, blue. */
        RGB(3),
        /** Red, green, blue, alpha. */
        RGBA(4),
        /** A palette index. */
        INDEXED(1),
        /** Four ink samples (JPEG with four components). */
        CMYK(4);

        private final int channels;

        ColorType(int channels) {
            this.channels = channels;
        }
    }
}
