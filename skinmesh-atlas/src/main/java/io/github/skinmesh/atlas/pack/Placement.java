package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.core.ValidationException;

/**
 * Where one input rectangle (an image) lands in a packed atlas: its page and the texel rectangle its
 * content occupies there. Padding and block alignment surround this rectangle and are not part of
 * it. Coordinates start at the page's top-left texel, x to the right and y down, the order in which
 * image rows are stored.
 *
 * <p>{@code width x height} is the size the content occupies on the page. When {@code rotated} is
 * false it is the source size and source texel {@code (sx, sy)} lands at {@code (x + sx, y + sy)}.
 * When {@code rotated} is true the source was turned 90 degrees clockwise: the source is
 * {@code height} texels wide and {@code width} texels high, and its texel {@code (sx, sy)} lands at
 * {@code (x + width - 1 - sy, y + sx)}.
 *
 * @param input index of the rectangle in the packer's input list
 * @param page index of the atlas page, from 0
 * @param x left texel column of the content on the page, {@code >= 0}
 * @param y top texel row of the content on the page, {@code >= 0}
 * @param width texel columns the content occupies on the page, {@code >= 1}
 * @param height texel rows the content occupies on the page, {@code >= 1}
 * @param rotated whether the source was turned 90 degrees clockwise
 */
public record Placement(int input, int page, int x, int y, int width, int height, boolean rotated) {
    /**
     * Checks the ranges.
     *
     * @throws ValidationException if {@code input}, {@code page}, {@code x} or {@code y} is
     *     negative, or {@code width} or {@code height} is below 1; the message names the field, its
     *     value and the range
     */
    public Placement {
        atLeast(input, "input", 0);
        atLeast(page, "page", 0);
        atLeast(x, "x", 0);
        atLeast(y, "y", 0);
        atLeast(width, "width", 1);
        atLeast(height, "height", 1);
    }

    private static void atLeast(int value, String field, int min) {
        if (value < min) {
            throw new ValidationException("Placement: " + field + "=" + value + ", expected >= " + min);
        }
    }

    /** {@return the source image's width in texels: {@code height} when rotated, else {@code width}} */
    public int sourceWidth() {
        return rotated ? height : width;
    }

    /** {@return the source image's height in texels: {@code width} when rotated, else {@code height}} */
    public int sourceHeight() {
        return rotated ? width : height;
    }
}
