package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * An image of float channels: {@code 4*width*height} floats, R, G, B, A per texel, rows top to bottom.
 * Values are finite, nominally 0..1; values outside (HDR emission, signed data) are kept as they are
 * and clamped only when converted to an integer format.
 *
 * <p>Immutable and thread-safe: {@link #of} copies the caller's array once; {@link #rgba()} returns a
 * copy and {@link #rgbaInto} copies into the caller's array.
 */
public final class RgbaFloatImage extends ImageBase implements PixelImage {
    private final float[] rgba;

    private RgbaFloatImage(String name, int width, int height, float[] rgba) {
        super(name, width, height);
        this.rgba = rgba;
    }

    /**
     * Creates an image, copying the texels.
     *
     * @param name a name for messages (may be empty)
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param rgba exactly {@code 4*width*height} finite values, R, G, B, A per texel, rows top to bottom;
     *     copied
     * @return the image
     * @throws ValidationException naming the image when a side is below 1, {@code 4*width*height}
     *     exceeds the largest Java array, {@code rgba} has another length, or a value is NaN or infinite
     *     (naming the texel)
     */
    public static RgbaFloatImage of(String name, int width, int height, float[] rgba) {
        int length = Texels.length(name, width, height);
        Texels.requireLength(name, "rgba", rgba.length, length);
        float[] copy = rgba.clone();
        Checks.requireFinite("image " + Checks.quote(name), "rgba", copy, PixelImage.CHANNELS, "texel");
        return new RgbaFloatImage(name, width, height, copy);
    }

    /**
     * Creates an image of one color.
     *
     * @param name a name for messages
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param r red, finite
     * @param g green, finite
     * @param b blue, finite
     * @param a alpha, finite
     * @return the image (allocates {@code 16*width*height} bytes)
     * @throws ValidationException naming the image when a side is below 1, the size is too large or a
     *     value is not finite
     */
    public static RgbaFloatImage filled(String name, int width, int height, float r, float g, float b, float a) {
        int length = Texels.length(name, width, height);
        float[] color = {r, g, b, a};
        Checks.requireFinite("image " + Checks.quote(name), "fill color", color, PixelImage.CHANNELS, "texel");
        float[] data = new float[length];
        for (int i = 0; i < length; i += 4) {
            System.arraycopy(color, 0, data, i, 4);
        }
        return new RgbaFloatImage(name, width, height, data);
    }

    /** Takes ownership of an array of finite values built by this package; the caller must not keep or change it. */
    static RgbaFloatImage adopt(String name, int width, int height, float[] rgba) {
        assert rgba.length == Texels.length(name, width, height);
        return new RgbaFloatImage(name, width, height, rgba);
    }

    /** The internal array; read-only by contract. */
    float[] raw() {
        return rgba;
    }

    @Override
    public TexelFormat format() {
        return TexelFormat.RGBA_FLOAT;
    }

    /**
     * Reads one channel.
     *
     * @param x column, {@code 0..width-1}
     * @param y row, {@code 0..height-1}
     * @param channel 0..3 for R, G, B, A
     * @return the stored value
     * @throws IndexOutOfBoundsException when a coordinate or the channel is out of range
     */
    public float sample(int x, int y, int channel) {
        return rgba[index(x, y, channel)];
    }

    @Override
    public float value(int x, int y, int channel) {
        return sample(x, y, channel);
    }

    /** @return a fresh copy of the {@code 4*width*height} values */
    public float[] rgba() {
        return rgba.clone();
    }

    /**
     * Copies the texels.
     *
     * @param dst destination with at least {@code offset + 4*width*height} elements
     * @param offset first element written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short or {@code offset} negative
     */
    public float[] rgbaInto(float[] dst, int offset) {
        Objects.checkFromIndexSize(offset, rgba.length, dst.length);
        System.arraycopy(rgba, 0, dst, offset, rgba.length);
        return dst;
    }

    @Override
    byte[] to8() {
        byte[] out = new byte[rgba.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Texels.floatTo8(rgba[i]);
        }
        return out;
    }

    @Override
    short[] to16() {
        short[] out = new short[rgba.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (short) Texels.floatTo16(rgba[i]);
        }
        return out;
    }

    @Override
    float[] toFloat() {
        return rgba;
    }

    @Override
    public RgbaFloatImage withName(String newName) {
        return new RgbaFloatImage(newName, width, height, rgba);
    }

    @Override
    boolean sameTexels(ImageBase other) {
        return Arrays.equals(((RgbaFloatImage) other).rgba, rgba);
    }

    @Override
    int texelHash() {
        return Arrays.hashCode(rgba);
    }
}
