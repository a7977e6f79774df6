package io.github.skinmesh.core.model;

import java.util.zip.CRC32;

/**
 * An image's size and pixel format read from the first bytes of its encoding, without decoding
 * pixels. Recognizes PNG (the {@code IHDR} chunk, CRC checked) and JPEG (the first start-of-frame
 * segment, reached by walking the marker segments); anything else, or a header that breaks
 * the format's rules, is unknown. Never throws: readers must load files whose images are broken.
 *
 * @param width pixels, or {@link Image#UNKNOWN_SIZE}
 * @param height pixels, or {@link Image#UNKNOWN_SIZE}
 * @param format the pixel format, possibly {@link PixelFormat#UNKNOWN} even when the size is known
 */
record ImageHeader(int width, int height, PixelFormat format) {
    static final ImageHeader UNKNOWN = new ImageHeader(Image.UNKNOWN_SIZE, Image.UNKNOWN_SIZE, PixelFormat.UNKNOWN);

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** Signature (8), IHDR length (4), type (4), data (13), CRC (4). */
    private static final int PNG_HEADER_BYTES = 33;
    private static final int IHDR_LENGTH = 13;

    static ImageHeader read(byte[] data) {
        if (startsWith(data, PNG_SIGNATURE)) {
            return png(data);
        }
        if (data.length >= 3 && u8(data, 0) == 0xFF && u8(data, 1) == 0xD8 && u8(data, 2) == 0xFF) {
            return jpeg(data);
        }
        return UNKNOWN;
    }

    private static ImageHeader png(byte[] d) {
        if (d.length < PNG_HEADER_BYTES || s32(d, 8) != IHDR_LENGTH || d[12] != 'I' || d[13] != 'H' || d[14] != 'D'
                || d[15] != 'R') {
            return UNKNOWN;
        }
        CRC32 crc = new CRC32();
        crc.update(d, 12, 4 + IHDR_LENGTH);
        if ((int) crc.getValue() != s32(d, 12 + 4 + IHDR_LENGTH)) {
            return UNKNOWN;
        }
        int width = s32(d, 16);
        int height = s32(d, 20);
        int depth = u8(d, 24);
        int colorType = u8(d, 25);
        boolean standard = u8(d, 26) == 0 && u8(d, 27) == 0 && u8(d, 28) <= 1;
        if (width <= 0 || height <= 0 || !standard) {
            return UNKNOWN;
        }
        PixelFormat.ColorType type;
        boolean depthOk;
        switch (colorType) {
            case 0:
                type = PixelFormat.ColorType.GRAY;
                depthOk = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
                break;
            case 2:
                type = PixelFormat.ColorType.RGB;
                depthOk = depth == 8 || depth == 16;
                break;
            case 3:
                type = PixelFormat.ColorType.INDEXED;
                depthOk = depth == 1 || depth == 2 || depth == 4 || depth == 8;
                break;
            case 4:
                type = PixelFormat.ColorType.GRAY_ALPHA;
                depthOk = depth == 8 || depth == 16;
                break;
            case 6:
                type = PixelFormat.ColorType.RGBA;
                depthOk = depth == 8 || depth == 16;
                break;
            default:
                return UNKNOWN;
        }
        return depthOk ? new ImageHeader(width, height, new PixelFormat(type, depth)) : UNKNOWN;
    }

    /**
     * Walks the marker segments from after SOI to the first SOFn (C0-C3, C5-C7, C9-CB, CD-CF);
     * stops with unknown at SOS or EOI (no frame header before the scan), at a byte that is not a
     * marker, or at a segment running past the data.
     */
    private static ImageHeader jpeg(byte[] d) {
        int pos = 2;
        while (true) {
            if (pos >= d.length || u8(d, pos) != 0xFF) {
                return UNKNOWN;
            }
            while (pos < d.length && u8(d, pos) == 0xFF) {
                pos++; // fill bytes
            }
            if (pos >= d.length) {
                return UNKNOWN;
            }
            int marker = u8(d, pos++);
            if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
                continue; // markers without a length
            }
            if (marker == 0x00 || marker == 0xD8 || marker == 0xD9 || marker == 0xDA) {
                return UNKNOWN;
            }
            if (pos + 2 > d.length) {
                return UNKNOWN;
            }
            int length = u16(d, pos);
            if (length < 2 || pos + length > d.length) {
                return UNKNOWN;
            }
            if (isStartOfFrame(marker)) {
                return frame(d, pos, length);
            }
            pos += length;
        }
    }

    private static boolean isStartOfFrame(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }

    /** Reads a frame header: Lf (2), P (1), Y (2), X (2), Nf (1), then 3 bytes per component. */
    private static ImageHeader frame(byte[] d, int pos, int length) {
        if (length < 8) {
            return UNKNOWN;
        }
        int precision = u8(d, pos + 2);
        int height = u16(d, pos + 3);
        int width = u16(d, pos + 5);
        int components = u8(d, pos + 7);
        if (components == 0 || length != 8 + 3 * components || precision < 2 || precision > 16 || width == 0
                || height == 0) {
            return UNKNOWN; // height 0 is legal (set later by a DNL segment) but leaves the size unknown
        }
        PixelFormat.ColorType type = components == 1 ? PixelFormat.ColorType.GRAY
                : components == 3 ? PixelFormat.ColorType.RGB
                : components == 4 ? PixelFormat.ColorType.CMYK : PixelFormat.ColorType.UNKNOWN;
        PixelFormat format = type == PixelFormat.ColorType.UNKNOWN ? PixelFormat.UNKNOWN
                : new PixelFormat(type, precision);
        return new ImageHeader(width, height, format);
    }

    private static boolean startsWith(byte[] d, byte[] prefix) {
        if (d.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (d[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static int u8(byte[] d, int i) {
        return d[i] & 0xFF;
    }

    private static int u16(byte[] d, int i) {
        return (u8(d, i) << 8) | u8(d, i + 1);
    }

    private static int s32(byte[] d, int i) {
        return (u8(d, i) << 24) | (u8(d, i + 1) << 16) | (u8(d, i + 2) << 8) | u8(d, i + 3);
    }
}
