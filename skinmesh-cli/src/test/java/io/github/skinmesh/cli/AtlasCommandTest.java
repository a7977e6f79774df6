package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.testkit.SplitMix64;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skinmesh atlas}: the atlas holds every input's texels at the rectangle its layout gives, with
 * edge-extruded padding; identical files share a rectangle; bad images fail naming the file, and
 * leave no output.
 */
class AtlasCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    /** A PNG of seeded noise. */
    Path png(String name, int w, int h, long seed) throws IOException {
        SplitMix64 rng = new SplitMix64(seed);
        byte[] rgba = new byte[4 * w * h];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = (byte) rng.nextInt(0, 255);
        }
        Path file = tmp.resolve(name);
        Files.write(file, Png.encodeRgba8(w, h, rgba));
        return file;
    }

    @Test
    void packsTheImagesAndDescribesWhereEachWent() throws IOException {
        Path a = png("a.png", 37, 20, 1);
        Path b = png("b.png", 64, 64, 2);
        Path c = png("c.png", 5, 70, 3);
        Path again = tmp.resolve("a-copy.png");
        Files.copy(a, again);
        Path out = tmp.resolve("out").resolve("atlas.png");
        Cli.Run run = Cli.run("atlas", a, b, c, again, "--out", out, "--padding", "4", "--block", "4", "--pot").assertOk();
        assertThat(run.out()).startsWith("packed 4 images (3 distinct) into " + out);
        JsonNode layout = MAPPER.readTree(tmp.resolve("out").resolve("atlas.json").toFile());
        assertThat(layout.get("format").asText()).isEqualTo("skinmesh-atlas-layout");
        assertThat(layout.get("image").asText()).isEqualTo("atlas.png");
        PixelImage atlas = Png.decode("atlas.png", Files.readAllBytes(out));
        assertThat(atlas.width()).isEqualTo(layout.get("width").asInt());
        assertThat(Integer.bitCount(atlas.width())).isOne();
        assertThat(Integer.bitCount(atlas.height())).isOne();
        Path[] inputs = {a, b, c, again};
        for (int i = 0; i < inputs.length; i++) {
            JsonNode r = layout.get("rects").get(i);
            assertThat(r.get("input").asText()).isEqualTo(inputs[i].toString());
            PixelImage src = Png.decode("src", Files.readAllBytes(inputs[i]));
            int x = r.get("x").asInt();
            int y = r.get("y").asInt();
            assertThat(x % 4).isZero();
            assertThat(y % 4).isZero();
            assertThat(r.get("width").asInt()).isEqualTo(src.width());
            for (int ty = -2; ty < src.height() + 2; ty++) {
                for (int tx = -2; tx < src.width() + 2; tx++) {
                    int ax = x + tx;
                    int ay = y + ty;
                    if (ax < 0 || ay < 0 || ax >= atlas.width() || ay >= atlas.height()) {
                        continue;
                    }
                    // inside: the texel; in the 2-texel gutter: the nearest edge texel
                    int sx = Math.max(0, Math.min(src.width() - 1, tx));
                    int sy = Math.max(0, Math.min(src.height() - 1, ty));
                    for (int ch = 0; ch < 4; ch++) {
                        assertThat(atlas.value(ax, ay, ch)).isEqualTo(src.value(sx, sy, ch));
                    }
                }
            }
            // the uv transform of the layout sends the image's corners to its rectangle's
            assertThat(r.get("uv").get("offset").get(0).asDouble() * atlas.width()).isEqualTo(x);
            assertThat(r.get("uv").get("scale").get(1).asDouble() * atlas.height()).isEqualTo(src.height());
        }
        assertThat(layout.get("rects").get(3).get("sameAs").asInt()).isZero();
        assertThat(layout.get("rects").get(3).get("x")).isEqualTo(layout.get("rects").get(0).get("x"));
        // same input, same bytes
        Path second = tmp.resolve("second.png");
        Cli.run("atlas", a, b, c, again, "--out", second, "--padding", "4", "--block", "4", "--pot").assertOk();
        assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(out));
    }

    @Test
    void anImageLargerThanTheMaximumSizeFailsNamingIt() throws IOException {
        Path a = png("a.png", 8, 8, 1);
        Path big = png("big.png", 300, 20, 2);
        Path out = tmp.resolve("atlas.png");
        Cli.run("atlas", a, big, "--out", out, "--max-size", "256").assertBadInput(big.toString(), "300x20", "256x256");
        assertThat(Cli.files(tmp)).containsExactlyInAnyOrder(Path.of("a.png"), Path.of("big.png"));
        String potErr = Cli.run("atlas", a, big, "--out", out, "--max-size", "500", "--pot").assertBadInput(big.toString()).err();
        assertThat(potErr.strip()).isEqualTo("skinmesh atlas: image '" + big + "' is 300x20, larger than an atlas of"
                + " at most 256x256 (--max-size 500 with --pot)");
        assertThat(Cli.files(tmp)).containsExactlyInAnyOrder(Path.of("a.png"), Path.of("big.png"));
    }

    @Test
    void moreThanOnePageFailsNamingTheImageLeftOver() throws IOException {
        Path a = png("a.png", 100, 100, 1);
        Path b = png("b.png", 100, 100, 2);
        String err = Cli.run("atlas", a, b, "--out", tmp.resolve("atlas.png"), "--max-size", "128")
                .assertBadInput(b.toString()).err();
        assertThat(err.strip()).isEqualTo("skinmesh atlas: 2 distinct images do not fit one atlas of at most 128x128"
                + " (--max-size 128, --padding 4, --block 1): 1 left over, '" + b + "' (100x100); raise --max-size or"
                + " atlas fewer images");
        assertThat(Cli.files(tmp)).containsExactlyInAnyOrder(Path.of("a.png"), Path.of("b.png"));
    }

    @Test
    void zeroSizeCorruptAndMissingImagesFailNamingThem() throws IOException {
        Path fine = png("fine.png", 8, 8, 1);
        Path empty = tmp.resolve("empty.png");
        Files.write(empty, new byte[0]);
        Cli.run("atlas", fine, empty, "--out", tmp.resolve("atlas.png")).assertBadInput(empty.toString());
        byte[] bytes = Files.readAllBytes(fine);
        byte[] zero = bytes.clone();
        zero[16] = zero[17] = zero[18] = zero[19] = 0; // IHDR width 0
        Path zeroWide = tmp.resolve("zero.png");
        Files.write(zeroWide, zero);
        Cli.run("atlas", fine, zeroWide, "--out", tmp.resolve("atlas.png")).assertBadInput(zeroWide.toString());
        byte[] corrupt = bytes.clone();
        corrupt[bytes.length - 20] ^= 0x55;
        Path broken = tmp.resolve("broken.png");
        Files.write(broken, corrupt);
        Cli.run("atlas", fine, broken, "--out", tmp.resolve("atlas.png")).assertBadInput(broken.toString());
        Cli.run("atlas", fine, tmp.resolve("nope.png"), "--out", tmp.resolve("atlas.png"))
                .assertBadInput("nope.png: no such file");
        assertThat(tmp.resolve("atlas.png")).doesNotExist();
    }

    @Test
    void badUsageIsOneLine() throws IOException {
        Path a = png("a.png", 8, 8, 1);
        Cli.run("atlas", a, "--out", tmp.resolve("atlas.jpg")).assertUsage("--out: ");
        Cli.run("atlas", a, "--out", tmp.resolve("atlas.png"), "--max-size", "0").assertUsage("--max-size: 0, expected 1..16384");
        Cli.run("atlas", a, "--out", tmp.resolve("atlas.png"), "--block", "65").assertUsage("--block: 65, expected 1..64");
        Cli.run("atlas", a, "--out", a).assertBadInput("is an input file");
    }
}
