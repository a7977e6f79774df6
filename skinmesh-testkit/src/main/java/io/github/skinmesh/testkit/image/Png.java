package io.github.skinmesh.testkit.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.testkit.internal.Arguments;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * A minimal PNG encoder for 8-bit RGBA images, to give generated materials real texture files.
 *
 * <p>The output is a PNG signature followed by exactly three chunks: {@code IHDR} (color type 6,
 * truecolor with alpha, bit depth 8, no interlace), one {@code IDAT} and {@code IEND}; no
 * ancillary chunks (no gamma, no time stamp), so identical pixels give identical bytes (see
 * {@link PngCompression} for the one caveat of {@link PngCompression#DEFLATE}). Pixels are
 * stored as given: straight (not premultiplied) alpha, sRGB-encoded colors by PNG convention.
 *
 * <p>Example:
 * <pre>{@code
 * byte[] rgba = new byte[4 * 64 * 64];      // fill row by row, top row first
 * byte[] png = Png.encodeRgba8(64, 64, rgba);
 * Image image = Image.of("checker", Png.MIME_TYPE, png);
 * }</pre>
 *
 * <p>Thread-safe (stateless).
 */
public final class Png {
    /** The MIME type of PNG images. */
    public static final String MIME_TYPE = "image/png";
    /** Largest accepted width and height in pixels. */
    public static final int MAX_DIMENSION = 16384;
    /** Length of the PNG signature that starts every file. */
    public static final int SIGNATURE_LENGTH = 8;

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    /** Bytes of a chunk besides its data: length, type, CRC. */
    private static final int CHUNK_OVERHEAD = 12;
    private static final int IHDR_LENGTH = 13;
    private static final int BIT_DEPTH = 8;
    private static final int COLOR_TYPE_RGBA = 6;

    private Png() {
    }

    /**
     * Encodes an RGBA8 image with {@link PngOptions#DEFAULTS}.
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
     * Encodes an RGBA8 image.
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
        String where = "encodeRgba8";
        Arguments.requireRange(where, "width", width, 1, MAX_DIMENSION);
        Arguments.requireRange(where, "height", height, 1, MAX_DIMENSION);
        Objects.requireNonNull(rgba, "rgba");
        Objects.requireNonNull(options, "options");
        Arguments.requireLength(where, "rgba", rgba.length, 4 * width * height, "4*width*height");

        byte[] filtered = ScanlineFilter.filter(rgba, width, height, options.filter());
        byte[] zlib = options.compression() == PngCompression.STORED ? ZlibStream.store(filtered)
                : ZlibStream.deflate(filtered, options.deflateLevel());

        byte[] header = new byte[IHDR_LENGTH];
        putInt(header, 0, width);
        putInt(header, 4, height);
        header[8] = BIT_DEPTH;
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
