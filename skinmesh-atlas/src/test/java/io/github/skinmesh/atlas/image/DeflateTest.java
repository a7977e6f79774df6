package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.TestRandom;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** skinmesh's deflate encoder: zlib streams that the JDK's inflater reads back, deterministic, near zlib's size. */
class DeflateTest {
    /** Data families by index: the kinds of input whose coding paths differ. */
    static final int FAMILIES = 8;

    static byte[] family(int family, int length, long seed) {
        TestRandom rng = new TestRandom(seed);
        byte[] b = new byte[length];
        switch (family) {
            case 0: // incompressible
                for (int i = 0; i < length; i++) {
                    b[i] = (byte) rng.next();
                }
                break;
            case 1: { // a short random pattern repeated
                int period = rng.nextInt(1, 40);
                for (int i = 0; i < length; i++) {
                    b[i] = i < period ? (byte) rng.next() : b[i - period];
                }
                break;
            }
            case 2: // long runs of one value
                for (int i = 0; i < length; ) {
                    int run = rng.nextInt(1, 2000);
                    byte v = (byte) rng.nextInt(0, 3);
                    for (int k = 0; k < run && i < length; k++) {
                        b[i++] = v;
                    }
                }
                break;
            case 3: // a small alphabet, skewed: long Huffman codes
                for (int i = 0; i < length; i++) {
                    float u = rng.nf();
                    b[i] = (byte) (u < 0.5f ? 'e' : u < 0.75f ? 't' : u < 0.99f ? 'a' + rng.nextInt(0, 20) : rng.next());
                }
                break;
            case 4: // every byte value, in a random order per 256-byte row
                for (int i = 0; i < length; i++) {
                    b[i] = (byte) (i % 256);
                }
                for (int row = 0; row + 256 <= length; row += 512) {
                    for (int k = 255; k > 0; k--) {
                        int j = rng.nextInt(0, k);
                        byte t = b[row + k];
                        b[row + k] = b[row + j];
                        b[row + j] = t;
                    }
                }
                break;
            case 5: { // random segments copied from further back than the window, and from just within it
                for (int i = 0; i < length; i++) {
                    int back = rng.nf() < 0.5f ? 32767 + rng.nextInt(0, 3) : 40000;
                    if (i >= back && rng.nf() < 0.9f) {
                        int run = Math.min(rng.nextInt(3, 300), length - i);
                        for (int k = 0; k < run; k++, i++) {
                            b[i] = b[i - back];
                        }
                        i--;
                    } else {
                        b[i] = (byte) rng.next();
                    }
                }
                break;
            }
            case 6: { // image-like: filtered rows of a smooth gradient with noise and transparent blocks
                int stride = 4 * rng.nextInt(1, 300) + 1;
                for (int i = 0; i < length; i++) {
                    int x = i % stride;
                    b[i] = x == 0 ? (byte) rng.nextInt(0, 4) : (byte) (rng.nf() < 0.3f ? 0 : rng.nextInt(-3, 3));
                }
                break;
            }
            default: // all zero
                break;
        }
        return b;
    }

    static byte[] inflate(byte[] zlib, int expectedLength) throws DataFormatException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(zlib);
            byte[] out = new byte[expectedLength + 1];
            int n = 0;
            while (!inflater.finished() && n < out.length) {
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            assertThat(inflater.finished()).as("stream complete").isTrue();
            assertThat(inflater.getRemaining()).as("bytes after the stream").isZero();
            return Arrays.copyOf(out, n);
        } finally {
            inflater.end();
        }
    }

    static byte[] zlibRuntime(byte[] data, int level) {
        Deflater d = new Deflater(level);
        try {
            d.setInput(data);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[65536];
            while (!d.finished()) {
                out.write(buf, 0, d.deflate(buf));
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    private static void assertRoundTrip(byte[] data, int level) throws DataFormatException {
        byte[] z = Deflate.zlib(data, level);
        assertThat(((z[0] & 0xFF) << 8 | (z[1] & 0xFF)) % 31).as("zlib header check").isZero();
        assertThat(z[0]).isEqualTo((byte) 0x78);
        assertThat(inflate(z, data.length)).isEqualTo(data);
        assertThat(Deflate.zlib(data, level)).as("a second encode").isEqualTo(z);
    }

    @Property(tries = 120, seed = "20261201")
    void theJdkInflaterReadsBackEveryFamilyAtEveryLevel(@ForAll @IntRange(min = 0, max = FAMILIES - 1) int family,
            @ForAll @IntRange(min = 0, max = 140_000) int length, @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 9) int level) throws DataFormatException {
        assertRoundTrip(family(family, length, seed), level);
    }

    @Test
    void edgeLengthsRoundTrip() throws DataFormatException {
        for (int level = 1; level <= 9; level++) {
            for (int length : new int[] {0, 1, 2, 3, 4, 257, 258, 259, 260, 32767, 32768, 32769, 65535, 65536, 65537}) {
                for (int family = 0; family < FAMILIES; family++) {
                    assertRoundTrip(family(family, length, 7 * length + family), level);
                }
            }
        }
    }

    @Test
    void moreSymbolsThanOneBlockHoldsRoundTrip() throws DataFormatException {
        // 200,000 incompressible bytes are 12 full blocks of literals, each stored; mixed data switches types
        byte[] data = family(0, 200_000, 3);
        System.arraycopy(family(7, 50_000, 0), 0, data, 60_000, 50_000);
        for (int level : new int[] {1, 6, 9}) {
            assertRoundTrip(data, level);
        }
    }

    @Test
    void incompressibleDataCostsAtMostTheStoredOverhead() {
        byte[] data = family(0, 300_000, 11);
        byte[] z = Deflate.zlib(data, 6);
        // stored: 5 bytes per 65,535 at most, plus the block boundaries where a block of 16,384
        // literals closes (at most 19 stored pieces) and the zlib header and trailer
        assertThat(z.length).isLessThanOrEqualTo(data.length + 5 * 24 + 6);
    }

    @Test
    void emptyAndOneByteInputsAreFixedBlocks() {
        // empty: one final fixed block holding only end-of-block (7 zero bits); Adler-32 of nothing is 1
        assertThat(HexFormat.of().formatHex(Deflate.zlib(new byte[0], 6))).isEqualTo("789c030000000001");
        // 'a' (0x61): fixed literal code 0x30 + 0x61 = 0x91 in 8 bits, reversed; then end-of-block
        assertThat(HexFormat.of().formatHex(Deflate.zlib(new byte[] {'a'}, 6))).isEqualTo("789c4b040000620062");
        assertThat(HexFormat.of().formatHex(Deflate.zlib(new byte[] {'a'}, 1))).isEqualTo("78014b040000620062");
        assertThat(HexFormat.of().formatHex(Deflate.zlib(new byte[] {'a'}, 9))).isEqualTo("78da4b040000620062");
    }

    @Test
    void sizesStayNearTheRuntimeZlibOnCompressibleFamilies() {
        // same algorithm family as zlib, so within a few percent; generous bounds keep this about correctness
        for (int family = 1; family < FAMILIES; family++) {
            byte[] data = family(family, 200_000, 100 + family);
            for (int level : new int[] {1, 6, 9}) {
                int ours = Deflate.zlib(data, level).length;
                int zlib = zlibRuntime(data, level).length;
                assertThat(ours).as("family %d level %d (zlib %d)", family, level, zlib)
                        .isLessThanOrEqualTo(zlib + zlib / 8 + 64);
            }
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Pins the encoder's bytes: a change here changes every PNG skinmesh writes, so it must be
     * deliberate (and the pinned values elsewhere, such as the demo's texture bytes, updated with it).
     */
    @Test
    void goldenStreams() {
        // "abc" x 6: one fixed-code block (header 011), literals a, b, c, then length 15 (code 266,
        // extra bit 0) at distance 3 (code 2), end of block; then the Adler-32 (zlib's level 6 writes
        // another, equally valid stream of 7 deflate bytes for this input)
        assertThat(HexFormat.of().formatHex(Deflate.zlib("abcabcabcabcabcabc".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 6)))
                .isEqualTo("789c4b4c4a464300417c06e5");
        String[] expected = {
            "67860 09c8972267f83693ad15f292404dcee3dd8e8b05a34a3492cee692006bf0d2a7",
            "60424 50bd299ea53c6fec20ba396a439325ea133045e1ace29473ce20d85a517bdbb6",
            "58664 33ceaceda0ea332781ca681d49bd3e66387c6af8cfc412e6c7ef06abbc6c3819",
            "63061 3199b4353279bb5edb08fac7b83da2c9d540482700eb135af92a594fc9e46e10",
            "57624 0acc7657ceabf7b86714067ac96017cc047401aa6d94e60c4c36dec698f4dc68",
            "57048 145c06f5030cd3b896169e3000338c4179b153a2a57b3f1a061790bcb102afe2"};
        int k = 0;
        for (int family : new int[] {3, 6}) {
            byte[] data = family(family, 150_000, 2026);
            for (int level : new int[] {1, 6, 9}) {
                byte[] z = Deflate.zlib(data, level);
                assertThat(z.length + " " + sha256(z)).as("family %d level %d", family, level).isEqualTo(expected[k++]);
            }
        }
    }
}
