package io.github.skinmesh.vat;

import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * One baked texture in its raw form: {@code width * height} texels, row-major from row 0, each 4
 * channels (RGBA) of its {@link VatEncoding}, little-endian. These bytes are exactly what the
 * {@code raw} file format holds; the PNG writer stores the same integers. A texture has a role
 * ({@code positions}, {@code normals}, {@code tangents} or {@code bones}) and a page (0 unless the
 * bake was split into pages, see {@link PageMode}).
 *
 * <p>Immutable and thread-safe; {@link #bytes()} returns a copy.
 */
public final class VatTexture {
    private final String name;
    private final int page;
    private final int width;
    private final int height;
    private final VatEncoding encoding;
    private final byte[] data;

    VatTexture(String name, int width, int height, VatEncoding encoding, byte[] data) {
        this(name, 0, width, height, encoding, data);
    }

    VatTexture(String name, int page, int width, int height, VatEncoding encoding, byte[] data) {
        assert data.length == (long) width * height * encoding.bytesPerTexel();
        this.name = name;
        this.page = page;
        this.width = width;
        this.height = height;
        this.encoding = encoding;
        this.data = data;
    }

    /**
     * Creates a texture of page 0 from raw bytes, copying them.
     *
     * @param name the texture's role: {@code positions}, {@code normals}, {@code tangents} or {@code bones}
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param encoding the texel encoding
     * @param data {@code width*height*encoding.bytesPerTexel()} bytes
     * @return the texture
     * @throws io.github.skinmesh.core.ValidationException when a size is below 1 or the length differs
     */
    public static VatTexture of(String name, int width, int height, VatEncoding encoding, byte[] data) {
        return of(name, 0, width, height, encoding, data);
    }

    /**
     * Creates a texture of a page from raw bytes, copying them.
     *
     * @param name the texture's role: {@code positions}, {@code normals}, {@code tangents} or {@code bones}
     * @param page the page, {@code >= 0}
     * @param width texels per row, {@code >= 1}
     * @param height rows, {@code >= 1}
     * @param encoding the texel encoding
     * @param data {@code width*height*encoding.bytesPerTexel()} bytes
     * @return the texture
     * @throws io.github.skinmesh.core.ValidationException when the page is negative, a size is below
     *     1 or the length differs
     */
    public static VatTexture of(String name, int page, int width, int height, VatEncoding encoding, byte[] data) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(encoding, "encoding");
        String where = "VatTexture " + Checks.quote(name);
        Checks.requireRange(where, "page", page, 0, Integer.MAX_VALUE);
        Checks.requireRange(where, "width", width, 1, Vat.MAX_TEXTURE_SIZE);
        Checks.requireRange(where, "height", height, 1, Vat.MAX_TEXTURE_SIZE);
        long expected = (long) width * height * encoding.bytesPerTexel();
        if (data.length != expected) {
            throw new io.github.skinmesh.core.ValidationException(where + ": " + data.length + " bytes, expected "
                    + expected + " (width*height*" + encoding.bytesPerTexel() + ")");
        }
        return new VatTexture(name, page, width, height, encoding, data.clone());
    }

    /** @return the texture's role: {@code positions}, {@code normals}, {@code tangents} or {@code bones} */
    public String name() {
        return name;
    }

    /** @return the page, 0 unless the bake was split into pages */
    public int page() {
        return page;
    }

    /** @return texels per row */
    public int width() {
        return width;
    }

    /** @return rows */
    public int height() {
        return height;
    }

    /** @return the texel encoding */
    public VatEncoding encoding() {
        return encoding;
    }

    /** @return the size of the raw bytes, {@code width*height*encoding().bytesPerTexel()} */
    public int byteLength() {
        return data.length;
    }

    /** @return a fresh copy of the raw little-endian bytes */
    public byte[] bytes() {
        return data.clone();
    }

    /**
     * Fetches one texel as a shader sees it: floats as stored, halves widened, normalized integers
     * as {@code q / (2^bits - 1)}.
     *
     * @param column {@code 0..width-1}
     * @param row {@code 0..height-1}
     * @param dst receives 4 floats from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when the texel or the destination range is out of range
     */
    public float[] fetch(int column, int row, float[] dst, int offset) {
        Objects.checkIndex(column, width);
        Objects.checkIndex(row, height);
        Objects.checkFromIndexSize(offset, 4, dst.length);
        TexelCodec.fetch(data, (long) row * width + column, encoding, dst, offset);
        return dst;
    }

    /** The live bytes, read-only by contract (writers and the decoder). */
    byte[] data() {
        return data;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VatTexture t && t.name.equals(name) && t.page == page && t.width == width && t.height == height
                && t.encoding == encoding && Arrays.equals(t.data, data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, page, width, height, encoding, Arrays.hashCode(data));
    }

    @Override
    public String toString() {
        return "VatTexture[" + name + (page == 0 ? "" : ", page " + page) + ", " + width + "x" + height + ", " + encoding.manifestName() + "]";
    }
}
