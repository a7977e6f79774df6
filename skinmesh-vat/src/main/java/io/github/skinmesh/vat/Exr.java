package io.github.skinmesh.vat;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.LittleEndianWriter;
import java.nio.charset.StandardCharsets;

/**
 * OpenEXR for animation textures: single-part scanline files, uncompressed, one scanline per
 * chunk, channels {@code A, B, G, R} (the format stores them sorted by name) of pixel type HALF or
 * FLOAT, data window and display window {@code (0, 0) .. (width - 1, height - 1)}, increasing-y line
 * order, so row 0 of the texture is the file's first scanline. Written with the little-endian
 * writer every binary format of skinmesh uses; the reader takes back exactly this layout (and any
 * attribute order or extra attributes), nothing else.
 *
 * <p>Layout (OpenEXR 2, "single-part scanline"): magic {@code 20000630}, version field 2, the
 * header attributes (name, type name, size, value) ended by a zero byte, a table of
 * {@code height} 64-bit chunk offsets from the start of the file, then per scanline its y, its
 * byte count {@code width * 4 * bytesPerChannel} and the channels one after the other.
 */
final class Exr {
    static final int MAGIC = 20000630;
    static final int VERSION = 2;
    /** Channel names in file order (sorted) and, for each, its RGBA index. */
    private static final String[] CHANNELS = {"A", "B", "G", "R"};
    private static final int[] RGBA_INDEX = {3, 2, 1, 0};
    private static final int PIXEL_HALF = 1;
    private static final int PIXEL_FLOAT = 2;

    private Exr() {
    }

    /** The bytes of an EXR file holding the texture's RGBA texels. */
    static byte[] encode(VatTexture t) {
        VatEncoding e = t.encoding();
        if (e.isNormalized()) {
            throw new ValidationException("VatFiles: texture \"" + t.name() + "\" is " + e.manifestName()
                    + ", EXR holds only float or half textures; write PNG or raw instead");
        }
        int w = t.width();
        int h = t.height();
        int bpc = e.bytesPerChannel();
        long lineBytes = (long) w * 4 * bpc;
        long size = 512 + 8L * h + h * (8 + lineBytes);
        if (size > LittleEndianWriter.MAX_SIZE) {
            throw new ValidationException("VatFiles: texture \"" + t.name() + "\" of " + w + "x" + h
                    + " needs an EXR file of more than " + LittleEndianWriter.MAX_SIZE + " bytes");
        }
        LittleEndianWriter out = new LittleEndianWriter((int) size);
        out.putInt(MAGIC).putInt(VERSION);
        int pixelType = e == VatEncoding.HALF ? PIXEL_HALF : PIXEL_FLOAT;
        attribute(out, "channels", "chlist", CHANNELS.length * 18 + 1);
        for (String c : CHANNELS) {
            out.put(c.getBytes(StandardCharsets.US_ASCII)).putByte(0).putInt(pixelType).putByte(0).putByte(0)
                    .putByte(0).putByte(0).putInt(1).putInt(1);
        }
        out.putByte(0);
        attribute(out, "compression", "compression", 1);
        out.putByte(0);
        attribute(out, "dataWindow", "box2i", 16);
        out.putInt(0).putInt(0).putInt(w - 1).putInt(h - 1);
        attribute(out, "displayWindow", "box2i", 16);
        out.putInt(0).putInt(0).putInt(w - 1).putInt(h - 1);
        attribute(out, "lineOrder", "lineOrder", 1);
        out.putByte(0);
        attribute(out, "pixelAspectRatio", "float", 4);
        out.putFloat(1);
        attribute(out, "screenWindowCenter", "v2f", 8);
        out.putFloat(0).putFloat(0);
        attribute(out, "screenWindowWidth", "float", 4);
        out.putFloat(1);
        out.putByte(0);
        long first = out.size() + 8L * h;
        for (int y = 0; y < h; y++) {
            long offset = first + y * (8 + lineBytes);
            out.putInt((int) offset).putInt((int) (offset >>> 32));
        }
        byte[] data = t.data();
        int texelBytes = 4 * bpc;
        for (int y = 0; y < h; y++) {
            out.putInt(y).putInt((int) lineBytes);
            int row = y * w * texelBytes;
            for (int c = 0; c < 4; c++) {
                int channel = RGBA_INDEX[c] * bpc;
                for (int x = 0; x < w; x++) {
                    out.put(data, row + x * texelBytes + channel, bpc);
                }
            }
        }
        assert out.size() == first + h * (8 + lineBytes);
        return out.toByteArray();
    }

    private static void attribute(LittleEndianWriter out, String name, String type, int size) {
        out.put(name.getBytes(StandardCharsets.US_ASCII)).putByte(0).put(type.getBytes(StandardCharsets.US_ASCII))
                .putByte(0).putInt(size);
    }

    /**
     * Reads a file written by {@link #encode} (attributes in any order, extra ones ignored) into the
     * raw texel bytes of a {@code width x height} texture of encoding {@code e}.
     */
    static byte[] decode(String source, byte[] b, int width, int height, VatEncoding e) {
        Cursor in = new Cursor(source, b);
        if (in.int32() != MAGIC) {
            throw in.error("not an OpenEXR file (magic number)");
        }
        int version = in.int32();
        if ((version & 0xff) != VERSION || (version & ~0xff) != 0) {
            throw in.error("version field " + version + ", expected 2 (single-part scanline, no flags)");
        }
        int expectedType = e == VatEncoding.HALF ? PIXEL_HALF : e == VatEncoding.FLOAT ? PIXEL_FLOAT : -1;
        if (expectedType < 0) {
            throw in.error("EXR cannot hold the manifest's " + e.manifestName() + " texture");
        }
        boolean channels = false;
        boolean window = false;
        while (true) {
            String name = in.string();
            if (name.isEmpty()) {
                break;
            }
            String type = in.string();
            int size = in.int32();
            int end = in.skipCheck(size);
            switch (name) {
                case "channels" -> {
                    for (String expected : CHANNELS) {
                        String c = in.string();
                        int pt = in.int32();
                        in.pos += 4;
                        int xs = in.int32();
                        int ys = in.int32();
                        if (!c.equals(expected) || pt != expectedType || xs != 1 || ys != 1) {
                            throw in.error("channel \"" + c + "\" of pixel type " + pt + ", expected channels A, B, G, R"
                                    + " of pixel type " + expectedType + " (" + e.manifestName() + ") without subsampling");
                        }
                    }
                    if (in.byte8() != 0) {
                        throw in.error("more channels than A, B, G, R");
                    }
                    channels = true;
                }
                case "compression" -> {
                    int c = in.byte8();
                    if (c != 0) {
                        throw in.error("compression " + c + ", expected 0 (none)");
                    }
                }
                case "dataWindow" -> {
                    int x0 = in.int32();
                    int y0 = in.int32();
                    int x1 = in.int32();
                    int y1 = in.int32();
                    if (x0 != 0 || y0 != 0 || x1 != width - 1 || y1 != height - 1) {
                        throw in.error("data window (" + x0 + ", " + y0 + ") .. (" + x1 + ", " + y1 + "), the manifest"
                                + " says " + width + "x" + height);
                    }
                    window = true;
                }
                case "lineOrder" -> {
                    if (in.byte8() != 0) {
                        throw in.error("line order is not increasing y");
                    }
                }
                default -> {
                }
            }
            if (in.pos > end) {
                throw in.error("attribute \"" + name + "\" is longer than its size " + size);
            }
            in.pos = end;
        }
        if (!channels || !window) {
            throw in.error("header lacks " + (!channels ? "channels" : "dataWindow"));
        }
        int bpc = e.bytesPerChannel();
        int lineBytes = width * 4 * bpc;
        long needed = (long) in.pos + 8L * height + (long) height * (8 + lineBytes);
        if (needed > b.length) {
            throw in.error("the manifest's " + width + "x" + height + " " + e.manifestName() + " texture needs "
                    + needed + " bytes of header, offsets and scanlines, the file has " + b.length);
        }
        byte[] raw = new byte[(int) ((long) width * height * 4 * bpc)];
        int table = in.pos;
        for (int y = 0; y < height; y++) {
            in.pos = table + 8 * y;
            long offset = (in.int32() & 0xffffffffL) | (long) in.int32() << 32;
            if (offset < 0 || offset > b.length - 8L) {
                throw in.error("scanline " + y + " at offset " + offset + " lies outside the file");
            }
            in.pos = (int) offset;
            int line = in.int32();
            int bytes = in.int32();
            if (line != y || bytes != lineBytes) {
                throw in.error("chunk of scanline " + y + " holds line " + line + " with " + bytes + " bytes, expected "
                        + lineBytes);
            }
            in.skipCheck(bytes);
            for (int c = 0; c < 4; c++) {
                int channel = RGBA_INDEX[c] * bpc;
                for (int x = 0; x < width; x++) {
                    System.arraycopy(b, in.pos, raw, (y * width + x) * 4 * bpc + channel, bpc);
                    in.pos += bpc;
                }
            }
        }
        return raw;
    }

    /** Reads the file with every access checked against its length. */
    private static final class Cursor {
        final String source;
        final byte[] b;
        int pos;

        Cursor(String source, byte[] b) {
            this.source = source;
            this.b = b;
        }

        FormatException error(String problem) {
            return new FormatException(source + ": offset " + pos + ": " + problem);
        }

        int skipCheck(int n) {
            if (n < 0 || pos + (long) n > b.length) {
                throw error("size " + n + " passes the end of the file (" + b.length + " bytes)");
            }
            return pos + n;
        }

        int byte8() {
            skipCheck(1);
            return b[pos++] & 0xff;
        }

        int int32() {
            skipCheck(4);
            int v = TexelCodec.getInt(b, pos);
            pos += 4;
            return v;
        }

        String string() {
            int start = pos;
            while (pos < b.length && b[pos] != 0 && pos - start < 256) {
                pos++;
            }
            if (pos >= b.length || b[pos] != 0) {
                throw error("unterminated name");
            }
            return new String(b, start, pos++ - start, StandardCharsets.US_ASCII);
        }
    }
}
