package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.TestRandom;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import javax.imageio.ImageIO;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PngEncodeTest {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    /** Random pixels with runs, so that every filter type and deflate matches get exercised. */
    private static byte[] pixels(TestRandom rng, int width, int height) {
        byte[] rgba = new byte[4 * width * height];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = rng.nf() < 0.5f && i >= 4 ? rgba[i - 4] : (byte) rng.nextInt(0, 255);
        }
        return rgba;
    }

    private static int[] decode(byte[] png, int width, int height) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image.getWidth()).isEqualTo(width);
        assertThat(image.getHeight()).isEqualTo(height);
        Raster raster = image.getRaster();
        assertThat(raster.getNumBands()).isEqualTo(4);
        return raster.getPixels(0, 0, width, height, (int[]) null);
    }

    private static void assertSamePixels(int[] decoded, byte[] rgba) {
        assertThat(decoded).hasSize(rgba.length);
        for (int i = 0; i < rgba.length; i++) {
            if (decoded[i] != (rgba[i] & 0xFF)) {
                throw new AssertionError("sample " + i + ": decoded " + decoded[i] + ", encoded " + (rgba[i] & 0xFF));
            }
        }
    }

    @Property(tries = 60, seed = "20260101")
    void javaImageIoDecodesExactlyThePixelsForEveryOptionCombination(@ForAll @IntRange(min = 1, max = 37) int width,
            @ForAll @IntRange(min = 1, max = 23) int height, @ForAll long seed, @ForAll PngCompression compression,
            @ForAll PngFilter filter, @ForAll @IntRange(min = 1, max = 9) int level) throws IOException {
        byte[] rgba = pixels(new TestRandom(seed), width, height);
        byte[] png = Png.encodeRgba8(width, height, rgba, new PngOptions(compression, level, filter));
        assertSamePixels(decode(png, width, height), rgba);
    }

    @Test
    void storedStreamsSpanSeveralDeflateBlocks() throws IOException {
        int width = 200;
        int height = 100; // 100 * (1 + 800) = 80,100 filtered bytes: two stored blocks
        byte[] rgba = pixels(new TestRandom(3), width, height);
        byte[] png = Png.encodeRgba8(width, height, rgba, PngOptions.DEFAULTS.withCompression(PngCompression.STORED));
        assertThat(png.length).isGreaterThan(4 * width * height);
        assertSamePixels(decode(png, width, height), rgba);
    }

    @Test
    void fileIsSignatureThenIhdrIdatIendWithValidCrcs() throws DataFormatException {
        byte[] rgba = pixels(new TestRandom(9), 5, 3);
        byte[] png = Png.encodeRgba8(5, 3, rgba);
        assertThat(Png.hasSignature(png)).isTrue();
        assertThat(java.util.Arrays.copyOf(png, 8)).containsExactly(SIGNATURE);
        ByteBuffer b = ByteBuffer.wrap(png);
        b.position(8);
        String[] expected = {"IHDR", "IDAT", "IEND"};
        byte[] idat = null;
        for (String type : expected) {
            int length = b.getInt();
            byte[] typeAndData = new byte[4 + length];
            b.get(typeAndData);
            assertThat(new String(typeAndData, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo(type);
            CRC32 crc = new CRC32();
            crc.update(typeAndData);
            assertThat(b.getInt()).isEqualTo((int) crc.getValue());
            if (type.equals("IHDR")) {
                ByteBuffer h = ByteBuffer.wrap(typeAndData, 4, length);
                assertThat(h.getInt()).isEqualTo(5);
                assertThat(h.getInt()).isEqualTo(3);
                assertThat(new byte[] {h.get(), h.get(), h.get(), h.get(), h.get()}).containsExactly(8, 6, 0, 0, 0);
            } else if (type.equals("IDAT")) {
                idat = java.util.Arrays.copyOfRange(typeAndData, 4, typeAndData.length);
            } else {
                assertThat(length).isZero();
            }
        }
        assertThat(b.remaining()).isZero();
        Inflater inflater = new Inflater();
        inflater.setInput(idat);
        byte[] filtered = new byte[3 * (1 + 4 * 5) + 1];
        assertThat(inflater.inflate(filtered)).isEqualTo(3 * (1 + 4 * 5));
        assertThat(inflater.finished()).isTrue();
        inflater.end();
    }

    @Test
    void filterNoneStoresTheRowsVerbatim() throws DataFormatException {
        byte[] rgba = pixels(new TestRandom(4), 3, 2);
        byte[] png = Png.encodeRgba8(3, 2, rgba, new PngOptions(PngCompression.STORED, 6, PngFilter.NONE));
        // signature, IHDR chunk (25 bytes), IDAT length and type, then the zlib stream
        int zlibAt = 8 + 25 + 8;
        int zlibLength = ByteBuffer.wrap(png, 8 + 25, 4).getInt();
        Inflater inflater = new Inflater();
        inflater.setInput(png, zlibAt, zlibLength);
        byte[] filtered = new byte[2 * 13];
        assertThat(inflater.inflate(filtered)).isEqualTo(26);
        inflater.end();
        for (int y = 0; y < 2; y++) {
            assertThat(filtered[13 * y]).isZero();
            for (int i = 0; i < 12; i++) {
                assertThat(filtered[13 * y + 1 + i]).isEqualTo(rgba[12 * y + i]);
            }
        }
    }

    @Test
    void encodingIsDeterministic() {
        byte[] rgba = pixels(new TestRandom(5), 64, 64);
        for (PngCompression compression : PngCompression.values()) {
            PngOptions options = PngOptions.DEFAULTS.withCompression(compression);
            assertThat(Png.encodeRgba8(64, 64, rgba, options)).isEqualTo(Png.encodeRgba8(64, 64, rgba.clone(), options));
        }
    }

    @Test
    void largeImagesOfEveryDataFamilyDecodeExactly() throws IOException {
        // 300 x 200 RGBA8 is 240,200 bytes of image data: several deflate blocks and windows
        for (int family = 0; family < DeflateTest.FAMILIES; family++) {
            byte[] rgba = DeflateTest.family(family, 4 * 300 * 200, 40 + family);
            for (PngFilter filter : PngFilter.values()) {
                for (int level : new int[] {1, 6, 9}) {
                    byte[] png = Png.encodeRgba8(300, 200, rgba, new PngOptions(PngCompression.DEFLATE, level, filter));
                    assertSamePixels(decode(png, 300, 200), rgba);
                }
            }
        }
    }

    private static String sha256(byte[] bytes) throws java.security.NoSuchAlgorithmException {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /**
     * Pins the bytes of default encodes: PNG bytes are the same on every runtime, so a change here
     * is a change of the encoder and must be deliberate.
     */
    @Test
    void goldenFiles() throws java.security.NoSuchAlgorithmException {
        byte[] rgba = pixels(new TestRandom(5), 64, 64);
        byte[] png8 = Png.encodeRgba8(64, 64, rgba);
        assertThat(png8.length + " " + sha256(png8)).isEqualTo("12057 531c4bfa725b35923aed30ad7679b392da078bd63d7f0ea4dd5d15abbe1635a0");
        short[] rgba16 = new short[4 * 40 * 30];
        for (int i = 0; i < rgba16.length; i++) {
            rgba16[i] = (short) ((i / 4 % 40) * 1500 + (i / 160) * 700 + (i % 4) * 9000);
        }
        byte[] png16 = Png.encodeRgba16(40, 30, rgba16, PngOptions.DEFAULTS);
        assertThat(png16.length + " " + sha256(png16)).isEqualTo("595 059c47f29c3ade72d98d96a5528990d3e9601f1a8773a26ea760df2799b7f619");
        byte[] fast = Png.encodeRgba8(64, 64, rgba, PngOptions.DEFAULTS.withDeflateLevel(1).withFilter(PngFilter.NONE));
        assertThat(fast.length + " " + sha256(fast)).isEqualTo("13648 5b1d33cf2e77ccc9766e4232ab1b2170f886211db885349b0ac61cdc6494548e");
    }

    @Test
    void inputIsNotModified() {
        byte[] rgba = pixels(new TestRandom(6), 7, 7);
        byte[] copy = rgba.clone();
        Png.encodeRgba8(7, 7, rgba);
        assertThat(rgba).isEqualTo(copy);
    }

    @Property(tries = 200, seed = "77")
    void paethMatchesTheSpecificationsDefinition(@ForAll @IntRange(min = 0, max = 255) int a,
            @ForAll @IntRange(min = 0, max = 255) int b, @ForAll @IntRange(min = 0, max = 255) int c) {
        // PNG specification 9.4: ties resolved in the order a, b, c
        int p = a + b - c;
        int pa = Math.abs(p - a);
        int pb = Math.abs(p - b);
        int pc = Math.abs(p - c);
        int expected = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        assertThat(ScanlineFilter.paeth(a, b, c)).isEqualTo(expected);
    }

    @Test
    void hasSignatureRejectsOtherAndShortData() {
        assertThat(Png.hasSignature(new byte[] {(byte) 0x89, 'P', 'N'})).isFalse();
        assertThat(Png.hasSignature("GIF89a-not-png".getBytes(java.nio.charset.StandardCharsets.US_ASCII))).isFalse();
    }

    @Test
    void rejectsZeroWidth() {
        assertThatThrownBy(() -> Png.encodeRgba8(0, 4, new byte[0])).isInstanceOf(ValidationException.class)
                .hasMessage("encodeRgba8: width=0, expected 1..16384");
    }

    @Test
    void rejectsTooLargeWidth() {
        assertThatThrownBy(() -> Png.encodeRgba8(16385, 1, new byte[4 * 16385])).isInstanceOf(ValidationException.class)
                .hasMessage("encodeRgba8: width=16385, expected 1..16384");
    }

    @Test
    void rejectsZeroHeight() {
        assertThatThrownBy(() -> Png.encodeRgba8(4, 0, new byte[0])).isInstanceOf(ValidationException.class)
                .hasMessage("encodeRgba8: height=0, expected 1..16384");
    }

    @Test
    void rejectsTooLargeHeight() {
        assertThatThrownBy(() -> Png.encodeRgba8(1, 20000, new byte[4])).isInstanceOf(ValidationException.class)
                .hasMessage("encodeRgba8: height=20000, expected 1..16384");
    }

    @Test
    void rejectsPixelArrayOfWrongLength() {
        assertThatThrownBy(() -> Png.encodeRgba8(2, 3, new byte[23])).isInstanceOf(ValidationException.class)
                .hasMessage("encodeRgba8: rgba length 23, expected 4*width*height = 24");
    }

    @Test
    void rejectsDeflateLevelBelowOne() {
        assertThatThrownBy(() -> PngOptions.DEFAULTS.withDeflateLevel(0)).isInstanceOf(ValidationException.class)
                .hasMessage("PngOptions: deflateLevel=0, expected 1..9");
    }

    @Test
    void rejectsDeflateLevelAboveNine() {
        assertThatThrownBy(() -> PngOptions.DEFAULTS.withDeflateLevel(10)).isInstanceOf(ValidationException.class)
                .hasMessage("PngOptions: deflateLevel=10, expected 1..9");
    }
}
