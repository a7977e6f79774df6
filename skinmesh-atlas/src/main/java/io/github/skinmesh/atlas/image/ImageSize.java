package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;

/**
 * A width and height in texels: an atlas page's size, or the size an image is to be scaled to.
 *
 * @param width texels per row, {@code >= 1}
 * @param height rows, {@code >= 1}
 */
public record ImageSize(int width, int height) {
    /**
     * Validates the size.
     *
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @throws ValidationException when a side is below 1
     */
    public ImageSize {
        if (width < 1 || height < 1) {
            throw new ValidationException("size " + width + "x" + height + ", expected at least 1x1");
        }
    }

    /**
     * @param image an image
     * @return its size
     */
    public static ImageSize of(PixelImage image) {
        return new ImageSize(image.width(), image.height());
    }

    /** @return {@code width*height} */
    public long area() {
        return (long) width * height;
    }

    @Override
    public String toString() {
        return width + "x" + height;
    }
}
