package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.internal.Checks;
import java.util.Objects;

/**
 * The part the three {@link PixelImage} types share: name, size, the texel index and bounds checks, the
 * format dispatch of {@link #convert}, and the shape of {@code equals}, {@code hashCode} and
 * {@code toString}. Each type keeps its own array and the per-element work on it.
 *
 * <p>Subclasses are final and immutable; this class holds only final fields.
 */
abstract class ImageBase {
    /** The name for messages, never null. */
    final String name;
    /** Texels per row, {@code >= 1}. */
    final int width;
    /** Rows, {@code >= 1}. */
    final int height;

    ImageBase(String name, int width, int height) {
        this.name = Objects.requireNonNull(name, "name");
        this.width = width;
        this.height = height;
    }

    /** @return the name used in messages (may be empty) */
    public final String name() {
        return name;
    }

    /** @return texels per row, {@code >= 1} */
    public final int width() {
        return width;
    }

    /** @return rows, {@code >= 1} */
    public final int height() {
        return height;
    }

    /** @return the storage format */
    public abstract TexelFormat format();

    /**
     * Converts to another format, or returns this image when it has that format already. Widening is exact
     * and reversible; narrowing rounds to the nearest step and clamps float values to 0..1 first.
     *
     * @param target the format
     * @return an image of that format (allocates {@code width*height*target.bytesPerTexel()} bytes unless
     *     it is this image)
     */
    public final PixelImage convert(TexelFormat target) {
        if (target == format()) {
            return (PixelImage) this;
        }
        switch (target) {
            case RGBA8:
                return Rgba8Image.adopt(name, width, height, to8());
            case RGBA16:
                return Rgba16Image.adopt(name, width, height, to16());
            default:
                return RgbaFloatImage.adopt(name, width, height, toFloat());
        }
    }

    /** @return the texels as 8-bit values, {@code 4*width*height} of them; the internal array for an 8-bit image */
    abstract byte[] to8();

    /** @return the texels as 16-bit values, {@code 4*width*height} of them; the internal array for a 16-bit image */
    abstract short[] to16();

    /** @return the texels as floats, {@code 4*width*height} of them; the internal array for a float image */
    abstract float[] toFloat();

    /**
     * @param x column
     * @param y row
     * @param channel 0..3
     * @return the array index of that channel, {@code 4*(y*width + x) + channel}
     * @throws IndexOutOfBoundsException when a coordinate or the channel is out of range
     */
    final int index(int x, int y, int channel) {
        return Texels.index(width, height, x, y, channel);
    }

    /**
     * @param other another image of this class
     * @return whether the two arrays hold the same elements ({@link java.util.Arrays#equals} of them)
     */
    abstract boolean sameTexels(ImageBase other);

    /** @return {@link java.util.Arrays#hashCode} of the array */
    abstract int texelHash();

    /**
     * @return whether {@code o} is an image of the same class, size and texels, the texels compared as
     *     {@link java.util.Arrays#equals} compares arrays (float values bit for bit); names are ignored
     */
    @Override
    public final boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (o == null || o.getClass() != getClass()) {
            return false;
        }
        ImageBase other = (ImageBase) o;
        return other.width == width && other.height == height && sameTexels(other);
    }

    @Override
    public final int hashCode() {
        return 31 * (31 * width + height) + texelHash();
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[" + Checks.quote(name) + ", " + width + "x" + height + "]";
    }
}
