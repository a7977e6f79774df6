package io.github.skinmesh.atlas.image;

import java.util.zip.Adler32;

/**
 * Wraps filtered image data in a zlib stream (RFC 1950) for the PNG {@code IDAT} chunk, either
 * compressed by skinmesh's deflate encoder ({@link Deflate}) or as stored deflate blocks (RFC 1951
 * section 3.2.4) written here; either way the bytes depend on nothing but the input (and the level).
 */
final class ZlibStream {
    /** Largest payload of one stored deflate block. */
    private static final int MAX_STORED_BLOCK = 65535;
    /** zlib header: deflate with a 32 KiB window (0x78), no preset dictionary, "fastest" level hint. */
    private static final int CMF = Deflate.CMF;
    private static final int FLG_STORED = 0x01;

    private ZlibStream() {
    }

    /**
     * Compresses with skinmesh's own deflate encoder ({@link Deflate}) at the given level.
     *
     * @param data the bytes
     * @param level 1..9
     * @return a complete zlib stream, the same bytes for the same input and level on every runtime
     */
    static byte[] deflate(byte[] data, int level) {
        return Deflate.zlib(data, level);
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
        putAdler32(data, out, p);
        assert p + 4 == out.length;
        return out;
    }

    /** Writes the Adler-32 checksum of {@code data} big-endian at {@code out[at..at+3]}, as the zlib trailer. */
    static void putAdler32(byte[] data, byte[] out, int at) {
        Adler32 adler = new Adler32();
        adler.update(data, 0, data.length);
        int sum = (int) adler.getValue();
        out[at] = (byte) (sum >>> 24);
        out[at + 1] = (byte) (sum >>> 16);
        out[at + 2] = (byte) (sum >>> 8);
        out[at + 3] = (byte) sum;
    }
}
