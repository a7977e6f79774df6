package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ExrTest {
    @TempDir
    Path dir;

    private static VatResult humanoid(VatEncoding e) {
        Humanoid h = VatModels.humanoid();
        return Vat.bakeVertexTextures(h.character(), List.of(h.walk()),
                VatOptions.DEFAULTS.withEncoding(e).withMaxWidth(1000), Progress.NONE);
    }

    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"FLOAT", "HALF"})
    void exrFilesReadBackToTheSameTexelsAndWriteIdenticalBytesTwice(VatEncoding e) throws IOException {
        VatResult r = humanoid(e);
        VatFiles.write(dir.resolve("a"), r, VatFormat.EXR);
        VatFiles.write(dir.resolve("b"), r, VatFormat.EXR);
        byte[] a = Files.readAllBytes(dir.resolve("a/positions.exr"));
        assertThat(a).isEqualTo(Files.readAllBytes(dir.resolve("b/positions.exr")));
        int bpc = e.bytesPerChannel();
        // header, one 64-bit offset per scanline, then per scanline y, size and 4 channels of width values
        assertThat(a.length).isGreaterThan(r.height() * (8 + 8 + r.width() * 4 * bpc));
        VatDecoder d = VatFiles.read(dir.resolve("a"));
        assertThat(d.texture("positions")).isEqualTo(r.texture("positions"));
    }

    @Test
    void theSmallestFileIsLaidOutAsOpenExrSpecifies() throws IOException {
        Character s = VatModels.slider();
        VatResult r = Vat.bakeVertexTextures(s, s.clips(), VatOptions.DEFAULTS.withFps(1), Progress.NONE);
        byte[] b = VatFiles.encode(r.texture("positions"), VatFormat.EXR);
        assertThat(TexelCodec.getInt(b, 0)).isEqualTo(20000630);
        assertThat(TexelCodec.getInt(b, 4)).isEqualTo(2);
        String header = new String(b, 8, 40, StandardCharsets.US_ASCII);
        assertThat(header).startsWith("channels\0chlist\0").contains("A\0");
        // 2x2 half texels: header, 2 offsets, 2 scanlines of 8 + 2*4*2 bytes; the first scanline holds
        // channel A of both texels (1.0 = 0x3c00), then B (0), G (0, 2.0 = 0x4000), R (1.0, 0)
        int lineBytes = 2 * 4 * 2;
        int firstLine = b.length - 2 * (8 + lineBytes);
        assertThat(TexelCodec.getInt(b, firstLine - 16)).isEqualTo(firstLine);
        assertThat(TexelCodec.getInt(b, firstLine)).isZero();
        assertThat(TexelCodec.getInt(b, firstLine + 4)).isEqualTo(lineBytes);
        int[] expected = {0x3c00, 0x3c00, 0, 0, 0, 0x4000, 0x3c00, 0};
        for (int i = 0; i < expected.length; i++) {
            assertThat(TexelCodec.getShort(b, firstLine + 8 + 2 * i)).as("sample %d", i).isEqualTo(expected[i]);
        }
    }

    @Test
    void exrHoldsOnlyFloatEncodingsAndTheReaderChecksTheLayout() throws IOException {
        assertThatThrownBy(() -> VatFiles.encode(humanoid(VatEncoding.UNORM8).texture("positions"), VatFormat.EXR))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatFiles: texture \"positions\" is unorm8, EXR holds only float or half textures; write"
                        + " PNG or raw instead");
        Character s = VatModels.slider();
        VatResult r = Vat.bakeVertexTextures(s, s.clips(), VatOptions.DEFAULTS.withFps(1), Progress.NONE);
        VatFiles.write(dir, r, VatFormat.EXR);
        Path file = dir.resolve("positions.exr");
        byte[] b = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(b, b.length - 5));
        assertThatThrownBy(() -> VatFiles.read(dir)).isInstanceOf(FormatException.class)
                .hasMessageContaining("the manifest's 2x2 half texture needs " + b.length
                        + " bytes of header, offsets and scanlines, the file has " + (b.length - 5));
        String manifest = Files.readString(dir.resolve("manifest.json"));
        // a manifest that declares a huge texture fails on the file's size, before allocating it
        Files.write(file, b);
        Files.writeString(dir.resolve("manifest.json"), manifest.replace("\"width\": 2", "\"width\": 16384")
                .replace("\"height\": 2", "\"height\": 16384"));
        assertThatThrownBy(() -> VatFiles.read(dir)).isInstanceOf(FormatException.class)
                .hasMessageEndingWith("positions.exr: the manifest's 16384x16384 half texture needs 2147483648 bytes,"
                        + " more than an array holds");
        Files.writeString(dir.resolve("manifest.json"), manifest.replace("\"width\": 2", "\"width\": 8000")
                .replace("\"height\": 2", "\"height\": 8000"));
        assertThatThrownBy(() -> VatFiles.read(dir)).isInstanceOf(FormatException.class)
                .hasMessageContaining("data window (0, 0) .. (1, 1), the manifest says 8000x8000");
        Files.writeString(dir.resolve("manifest.json"), manifest.replace("\"half\"", "\"float\""));
        assertThatThrownBy(() -> VatFiles.read(dir)).isInstanceOf(FormatException.class)
                .hasMessageContaining("channel \"A\" of pixel type 1, expected channels A, B, G, R of pixel type 2"
                        + " (float) without subsampling");
    }

    /**
     * A reader written from the OpenEXR layout document, not the project's, reads every file the
     * project writes back to the texture's texels, bit for bit, with the attributes the format
     * requires: CI checks the files with it always, with {@code exrheader} where installed.
     */
    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"FLOAT", "HALF"})
    void anIndependentReaderReadsEveryTexelBack(VatEncoding e) throws IOException {
        Humanoid h = VatModels.humanoid();
        VatResult r = Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()), VatOptions.DEFAULTS
                .withEncoding(e).withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS).withMaxWidth(1000)
                .withMaxHeight(800).withPageMode(PageMode.SPLIT), Progress.NONE);
        assertThat(r.pageCount()).isEqualTo(2);
        VatFiles.write(dir, r, VatFormat.EXR);
        VatManifest m = r.manifest(VatFormat.EXR);
        int pixelType = e == VatEncoding.HALF ? 1 : 2;
        float[] texel = new float[4];
        for (VatTexture t : r.textures()) {
            String file = m.pageTextures(t.page()).get(t.name());
            OpenExrScanlineReader.Image image = OpenExrScanlineReader.read(Files.readAllBytes(dir.resolve(file)));
            assertThat(image.attributes()).as(file).containsEntry("channels", "chlist")
                    .containsEntry("compression", "compression").containsEntry("dataWindow", "box2i")
                    .containsEntry("displayWindow", "box2i").containsEntry("lineOrder", "lineOrder")
                    .containsEntry("pixelAspectRatio", "float").containsEntry("screenWindowCenter", "v2f")
                    .containsEntry("screenWindowWidth", "float");
            assertThat(image.channels()).extracting(OpenExrScanlineReader.Channel::name)
                    .containsExactly("A", "B", "G", "R");
            assertThat(image.channels()).allMatch(c -> c.pixelType() == pixelType);
            assertThat(image.xMin()).isZero();
            assertThat(image.yMin()).isZero();
            assertThat(image.width()).isEqualTo(t.width());
            assertThat(image.height()).isEqualTo(t.height());
            assertThat(image.lineOrder()).isZero();
            float[][] rgba = {image.channel("R").values(), image.channel("G").values(), image.channel("B").values(),
                image.channel("A").values()};
            for (int row = 0; row < t.height(); row++) {
                for (int column = 0; column < t.width(); column++) {
                    t.fetch(column, row, texel, 0);
                    for (int c = 0; c < 4; c++) {
                        float read = rgba[c][row * t.width() + column];
                        if (Float.floatToRawIntBits(read) != Float.floatToRawIntBits(texel[c])) {
                            assertThat(read).as("%s texel (%d, %d) channel %d", file, column, row, c)
                                    .isEqualTo(texel[c]);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theIndependentReaderRejectsWhatItDoesNotRead() throws IOException {
        Character s = VatModels.slider();
        VatResult r = Vat.bakeVertexTextures(s, s.clips(), VatOptions.DEFAULTS.withFps(1), Progress.NONE);
        byte[] b = VatFiles.encode(r.texture("positions"), VatFormat.EXR);
        OpenExrScanlineReader.Image image = OpenExrScanlineReader.read(b);
        // the slider's first texel: (1, 0, 0, 1) in half
        assertThat(image.channel("R").values()[0]).isEqualTo(1f);
        assertThat(image.channel("A").values()[0]).isEqualTo(1f);
        byte[] zip = b.clone();
        int at = indexOf(zip, "compression\0compression\0".getBytes(StandardCharsets.US_ASCII)) + 28;
        zip[at] = 3; // ZIP_COMPRESSION
        assertThatThrownBy(() -> OpenExrScanlineReader.read(zip)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("compression 3: only uncompressed files are read here");
        byte[] tiled = b.clone();
        tiled[5] |= 0x02; // the tiled flag, bit 9 of the version field
        assertThatThrownBy(() -> OpenExrScanlineReader.read(tiled)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tiled, deep or multi-part files are not read here");
        assertThat(OpenExrScanlineReader.halfToFloat((short) 0x3c00)).isEqualTo(1f);
        assertThat(OpenExrScanlineReader.halfToFloat((short) 0xc000)).isEqualTo(-2f);
        assertThat(OpenExrScanlineReader.halfToFloat((short) 0x0001)).isEqualTo(0x1p-24f);
        assertThat(OpenExrScanlineReader.halfToFloat((short) 0x7bff)).isEqualTo(65504f);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    /** OpenEXR's own exrheader reads the files (skipped with the reason when it is not installed). */
    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"FLOAT", "HALF"})
    void openExrsOwnToolReadsTheFiles(VatEncoding e) throws Exception {
        VatResult r = humanoid(e);
        VatFiles.write(dir, r, VatFormat.EXR);
        Process p;
        try {
            p = new ProcessBuilder("exrheader", dir.resolve("positions.exr").toString()).redirectErrorStream(true)
                    .start();
        } catch (IOException notInstalled) {
            assumeTrue(false, "OpenEXR's exrheader is not installed (Debian package openexr): " + notInstalled);
            return;
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        String type = e == VatEncoding.HALF ? "16-bit floating-point" : "32-bit floating-point";
        assertThat(out).contains("compression (type compression): none")
                .contains("A, " + type).contains("B, " + type).contains("G, " + type).contains("R, " + type)
                .contains("dataWindow (type box2i): (0 0) - (" + (r.width() - 1) + " " + (r.height() - 1) + ")")
                .contains("lineOrder (type lineOrder): increasing y");
    }
}
