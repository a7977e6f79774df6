package io.github.skinmesh.atlas.pack;

/**
 * One page of a packed atlas.
 *
 * @param width page width in texels, {@code >= 1}
 * @param height page height in texels, {@code >= 1}
 * @param rectCount distinct rectangles on the page (inputs sharing a key count once)
 * @param contentArea texels covered by those rectangles' contents (padding excluded)
 */
public record PackPage(int width, int height, int rectCount, long contentArea) {
    /** {@return {@code contentArea / (width * height)}, in {@code (0, 1]}} */
    public double fill() {
        return contentArea / ((double) width * height);
    }
}
