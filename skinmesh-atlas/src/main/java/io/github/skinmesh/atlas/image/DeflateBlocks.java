package io.github.skinmesh.atlas.image;

import java.util.Arrays;

/**
 * The block layer of skinmesh's deflate encoder (RFC 1951, sections 3.2.3 to 3.2.7): collects the
 * literals and (length, distance) pairs that {@link Deflate}'s matcher produces, and writes each
 * block of up to {@value #BLOCK_SYMBOLS} symbols in whichever of the three block types is smallest,
 * computed exactly before writing: dynamic Huffman codes (lengths by {@link HuffmanLengths}, limited
 * to 15 bits, code-length code to 7), the fixed codes, or stored (split into pieces of at most 65,535
 * bytes). Ties go to dynamic, then fixed. Every decision is integer arithmetic on the symbols, so the
 * bytes depend only on them.
 *
 * <p>The code-length sequence of a dynamic header is run-length coded as one sequence over the
 * literal/length and distance lengths (the RFC allows runs to cross from one to the other): runs of
 * zeros with codes 17 (3 to 10) and 18 (11 to 138), repeats of the previous length with 16 (3 to 6).
 *
 * <p>Output goes to a growing byte array through a 64-bit bit buffer, least significant bit first;
 * before a block is written its exact size is known, so the array grows at most once per block.
 * Not thread-safe: one instance per stream.
 */
final class DeflateBlocks {
    /** Symbols per block: the literal buffer size of zlib at its default memory level. */
    static final int BLOCK_SYMBOLS = 16384;
    private static final int LITERAL_LENGTH_SYMBOLS = 286;
    private static final int DISTANCE_SYMBOLS = 30;
    private static final int CODE_LENGTH_SYMBOLS = 19;
    private static final int END_OF_BLOCK = 256;
    private static final int MAX_BITS = 15;
    private static final int MAX_CODE_LENGTH_BITS = 7;
    private static final int MAX_STORED = 65535;
    /** Order in which the code-length code's lengths are sent (RFC 1951 section 3.2.7). */
    private static final int[] CODE_LENGTH_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    private static final int REPEAT_PREVIOUS = 16;
    private static final int REPEAT_ZERO_SHORT = 17;
    private static final int REPEAT_ZERO_LONG = 18;

    /** Length code (257..285) of match length {@code 3 + i}, for i in 0..255. */
    private static final int[] LENGTH_CODE = new int[256];
    /** Extra bits of length codes 257..285, indexed by {@code code - 257}. */
    private static final int[] LENGTH_EXTRA = new int[29];
    /** Smallest match length of length codes 257..285, indexed by {@code code - 257}. */
    private static final int[] LENGTH_BASE = new int[29];
    private static final int[] FIXED_LITERAL_LENGTHS = new int[288];
    private static final int[] FIXED_DISTANCE_LENGTHS = new int[DISTANCE_SYMBOLS];

    static {
        int code = 0;
        int length = 3;
        for (; code < 28; code++) {
            int extra = code < 8 ? 0 : code / 4 - 1;
            LENGTH_EXTRA[code] = extra;
            LENGTH_BASE[code] = length;
            for (int i = 0; i < 1 << extra; i++) {
                LENGTH_CODE[length - 3 + i] = 257 + code;
            }
            length += 1 << extra;
        }
        assert length == 259 : "code 284 ends at 258, which code 285 takes over";
        LENGTH_EXTRA[28] = 0;
        LENGTH_BASE[28] = 258;
        LENGTH_CODE[255] = 285;
        Arrays.fill(FIXED_LITERAL_LENGTHS, 0, 144, 8);
        Arrays.fill(FIXED_LITERAL_LENGTHS, 144, 256, 9);
        Arrays.fill(FIXED_LITERAL_LENGTHS, 256, 280, 7);
        Arrays.fill(FIXED_LITERAL_LENGTHS, 280, 288, 8);
        Arrays.fill(FIXED_DISTANCE_LENGTHS, 5);
    }

    private final byte[] input;
    /** Per symbol: the literal byte (0..255), or {@code 256 + length - 3} for a match. */
    private final int[] litLen = new int[BLOCK_SYMBOLS];
    /** Per symbol: the match distance, 0 for a literal. */
    private final int[] distances = new int[BLOCK_SYMBOLS];
    private int symbolCount;
    private final int[] literalFreq = new int[LITERAL_LENGTH_SYMBOLS];
    private final int[] distanceFreq = new int[DISTANCE_SYMBOLS];
    /** Input offset of the current block's first byte. */
    private int blockStart;

    private byte[] out;
    private int outLength;
    private long bitBuffer;
    private int bitCount;

    /**
     * @param input the whole input, for stored blocks; only read
     * @param out the output so far (the zlib header); written from {@code outLength}
     * @param outLength bytes already in {@code out}
     */
    DeflateBlocks(byte[] input, byte[] out, int outLength) {
        this.input = input;
        this.out = out;
        this.outLength = outLength;
    }

    /** @return whether the symbol buffer is full, so the caller must {@link #flush} before adding */
    boolean full() {
        return symbolCount == BLOCK_SYMBOLS;
    }

    /** Adds a literal byte. */
    void literal(int value) {
        litLen[symbolCount] = value;
        distances[symbolCount++] = 0;
        literalFreq[value]++;
    }

    /** Adds a match of {@code length} 3..258 at {@code distance} 1..32768. */
    void match(int length, int distance) {
        assert length >= 3 && length <= 258 && distance >= 1 && distance <= 32768;
        litLen[symbolCount] = 256 + length - 3;
        distances[symbolCount++] = distance;
        literalFreq[LENGTH_CODE[length - 3]]++;
        distanceFreq[distanceCode(distance)]++;
    }

    /** Distance code 0..29 of a distance 1..32768. */
    static int distanceCode(int distance) {
        int d = distance - 1;
        if (d < 4) {
            return d;
        }
        int log = 31 - Integer.numberOfLeadingZeros(d);
        return 2 * log + ((d >>> (log - 1)) & 1);
    }

    /** Extra bits of distance code {@code code}. */
    private static int distanceExtra(int code) {
        return code < 4 ? 0 : code / 2 - 1;
    }

    /** Smallest distance of distance code {@code code}. */
    private static int distanceBase(int code) {
        return code < 4 ? code + 1 : ((2 | (code & 1)) << (code / 2 - 1)) + 1;
    }

    /**
     * Writes the buffered symbols as one block covering input bytes {@code blockStart..blockEnd-1}
     * and empties the buffer.
     *
     * @param blockEnd input offset just past the block's last byte
     * @param last whether this is the final block of the stream
     */
    void flush(int blockEnd, boolean last) {
        literalFreq[END_OF_BLOCK]++;
        int[] litLengths = HuffmanLengths.compute(literalFreq, MAX_BITS);
        int[] distLengths = HuffmanLengths.compute(distanceFreq, MAX_BITS);
        int hlit = lastUsed(litLengths, 257) + 1;
        int hdist = lastUsed(distLengths, 1) + 1;

        // the run-length coded header: symbol | extra value << 8 per entry
        int[] header = new int[hlit + hdist];
        int headerCount = runLengths(litLengths, hlit, distLengths, hdist, header);
        int[] clFreq = new int[CODE_LENGTH_SYMBOLS];
        for (int i = 0; i < headerCount; i++) {
            clFreq[header[i] & 0xFF]++;
        }
        int[] clLengths = HuffmanLengths.compute(clFreq, MAX_CODE_LENGTH_BITS);
        int hclen = CODE_LENGTH_SYMBOLS;
        while (hclen > 4 && clLengths[CODE_LENGTH_ORDER[hclen - 1]] == 0) {
            hclen--;
        }
        long dynamicBits = 3 + 5 + 5 + 4 + 3L * hclen;
        for (int i = 0; i < headerCount; i++) {
            int sym = header[i] & 0xFF;
            dynamicBits += clLengths[sym] + repeatExtraBits(sym);
        }
        long extraBits = 0;
        for (int c = 0; c < 29; c++) {
            extraBits += (long) literalFreq[257 + c] * LENGTH_EXTRA[c];
        }
        for (int c = 0; c < DISTANCE_SYMBOLS; c++) {
            extraBits += (long) distanceFreq[c] * distanceExtra(c);
        }
        dynamicBits += extraBits + cost(literalFreq, litLengths) + cost(distanceFreq, distLengths);
        long fixedBits = 3 + extraBits + cost(literalFreq, FIXED_LITERAL_LENGTHS)
                + cost(distanceFreq, FIXED_DISTANCE_LENGTHS);
        int rawLength = blockEnd - blockStart;
        int pieces = Math.max(1, (rawLength + MAX_STORED - 1) / MAX_STORED);
        // each piece: 3 header bits, up to 7 bits to the byte boundary, LEN and NLEN
        long storedBits = 8L * rawLength + (3 + 7 + 32) * (long) pieces;

        long bits = Math.min(dynamicBits, Math.min(fixedBits, storedBits));
        ensureCapacity(bits / 8 + 16);
        if (dynamicBits <= fixedBits && dynamicBits <= storedBits) {
            writeBits((last ? 1 : 0) | 2 << 1, 3);
            writeBits(hlit - 257, 5);
            writeBits(hdist - 1, 5);
            writeBits(hclen - 4, 4);
            for (int i = 0; i < hclen; i++) {
                writeBits(clLengths[CODE_LENGTH_ORDER[i]], 3);
            }
            int[] clCodes = codes(clLengths);
            for (int i = 0; i < headerCount; i++) {
                int sym = header[i] & 0xFF;
                writeBits(clCodes[sym], clLengths[sym]);
                int extra = repeatExtraBits(sym);
                if (extra > 0) {
                    writeBits(header[i] >>> 8, extra);
                }
            }
            writeSymbols(litLengths, distLengths);
        } else if (fixedBits <= storedBits) {
            writeBits((last ? 1 : 0) | 1 << 1, 3);
            writeSymbols(FIXED_LITERAL_LENGTHS, FIXED_DISTANCE_LENGTHS);
        } else {
            writeStored(rawLength, pieces, last);
        }

        symbolCount = 0;
        Arrays.fill(literalFreq, 0);
        Arrays.fill(distanceFreq, 0);
        blockStart = blockEnd;
    }

    /**
     * Writes the bits still buffered, padded with zeros to a whole byte.
     *
     * @return bytes written in all
     */
    int finish() {
        while (bitCount > 0) {
            out[outLength++] = (byte) bitBuffer;
            bitBuffer >>>= 8;
            bitCount = Math.max(0, bitCount - 8);
        }
        return outLength;
    }

    /** @return the output array (its first {@link #finish()} bytes are the stream) */
    byte[] output() {
        return out;
    }

    /** Ensures room for {@code bytes} more bytes, plus 8 for the bit buffer's stores. */
    void ensureCapacity(long bytes) {
        long needed = outLength + bytes + 8;
        if (needed > out.length) {
            long grown = Math.max(needed, Math.min((long) out.length * 2, Integer.MAX_VALUE - 16));
            out = Arrays.copyOf(out, (int) grown);
        }
    }

    private void writeSymbols(int[] litLengths, int[] distLengths) {
        int[] litCodes = codes(litLengths);
        int[] distCodes = codes(distLengths);
        for (int i = 0; i < symbolCount; i++) {
            int ll = litLen[i];
            if (ll < 256) {
                writeBits(litCodes[ll], litLengths[ll]);
            } else {
                int lengthIndex = ll - 256;
                int code = LENGTH_CODE[lengthIndex];
                writeBits(litCodes[code], litLengths[code]);
                int extra = LENGTH_EXTRA[code - 257];
                if (extra > 0) {
                    writeBits(lengthIndex + 3 - LENGTH_BASE[code - 257], extra);
                }
                int distance = distances[i];
                int dc = distanceCode(distance);
                writeBits(distCodes[dc], distLengths[dc]);
                int dExtra = distanceExtra(dc);
                if (dExtra > 0) {
                    writeBits(distance - distanceBase(dc), dExtra);
                }
            }
        }
        writeBits(litCodes[END_OF_BLOCK], litLengths[END_OF_BLOCK]);
    }

    private void writeStored(int rawLength, int pieces, boolean last) {
        for (int piece = 0; piece < pieces; piece++) {
            int start = blockStart + piece * MAX_STORED;
            int length = Math.min(MAX_STORED, rawLength - piece * MAX_STORED);
            writeBits(last && piece == pieces - 1 ? 1 : 0, 3);
            alignToByte();
            writeBits(length | (~length & 0xFFFF) << 16, 32);
            alignToByte();
            System.arraycopy(input, start, out, outLength, length);
            outLength += length;
        }
    }

    /** Drains the bit buffer to whole bytes, dropping the bits of padding after the last written bit. */
    private void alignToByte() {
        while (bitCount > 0) {
            out[outLength++] = (byte) bitBuffer;
            bitBuffer >>>= 8;
            bitCount = Math.max(0, bitCount - 8);
        }
        bitBuffer = 0;
    }

    /** Appends the low {@code count} (0..32) bits of {@code value}, least significant first. */
    private void writeBits(int value, int count) {
        bitBuffer |= ((long) value & ((1L << count) - 1)) << bitCount;
        bitCount += count;
        if (bitCount >= 32) {
            int at = outLength;
            byte[] o = out;
            long b = bitBuffer;
            o[at] = (byte) b;
            o[at + 1] = (byte) (b >>> 8);
            o[at + 2] = (byte) (b >>> 16);
            o[at + 3] = (byte) (b >>> 24);
            outLength = at + 4;
            bitBuffer = b >>> 32;
            bitCount -= 32;
        }
    }

    /** Canonical codes (RFC 1951 section 3.2.2) of the lengths, bit-reversed for LSB-first output. */
    static int[] codes(int[] lengths) {
        int[] countPerLength = new int[MAX_BITS + 1];
        for (int length : lengths) {
            countPerLength[length]++;
        }
        countPerLength[0] = 0;
        int[] next = new int[MAX_BITS + 2];
        int code = 0;
        for (int bits = 1; bits <= MAX_BITS; bits++) {
            code = (code + countPerLength[bits - 1]) << 1;
            next[bits] = code;
        }
        int[] codes = new int[lengths.length];
        for (int s = 0; s < lengths.length; s++) {
            int length = lengths[s];
            if (length > 0) {
                codes[s] = Integer.reverse(next[length]++) >>> (32 - length);
            }
        }
        return codes;
    }

    private static int lastUsed(int[] lengths, int atLeast) {
        int n = lengths.length;
        while (n > atLeast && lengths[n - 1] == 0) {
            n--;
        }
        return n - 1;
    }

    private static long cost(int[] freq, int[] lengths) {
        long bits = 0;
        for (int s = 0; s < freq.length; s++) {
            bits += (long) freq[s] * lengths[s];
        }
        return bits;
    }

    private static int repeatExtraBits(int symbol) {
        switch (symbol) {
            case REPEAT_PREVIOUS:
                return 2;
            case REPEAT_ZERO_SHORT:
                return 3;
            case REPEAT_ZERO_LONG:
                return 7;
            default:
                return 0;
        }
    }

    /**
     * Run-length codes the lengths {@code lit[0..hlit-1]} followed by {@code dist[0..hdist-1]}.
     *
     * @param dst receives one entry per code-length symbol: the symbol, plus the value of its extra
     *     bits shifted left by 8; {@code hlit + hdist} entries suffice
     * @return entries written
     */
    private static int runLengths(int[] lit, int hlit, int[] dist, int hdist, int[] dst) {
        int total = hlit + hdist;
        int n = 0;
        int i = 0;
        while (i < total) {
            int value = i < hlit ? lit[i] : dist[i - hlit];
            int run = 1;
            while (i + run < total && (i + run < hlit ? lit[i + run] : dist[i + run - hlit]) == value) {
                run++;
            }
            i += run;
            if (value == 0) {
                while (run >= 11) {
                    int r = Math.min(run, 138);
                    dst[n++] = REPEAT_ZERO_LONG | (r - 11) << 8;
                    run -= r;
                }
                if (run >= 3) {
                    dst[n++] = REPEAT_ZERO_SHORT | (run - 3) << 8;
                    run = 0;
                }
            } else {
                dst[n++] = value;
                run--;
                while (run >= 3) {
                    int r = Math.min(run, 6);
                    dst[n++] = REPEAT_PREVIOUS | (r - 3) << 8;
                    run -= r;
                }
            }
            while (run > 0) {
                dst[n++] = value;
                run--;
            }
        }
        return n;
    }
}
