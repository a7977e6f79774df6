package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.TestRandom;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Image;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PngDecodeTest {
    private static Rgba8Image random8(TestRandom rng, int w, int h) {
        byte[] rgba = new byte[4 * w * h];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = rng.nf() < 0.4f && i >= 4 ? rgba[i - 4] : (byte) rng.nextInt(0, 255);
        }
        return Rgba8Image.of("r8", w, h, rgba);
    }

    private static Rgba16Image random16(TestRandom rng, int w, int h) {
        short[] rgba = new short[4 * w * h];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = (short) rng.nextInt(0, 65535);
        }
        return Rgba16Image.of("r16", w, h, rgba);
    }

    @Property(tries = 40, seed = "11")
    void rgba8RoundTripsForEveryOption(@ForAll @IntRange(min = 1, max = 40) int w,
            @ForAll @IntRange(min = 1, max = 30) int h, @ForAll long seed, @ForAll PngCompression compression,
            @ForAll PngFilter filter) {
        Rgba8Image image = random8(new TestRandom(seed), w, h);
        byte[] png = Png.encode(image, PngOptions.DEFAULTS.withCompression(compression).withFilter(filter));
        PixelImage back = Png.decode("back", png);
        assertThat(back).isInstanceOf(Rgba8Image.class).isEqualTo(image);
        assertThat(back.name()).isEqualTo("back");
    }

    @Property(tries = 40, seed = "12")
    void rgba16RoundTripsForEveryOption(@ForAll @IntRange(min = 1, max = 40) int w,
            @ForAll @IntRange(min = 1, max = 30) int h, @ForAll long seed, @ForAll PngCompression compression,
            @ForAll PngFilter filter) {
        Rgba16Image image = random16(new TestRandom(seed), w, h);
        byte[] png = Png.encode(image, PngOptions.DEFAULTS.withCompression(compression).withFilter(filter));
        assertThat(Png.decode("back", png)).isInstanceOf(Rgba16Image.class).isEqualTo(image);
    }

    @Test
    void sixteenBitFilesDeclareDepthSixteenAndStoreSamplesBigEndian() {
        Rgba16Image image = Rgba16Image.of("px", 1, 1, new short[] {0x0102, 0x0304, (short) 0xA0B0, (short) 0xFFFF});
        byte[] png = Png.encode(image, PngOptions.DEFAULTS.withCompression(PngCompression.STORED)
                .withFilter(PngFilter.NONE));
        assertThat(png[8 + 8 + 8]).as("bit depth").isEqualTo((byte) 16);
        assertThat(png[8 + 8 + 9]).as("color type").isEqualTo((byte) 6);
        // IDAT data: zlib header (2), stored block header (5), filter byte, then the samples
        int samples = 8 + 25 + 8 + 2 + 5 + 1;
        assertThat(Arrays.copyOfRange(png, samples, samples + 8))
                .containsExactly(1, 2, 3, 4, 0xA0 - 256, 0xB0 - 256, -1, -1);
    }

    @Test
    void encodingTwiceGivesTheSameBytes() {
        Rgba16Image image = random16(new TestRandom(3), 33, 17);
        assertThat(Png.encode(image)).isEqualTo(Png.encode(Rgba16Image.of("other name", 33, 17, image.rgba())));
    }

    @Test
    void encodeImageWrapsTheFileInACoreImage() {
        Rgba8Image image = random8(new TestRandom(4), 5, 6);
        Image encoded = Png.encodeImage("atlas0.png", image, PngOptions.DEFAULTS);
        assertThat(encoded.mimeType()).isEqualTo("image/png");
        assertThat(encoded.name()).isEqualTo("atlas0.png");
        assertThat(encoded.width()).isEqualTo(5);
        assertThat(encoded.height()).isEqualTo(6);
        PixelImage decoded = Png.decode(encoded);
        assertThat(decoded).isEqualTo(image);
        assertThat(decoded.name()).isEqualTo("atlas0.png");
    }

    @Test
    void grayOfEveryDepthIsScaledAndCopiedIntoRgb() {
        // gray of 1, 2, 4 bits: v * 255 / (2^depth - 1)
        Rgba8Image one = (Rgba8Image) Png.decode("g1", RawPng.simple(4, 1, 1, 0, new byte[][] {{(byte) 0b10110000}},
                null, null));
        assertThat(one.rgba()).containsExactly(opaqueGrays(255, 0, 255, 255));
        Rgba8Image two = (Rgba8Image) Png.decode("g2", RawPng.simple(4, 1, 2, 0,
                new byte[][] {{(byte) 0b00011011}}, null, null));
        assertThat(two.rgba()).containsExactly(opaqueGrays(0, 85, 170, 255));
        Rgba8Image four = (Rgba8Image) Png.decode("g4", RawPng.simple(2, 1, 4, 0, new byte[][] {{(byte) 0x3C}},
                null, null));
        assertThat(four.rgba()).containsExactly(opaqueGrays(51, 204));
        Rgba8Image eight = (Rgba8Image) Png.decode("g8", RawPng.simple(2, 1, 8, 0, new byte[][] {{7, (byte) 200}},
                null, null));
        assertThat(eight.rgba()).containsExactly(opaqueGrays(7, 200));
        Rgba16Image sixteen = (Rgba16Image) Png.decode("g16", RawPng.simple(1, 1, 16, 0,
                new byte[][] {{(byte) 0xAB, (byte) 0xCD}}, null, null));
        assertThat(sixteen.rgba()).containsExactly((short) 0xABCD, (short) 0xABCD, (short) 0xABCD, (short) 0xFFFF);
    }

    private static byte[] opaqueGrays(int... grays) {
        byte[] out = new byte[4 * grays.length];
        for (int i = 0; i < grays.length; i++) {
            out[4 * i] = (byte) grays[i];
            out[4 * i + 1] = (byte) grays[i];
            out[4 * i + 2] = (byte) grays[i];
            out[4 * i + 3] = (byte) 255;
        }
        return out;
    }

    @Test
    void grayAlphaRgbAndTheirSixteenBitFormsDecode() {
        Rgba8Image ga = (Rgba8Image) Png.decode("ga", RawPng.simple(2, 1, 8, 4, new byte[][] {{10, 20, 30, 40}},
                null, null));
        assertThat(ga.rgba()).containsExactly(10, 10, 10, 20, 30, 30, 30, 40);
        Rgba8Image rgb = (Rgba8Image) Png.decode("rgb", RawPng.simple(2, 1, 8, 2, new byte[][] {{1, 2, 3, 4, 5, 6}},
                null, null));
        assertThat(rgb.rgba()).containsExactly(1, 2, 3, -1, 4, 5, 6, -1);
        Rgba16Image ga16 = (Rgba16Image) Png.decode("ga16", RawPng.simple(1, 1, 16, 4,
                new byte[][] {{1, 2, 3, 4}}, null, null));
        assertThat(ga16.rgba()).containsExactly((short) 0x0102, (short) 0x0102, (short) 0x0102, (short) 0x0304);
        Rgba16Image rgb16 = (Rgba16Image) Png.decode("rgb16", RawPng.simple(1, 1, 16, 2,
                new byte[][] {{1, 2, 3, 4, 5, 6}}, null, null));
        assertThat(rgb16.rgba()).containsExactly((short) 0x0102, (short) 0x0304, (short) 0x0506, (short) 0xFFFF);
    }

    @Test
    void transparencyChunksMakeKeyColorsAndPaletteEntriesTransparent() {
        Rgba8Image gray = (Rgba8Image) Png.decode("gk", RawPng.simple(2, 1, 8, 0, new byte[][] {{5, 9}}, null,
                new byte[] {0, 5}));
        assertThat(gray.rgba()).containsExactly(5, 5, 5, 0, 9, 9, 9, -1);
        Rgba8Image rgb = (Rgba8Image) Png.decode("rk", RawPng.simple(2, 1, 8, 2,
                new byte[][] {{1, 2, 3, 1, 2, 4}}, null, new byte[] {0, 1, 0, 2, 0, 3}));
        assertThat(rgb.rgba()).containsExactly(1, 2, 3, 0, 1, 2, 4, -1);
        Rgba16Image rgb16 = (Rgba16Image) Png.decode("rk16", RawPng.simple(2, 1, 16, 2,
                new byte[][] {{0, 1, 0, 2, 0, 3, 0, 1, 0, 2, 0, 4}}, null, new byte[] {0, 1, 0, 2, 0, 3}));
        assertThat(rgb16.rgba()).containsExactly((short) 1, (short) 2, (short) 3, (short) 0, (short) 1, (short) 2,
                (short) 4, (short) 0xFFFF);
        // palette of 4 entries at 2 bits, alpha given for the first two only
        byte[] plte = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120};
        Rgba8Image pal = (Rgba8Image) Png.decode("p2", RawPng.simple(4, 1, 2, 3, new byte[][] {{(byte) 0b00011011}},
                plte, new byte[] {7, (byte) 200}));
        assertThat(pal.rgba()).containsExactly(10, 20, 30, 7, 40, 50, 60, (byte) 200, 70, 80, 90, -1, 100, 110, 120,
                -1);
    }

    @Test
    void paletteOfEightBitsAndInterlacedFilesDecode() throws IOException {
        Rgba8Image image = random8(new TestRandom(8), 13, 11);
        BufferedImage awt = new BufferedImage(13, 11, BufferedImage.TYPE_4BYTE_ABGR);
        byte[] rgba = image.rgba();
        for (int y = 0; y < 11; y++) {
            for (int x = 0; x < 13; x++) {
                int o = 4 * (y * 13 + x);
                awt.getRaster().setPixel(x, y, new int[] {rgba[o] & 0xFF, rgba[o + 1] & 0xFF, rgba[o + 2] & 0xFF,
                        rgba[o + 3] & 0xFF});
            }
        }
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT); // Adam7
            writer.write(null, new IIOImage(awt, null, null), param);
        }
        writer.dispose();
        byte[] png = bytes.toByteArray();
        assertThat(png[8 + 8 + 12]).as("interlace method").isEqualTo((byte) 1);
        assertThat(Png.decode("adam7", png)).isEqualTo(image);

        byte[] plte = new byte[3 * 256];
        for (int i = 0; i < plte.length; i++) {
            plte[i] = (byte) (i * 7);
        }
        Rgba8Image p8 = (Rgba8Image) Png.decode("p8", RawPng.simple(3, 1, 8, 3, new byte[][] {{0, (byte) 255, 9}},
                plte, null));
        assertThat(p8.sample(1, 0, 0)).isEqualTo((3 * 255 * 7) & 0xFF);
        assertThat(p8.sample(2, 0, 2)).isEqualTo((29 * 7) & 0xFF);
        assertThat(p8.sample(2, 0, 3)).isEqualTo(255);
    }

    // ---- malformed files ----

    private static byte[] valid() {
        return Png.encode(random8(new TestRandom(1), 8, 8), PngOptions.DEFAULTS.withCompression(PngCompression.STORED));
    }

    private static void assertFormatError(byte[] png, String message) {
        assertThatThrownBy(() -> Png.decode("skin.png", png)).isInstanceOf(FormatException.class)
                .hasMessage(message);
    }

    @Test
    void rejectsBytesWithoutTheSignature() {
        assertFormatError("GIF89a....".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                "image 'skin.png': not a PNG file (10 bytes without the 8-byte PNG signature)");
    }

    @Test
    void rejectsAFileCutShort() {
        byte[] png = valid();
        assertFormatError(Arrays.copyOf(png, png.length - 20),
                "image 'skin.png': PNG chunk 1 'IDAT' at byte 33: length " + (png.length - 33 - 12 - 12)
                        + " runs past the end of the " + (png.length - 20) + "-byte file");
        assertFormatError(Arrays.copyOf(png, png.length - 12),
                "image 'skin.png': PNG truncated at byte " + (png.length - 12)
                        + " (0 bytes left, a chunk needs at least 12), no IEND chunk");
    }

    @Test
    void rejectsABadCrc() {
        byte[] png = valid();
        png[60] ^= 1; // inside the IDAT data
        assertThatThrownBy(() -> Png.decode("skin.png", png)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("image 'skin.png': PNG chunk 1 'IDAT' at byte 33: CRC 0x")
                .hasMessageEndingWith(" (the chunk is corrupt)");
    }

    @Test
    void rejectsAFirstChunkOtherThanIhdr() {
        assertFormatError(new RawPng().chunk("tEXt", new byte[] {'a'}).iend().bytes(),
                "image 'skin.png': PNG chunk 0 'tEXt' at byte 8: the first chunk must be IHDR");
    }

    @Test
    void rejectsAZeroSize() {
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(0, 4, 8, 6, 0)).iend().bytes(),
                "image 'skin.png': PNG chunk 0 'IHDR' at byte 8: size 0x4, expected 1..2147483647 on each side");
    }

    @Test
    void rejectsAnInvalidColorTypeAndDepth() {
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(4, 4, 8, 5, 0)).iend().bytes(),
                "image 'skin.png': PNG chunk 0 'IHDR' at byte 8: color type 5, expected 0, 2, 3, 4 or 6");
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(4, 4, 4, 6, 0)).iend().bytes(),
                "image 'skin.png': PNG chunk 0 'IHDR' at byte 8: bit depth 4 is not allowed with color type 6");
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(4, 4, 8, 6, 2)).iend().bytes(),
                "image 'skin.png': PNG chunk 0 'IHDR' at byte 8: compression 0, filter 0, interlace 2, "
                        + "expected 0, 0 and 0 or 1");
    }

    @Test
    void rejectsMorePixelsThanTheLimitBeforeAllocating() {
        byte[] png = new RawPng().chunk("IHDR", RawPng.ihdr(100000, 100000, 8, 6, 0)).idat(new byte[10]).iend()
                .bytes();
        assertFormatError(png, "image 'skin.png': PNG declares 100000x100000 = 10000000000 pixels, more than the "
                + "limit of 67108864");
        byte[] small = valid();
        assertThatThrownBy(() -> Png.decode("skin.png", small, PngReadOptions.DEFAULTS.withMaxPixels(63)))
                .isInstanceOf(FormatException.class)
                .hasMessage("image 'skin.png': PNG declares 8x8 = 64 pixels, more than the limit of 63");
    }

    @Test
    void rejectsADeclaredSizeTheCompressedBytesCannotHold() {
        byte[] rows = new byte[4];
        byte[] z = RawPng.zlib(rows);
        byte[] png = new RawPng().chunk("IHDR", RawPng.ihdr(4000, 4000, 8, 6, 0)).chunk("IDAT", z).iend().bytes();
        assertFormatError(png, "image 'skin.png': PNG declares 4000x4000 pixels (64000000 bytes of samples) but its "
                + z.length + " bytes of compressed data can hold at most " + z.length * 1032L
                + " (the data is truncated)");
    }

    @Test
    void rejectsMissingDataAndPalette() {
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(2, 2, 8, 6, 0)).iend().bytes(),
                "image 'skin.png': PNG has no IDAT chunk (no pixel data)");
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(2, 1, 8, 3, 0)).idat(new byte[] {0, 0, 0}).iend()
                .bytes(), "image 'skin.png': PNG chunk 1 'IDAT' at byte 33: palette image without a PLTE chunk before "
                + "its data");
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(2, 1, 1, 3, 0)).chunk("PLTE", new byte[9])
                .iend().bytes(), "image 'skin.png': PNG chunk 1 'PLTE' at byte 33: length 9, expected a multiple of 3 "
                + "for 1..2 entries");
    }

    @Test
    void rejectsAnUnknownCriticalChunkAndSkipsAncillaryOnes() {
        byte[] rows = RawPng.unfiltered(new byte[][] {{1, 2, 3, 4}});
        assertFormatError(new RawPng().chunk("IHDR", RawPng.ihdr(1, 1, 8, 6, 0)).chunk("ZZZZ", new byte[1])
                .idat(rows).iend().bytes(), "image 'skin.png': PNG chunk 1 'ZZZZ' at byte 33: unknown critical chunk");
        PixelImage ok = Png.decode("skin.png", new RawPng().chunk("IHDR", RawPng.ihdr(1, 1, 8, 6, 0))
                .chunk("tEXt", "Comment\0hi".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)).idat(rows)
                .iend().bytes());
        assertThat(((Rgba8Image) ok).rgba()).containsExactly(1, 2, 3, 4);
    }

    @Test
    void rejectsPixelDataThatDoesNotInflate() {
        byte[] png = new RawPng().chunk("IHDR", RawPng.ihdr(8, 8, 8, 6, 0))
                .chunk("IDAT", new byte[] {0x78, 0x01, (byte) 0xFF, (byte) 0xFF, 1, 2, 3}).iend().bytes();
        assertThatThrownBy(() -> Png.decode("skin.png", png)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("image 'skin.png': PNG pixel data cannot be decoded: ");
        byte[] shortRows = new RawPng().chunk("IHDR", RawPng.ihdr(8, 8, 8, 6, 0)).idat(new byte[3 * 33]).iend()
                .bytes();
        assertThatThrownBy(() -> Png.decode("skin.png", shortRows)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("image 'skin.png': PNG pixel data cannot be decoded: ");
    }

    @Property(tries = 300, seed = "5")
    void corruptedFilesFailWithAFormatExceptionNamingTheImageOrDecode(@ForAll long seed) {
        // flip, truncate or overwrite bytes of a valid file: the result decodes or fails cleanly
        TestRandom rng = new TestRandom(seed);
        byte[] png = Png.encode(random8(rng, 9, 7));
        int mode = rng.nextInt(0, 2);
        byte[] bad;
        if (mode == 0) {
            bad = Arrays.copyOf(png, rng.nextInt(0, png.length - 1));
        } else {
            bad = png.clone();
            int flips = rng.nextInt(1, 4);
            for (int i = 0; i < flips; i++) {
                bad[rng.nextInt(0, bad.length - 1)] ^= (byte) rng.nextInt(1, 255);
            }
        }
        try {
            PixelImage image = Png.decode("fuzz", bad);
            assertThat(image.width()).isEqualTo(9);
        } catch (FormatException e) {
            assertThat(e.getMessage()).startsWith("image 'fuzz': ");
        }
    }

    @Test
    void encodeRejectsFloatImagesAndBadOptions() {
        RgbaFloatImage f = RgbaFloatImage.filled("hdr", 2, 2, 1, 2, 3, 1);
        assertThatThrownBy(() -> Png.encode(f)).isInstanceOf(ValidationException.class)
                .hasMessage("encode image 'hdr': format RGBA_FLOAT, expected RGBA8 or RGBA16 (convert float images "
                        + "with convert(TexelFormat.RGBA16) first)");
        assertThatThrownBy(() -> Png.encodeRgba16(2, 2, new short[15], PngOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("encodeRgba16: rgba length 15, expected 4*width*height = 16");
        assertThatThrownBy(() -> PngReadOptions.DEFAULTS.withMaxPixels(0)).isInstanceOf(ValidationException.class)
                .hasMessage("PngReadOptions: maxPixels=0, expected 1..536870909");
    }
}
