package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * An image of 8-bit channels: {@code 4*width*height} bytes, R, G, B, A per texel, rows top to bottom.
 * Values are unsigned (0..255; read a byte with {@code & 0xFF}).
 *
 * <p>Immutable and thread-safe: {@link #of} copies the caller's array once; {@link #rgba()} returns a
 * copy and {@link #rgbaInto} copies into the caller's array.
 */
public final class Rgba8Image extends ImageBase implements PixelImage {
    private final byte[] rgba;

    private Rgba8Image(String name, int width, int height, byte[] rgba) {
        super(name, width, height);
        this.rgba = rgba;
    }

    /**
     * Creates an image, copying the texels.
     *
     * @param name a name for messages (may be empty)
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param rgba exactly {@code 4*width*height} bytes, R, G, B, A per texel, rows top to bottom; copied
     * @return the image
     * @throws ValidationException naming the image when a side is below 1, {@code 4*width*height}
     *     exceeds the largest Java array, or {@code rgba} has another length
     */
    public static Rgba8Image of(String name, int width, int height, byte[] rgba) {
        int length = Texels.length(name, width, height);
        Texels.requireLength(name, "rgba", rgba.length, length);
        return new Rgba8Image(name, width, height, rgba.clone());
    }

    /**
     * Creates an image of one color.
     *
     * @param name a name for messages
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param r red 0..255
     * @param g green 0..255
     * @param b blue 0..255
     * @param a alpha 0..255
     * @return the image (allocates {@code 4*width*height} bytes)
     * @throws ValidationException naming the image when a side is below 1, the size is too large or a
     *     value is outside 0..255
     */
    public static Rgba8Image filled(String name, int width, int height, int r, int g, int b, int a) {
        int length = Texels.length(name, width, height);
        String where = "image " + Checks.quote(name);
        Checks.requireRange(where, "r", r, 0, 255);
        Checks.requireRange(where, "g", g, 0, 255);
        Checks.requireRange(where, "b", b, 0, 255);
        Checks.requireRange(where, "a", a, 0, 255);
        byte[] data = new byte[length];
        for (int i = 0; i < length; i += 4) {
            data[i] = (byte) r;
            data[i + 1] = (byte) g;
            data[i + 2] = (byte) b;
            data[i + 3] = (byte) a;
        }
        return new Rgba8Image(name, width, height, data);
    }

    /** Takes ownership of an array built by this package; the caller must not keep or change it. */
    static Rgba8Image adopt(String name, int width, int height, byte[] rgba) {
        assert rgba.length == Texels.length(name, width, height);
        return new Rgba8Image(name, width, height, rgba);
    }

    /** The internal array; read-only by contract. */
    byte[] raw() {
        return rgba;
    }

    @Override
    public TexelFormat format() {
        return TexelFormat.RGBA8;
    }

    /**
     * Reads one channel.
     *
     * @param x column, {@code 0..width-1}
     * @param y row, {@code 0..height-1}
     * @param channel 0..3 for R, G, B, A
     * @return the value, 0..255
     * @throws IndexOutOfBoundsException when a coordinate or the channel is out of range
     */
    public int sample(int x, int y, int channel) {
        return rgba[index(x, y, channel)] & 0xFF;
    }

    @Override
    public float value(int x, int y, int channel) {
        return sample(x, y, channel) / 255f;
    }

    /** @return a fresh copy of the {@code 4*width*height} bytes */
    public byte[] rgba() {
        return rgba.clone();
    }

    /**
     * Copies the texels.
     *
     * @param dst destination with at least {@code offset + 4*width*height} bytes
     * @param offset first byte written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short or {@code offset} negative
     */
    public byte[] rgbaInto(byte[] dst, int offset) {
        Objects.checkFromIndexSize(offset, rgba.length, dst.length);
        System.arraycopy(rgba, 0, dst, offset, rgba.length);
        return dst;
    }

    @Override
    byte[] to8() {
        return rgba;
    }

    @Override
    short[] to16() {
        short[] out = new short[rgba.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (short) ((rgba[i] & 0xFF) * 257);
        }
        return out;
    }

    @Override
    float[] toFloat() {
        float[] out = new float[rgba.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (rgba[i] & 0xFF) / 255f;
        }
        return out;
    }

    @Override
    public Rgba8Image withName(String newName) {
        return new Rgba8Image(newName, width, height, rgba);
    }

    @Override
    boolean sameTexels(ImageBase other) {
        return Arrays.equals(((Rgba8Image) other).rgba, rgba);
    }

    @Override
    int texelHash() {
        return Arrays.hashCode(rgba);
    }
}
