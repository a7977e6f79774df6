package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * An image of 16-bit channels: {@code 4*width*height} shorts, R, G, B, A per texel, rows top to bottom.
 * Values are unsigned (0..65535; read a short with {@code & 0xFFFF}), the sample values of a 16-bit PNG.
 *
 * <p>Immutable and thread-safe: {@link #of} copies the caller's array once; {@link #rgba()} returns a
 * copy and {@link #rgbaInto} copies into the caller's array.
 */
public final class Rgba16Image extends ImageBase implements PixelImage {
    private final short[] rgba;

    private Rgba16Image(String name, int width, int height, short[] rgba) {
        super(name, width, height);
        this.rgba = rgba;
    }

    /**
     * Creates an image, copying the texels.
     *
     * @param name a name for messages (may be empty)
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param rgba exactly {@code 4*width*height} unsigned values, R, G, B, A per texel, rows top to
     *     bottom; copied
     * @return the image
     * @throws ValidationException naming the image when a side is below 1, {@code 4*width*height}
     *     exceeds the largest Java array, or {@code rgba} has another length
     */
    public static Rgba16Image of(String name, int width, int height, short[] rgba) {
        int length = Texels.length(name, width, height);
        Texels.requireLength(name, "rgba", rgba.length, length);
        return new Rgba16Image(name, width, height, rgba.clone());
    }

    /**
     * Creates an image of one color.
     *
     * @param name a name for messages
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param r red 0..65535
     * @param g green 0..65535
     * @param b blue 0..65535
     * @param a alpha 0..65535
     * @return the image (allocates {@code 8*width*height} bytes)
     * @throws ValidationException naming the image when a side is below 1, the size is too large or a
     *     value is outside 0..65535
     */
    public static Rgba16Image filled(String name, int width, int height, int r, int g, int b, int a) {
        int length = Texels.length(name, width, height);
        String where = "image " + Checks.quote(name);
        Checks.requireRange(where, "r", r, 0, 65535);
        Checks.requireRange(where, "g", g, 0, 65535);
        Checks.requireRange(where, "b", b, 0, 65535);
        Checks.requireRange(where, "a", a, 0, 65535);
        short[] data = new short[length];
        for (int i = 0; i < length; i += 4) {
            data[i] = (short) r;
            data[i + 1] = (short) g;
            data[i + 2] = (short) b;
            data[i + 3] = (short) a;
        }
        return new Rgba16Image(name, width, height, data);
    }

    /** Takes ownership of an array built by this package; the caller must not keep or change it. */
    static Rgba16Image adopt(String name, int width, int height, short[] rgba) {
        assert rgba.length == Texels.length(name, width, height);
        return new Rgba16Image(name, width, height, rgba);
    }

    /** The internal array; read-only by contract. */
    short[] raw() {
        return rgba;
    }

    @Override
    public TexelFormat format() {
        return TexelFormat.RGBA16;
    }

    /**
     * Reads one channel.
     *
     * @param x column, {@code 0..width-1}
     * @param y row, {@code 0..height-1}
     * @param channel 0..3 for R, G, B, A
     * @return the value, 0..65535
     * @throws IndexOutOfBoundsException when a coordinate or the channel is out of range
     */
    public int sample(int x, int y, int channel) {
        return rgba[index(x, y, channel)] & 0xFFFF;
    }

    @Override
    public float value(int x, int y, int channel) {
        return sample(x, y, channel) / 65535f;
    }

    /** @return a fresh copy of the {@code 4*width*height} values */
    public short[] rgba() {
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
    public short[] rgbaInto(short[] dst, int offset) {
        Objects.checkFromIndexSize(offset, rgba.length, dst.length);
        System.arraycopy(rgba, 0, dst, offset, rgba.length);
        return dst;
    }

    @Override
    byte[] to8() {
        byte[] out = new byte[rgba.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Texels.narrow16To8(rgba[i] & 0xFFFF);
        }
        return out;
    }

    @Override
    short[] to16() {
        return rgba;
    }

    @Override
    float[] toFloat() {
        float[] out = new float[rgba.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (rgba[i] & 0xFFFF) / 65535f;
        }
        return out;
    }

    @Override
    public Rgba16Image withName(String newName) {
        return new Rgba16Image(newName, width, height, rgba);
    }

    @Override
    boolean sameTexels(ImageBase other) {
        return Arrays.equals(((Rgba16Image) other).rgba, rgba);
    }

    @Override
    int texelHash() {
        return Arrays.hashCode(rgba);
    }
}
