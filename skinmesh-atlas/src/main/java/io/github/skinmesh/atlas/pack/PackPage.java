package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.core.ValidationException;

/**
 * One page of a packed atlas.
 *
 * @param width page width in texels, {@code >= 1}
 * @param height page height in texels, {@code >= 1}
 * @param rectCount distinct rectangles on the page (inputs sharing a key count once), {@code >= 0}
 * @param contentArea texels covered by those rectangles' contents (padding excluded),
 *     {@code 0..width*height}
 */
public record PackPage(int width, int height, int rectCount, long contentArea) {
    /**
     * Checks the ranges.
     *
     * @throws ValidationException when a side is below 1, {@code rectCount} is negative or
     *     {@code contentArea} is outside {@code 0..width*height}; the message names the field, its value
     *     and the range
     */
    public PackPage {
        if (width < 1 || height < 1) {
            throw new ValidationException("PackPage: size " + width + "x" + height + ", expected sides >= 1");
        }
        if (rectCount < 0) {
            throw new ValidationException("PackPage: rectCount=" + rectCount + ", expected >= 0");
        }
        long pageArea = (long) width * height;
        if (contentArea < 0 || contentArea > pageArea) {
            throw new ValidationException("PackPage: contentArea=" + contentArea + ", expected 0.." + pageArea
                    + " (the texels of a " + width + "x" + height + " page)");
        }
    }

    /** {@return {@code contentArea / (width * height)}, in {@code [0, 1]} (above 0 on a page the packer made)} */
    public double fill() {
        return contentArea / ((double) width * height);
    }
}
