package io.github.skinmesh.atlas.image;

import java.util.Arrays;
import java.util.zip.Adler32;
import java.util.zip.Deflater;

/**
 * Wraps filtered image data in a zlib stream (RFC 1950) for the PNG {@code IDAT} chunk, either
 * compressed by {@link Deflater} or as stored deflate blocks (RFC 1951 section 3.2.4) written
 * here, whose bytes depend on nothing but the input.
 */
final class ZlibStream {
    /** Largest payload of one stored deflate block. */
    private static final int MAX_STORED_BLOCK = 65535;
    /** zlib header: deflate with a 32 KiB window (0x78), no preset dictionary, "fastest" level hint. */
    private static final int CMF = 0x78;
    private static final int FLG_STORED = 0x01;

    private ZlibStream() {
    }

    /**
     * Compresses with {@link Deflater} at the given level.
     *
     * @param data the bytes
     * @param level 1..9
     * @return a complete zlib stream
     */
    static byte[] deflate(byte[] data, int level) {
        Deflater deflater = new Deflater(level, false);
        try {
            deflater.setInput(data);
            deflater.finish();
            byte[] out = new byte[Math.max(64, data.length / 2 + 64)];
            int length = 0;
            while (!deflater.finished()) {
                if (length == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                length += deflater.deflate(out, length, out.length - length);
            }
            return Arrays.copyOf(out, length);
        } finally {
            deflater.end();
        }
    }

    /**
     * Stores the bytes uncompressed in deflate blocks of at most {@value #MAX_STORED_BLOCK} bytes.
     *
     * @param data the bytes
     * @return a complete zlib stream of {@code 2 + data.length + 5*blockCount + 4} bytes
     */
    static byte[] store(byte[] data) {
        int blocks = Math.max(1, (data.length + MAX_STORED_BLOCK - 1) / MAX_STORED_BLOCK);
        byte[] out = new byte[2 + data.length + 5 * blocks + 4];
        int p = 0;
        out[p++] = (byte) CMF;
        out[p++] = (byte) FLG_STORED;
        assert ((CMF << 8) | FLG_STORED) % 31 == 0 : "zlib header check bits";
        for (int b = 0; b < blocks; b++) {
            int start = b * MAX_STORED_BLOCK;
            int len = Math.min(MAX_STORED_BLOCK, data.length - start);
            out[p++] = (byte) (b == blocks - 1 ? 1 : 0); // BFINAL, BTYPE = 00 (stored)
            out[p++] = (byte) len;
            out[p++] = (byte) (len >>> 8);
            out[p++] = (byte) ~len;
            out[p++] = (byte) (~len >>> 8);
            System.arraycopy(data, start, out, p, len);
            p += len;
        }
        Adler32 adler = new Adler32();
        adler.update(data, 0, data.length);
        int sum = (int) adler.getValue();
        out[p++] = (byte) (sum >>> 24);
        out[p++] = (byte) (sum >>> 16);
        out[p++] = (byte) (sum >>> 8);
        out[p++] = (byte) sum;
        assert p == out.length;
        return out;
    }
}
