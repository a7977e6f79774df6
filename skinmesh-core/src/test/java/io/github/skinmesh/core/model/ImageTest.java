package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ImageTest {
    @Test
    void emptyMimeType() {
        assertThatThrownBy(() -> Image.of("a.png", "", new byte[1])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("image 'a.png'").hasMessageContaining("mimeType ''")
                .hasMessageContaining("expected type/subtype such as image/png");
    }

    @Test
    void mimeTypeWithoutSubtype() {
        assertThatThrownBy(() -> Image.of("a.png", "png", new byte[1])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("image 'a.png'").hasMessageContaining("mimeType 'png'")
                .hasMessageContaining("expected type/subtype");
    }

    @Test
    void mimeTypeWithAnEmptyPart() {
        assertThatThrownBy(() -> Image.of("", "image/", new byte[1])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("image (unnamed)").hasMessageContaining("mimeType 'image/'")
                .hasMessageContaining("expected type/subtype");
    }

    @Test
    void changingTheBytesAfterCreationDoesNotChangeTheImage() {
        byte[] data = {1, 2, 3};
        Image image = Image.of("a", "image/png", data);
        data[0] = 9;
        assertThat(image.data()).containsExactly(1, 2, 3);
        assertThat(image.byteLength()).isEqualTo(3);
    }

    @Test
    void copiesBytesOut() {
        Image image = Image.of("a", "image/png", new byte[] {1, 2, 3});
        byte[] copy = image.data();
        copy[0] = 9;
        assertThat(image.data()).containsExactly(1, 2, 3);
        assertThat(image.dataInto(new byte[5], 2)).containsExactly(0, 0, 1, 2, 3);
    }

    @Test
    void equalityIgnoresTheName() {
        Image a = Image.of("a", "image/png", new byte[] {1, 2, 3});
        Image b = Image.of("b", "image/png", new byte[] {1, 2, 3});
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null);
        assertThat(a).isNotEqualTo(Image.of("a", "image/jpeg", new byte[] {1, 2, 3}));
        assertThat(a).isNotEqualTo(Image.of("a", "image/png", new byte[] {1, 2, 4}));
        assertThat(a.name()).isEqualTo("a");
        assertThat(a.mimeType()).isEqualTo("image/png");
        assertThat(a.toString()).contains("'a'", "image/png", "3 bytes");
    }

    // --- header: size and pixel format without decoding ---

    /** A PNG signature and IHDR chunk (with its CRC), followed by {@code tail}. */
    static byte[] png(int width, int height, int depth, int colorType, int interlace, byte... tail) {
        ByteBuffer b = ByteBuffer.allocate(33 + tail.length);
        b.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        b.putInt(13).put(new byte[] {'I', 'H', 'D', 'R'}).putInt(width).putInt(height);
        b.put((byte) depth).put((byte) colorType).put((byte) 0).put((byte) 0).put((byte) interlace);
        CRC32 crc = new CRC32();
        crc.update(b.array(), 12, 17);
        b.putInt((int) crc.getValue());
        b.put(tail);
        return b.array();
    }

    /** A JPEG: SOI, the given segments (marker, payload after the length), then EOI. */
    static byte[] jpeg(Object... markersAndPayloads) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0xFF);
        out.write(0xD8);
        for (int i = 0; i < markersAndPayloads.length; i += 2) {
            int marker = (Integer) markersAndPayloads[i];
            byte[] payload = (byte[]) markersAndPayloads[i + 1];
            out.write(0xFF);
            out.write(marker);
            if (payload != null) {
                out.write((payload.length + 2) >>> 8);
                out.write((payload.length + 2) & 0xFF);
                out.write(payload, 0, payload.length);
            }
        }
        out.write(0xFF);
        out.write(0xD9);
        return out.toByteArray();
    }

    /** A frame header payload: precision, height, width, then 3 bytes per component. */
    static byte[] frame(int precision, int height, int width, int components) {
        ByteBuffer b = ByteBuffer.allocate(6 + 3 * components);
        b.put((byte) precision).putShort((short) height).putShort((short) width).put((byte) components);
        for (int c = 0; c < components; c++) {
            b.put((byte) (c + 1)).put((byte) 0x11).put((byte) 0);
        }
        return b.array();
    }

    private static void assertHeader(byte[] data, int width, int height, PixelFormat format) {
        Image image = Image.of("i", "image/png", data);
        assertThat(image.width()).as("width").isEqualTo(width);
        assertThat(image.height()).as("height").isEqualTo(height);
        assertThat(image.pixelFormat()).as("format").isEqualTo(format);
        assertThat(image.hasKnownSize()).isEqualTo(width != Image.UNKNOWN_SIZE && height != Image.UNKNOWN_SIZE);
    }

    private static void assertUnknown(byte[] data) {
        assertHeader(data, Image.UNKNOWN_SIZE, Image.UNKNOWN_SIZE, PixelFormat.UNKNOWN);
    }

    @Test
    void pngSizeAndEveryColorTypeAndDepthFromTheIhdrChunk() {
        int[][] valid = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {2, 8}, {2, 16}, {3, 1}, {3, 2}, {3, 4}, {3, 8},
            {4, 8}, {4, 16}, {6, 8}, {6, 16}};
        PixelFormat.ColorType[] types = {PixelFormat.ColorType.GRAY, null, PixelFormat.ColorType.RGB,
            PixelFormat.ColorType.INDEXED, PixelFormat.ColorType.GRAY_ALPHA, null, PixelFormat.ColorType.RGBA};
        for (int[] v : valid) {
            assertHeader(png(640, 480, v[1], v[0], 0), 640, 480, new PixelFormat(types[v[0]], v[1]));
        }
        assertHeader(png(Integer.MAX_VALUE, 1, 8, 6, 1), Integer.MAX_VALUE, 1,
                new PixelFormat(PixelFormat.ColorType.RGBA, 8));
        PixelFormat rgba = new PixelFormat(PixelFormat.ColorType.RGBA, 16);
        assertThat(rgba.channelCount()).isEqualTo(4);
        assertThat(rgba.hasAlphaChannel()).isTrue();
        assertThat(new PixelFormat(PixelFormat.ColorType.INDEXED, 4).channelCount()).isEqualTo(1);
        assertThat(new PixelFormat(PixelFormat.ColorType.INDEXED, 4).hasAlphaChannel()).isFalse();
    }

    @Test
    void malformedPngHeadersGiveUnknownSizeAndFormat() {
        assertUnknown(png(640, 480, 16, 3, 0)); // indexed has no 16-bit depth
        assertUnknown(png(640, 480, 4, 2, 0)); // RGB has no 4-bit depth
        assertUnknown(png(640, 480, 8, 5, 0)); // no color type 5
        assertUnknown(png(0, 480, 8, 2, 0));
        assertUnknown(png(640, -1, 8, 2, 0));
        assertUnknown(png(640, 480, 8, 2, 2)); // no interlace method 2
        byte[] badCrc = png(640, 480, 8, 2, 0);
        badCrc[32] ^= 1;
        assertUnknown(badCrc);
        byte[] notIhdr = png(640, 480, 8, 2, 0);
        notIhdr[12] = 'i';
        assertUnknown(notIhdr);
        assertUnknown(Arrays.copyOf(png(640, 480, 8, 2, 0), 32)); // truncated CRC
        assertUnknown(Arrays.copyOf(png(640, 480, 8, 2, 0), 8)); // signature only
    }

    @Test
    void jpegSizeAndFormatFromTheFirstFrameHeader() {
        byte[] app0 = "JFIF\0\1\2\0\0\1\0\1\0\0".getBytes(StandardCharsets.ISO_8859_1);
        byte[] table = new byte[65];
        assertHeader(jpeg(0xE0, app0, 0xDB, table, 0xC0, frame(8, 480, 640, 3), 0xDA, new byte[10]), 640, 480,
                new PixelFormat(PixelFormat.ColorType.RGB, 8));
        assertHeader(jpeg(0xC4, table, 0xC2, frame(8, 16, 32, 1)), 32, 16, new PixelFormat(PixelFormat.ColorType.GRAY,
                8));
        assertHeader(jpeg(0xC1, frame(12, 65535, 65535, 4)), 65535, 65535,
                new PixelFormat(PixelFormat.ColorType.CMYK, 12));
        assertHeader(jpeg(0xC3, frame(16, 5, 7, 3)), 7, 5, new PixelFormat(PixelFormat.ColorType.RGB, 16));
        // a frame of two components: the size is known, the color type is not
        assertHeader(jpeg(0xC0, frame(8, 5, 7, 2)), 7, 5, PixelFormat.UNKNOWN);
        // fill bytes before a marker, and markers without a length, are skipped
        byte[] filled = jpeg(0xE1, new byte[3], 0xC0, frame(8, 9, 11, 3));
        byte[] withFill = new byte[filled.length + 3];
        System.arraycopy(filled, 0, withFill, 0, 2);
        withFill[2] = (byte) 0xFF;
        withFill[3] = (byte) 0xFF;
        withFill[4] = (byte) 0xFF;
        System.arraycopy(filled, 2, withFill, 5, filled.length - 2);
        assertHeader(withFill, 11, 9, new PixelFormat(PixelFormat.ColorType.RGB, 8));
        assertHeader(jpeg(0xD3, null, 0x01, null, 0xC0, frame(8, 9, 11, 1)), 11, 9,
                new PixelFormat(PixelFormat.ColorType.GRAY, 8));
    }

    @Test
    void malformedJpegHeadersGiveUnknownSizeAndFormat() {
        assertUnknown(jpeg(0xDA, new byte[4], 0xC0, frame(8, 9, 11, 3))); // scan before any frame header
        assertUnknown(jpeg(0xE0, new byte[4])); // no frame header at all
        assertUnknown(jpeg(0xC0, frame(8, 0, 11, 3))); // height deferred to a DNL segment
        assertUnknown(jpeg(0xC0, frame(8, 9, 0, 3)));
        assertUnknown(jpeg(0xC0, frame(1, 9, 11, 3))); // precision 1
        assertUnknown(jpeg(0xC0, frame(8, 9, 11, 0)));
        byte[] shortFrame = Arrays.copyOf(frame(8, 9, 11, 3), 10); // Lf does not match Nf
        assertUnknown(jpeg(0xC0, shortFrame));
        byte[] truncated = jpeg(0xE0, new byte[40], 0xC0, frame(8, 9, 11, 3));
        assertUnknown(Arrays.copyOf(truncated, 30)); // a segment runs past the data
        byte[] garbage = jpeg(0xE0, new byte[4], 0xC0, frame(8, 9, 11, 3));
        garbage[10] = 0x12; // not a marker where one must be
        assertUnknown(garbage);
        assertUnknown(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF});
        assertUnknown(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0x00, 0x00});
        assertUnknown(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xC0, 0x00});
        byte[] tooShort = jpeg(0xC0, new byte[3]);
        assertUnknown(tooShort);
    }

    @Test
    void otherFormatsAndEmptyDataAreUnknown() {
        assertUnknown(new byte[0]);
        assertUnknown("GIF89a".getBytes(StandardCharsets.US_ASCII));
        assertUnknown(new byte[] {1, 2, 3});
        assertThat(Image.of("a", "image/webp", new byte[] {'R', 'I', 'F', 'F'}).toString()).doesNotContain("x");
    }

    @Test
    void theSignatureDecidesNotTheMimeType() {
        Image mislabelled = Image.of("a", "image/jpeg", png(3, 2, 8, 6, 0));
        assertThat(mislabelled.width()).isEqualTo(3);
        assertThat(mislabelled.height()).isEqualTo(2);
        assertThat(mislabelled.toString()).contains("3x2");
    }

    /** No prefix, corruption or truncation of a valid header makes the header reader throw. */
    @Property(tries = 500, seed = "9090")
    void corruptHeadersNeverThrow(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] base = r.nextBoolean() ? png(1 + r.nextInt(5000), 1 + r.nextInt(5000), 8, 6, 0, new byte[20])
                : jpeg(0xE0, new byte[r.nextInt(30)], 0xC4, new byte[r.nextInt(30)], 0xC0,
                        frame(8, 1 + r.nextInt(5000), 1 + r.nextInt(5000), 3), 0xDA, new byte[8]);
        byte[] data = Arrays.copyOf(base, r.nextInt(base.length + 1));
        for (int i = r.nextInt(4); i > 0 && data.length > 0; i--) {
            data[r.nextInt(data.length)] = (byte) r.nextInt(256);
        }
        Image image = Image.of("fuzz", "image/png", data);
        int width = image.width();
        int height = image.height();
        assertThat(width == Image.UNKNOWN_SIZE || width > 0).isTrue();
        assertThat(height == Image.UNKNOWN_SIZE || height > 0).isTrue();
        assertThat(image.pixelFormat()).isNotNull();
        if (data.length == base.length && Arrays.equals(data, base)) {
            assertThat(image.hasKnownSize()).isTrue();
        }
    }

    @Test
    void hashCodeIsComputedOnceAndConsistentWithEquals() {
        byte[] bytes = png(4, 4, 8, 2, 0);
        Image a = Image.of("a", "image/png", bytes);
        Image b = Image.of("b", "image/png", bytes);
        assertThat(a.hashCode()).isEqualTo(b.hashCode()).isEqualTo(a.hashCode());
        assertThat(a.hashCode()).isEqualTo(31 * "image/png".hashCode() + Arrays.hashCode(bytes));
        assertThat(a).isNotEqualTo(Image.of("a", "image/png", Arrays.copyOf(bytes, bytes.length + 1)));
    }

    @Test
    void pixelFormatRejectsADepthThatDoesNotFitItsColorType() {
        assertThatThrownBy(() -> new PixelFormat(PixelFormat.ColorType.RGB, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("pixel format RGB: bitDepth 0, expected 1..16");
        assertThatThrownBy(() -> new PixelFormat(PixelFormat.ColorType.GRAY, 17))
                .isInstanceOf(ValidationException.class).hasMessage("pixel format GRAY: bitDepth 17, expected 1..16");
        assertThatThrownBy(() -> new PixelFormat(PixelFormat.ColorType.UNKNOWN, 8))
                .isInstanceOf(ValidationException.class).hasMessage("pixel format UNKNOWN: bitDepth 8, expected 0");
        assertThat(PixelFormat.UNKNOWN.isKnown()).isFalse();
        assertThat(PixelFormat.UNKNOWN.channelCount()).isZero();
    }
}
