package io.github.skinmesh.gltf.internal;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.internal.LittleEndianWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The binary glTF container (GLB, glTF 2.0 section 4.4).
 *
 * <p>Layout, all integers little-endian uint32: a 12-byte header {@code magic = 0x46546C67}
 * ("glTF"), {@code version = 2}, {@code length} (the whole file), then chunks of
 * {@code chunkLength}, {@code chunkType} and {@code chunkLength} bytes of data. The first chunk is
 * JSON ({@code 0x4E4F534A}, padded with spaces to 4 bytes); an optional BIN chunk
 * ({@code 0x004E4942}, padded with zeros) holds buffer 0. Unknown chunk types are skipped.
 *
 * <p>Reading checks every declared length against the bytes present before using it.
 */
public final class Glb {
    /** "glTF" read as a little-endian uint32. */
    public static final int MAGIC = 0x46546C67;
    /** The container version this code reads and writes. */
    public static final int VERSION = 2;
    /** Chunk type of the JSON chunk ("JSON"). */
    public static final int CHUNK_JSON = 0x4E4F534A;
    /** Chunk type of the binary buffer chunk ("BIN\0"). */
    public static final int CHUNK_BIN = 0x004E4942;
    /** Bytes of the file header. */
    public static final int HEADER_BYTES = 12;
    /** Bytes of a chunk header. */
    public static final int CHUNK_HEADER_BYTES = 8;
    /** Largest file length the header's unsigned 32-bit {@code length} can state. */
    public static final long MAX_LENGTH = 0xFFFFFFFFL;

    /**
     * Where the chunks of a GLB file lie.
     *
     * @param jsonOffset first byte of the JSON chunk's data
     * @param jsonLength its length
     * @param binOffset first byte of the BIN chunk's data, -1 when there is none
     * @param binLength its length, 0 when there is none
     */
    public record Chunks(int jsonOffset, int jsonLength, int binOffset, int binLength) {
    }

    private Glb() {
    }

    /**
     * @param bytes file bytes
     * @return whether the bytes start with the GLB magic
     */
    public static boolean hasMagic(byte[] bytes) {
        return bytes.length >= 4 && readInt(bytes, 0) == MAGIC;
    }

    /**
     * Locates the chunks of a GLB file.
     *
     * @param bytes the whole file
     * @param warnings receives notes on tolerated irregularities (trailing bytes, extra chunks)
     * @return the chunk locations
     * @throws FormatException naming the header or chunk whose magic, version or length is wrong
     */
    public static Chunks parse(byte[] bytes, List<String> warnings) {
        if (bytes.length < HEADER_BYTES) {
            throw new FormatException("GLB header: file has " + bytes.length + " bytes, expected at least "
                    + HEADER_BYTES + " (truncated file)");
        }
        int magic = readInt(bytes, 0);
        if (magic != MAGIC) {
            throw new FormatException("GLB header: magic 0x" + Integer.toHexString(magic) + ", expected 0x"
                    + Integer.toHexString(MAGIC) + " ('glTF')");
        }
        long version = readInt(bytes, 4) & 0xFFFFFFFFL;
        if (version != VERSION) {
            throw new FormatException("GLB header: version " + version + ", expected " + VERSION);
        }
        long length = readInt(bytes, 8) & 0xFFFFFFFFL;
        if (length > bytes.length) {
            throw new FormatException("GLB header: length " + length + " exceeds the file's " + bytes.length
                    + " bytes (truncated file)");
        }
        if (length < HEADER_BYTES + CHUNK_HEADER_BYTES) {
            throw new FormatException("GLB header: length " + length + ", expected at least "
                    + (HEADER_BYTES + CHUNK_HEADER_BYTES) + " (header and a JSON chunk)");
        }
        if (length < bytes.length) {
            warnings.add("GLB header: length " + length + " is less than the file's " + bytes.length
                    + " bytes; trailing bytes ignored");
        }
        int end = (int) length;
        int jsonOffset = -1;
        int jsonLength = 0;
        int binOffset = -1;
        int binLength = 0;
        long pos = HEADER_BYTES;
        for (int chunk = 0; pos < end; chunk++) {
            if (end - pos < CHUNK_HEADER_BYTES) {
                throw new FormatException("GLB chunk " + chunk + " at byte " + pos + ": header needs "
                        + CHUNK_HEADER_BYTES + " bytes, only " + (end - pos) + " remain (truncated file)");
            }
            long chunkLength = readInt(bytes, (int) pos) & 0xFFFFFFFFL;
            int type = readInt(bytes, (int) pos + 4);
            long data = pos + CHUNK_HEADER_BYTES;
            if (data + chunkLength > end) {
                throw new FormatException("GLB chunk " + chunk + " (" + typeName(type) + ") at byte " + pos
                        + ": chunkLength " + chunkLength + " ends at byte " + (data + chunkLength)
                        + ", past the file length " + end + " (truncated file)");
            }
            if (chunk == 0) {
                if (type != CHUNK_JSON) {
                    throw new FormatException("GLB chunk 0: type " + typeName(type) + ", expected JSON first");
                }
                jsonOffset = (int) data;
                jsonLength = (int) chunkLength;
            } else if (type == CHUNK_BIN) {
                if (binOffset < 0) {
                    binOffset = (int) data;
                    binLength = (int) chunkLength;
                } else {
                    warnings.add("GLB chunk " + chunk + ": a second BIN chunk, ignored");
                }
            } else if (type == CHUNK_JSON) {
                throw new FormatException("GLB chunk " + chunk + ": a second JSON chunk, expected only one");
            }
            pos = data + chunkLength;
        }
        return new Chunks(jsonOffset, jsonLength, binOffset, binLength);
    }

    /**
     * Writes a GLB file: header, JSON chunk padded with spaces, BIN chunk padded with zeros
     * (omitted when {@code binLength == 0}).
     *
     * @param out destination
     * @param json JSON bytes (UTF-8)
     * @param bin buffer bytes
     * @param binLength number of bytes of {@code bin} that belong to the buffer
     * @return the number of bytes written
     * @throws IOException when writing fails
     */
    public static long write(OutputStream out, byte[] json, byte[] bin, int binLength) throws IOException {
        return write(out, json, binLength, o -> o.write(bin, 0, binLength));
    }

    /**
     * Writes a GLB file whose BIN chunk holds what {@code bin} has written (omitted when empty),
     * streamed from the writer without a copy.
     *
     * @param out destination
     * @param json JSON bytes (UTF-8)
     * @param bin the buffer
     * @return the number of bytes written
     * @throws IOException when writing fails
     */
    public static long write(OutputStream out, byte[] json, LittleEndianWriter bin) throws IOException {
        return write(out, json, bin.size(), bin::writeTo);
    }

    /** Writes the BIN chunk's data. */
    private interface BinData {
        void writeTo(OutputStream out) throws IOException;
    }

    private static long write(OutputStream out, byte[] json, int binLength, BinData bin) throws IOException {
        int jsonPadded = align4(json.length);
        int binPadded = align4(binLength);
        long total = totalLength(json.length, binLength);
        if (total > MAX_LENGTH) {
            throw new IOException("GLB: total length " + total + " exceeds the format's limit " + MAX_LENGTH);
        }
        LittleEndianWriter header = new LittleEndianWriter(HEADER_BYTES + CHUNK_HEADER_BYTES)
                .putInt(MAGIC).putInt(VERSION).putInt((int) total)
                .putInt(jsonPadded).putInt(CHUNK_JSON);
        header.writeTo(out);
        out.write(json);
        for (int i = json.length; i < jsonPadded; i++) {
            out.write(' ');
        }
        if (binLength > 0) {
            new LittleEndianWriter(CHUNK_HEADER_BYTES).putInt(binPadded).putInt(CHUNK_BIN).writeTo(out);
            bin.writeTo(out);
            out.write(new byte[binPadded - binLength]);
        }
        return total;
    }

    /**
     * @param jsonLength bytes of JSON before padding
     * @param binLength bytes of the buffer before padding, 0 for no BIN chunk
     * @return the length of the GLB file holding them, in long arithmetic
     */
    public static long totalLength(int jsonLength, int binLength) {
        long jsonPadded = (jsonLength + 3L) & ~3L;
        long binPadded = (binLength + 3L) & ~3L;
        return HEADER_BYTES + CHUNK_HEADER_BYTES + jsonPadded + (binLength > 0 ? CHUNK_HEADER_BYTES + binPadded : 0);
    }

    /**
     * @param n a length
     * @return {@code n} rounded up to a multiple of 4
     */
    public static int align4(int n) {
        return (n + 3) & ~3;
    }

    private static String typeName(int type) {
        if (type == CHUNK_JSON) {
            return "JSON";
        }
        if (type == CHUNK_BIN) {
            return "BIN";
        }
        return "0x" + Integer.toHexString(type);
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }
}
