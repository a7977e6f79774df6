package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encoded image bytes (PNG, JPEG, ...) with their MIME type, as a texture source.
 *
 * <p>skinmesh-core does not decode images. Equality compares the MIME type and the bytes (the
 * name is ignored), so identical images from different parts are recognized as one.
 *
 * <p>Immutable and thread-safe; the factory copies the bytes once.
 */
public final class Image {
    private final String name;
    private final String mimeType;
    private final byte[] data;
    private final int hash;

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
        this.hash = 31 * mimeType.hashCode() + Arrays.hashCode(data);
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

    byte[] rawData() {
        return data;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Image && ((Image) o).hash == hash && ((Image) o).mimeType.equals(mimeType)
                && Arrays.equals(((Image) o).data, data));
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "Image['" + name + "', " + mimeType + ", " + data.length + " bytes]";
    }
}
