package io.github.skinmesh.atlas.image;

/**
 * A decoded image: {@code width x height} texels of four channels (R, G, B, A) in one primitive array
 * owned by the image, rows top to bottom, each row left to right. One of {@link Rgba8Image},
 * {@link Rgba16Image} and {@link RgbaFloatImage}.
 *
 * <p>Values are stored as they come: color channels keep the encoding of their source (sRGB for base
 * color and emissive maps by glTF's convention, linear for data maps), alpha is straight (not
 * premultiplied). Conversions between the formats ({@link #convert}) rescale the value range and
 * nothing else.
 *
 * <p>Implementations are immutable and thread-safe: factories copy the caller's array once, no method
 * returns the internal array. The {@linkplain #name() name} is for messages only; equality compares the
 * size and the texels.
 */
public sealed interface PixelImage permits Rgba8Image, Rgba16Image, RgbaFloatImage {
    /** Channels per texel. */
    int CHANNELS = 4;

    /** @return the name used in messages (may be empty) */
    String name();

    /** @return texels per row, {@code >= 1} */
    int width();

    /** @return rows, {@code >= 1} */
    int height();

    /** @return the storage format */
    TexelFormat format();

    /**
     * Reads one channel as a normalized value: {@code v/255} for {@link TexelFormat#RGBA8},
     * {@code v/65535} for {@link TexelFormat#RGBA16}, the stored float for {@link TexelFormat#RGBA_FLOAT}.
     *
     * @param x column, {@code 0..width-1}
     * @param y row, {@code 0..height-1}
     * @param channel 0..3 for R, G, B, A
     * @return the value
     * @throws IndexOutOfBoundsException when a coordinate or the channel is out of range
     */
    float value(int x, int y, int channel);

    /**
     * Converts to another format, or returns this image when it has that format already. Widening
     * (8 to 16 bit: {@code v*257}; to float: {@code v/255} or {@code v/65535}) is exact and reversible;
     * narrowing rounds to the nearest step and clamps float values to 0..1 first.
     *
     * @param target the format
     * @return an image of that format (allocates {@code width*height*target.bytesPerTexel()} bytes unless
     *     it is this image)
     */
    PixelImage convert(TexelFormat target);

    /**
     * @param newName the name for messages
     * @return an image with the same texels (shared, not copied) and that name
     */
    PixelImage withName(String newName);

    /** @return {@code width*height}, as a long */
    default long texelCount() {
        return (long) width() * height();
    }
}
