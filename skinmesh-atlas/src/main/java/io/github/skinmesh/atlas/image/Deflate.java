package io.github.skinmesh.atlas.image;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * skinmesh's deflate encoder (RFC 1951) in a zlib stream (RFC 1950): LZ77 matching over a 32 KiB
 * window with hash chains, then {@link DeflateBlocks} codes each block of symbols. Written so that
 * the bytes depend only on the input and the level: every decision is integer arithmetic in a
 * fixed order, with no dependence on the runtime's zlib (the JDK's {@code java.util.zip.Deflater}
 * links the system zlib on some builds, its bundled copy on others, zlib-ng on some distributions,
 * and their streams differ).
 *
 * <p><b>Matching.</b> Each position of three or more remaining bytes is hashed by its next three
 * bytes (multiplicative hash, 15 bits) into {@code head}, the most recent position per hash, and
 * {@code prev}, the previous position of the same hash, indexed modulo the window; a chain walk
 * follows {@code prev} from the newest candidate while the distance stays within 32,767 (so a
 * window slot is never overwritten while reachable) and at most {@code chain} steps. Match bytes
 * are compared eight at a time through a little-endian view, the first difference found by its
 * trailing zero bits. Levels 1 to 3 take the longest match greedily; levels 4 to 9 evaluate lazily:
 * a match found at one position is kept only if the next position gives no longer one (the search
 * stops early at {@code nice} bytes, is skipped once the previous match reaches {@code lazy} bytes,
 * and runs a quarter of the chain once it reaches {@code good}); a three-byte match farther than
 * 4,096 bytes is dropped, as its codes cost about what three literals do. The parameter table has
 * the shape of zlib's configuration table, so level 6 searches about as hard as zlib's default.
 *
 * <p>Alternatives considered: optimal parsing (as in zopfli) compresses a few percent better at many
 * times the time; a 4-byte hash finds fewer three-byte matches, which matter on filtered image rows.
 * Measured on the testkit humanoid's textures and the atlas workload's pages against the JDK's zlib
 * at level 6: see {@code PngDeflateBench} and the README's PNG paragraph for the figures.
 *
 * <p>Allocates the 32 Ki-entry {@code head} and {@code prev} tables (256 KiB), the block buffers and
 * the output, which starts at a quarter of the input and doubles as needed. Not shared: one instance
 * per call.
 */
final class Deflate {
    private static final int WINDOW = 32768;
    private static final int WINDOW_MASK = WINDOW - 1;
    /** Farthest distance searched: one less than the window, so {@code prev[pos & WINDOW_MASK]} stays live. */
    private static final int MAX_DISTANCE = WINDOW - 1;
    private static final int MIN_MATCH = 3;
    private static final int MAX_MATCH = 258;
    private static final int HASH_BITS = 15;
    private static final int NONE = -1;
    /** A match of {@value #MIN_MATCH} bytes farther than this is not worth its codes. */
    private static final int TOO_FAR = 4096;
    /** zlib header byte CMF: deflate, 32 KiB window. */
    static final int CMF = 0x78;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Per level 1..9: good (previous match length from which a quarter chain is searched), lazy
     * (for levels 1..3: the longest match whose positions are all hashed; for 4..9: the previous
     * match length from which no further search is made), nice (a match this long ends the search),
     * chain (most candidates examined per search).
     */
    private static final int[][] LEVELS = {
        {4, 4, 8, 4}, {4, 5, 16, 8}, {4, 6, 32, 32},
        {4, 4, 16, 16}, {8, 16, 32, 32}, {8, 16, 128, 128},
        {8, 32, 128, 256}, {32, 128, 258, 1024}, {32, 258, 258, 4096}};
    /** Lowest level that evaluates lazily. */
    private static final int FIRST_LAZY_LEVEL = 4;

    private final byte[] data;
    private final int length;
    private final int[] head = new int[1 << HASH_BITS];
    private final int[] prev = new int[WINDOW];
    private final DeflateBlocks blocks;
    private final int good;
    private final int lazy;
    private final int nice;
    private final int chain;
    /** Distance of the match the last {@link #longestMatch} call found. */
    private int matchDistance;

    private Deflate(byte[] data, int level, byte[] out, int outLength) {
        this.data = data;
        this.length = data.length;
        Arrays.fill(head, NONE);
        this.blocks = new DeflateBlocks(data, out, outLength);
        int[] p = LEVELS[level - 1];
        good = p[0];
        lazy = p[1];
        nice = p[2];
        chain = p[3];
    }

    /**
     * Compresses bytes into a complete zlib stream: header (CMF {@code 0x78}, FLG with zlib's level
     * hint for the level and no dictionary), deflate blocks, Adler-32 of the input big-endian.
     *
     * @param data the bytes; only read
     * @param level 1 (fastest) to 9 (smallest)
     * @return a fresh array holding exactly the stream
     */
    static byte[] zlib(byte[] data, int level) {
        assert level >= 1 && level <= 9;
        byte[] out = new byte[(int) Math.min(Integer.MAX_VALUE - 16, 64 + (long) data.length / 4)];
        int levelHint = level == 1 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
        int flg = levelHint << 6;
        flg += (31 - ((CMF << 8 | flg) % 31)) % 31;
        out[0] = (byte) CMF;
        out[1] = (byte) flg;
        Deflate d = new Deflate(data, level, out, 2);
        if (level >= FIRST_LAZY_LEVEL) {
            d.compressLazy();
        } else {
            d.compressGreedy();
        }
        d.blocks.flush(d.length, true);
        d.blocks.ensureCapacity(16);
        int n = d.blocks.finish();
        byte[] result = Arrays.copyOf(d.blocks.output(), n + 4);
        ZlibStream.putAdler32(data, result, n);
        return result;
    }

    /** Hashes position {@code pos} (three bytes remain) and makes it the newest of its chain. */
    private int insert(int pos) {
        byte[] b = data;
        int v = (b[pos] & 0xFF) | (b[pos + 1] & 0xFF) << 8 | (b[pos + 2] & 0xFF) << 16;
        int h = (v * 0x9E3779B1) >>> (32 - HASH_BITS);
        int candidate = head[h];
        prev[pos & WINDOW_MASK] = candidate;
        head[h] = pos;
        return candidate;
    }

    /**
     * Walks the chain from {@code candidate} for a match at {@code pos} longer than {@code atLeast}.
     *
     * @return the longest such match's length (its distance in {@link #matchDistance}), or 0
     */
    private int longestMatch(int pos, int candidate, int atLeast, int maxChain) {
        byte[] b = data;
        int limit = Math.min(MAX_MATCH, length - pos);
        int best = atLeast;
        if (best >= limit) {
            return 0;
        }
        int stopAt = Math.min(nice, limit);
        int minPos = pos - MAX_DISTANCE;
        int found = 0;
        int steps = maxChain;
        int cand = candidate;
        while (cand >= 0 && cand >= minPos && steps-- > 0) {
            if (b[cand + best] == b[pos + best] && b[cand] == b[pos] && b[cand + 1] == b[pos + 1]) {
                int len = matchLength(b, cand, pos, limit);
                if (len > best) {
                    best = len;
                    found = len;
                    matchDistance = pos - cand;
                    if (len >= stopAt) {
                        break;
                    }
                }
            }
            cand = prev[cand & WINDOW_MASK];
        }
        return found;
    }

    /** Length of the common prefix of {@code b[a..]} and {@code b[p..]}, at most {@code limit}; {@code a < p}. */
    private static int matchLength(byte[] b, int a, int p, int limit) {
        int len = 0;
        while (len + 8 <= limit) {
            long x = (long) LONGS.get(b, a + len) ^ (long) LONGS.get(b, p + len);
            if (x != 0) {
                return len + (Long.numberOfTrailingZeros(x) >>> 3);
            }
            len += 8;
        }
        while (len < limit && b[a + len] == b[p + len]) {
            len++;
        }
        return len;
    }

    private void literal(int pos) {
        if (blocks.full()) {
            blocks.flush(pos, false);
        }
        blocks.literal(data[pos] & 0xFF);
    }

    private void match(int pos, int len, int distance) {
        if (blocks.full()) {
            blocks.flush(pos, false);
        }
        blocks.match(len, distance);
    }

    /** Levels 1 to 3: the longest match at each position, taken at once. */
    private void compressGreedy() {
        int pos = 0;
        while (pos < length) {
            int len = 0;
            if (length - pos >= MIN_MATCH) {
                int candidate = insert(pos);
                if (candidate != NONE) {
                    len = longestMatch(pos, candidate, MIN_MATCH - 1, chain);
                }
            }
            if (len >= MIN_MATCH) {
                match(pos, len, matchDistance);
                int end = pos + len;
                if (len <= lazy) {
                    int lastHashed = Math.min(end, length - MIN_MATCH + 1);
                    for (int p = pos + 1; p < lastHashed; p++) {
                        insert(p);
                    }
                }
                pos = end;
            } else {
                literal(pos);
                pos++;
            }
        }
    }

    /** Levels 4 to 9: a match is emitted only when the next position offers no longer one. */
    private void compressLazy() {
        int pos = 0;
        int prevLength = 0;
        int prevDistance = 0;
        boolean pendingLiteral = false;
        while (pos < length) {
            int len = 0;
            int distance = 0;
            if (length - pos >= MIN_MATCH) {
                int candidate = insert(pos);
                if (candidate != NONE && prevLength < lazy) {
                    int steps = prevLength >= good ? chain >> 2 : chain;
                    len = longestMatch(pos, candidate, Math.max(prevLength, MIN_MATCH - 1), steps);
                    distance = matchDistance;
                    if (len == MIN_MATCH && distance > TOO_FAR) {
                        len = 0;
                    }
                }
            }
            if (prevLength >= MIN_MATCH && len <= prevLength) {
                int start = pos - 1;
                match(start, prevLength, prevDistance);
                int end = start + prevLength;
                int lastHashed = Math.min(end, length - MIN_MATCH + 1);
                for (int p = pos + 1; p < lastHashed; p++) {
                    insert(p);
                }
                pos = end;
                prevLength = 0;
                pendingLiteral = false;
            } else {
                if (pendingLiteral) {
                    literal(pos - 1);
                }
                pendingLiteral = true;
                prevLength = len;
                prevDistance = distance;
                pos++;
            }
        }
        if (pendingLiteral) {
            literal(length - 1);
        }
    }
}
