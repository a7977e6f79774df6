package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Image;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * skinmesh's PNG codec: decodes every standard PNG (gray, gray with alpha, RGB, RGBA, palette; bit
 * depths 1 to 16; interlaced or not; {@code tRNS} transparency) to {@link Rgba8Image} or
 * {@link Rgba16Image}, and encodes those two as 8-bit or 16-bit RGBA PNG files.
 *
 * <p><b>Decoding</b> checks the file's structure first (signature, chunk lengths against the bytes
 * present, every chunk's CRC, the {@code IHDR} fields, {@code PLTE} and {@code tRNS} sizes, chunk
 * order, an {@code IEND}) and bounds the declared size by {@link PngReadOptions#maxPixels()} and by the
 * compressed bytes present, all before allocating pixel memory; then the JDK's PNG reader
 * ({@code javax.imageio}, module {@code java.desktop}) inflates and unfilters the pixels. Images with
 * 16-bit samples decode to {@link Rgba16Image}, all others to {@link Rgba8Image}: gray is copied into
 * R, G and B; samples of 1, 2 or 4 bits are scaled to 0..255 ({@code v*255/(2^depth-1)}); a missing
 * alpha is opaque; {@code tRNS} makes its key color (or palette entries) transparent. Sample values
 * are kept as stored: {@code gAMA}, {@code cHRM}, {@code sRGB} and {@code iCCP} are not applied. A
 * malformed file raises a {@link FormatException} that names the image and the fault.
 *
 * <p><b>Encoding</b> writes a signature and exactly three chunks: {@code IHDR} (color type 6, RGBA;
 * bit depth 8 or 16; no interlace), one {@code IDAT} and {@code IEND}; no ancillary chunks (no gamma,
 * no time stamp), so identical pixels and options give identical bytes on every Java runtime and
 * machine. The encoder is skinmesh's own, deflate included: the JDK's writer chooses filters and
 * splits {@code IDAT} chunks as its version sees fit, and {@code java.util.zip.Deflater} writes the
 * bytes of whichever zlib the runtime links, either of which would tie the bytes to the runtime.
 *
 * <pre>{@code
 * PixelImage albedo = Png.decode(material.texture(Material.BASE_COLOR).image());
 * byte[] file = Png.encode(albedo);             // RGBA, the bit depth of the image
 * }</pre>
 *
 * <p>Thread-safe (stateless).
 */
public final class Png {
    /** The MIME type of PNG images. */
    public static final String MIME_TYPE = "image/png";
    /** Largest width and height the encoder accepts, in pixels. */
    public static final int MAX_DIMENSION = 16384;
    /** Length of the PNG signature that starts every file. */
    public static final int SIGNATURE_LENGTH = 8;

    static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    /** Bytes of a chunk besides its data: length, type, CRC. */
    static final int CHUNK_OVERHEAD = 12;
    static final int IHDR_LENGTH = 13;
    private static final int COLOR_TYPE_RGBA = 6;

    private Png() {
    }

    // ---- decoding ----

    /**
     * Decodes an image's bytes with {@link PngReadOptions#DEFAULTS}.
     *
     * @param image a PNG image; its name names it in messages
     * @return {@link Rgba16Image} for 16-bit files, {@link Rgba8Image} otherwise, named like the image
     * @throws FormatException naming the image when the bytes are not a well-formed PNG or declare more
     *     pixels than allowed or than the data can hold
     * @see #decode(String, byte[], PngReadOptions)
     */
    public static PixelImage decode(Image image) {
        return PngReader.read(image.name(), image.data(), PngReadOptions.DEFAULTS);
    }

    /**
     * Decodes PNG bytes with {@link PngReadOptions#DEFAULTS}.
     *
     * @param name the image's name, for the result and for messages
     * @param data the file's bytes; only read
     * @return {@link Rgba16Image} for 16-bit files, {@link Rgba8Image} otherwise
     * @throws FormatException naming the image when the bytes are not a well-formed PNG or declare more
     *     pixels than allowed or than the data can hold
     * @see #decode(String, byte[], PngReadOptions)
     */
    public static PixelImage decode(String name, byte[] data) {
        return decode(name, data, PngReadOptions.DEFAULTS);
    }

    /**
     * Decodes PNG bytes.
     *
     * <p>Allocates the decoded image (4 or 8 bytes per pixel) and, while the JDK's reader runs, its
     * own raster of the file's pixel layout. Safe to call from several threads at once.
     *
     * @param name the image's name, for the result and for messages
     * @param data the file's bytes; only read
     * @param options the read limits
     * @return {@link Rgba16Image} for 16-bit files, {@link Rgba8Image} otherwise
     * @throws FormatException naming the image and the fault: no PNG signature; a chunk running past
     *     the data, with a bad CRC, of an unknown critical type or out of order; an invalid
     *     {@code IHDR}, {@code PLTE} or {@code tRNS}; no {@code IDAT} or {@code IEND}; more than
     *     {@code options.maxPixels()} pixels; compressed data too short for the declared size; or
     *     pixel data the JDK's reader cannot decode
     */
    public static PixelImage decode(String name, byte[] data, PngReadOptions options) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        return PngReader.read(name, data, options);
    }

    /**
     * Tells whether bytes start with the PNG signature.
     *
     * @param data any bytes
     * @return whether the first {@value #SIGNATURE_LENGTH} bytes are the PNG signature
     */
    public static boolean hasSignature(byte[] data) {
        if (data.length < SIGNATURE_LENGTH) {
            return false;
        }
        for (int i = 0; i < SIGNATURE_LENGTH; i++) {
            if (data[i] != SIGNATURE[i]) {
                return false;
            }
        }
        return true;
    }

    // ---- encoding ----

    /**
     * Encodes an image with {@link PngOptions#DEFAULTS}: 8-bit RGBA for {@link Rgba8Image}, 16-bit
     * RGBA for {@link Rgba16Image}.
     *
     * @param image the image
     * @return a fresh array holding the complete PNG file
     * @throws ValidationException naming the image when it is a {@link RgbaFloatImage} (convert it with
     *     {@link PixelImage#convert} first) or a side exceeds {@value #MAX_DIMENSION}
     */
    public static byte[] encode(PixelImage image) {
        return encode(image, PngOptions.DEFAULTS);
    }

    /**
     * Encodes an image: 8-bit RGBA for {@link Rgba8Image}, 16-bit RGBA for {@link Rgba16Image}.
     *
     * @param image the image
     * @param options compression and filtering
     * @return a fresh array holding the complete PNG file
     * @throws ValidationException naming the image when it is a {@link RgbaFloatImage} (convert it with
     *     {@link PixelImage#convert} first), a side exceeds {@value #MAX_DIMENSION}, or the filtered
     *     data would not fit a Java array
     */
    public static byte[] encode(PixelImage image, PngOptions options) {
        Objects.requireNonNull(options, "options");
        String where = "encode image " + Checks.quote(image.name());
        if (image instanceof Rgba8Image) {
            Rgba8Image i = (Rgba8Image) image;
            return encodeRgba8(where, i.width(), i.height(), i.raw(), options);
        }
        if (image instanceof Rgba16Image) {
            Rgba16Image i = (Rgba16Image) image;
            return encodeRgba16(where, i.width(), i.height(), i.raw(), options);
        }
        throw new ValidationException(where + ": format " + image.format()
                + ", expected RGBA8 or RGBA16 (convert float images with convert(TexelFormat.RGBA16) first)");
    }

    /**
     * Encodes an image into a core {@link Image} (MIME type {@value #MIME_TYPE}) of the given name.
     *
     * @param name the name of the encoded image (a file name such as {@code "atlas0.png"} suits glTF writers)
     * @param image the pixels
     * @param options compression and filtering
     * @return the encoded image
     * @throws ValidationException as {@link #encode(PixelImage, PngOptions)}
     */
    public static Image encodeImage(String name, PixelImage image, PngOptions options) {
        return Image.of(name, MIME_TYPE, encode(image, options));
    }

    /**
     * Encodes an RGBA8 image given as a bare array, with {@link PngOptions#DEFAULTS}.
     *
     * @param width pixels per row, 1..{@value #MAX_DIMENSION}
     * @param height rows, 1..{@value #MAX_DIMENSION}
     * @param rgba exactly {@code 4*width*height} bytes, rows top to bottom, each pixel R, G, B, A;
     *     only read
     * @return a fresh array holding the complete PNG file
     * @throws ValidationException when a dimension is outside 1..{@value #MAX_DIMENSION} or
     *     {@code rgba} has another length than {@code 4*width*height}
     * @see #encodeRgba8(int, int, byte[], PngOptions)
     */
    public static byte[] encodeRgba8(int width, int height, byte[] rgba) {
        return encodeRgba8(width, height, rgba, PngOptions.DEFAULTS);
    }

    /**
     * Encodes an RGBA8 image given as a bare array.
     *
     * <p>Allocates the filtered image data ({@code height*(1 + 4*width)} bytes), its zlib stream
     * and the returned file; the input is only read, so it may be shared between threads.
     *
     * @param width pixels per row, 1..{@value #MAX_DIMENSION}
     * @param height rows, 1..{@value #MAX_DIMENSION}
     * @param rgba exactly {@code 4*width*height} bytes, rows top to bottom, each pixel R, G, B, A;
     *     only read
     * @param options compression and filtering
     * @return a fresh array holding the complete PNG file
     * @throws ValidationException when a dimension is outside 1..{@value #MAX_DIMENSION} or
     *     {@code rgba} has another length than {@code 4*width*height}
     */
    public static byte[] encodeRgba8(int width, int height, byte[] rgba, PngOptions options) {
        return encodeRgba8("encodeRgba8", width, height, rgba, options);
    }

    /**
     * Encodes an RGBA16 image given as a bare array: 16-bit samples, stored big-endian as PNG requires.
     *
     * <p>Allocates the samples as bytes ({@code 8*width*height}), the filtered image data
     * ({@code height*(1 + 8*width)} bytes), its zlib stream and the returned file; the input is only
     * read, so it may be shared between threads.
     *
     * @param width pixels per row, 1..{@value #MAX_DIMENSION}
     * @param height rows, 1..{@value #MAX_DIMENSION}
     * @param rgba exactly {@code 4*width*height} unsigned 16-bit values, rows top to bottom, each pixel
     *     R, G, B, A; only read
     * @param options compression and filtering
     * @return a fresh array holding the complete PNG file
     * @throws ValidationException when a dimension is outside 1..{@value #MAX_DIMENSION},
     *     {@code rgba} has another length than {@code 4*width*height}, or the filtered data would not
     *     fit a Java array
     */
    public static byte[] encodeRgba16(int width, int height, short[] rgba, PngOptions options) {
        return encodeRgba16("encodeRgba16", width, height, rgba, options);
    }

    private static byte[] encodeRgba8(String where, int width, int height, byte[] rgba, PngOptions options) {
        checkSize(where, width, height, 4);
        Objects.requireNonNull(rgba, "rgba");
        Objects.requireNonNull(options, "options");
        Checks.requireLength(where, "rgba", rgba.length, 4 * width * height, "4*width*height");
        return write(width, height, 8, ScanlineFilter.filter(rgba, 4, width, height, options.filter()), options);
    }

    private static byte[] encodeRgba16(String where, int width, int height, short[] rgba, PngOptions options) {
        checkSize(where, width, height, 8);
        Objects.requireNonNull(rgba, "rgba");
        Objects.requireNonNull(options, "options");
        Checks.requireLength(where, "rgba", rgba.length, 4 * width * height, "4*width*height");
        byte[] bigEndian = new byte[2 * rgba.length];
        for (int i = 0; i < rgba.length; i++) {
            bigEndian[2 * i] = (byte) (rgba[i] >>> 8);
            bigEndian[2 * i + 1] = (byte) rgba[i];
        }
        return write(width, height, 16, ScanlineFilter.filter(bigEndian, 8, width, height, options.filter()),
                options);
    }

    private static void checkSize(String where, int width, int height, int bytesPerPixel) {
        Checks.requireRange(where, "width", width, 1, MAX_DIMENSION);
        Checks.requireRange(where, "height", height, 1, MAX_DIMENSION);
        long filtered = (long) height * (1 + (long) bytesPerPixel * width);
        // stored deflate adds 5 bytes per 65535 and the file 57 bytes more
        if (filtered + filtered / 65535 * 5 + 128 > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(where + ": " + width + "x" + height + " at " + 8 * bytesPerPixel
                    + " bits per pixel needs " + filtered + " bytes of filtered data, more than a Java array holds");
        }
    }

    private static byte[] write(int width, int height, int bitDepth, byte[] filtered, PngOptions options) {
        byte[] zlib = options.compression() == PngCompression.STORED ? ZlibStream.store(filtered)
                : ZlibStream.deflate(filtered, options.deflateLevel());

        byte[] header = new byte[IHDR_LENGTH];
        putInt(header, 0, width);
        putInt(header, 4, height);
        header[8] = (byte) bitDepth;
        header[9] = COLOR_TYPE_RGBA;
        // compression method 0, filter method 0, interlace method 0 stay zero

        byte[] file = new byte[SIGNATURE_LENGTH + 3 * CHUNK_OVERHEAD + IHDR_LENGTH + zlib.length];
        System.arraycopy(SIGNATURE, 0, file, 0, SIGNATURE_LENGTH);
        int p = SIGNATURE_LENGTH;
        CRC32 crc = new CRC32();
        p = putChunk(file, p, "IHDR", header, crc);
        p = putChunk(file, p, "IDAT", zlib, crc);
        p = putChunk(file, p, "IEND", new byte[0], crc);
        assert p == file.length;
        return file;
    }

    private static int putChunk(byte[] file, int p, String type, byte[] data, CRC32 crc) {
        putInt(file, p, data.length);
        int typeAt = p + 4;
        for (int i = 0; i < 4; i++) {
            file[typeAt + i] = (byte) type.charAt(i);
        }
        System.arraycopy(data, 0, file, typeAt + 4, data.length);
        crc.reset();
        crc.update(file, typeAt, 4 + data.length);
        putInt(file, typeAt + 4 + data.length, (int) crc.getValue());
        return typeAt + 4 + data.length + 4;
    }

    private static void putInt(byte[] dst, int offset, int value) {
        dst[offset] = (byte) (value >>> 24);
        dst[offset + 1] = (byte) (value >>> 16);
        dst[offset + 2] = (byte) (value >>> 8);
        dst[offset + 3] = (byte) value;
    }
}
