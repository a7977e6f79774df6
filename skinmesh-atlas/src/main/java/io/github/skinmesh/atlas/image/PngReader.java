package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.internal.Checks;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * PNG decoding: a structural check of the whole file written here, then the JDK's PNG reader for the
 * pixels, then a conversion of its raster to RGBA.
 *
 * <p>The check exists because the JDK's reader trusts the file: it allocates the raster the header
 * declares before reading any data (a 60-byte file declaring 100000 x 100000 pixels asks for 40 GB),
 * ignores CRCs, and decodes a file cut off after its last complete row without complaint. Everything
 * the check refuses is refused before pixel memory is allocated.
 *
 * <p>Alternatives: decoding the pixels here too (inflate, unfilter, Adam7, bit unpacking) would drop
 * the {@code java.desktop} dependency; the JDK reader is maintained, handles every PNG variant and
 * was preferred. Its raster is copied once into the RGBA array, so a decode briefly holds both.
 */
final class PngReader {
    /** The most a deflate stream expands: 258 bytes from about 2 bits, at most 1032:1 (RFC 1951 limits). */
    static final int MAX_DEFLATE_RATIO = 1032;

    private PngReader() {
    }

    /** What the structural check learned. */
    private static final class Header {
        int width;
        int height;
        int bitDepth;
        int colorType;
        int interlace;
        long idatBytes;
    }

    static PixelImage read(String name, byte[] data, PngReadOptions options) {
        String where = "image " + Checks.quote(name);
        Header h = check(where, data, options);
        BufferedImage decoded = decodeWithImageIo(where, data);
        if (decoded.getWidth() != h.width || decoded.getHeight() != h.height) {
            throw new FormatException(where + ": the decoder returned " + decoded.getWidth() + "x"
                    + decoded.getHeight() + " pixels, IHDR declares " + h.width + "x" + h.height);
        }
        return h.bitDepth == 16 ? toRgba16(where, name, decoded) : toRgba8(where, name, decoded);
    }

    // ---- structure ----

    private static Header check(String where, byte[] d, PngReadOptions options) {
        if (!Png.hasSignature(d)) {
            throw new FormatException(where + ": not a PNG file (" + d.length
                    + " bytes without the 8-byte PNG signature)");
        }
        Header h = new Header();
        int pos = Png.SIGNATURE_LENGTH;
        int index = 0;
        boolean seenIhdr = false;
        boolean seenPlte = false;
        boolean seenTrns = false;
        boolean seenIend = false;
        int idatState = 0; // 0 none yet, 1 in the IDAT run, 2 after it
        int paletteEntries = 0;
        CRC32 crc = new CRC32();
        while (!seenIend) {
            if (d.length - pos < Png.CHUNK_OVERHEAD) {
                throw new FormatException(where + ": PNG truncated at byte " + pos + " (" + (d.length - pos)
                        + " bytes left, a chunk needs at least 12), " + (seenIhdr ? "no IEND chunk" : "no IHDR chunk"));
            }
            long length = u32(d, pos);
            String type = chunkType(d, pos + 4);
            String chunk = "PNG chunk " + index + " '" + type + "' at byte " + pos;
            if (length > d.length - pos - Png.CHUNK_OVERHEAD) {
                throw new FormatException(where + ": " + chunk + ": length " + length + " runs past the end of the "
                        + d.length + "-byte file");
            }
            int dataAt = pos + 8;
            int len = (int) length;
            crc.reset();
            crc.update(d, pos + 4, 4 + len);
            long stored = u32(d, dataAt + len);
            if (crc.getValue() != stored) {
                throw new FormatException(where + ": " + chunk + ": CRC " + hex(stored) + ", computed "
                        + hex(crc.getValue()) + " (the chunk is corrupt)");
            }
            if (!isLetters(d, pos + 4)) {
                throw new FormatException(where + ": " + chunk + ": type is not four ASCII letters");
            }
            if (index == 0 && !type.equals("IHDR")) {
                throw new FormatException(where + ": " + chunk + ": the first chunk must be IHDR");
            }
            if (idatState == 1 && !type.equals("IDAT")) {
                idatState = 2;
            }
            switch (type) {
                case "IHDR":
                    if (seenIhdr) {
                        throw new FormatException(where + ": " + chunk + ": a second IHDR");
                    }
                    seenIhdr = true;
                    header(where, chunk, d, dataAt, len, h, options);
                    break;
                case "PLTE":
                    if (seenPlte || idatState != 0) {
                        throw new FormatException(where + ": " + chunk + ": PLTE " + (seenPlte ? "repeated"
                                : "after IDAT"));
                    }
                    seenPlte = true;
                    if (len == 0 || len % 3 != 0 || len / 3 > (h.colorType == 3 ? 1 << h.bitDepth : 256)) {
                        throw new FormatException(where + ": " + chunk + ": length " + len
                                + ", expected a multiple of 3 for 1.." + (h.colorType == 3 ? 1 << h.bitDepth : 256)
                                + " entries");
                    }
                    if (h.colorType == 0 || h.colorType == 4) {
                        throw new FormatException(where + ": " + chunk + ": a palette in a gray image (color type "
                                + h.colorType + ")");
                    }
                    paletteEntries = len / 3;
                    break;
                case "tRNS":
                    if (seenTrns || idatState != 0) {
                        throw new FormatException(where + ": " + chunk + ": tRNS " + (seenTrns ? "repeated"
                                : "after IDAT"));
                    }
                    seenTrns = true;
                    transparency(where, chunk, len, h, paletteEntries);
                    break;
                case "IDAT":
                    if (idatState == 2) {
                        throw new FormatException(where + ": " + chunk + ": IDAT chunks must be consecutive");
                    }
                    if (h.colorType == 3 && !seenPlte) {
                        throw new FormatException(where + ": " + chunk + ": palette image without a PLTE chunk "
                                + "before its data");
                    }
                    idatState = 1;
                    h.idatBytes += len;
                    break;
                case "IEND":
                    seenIend = true;
                    break;
                default:
                    if (Character.isUpperCase(type.charAt(0))) {
                        throw new FormatException(where + ": " + chunk + ": unknown critical chunk");
                    }
                    break; // ancillary chunks are skipped
            }
            pos = dataAt + len + 4;
            index++;
        }
        if (idatState == 0) {
            throw new FormatException(where + ": PNG has no IDAT chunk (no pixel data)");
        }
        // every row's pixel bytes (filter bytes and interlacing only add to them) must come out of the
        // compressed bytes present
        long rowBytes = ((long) h.width * channels(h.colorType) * h.bitDepth + 7) / 8;
        long pixelBytes = rowBytes * h.height;
        if (pixelBytes > h.idatBytes * MAX_DEFLATE_RATIO) {
            throw new FormatException(where + ": PNG declares " + h.width + "x" + h.height + " pixels ("
                    + pixelBytes + " bytes of samples) but its " + h.idatBytes
                    + " bytes of compressed data can hold at most " + h.idatBytes * MAX_DEFLATE_RATIO
                    + " (the data is truncated)");
        }
        return h;
    }

    private static void header(String where, String chunk, byte[] d, int at, int len, Header h,
            PngReadOptions options) {
        if (len != Png.IHDR_LENGTH) {
            throw new FormatException(where + ": " + chunk + ": length " + len + ", expected 13");
        }
        long width = u32(d, at);
        long height = u32(d, at + 4);
        int depth = d[at + 8] & 0xFF;
        int colorType = d[at + 9] & 0xFF;
        int compression = d[at + 10] & 0xFF;
        int filter = d[at + 11] & 0xFF;
        int interlace = d[at + 12] & 0xFF;
        if (width < 1 || height < 1 || width > Integer.MAX_VALUE || height > Integer.MAX_VALUE) {
            throw new FormatException(where + ": " + chunk + ": size " + width + "x" + height
                    + ", expected 1..2147483647 on each side");
        }
        boolean depthOk;
        switch (colorType) {
            case 0:
                depthOk = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
                break;
            case 3:
                depthOk = depth == 1 || depth == 2 || depth == 4 || depth == 8;
                break;
            case 2:
            case 4:
            case 6:
                depthOk = depth == 8 || depth == 16;
                break;
            default:
                throw new FormatException(where + ": " + chunk + ": color type " + colorType
                        + ", expected 0, 2, 3, 4 or 6");
        }
        if (!depthOk) {
            throw new FormatException(where + ": " + chunk + ": bit depth " + depth + " is not allowed with color type "
                    + colorType);
        }
        if (compression != 0 || filter != 0 || interlace > 1) {
            throw new FormatException(where + ": " + chunk + ": compression " + compression + ", filter " + filter
                    + ", interlace " + interlace + ", expected 0, 0 and 0 or 1");
        }
        long pixels = width * height;
        if (pixels > options.maxPixels()) {
            throw new FormatException(where + ": PNG declares " + width + "x" + height + " = " + pixels
                    + " pixels, more than the limit of " + options.maxPixels());
        }
        h.width = (int) width;
        h.height = (int) height;
        h.bitDepth = depth;
        h.colorType = colorType;
        h.interlace = interlace;
    }

    private static void transparency(String where, String chunk, int len, Header h, int paletteEntries) {
        int expected;
        switch (h.colorType) {
            case 0:
                expected = 2;
                break;
            case 2:
                expected = 6;
                break;
            case 3:
                if (paletteEntries == 0) {
                    throw new FormatException(where + ": " + chunk + ": tRNS before PLTE");
                }
                if (len > paletteEntries) {
                    throw new FormatException(where + ": " + chunk + ": " + len + " alpha values for a palette of "
                            + paletteEntries + " entries");
                }
                return;
            default:
                throw new FormatException(where + ": " + chunk + ": tRNS in an image with an alpha channel (color type "
                        + h.colorType + ")");
        }
        if (len != expected) {
            throw new FormatException(where + ": " + chunk + ": length " + len + ", expected " + expected
                    + " for color type " + h.colorType);
        }
    }

    private static int channels(int colorType) {
        switch (colorType) {
            case 2:
                return 3;
            case 4:
                return 2;
            case 6:
                return 4;
            default:
                return 1;
        }
    }

    // ---- pixels ----

    private static BufferedImage decodeWithImageIo(String where, byte[] data) {
        Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("png");
        if (!readers.hasNext()) {
            throw new FormatException(where + ": this Java runtime has no PNG reader (javax.imageio)");
        }
        ImageReader reader = readers.next();
        // a memory-cached stream: ImageIO.createImageInputStream may cache in a temporary file
        try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(data))) {
            reader.setInput(in, true, true);
            return reader.read(0);
        } catch (IOException | RuntimeException e) {
            // the JDK reader throws IIOException for bad data, and unchecked exceptions for some
            // malformed streams; both mean the pixel data is corrupt
            throw new FormatException(where + ": PNG pixel data cannot be decoded: " + e.getMessage(), e);
        } finally {
            reader.dispose();
        }
    }

    private static Rgba8Image toRgba8(String where, String name, BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        Raster raster = image.getRaster();
        ColorModel model = image.getColorModel();
        byte[] out = new byte[Texels.length(name, w, h)];
        int[] row = new int[w * raster.getNumBands()];
        if (model instanceof IndexColorModel) {
            // palette images, and gray of 1, 2 or 4 bits (the JDK reader gives them a gray palette)
            IndexColorModel palette = (IndexColorModel) model;
            int size = palette.getMapSize();
            byte[] lut = new byte[4 * size];
            for (int i = 0; i < size; i++) {
                lut[4 * i] = (byte) palette.getRed(i);
                lut[4 * i + 1] = (byte) palette.getGreen(i);
                lut[4 * i + 2] = (byte) palette.getBlue(i);
                lut[4 * i + 3] = (byte) palette.getAlpha(i);
            }
            for (int y = 0; y < h; y++) {
                raster.getSamples(0, y, w, 1, 0, row);
                int o = 4 * y * w;
                for (int x = 0; x < w; x++) {
                    int index = row[x];
                    if (index >= size) {
                        throw new FormatException(where + ": pixel (" + x + ", " + y + ") has palette index " + index
                                + ", the palette has " + size + " entries");
                    }
                    System.arraycopy(lut, 4 * index, out, o + 4 * x, 4);
                }
            }
            return Rgba8Image.adopt(name, w, h, out);
        }
        requireComponentSamples(where, raster, DataBuffer.TYPE_BYTE, 8);
        int bands = raster.getNumBands();
        for (int y = 0; y < h; y++) {
            raster.getPixels(0, y, w, 1, row);
            expand(row, bands, w, out, 4 * y * w, 255);
        }
        return Rgba8Image.adopt(name, w, h, out);
    }

    private static Rgba16Image toRgba16(String where, String name, BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        Raster raster = image.getRaster();
        requireComponentSamples(where, raster, DataBuffer.TYPE_USHORT, 16);
        int bands = raster.getNumBands();
        int[] row = new int[w * bands];
        int[] rgba = new int[4 * w];
        short[] out = new short[Texels.length(name, w, h)];
        for (int y = 0; y < h; y++) {
            raster.getPixels(0, y, w, 1, row);
            for (int x = 0; x < w; x++) {
                spread(row, bands, x, rgba, 4 * x, 65535);
            }
            int o = 4 * y * w;
            for (int i = 0; i < rgba.length; i++) {
                out[o + i] = (short) rgba[i];
            }
        }
        return Rgba16Image.adopt(name, w, h, out);
    }

    private static void requireComponentSamples(String where, Raster raster, int dataType, int bits) {
        int bands = raster.getNumBands();
        if (raster.getDataBuffer().getDataType() != dataType || bands < 1 || bands > 4
                || raster.getSampleModel().getSampleSize(0) != bits) {
            throw new FormatException(where + ": the decoder returned " + bands + " bands of "
                    + raster.getSampleModel().getSampleSize(0) + " bits, expected 1 to 4 of " + bits);
        }
    }

    private static void expand(int[] row, int bands, int w, byte[] out, int o, int max) {
        int[] texel = new int[4];
        for (int x = 0; x < w; x++) {
            spread(row, bands, x, texel, 0, max);
            out[o + 4 * x] = (byte) texel[0];
            out[o + 4 * x + 1] = (byte) texel[1];
            out[o + 4 * x + 2] = (byte) texel[2];
            out[o + 4 * x + 3] = (byte) texel[3];
        }
    }

    /** Gray, gray+alpha, RGB or RGBA samples of pixel {@code x} to four channels, opaque when alpha is absent. */
    private static void spread(int[] row, int bands, int x, int[] dst, int o, int opaque) {
        int s = bands * x;
        switch (bands) {
            case 1:
                dst[o] = row[s];
                dst[o + 1] = row[s];
                dst[o + 2] = row[s];
                dst[o + 3] = opaque;
                break;
            case 2:
                dst[o] = row[s];
                dst[o + 1] = row[s];
                dst[o + 2] = row[s];
                dst[o + 3] = row[s + 1];
                break;
            case 3:
                dst[o] = row[s];
                dst[o + 1] = row[s + 1];
                dst[o + 2] = row[s + 2];
                dst[o + 3] = opaque;
                break;
            default:
                dst[o] = row[s];
                dst[o + 1] = row[s + 1];
                dst[o + 2] = row[s + 2];
                dst[o + 3] = row[s + 3];
                break;
        }
    }

    private static long u32(byte[] d, int i) {
        return ((d[i] & 0xFFL) << 24) | ((d[i + 1] & 0xFF) << 16) | ((d[i + 2] & 0xFF) << 8) | (d[i + 3] & 0xFF);
    }

    private static String chunkType(byte[] d, int at) {
        StringBuilder sb = new StringBuilder(4);
        for (int i = 0; i < 4; i++) {
            int c = d[at + i] & 0xFF;
            sb.append(c >= 0x20 && c < 0x7F ? (char) c : '?');
        }
        return sb.toString();
    }

    private static boolean isLetters(byte[] d, int at) {
        for (int i = 0; i < 4; i++) {
            int c = d[at + i] & 0xFF;
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z')) {
                return false;
            }
        }
        return true;
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "0x%08x", v);
    }
}
