package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Encoded image bytes (PNG, JPEG, ...) with their MIME type, as a texture source.
 *
 * <p>skinmesh-core does not decode images, but it reads their headers: {@link #width()},
 * {@link #height()} and {@link #pixelFormat()} come from a PNG's {@code IHDR} chunk or a JPEG's
 * start-of-frame segment, recognized by the bytes' signature whatever the MIME type says. An
 * image of another format, or whose header is malformed or truncated, reports
 * {@link #UNKNOWN_SIZE} and {@link PixelFormat#UNKNOWN} instead of failing, so that readers still
 * load files whose images are broken; the consumer that needs the size decides what to do.
 *
 * <p>Equality compares the MIME type and the bytes (the name is ignored), so identical images
 * from different parts are recognized as one.
 *
 * <p>Immutable and thread-safe; the factory copies the bytes once. The header and the hash code
 * are computed on first use (the hash reads every byte) and cached.
 */
public final class Image {
    /** What {@link #width()} and {@link #height()} return when the header does not give the size. */
    public static final int UNKNOWN_SIZE = -1;

    private final String name;
    private final String mimeType;
    private final byte[] data;
    /** Cached hash code; 0 until computed (benign race: every thread computes the same value). */
    private int hash;
    private boolean hashIsZero;
    /** Cached header (an immutable record, so publishing it through a race is safe). */
    private @Nullable ImageHeader header;

    private Image(String name, String mimeType, byte[] data) {
        this.name = Objects.requireNonNull(name, "name");
        this.mimeType = Objects.requireNonNull(mimeType, "mimeType");
        int slash = mimeType.indexOf('/');
        if (slash <= 0 || slash == mimeType.length() - 1 || mimeType.indexOf('/', slash + 1) >= 0
                || mimeType.indexOf(' ') >= 0) {
            throw new ValidationException("image " + Checks.quote(name) + ": mimeType '" + mimeType
                    + "', expected type/subtype such as image/png");
        }
        this.data = data;
    }

    /**
     * Creates an image, copying the bytes.
     *
     * @param name a name for messages and writers (may be empty)
     * @param mimeType {@code type/subtype}, e.g. {@code "image/png"}
     * @param data the encoded bytes
     * @return the image
     * @throws ValidationException when {@code mimeType} is not of the form {@code type/subtype}
     */
    public static Image of(String name, String mimeType, byte[] data) {
        return new Image(name, mimeType, data.clone());
    }

    static Image adopt(String name, String mimeType, byte[] data) {
        return new Image(name, mimeType, data);
    }

    /** @return the name (may be empty) */
    public String name() {
        return name;
    }

    /** @return the MIME type */
    public String mimeType() {
        return mimeType;
    }

    /** @return the number of encoded bytes */
    public int byteLength() {
        return data.length;
    }

    /** @return a fresh copy of the encoded bytes */
    public byte[] data() {
        return data.clone();
    }

    /**
     * Copies the encoded bytes.
     *
     * @param dst destination, at least {@code offset + byteLength()} bytes
     * @param offset first byte written
     * @return {@code dst}
     */
    public byte[] dataInto(byte[] dst, int offset) {
        System.arraycopy(data, 0, dst, offset, data.length);
        return dst;
    }

    /**
     * @return the width in pixels from the header, or {@link #UNKNOWN_SIZE} when the header is not
     *     a PNG or JPEG header or is malformed
     */
    public int width() {
        return header().width();
    }

    /**
     * @return the height in pixels from the header, or {@link #UNKNOWN_SIZE} when the header is not
     *     a PNG or JPEG header, is malformed, or (JPEG) defers the height to a later segment
     */
    public int height() {
        return header().height();
    }

    /** @return whether {@link #width()} and {@link #height()} are known */
    public boolean hasKnownSize() {
        return header().width() != UNKNOWN_SIZE && header().height() != UNKNOWN_SIZE;
    }

    /**
     * @return the color type and bit depth from the header, or {@link PixelFormat#UNKNOWN} when the
     *     header is not understood
     */
    public PixelFormat pixelFormat() {
        return header().format();
    }

    private ImageHeader header() {
        ImageHeader h = header;
        if (h == null) {
            h = ImageHeader.read(data);
            header = h;
        }
        return h;
    }

    byte[] rawData() {
        return data;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Image && ((Image) o).data.length == data.length
                && ((Image) o).mimeType.equals(mimeType) && Arrays.equals(((Image) o).data, data));
    }

    /** @return a hash of the MIME type and the bytes, computed on the first call (reads every byte) */
    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0 && !hashIsZero) {
            h = 31 * mimeType.hashCode() + Arrays.hashCode(data);
            if (h == 0) {
                hashIsZero = true;
            } else {
                hash = h;
            }
        }
        return h;
    }

    @Override
    public String toString() {
        return "Image[" + Checks.quote(name) + ", " + mimeType + ", " + data.length + " bytes"
                + (hasKnownSize() ? ", " + width() + "x" + height() : "") + "]";
    }
}
