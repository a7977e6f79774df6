package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;

/** Size checks and value conversions shared by the image types. */
final class Texels {
    private Texels() {
    }

    /**
     * Checks a size and returns the array length it needs.
     *
     * @param name the image's name, for the message
     * @param width texels per row
     * @param height rows
     * @return {@code 4*width*height}
     * @throws ValidationException when a side is below 1 or the array would be longer than Java allows
     */
    static int length(String name, int width, int height) {
        if (width < 1 || height < 1) {
            throw new ValidationException("image " + Checks.quote(name) + ": size " + width + "x" + height
                    + ", expected at least 1x1");
        }
        long length = (long) PixelImage.CHANNELS * width * height;
        if (length > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException("image " + Checks.quote(name) + ": size " + width + "x" + height + " needs "
                    + length + " array elements, more than the " + Checks.MAX_ARRAY_LENGTH + " a Java array holds");
        }
        return (int) length;
    }

    static void requireLength(String name, String what, int actual, int expected) {
        if (actual != expected) {
            throw new ValidationException("image " + Checks.quote(name) + ": " + what + " length " + actual
                    + ", expected 4*width*height = " + expected);
        }
    }

    static int index(int width, int height, int x, int y, int channel) {
        if (x < 0 || x >= width || y < 0 || y >= height || channel < 0 || channel >= PixelImage.CHANNELS) {
            throw new IndexOutOfBoundsException("texel (" + x + ", " + y + ") channel " + channel + " of a " + width
                    + "x" + height + " image");
        }
        return PixelImage.CHANNELS * (y * width + x) + channel;
    }

    /** 0..65535 to the nearest 0..255 ({@code round(v/257)}). */
    static int narrow16To8(int v) {
        return (v + 128) / 257;
    }

    /** A float to 0..255: clamped to 0..1, then rounded half up. */
    static int floatTo8(float v) {
        float c = v > 1f ? 1f : v > 0f ? v : 0f; // NaN cannot occur: float images hold finite values
        return (int) (c * 255f + 0.5f);
    }

    /** A float to 0..65535: clamped to 0..1, then rounded half up. */
    static int floatTo16(float v) {
        float c = v > 1f ? 1f : v > 0f ? v : 0f;
        return (int) (c * 65535f + 0.5f);
    }

    /** A double to 0..255 as {@link #floatTo8}, without the float rounding of the argument. */
    static int doubleTo8(double v) {
        double c = v > 1 ? 1 : v > 0 ? v : 0;
        return (int) (c * 255 + 0.5);
    }

    /** A double to 0..65535 as {@link #floatTo16}. */
    static int doubleTo16(double v) {
        double c = v > 1 ? 1 : v > 0 ? v : 0;
        return (int) (c * 65535 + 0.5);
    }
}
