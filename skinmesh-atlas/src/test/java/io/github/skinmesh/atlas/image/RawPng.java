package io.github.skinmesh.atlas.image;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** Builds PNG files chunk by chunk for decoder tests, including malformed ones. */
final class RawPng {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    RawPng() {
        out.writeBytes(Png.SIGNATURE);
    }

    static byte[] ihdr(int width, int height, int depth, int colorType, int interlace) {
        byte[] h = new byte[13];
        putInt(h, 0, width);
        putInt(h, 4, height);
        h[8] = (byte) depth;
        h[9] = (byte) colorType;
        h[12] = (byte) interlace;
        return h;
    }

    RawPng chunk(String type, byte[] data) {
        byte[] b = new byte[12 + data.length];
        putInt(b, 0, data.length);
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(t, 0, b, 4, 4);
        System.arraycopy(data, 0, b, 8, data.length);
        CRC32 crc = new CRC32();
        crc.update(b, 4, 4 + data.length);
        putInt(b, 8 + data.length, (int) crc.getValue());
        out.writeBytes(b);
        return this;
    }

    RawPng idat(byte[] filteredRows) {
        return chunk("IDAT", zlib(filteredRows));
    }

    RawPng iend() {
        return chunk("IEND", new byte[0]);
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    static byte[] zlib(byte[] data) {
        Deflater d = new Deflater(6);
        d.setInput(data);
        d.finish();
        byte[] buf = new byte[data.length + 1024];
        int n = 0;
        while (!d.finished()) {
            n += d.deflate(buf, n, buf.length - n);
        }
        d.end();
        return java.util.Arrays.copyOf(buf, n);
    }

    /** Rows with filter type 0 in front of each. */
    static byte[] unfiltered(byte[][] rows) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] row : rows) {
            o.write(0);
            o.writeBytes(row);
        }
        return o.toByteArray();
    }

    /** A complete non-interlaced PNG of the given header and rows (filter type 0). */
    static byte[] simple(int width, int height, int depth, int colorType, byte[][] rows, byte[] plte, byte[] trns) {
        RawPng p = new RawPng().chunk("IHDR", ihdr(width, height, depth, colorType, 0));
        if (plte != null) {
            p.chunk("PLTE", plte);
        }
        if (trns != null) {
            p.chunk("tRNS", trns);
        }
        return p.idat(unfiltered(rows)).iend().bytes();
    }

    static void putInt(byte[] dst, int offset, int value) {
        dst[offset] = (byte) (value >>> 24);
        dst[offset + 1] = (byte) (value >>> 16);
        dst[offset + 2] = (byte) (value >>> 8);
        dst[offset + 3] = (byte) value;
    }
}
