package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VatFilesTest {
    @TempDir
    Path dir;

    private static VatResult slider(VatEncoding e) {
        Character s = VatModels.slider();
        return Vat.bakeVertexTextures(s, s.clips(), VatOptions.DEFAULTS.withEncoding(e).withFps(1), Progress.NONE);
    }

    @Test
    void rawFloatFileAndManifestAreExactlyAsSpecified() throws IOException {
        VatFiles.write(dir, slider(VatEncoding.FLOAT), VatFormat.RAW);
        byte[] one = {0, 0, (byte) 0x80, 0x3f};
        byte[] two = {0, 0, 0, 0x40};
        byte[] zero = {0, 0, 0, 0};
        byte[] expected = concat(
                one, zero, zero, one, /* frame 0, vertex 0: (1, 0, 0, 1) */
                zero, two, zero, one, /* frame 0, vertex 1: (0, 2, 0, 1) */
                two, zero, zero, one, /* frame 1, vertex 0: (2, 0, 0, 1) */
                one, two, zero, one); /* frame 1, vertex 1: (1, 2, 0, 1) */
        assertThat(Files.readAllBytes(dir.resolve("positions.raw"))).isEqualTo(expected);
        assertThat(Files.readString(dir.resolve("manifest.json"))).isEqualTo("""
                {
                  "format": "skinmesh-vat",
                  "version": 1,
                  "kind": "vertex",
                  "encoding": "float",
                  "width": 2,
                  "height": 2,
                  "rowsPerFrame": 1,
                  "vertexCount": 2,
                  "textures": {"positions": "positions.raw"},
                  "offsets": false,
                  "bounds": {"min": [0.0, 0.0, 0.0], "max": [2.0, 2.0, 0.0]},
                  "clips": [
                    {"name": "slide", "firstRow": 0, "frames": 2, "fps": 1.0, "duration": 1.0, "loop": false, \
                "bounds": {"min": [0.0, 0.0, 0.0], "max": [2.0, 2.0, 0.0]}, "maxError": 0.0, "rmsError": 0.0}
                  ],
                  "maxError": 0.0,
                  "rmsError": 0.0
                }
                """);
        assertThat(dir.toFile().list()).containsExactlyInAnyOrder("positions.raw", "manifest.json");
    }

    @Test
    void rawUnorm8QuantizesToTheBounds() throws IOException {
        VatResult r = slider(VatEncoding.UNORM8);
        VatFiles.write(dir, r, VatFormat.RAW);
        // x in [0, 2] -> round(x / 2 * 255); z has a range of 0 and stores 0; alpha is 255
        assertThat(Files.readAllBytes(dir.resolve("positions.raw"))).isEqualTo(new byte[] {
            (byte) 128, 0, 0, (byte) 255, 0, (byte) 255, 0, (byte) 255,
            (byte) 255, 0, 0, (byte) 255, (byte) 128, (byte) 255, 0, (byte) 255});
        // 128 / 255 * 2 = 1.0039216: the error of x = 1
        assertThat(r.maxError()).isEqualTo((double) (128 / 255f * 2f) - 1);
    }

    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"UNORM16", "UNORM8"})
    void pngFilesHoldTheSameTexelsAsRawAndWritingTwiceGivesTheSameBytes(VatEncoding e) throws IOException {
        Humanoid h = VatModels.humanoid();
        VatResult r = Vat.bakeVertexTextures(h.character(), List.of(h.walk()),
                VatOptions.DEFAULTS.withEncoding(e).withStreams(VatStreams.POSITIONS_NORMALS), Progress.NONE);
        List<Path> files = VatFiles.write(dir.resolve("a"), r, VatFormat.PNG);
        VatFiles.write(dir.resolve("b"), r, VatFormat.PNG);
        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("positions.png", "normals.png", "manifest.json");
        for (Path f : files) {
            assertThat(Files.readAllBytes(f)).isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(f.getFileName())));
        }
        VatDecoder d = VatFiles.read(dir.resolve("a"));
        assertThat(d.manifest().toJson()).isEqualTo(r.manifest(VatFormat.PNG).toJson());
        float[] a = new float[4];
        float[] b = new float[4];
        for (int row = 0; row < r.height(); row += 5) {
            for (int column = 0; column < r.width(); column += 3) {
                r.texture("normals").fetch(column, row, a, 0);
                d.texture("normals").fetch(column, row, b, 0);
                assertThat(b).containsExactly(a);
            }
        }
    }

    @Test
    void pngCannotHoldFloatTextures() {
        assertThatThrownBy(() -> VatFiles.write(dir, slider(VatEncoding.HALF), VatFormat.PNG))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatFiles: texture \"positions\" is half, PNG holds only unorm16 or unorm8 textures; write"
                        + " EXR or raw instead");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void readingChecksTheFilesAgainstTheManifest() throws IOException {
        VatFiles.write(dir, slider(VatEncoding.HALF), VatFormat.RAW);
        Files.write(dir.resolve("positions.raw"), new byte[7]);
        assertThatThrownBy(() -> VatFiles.read(dir)).isInstanceOf(FormatException.class)
                .hasMessageEndingWith("positions.raw: 7 bytes, the manifest's 2x2 half texture needs 32");
        VatFiles.write(dir, slider(VatEncoding.UNORM8), VatFormat.PNG);
        String manifest = Files.readString(dir.resolve("manifest.json"));
        Files.writeString(dir.resolve("manifest.json"), manifest.replace("\"unorm8\"", "\"unorm16\""));
        assertThatThrownBy(() -> VatFiles.read(dir)).isInstanceOf(FormatException.class)
                .hasMessageEndingWith("positions.png: a 8-bit PNG cannot hold the manifest's unorm16 texture");
        Files.writeString(dir.resolve("manifest.json"), manifest.replace("positions.png", "../positions.png"));
        assertThatThrownBy(() -> VatFiles.read(dir)).isInstanceOf(FormatException.class)
                .hasMessageEndingWith("texture file \"../positions.png\" is not a plain file name in the manifest's"
                        + " folder");
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
