package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code skinmesh bones-texture} on the testkit's humanoid: both encodings in both formats, read back
 * through {@link VatFiles#read} and independently through {@link BakedFiles} (the mesh skinned with
 * the matrices decoded by the contract's addressing against exact skinning); the report; bad usage
 * and bad input.
 */
class BonesTextureCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    static Path tmp;
    static Path combined;
    static Path parts;

    @BeforeAll
    static void writeCharacters() throws IOException {
        Character humanoid = Humanoids.generate(1).character();
        parts = tmp.resolve("humanoid.glb");
        GltfWriter.writeGlb(humanoid, parts);
        combined = tmp.resolve("humanoid.combined.glb");
        GltfWriter.writeGlb(Combine.combineCharacters(List.of(humanoid), CombineOptions.DEFAULTS).character(), combined);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"float, exr", "float, raw", "half, exr", "half, raw"})
    void bothEncodingsInBothFormatsSkinWithinTheReportedError(String encoding, String format) throws IOException {
        Path out = tmp.resolve(encoding + "-" + format);
        Cli.Run run = Cli.run("bones-texture", combined, "--clip", "idle", "walk", "--out", out, "--fps", "24",
                "--encoding", encoding, "--format", format, "--json").assertOk();
        assertThat(Cli.files(out)).containsExactlyInAnyOrder(Path.of("manifest.json"), Path.of("bones." + format));
        BakedFiles baked = BakedFiles.read(out);
        assertThat(baked.kind).isEqualTo("bones");
        assertThat(baked.elementCount).isEqualTo(53);
        assertThat(baked.width).as("3 texels per bone, one row per frame").isEqualTo(159);
        assertThat(baked.rowsPerFrame).isEqualTo(1);
        baked.checkBones(new BakedFiles.Vertices(combined));

        VatDecoder decoder = VatFiles.read(out);
        float[] rows = decoder.boneRowsInto(1, 3, 17, new float[12], 0);
        for (int r = 0; r < 3; r++) {
            int[] texel = baked.address(1, 3, 3 * 17 + r);
            for (int k = 0; k < 4; k++) {
                assertThat((double) rows[4 * r + k]).isEqualTo(baked.fetched("bones", texel, k));
            }
        }

        JsonNode report = MAPPER.readTree(run.out());
        assertThat(report.get("command").textValue()).isEqualTo("bones-texture");
        assertThat(report.get("kind").textValue()).isEqualTo("bones");
        assertThat(report.get("boneCount").intValue()).isEqualTo(53);
        assertThat(report.get("bones")).hasSize(53);
        assertThat(report.get("bones").get(0).textValue()).isNotEmpty();
        assertThat(report.has("normals")).isFalse();
        for (String key : new String[] {"width", "height", "rowsPerFrame", "maxError", "rmsError"}) {
            assertThat(report.get(key)).as(key).isEqualTo(baked.manifest.get(key));
        }
        assertThat(report.at("/clips/0/index").intValue()).isEqualTo(1);
        assertThat(report.at("/clips/0/name").textValue()).isEqualTo("idle");
    }

    /**
     * The humanoid's idle clip animates morph weights (which a bone texture cannot carry: the error
     * report includes them); its walk does not, so the walk's error is the matrices' alone.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"float, 1e-5", "half, 1e-3"})
    void theErrorOfTheMatricesAloneIsTheEncodings(String encoding, double bound) throws IOException {
        Path out = tmp.resolve("walk-" + encoding);
        Cli.run("bones-texture", combined, "--clip", "walk", "--out", out, "--encoding", encoding, "--quiet").assertOk();
        BakedFiles.Measured walk = BakedFiles.read(out).checkBones(new BakedFiles.Vertices(combined));
        assertThat(walk.maxError()).as("on a 1.7 m character").isPositive().isLessThan(bound);
        Path idle = tmp.resolve("idle-" + encoding);
        Cli.run("bones-texture", combined, "--clip", "idle", "--out", idle, "--encoding", encoding, "--quiet").assertOk();
        assertThat(BakedFiles.read(idle).checkBones(new BakedFiles.Vertices(combined)).maxError())
                .as("the morph targets the texture leaves out").isGreaterThan(1e-3);
    }

    @Test
    void aTableForPeopleAndTheMorphTargetWarning() {
        Cli.Run run = Cli.run("bones-texture", combined, "--clip", "walk", "--out", tmp.resolve("table")).assertOk();
        assertThat(run.out()).startsWith(combined + ": 6 skinned primitives, 9555 vertices, 53 palette bones; 1 clip, "
                + "32 frames -> " + tmp.resolve("table")).containsPattern("bones.exr +bones +159x32 +half exr +[0-9]+");
        assertThat(run.err()).startsWith(ScalarKernelNoticeTest.expectedNotice("bones-texture"))
                .contains("skinmesh bones-texture: " + combined + ": part 'humanoid' has 2 morph targets, "
                + "which a bone texture does not carry");
        assertThat(Cli.run("bones-texture", combined, "--clip", "walk", "--out", tmp.resolve("table"), "--quiet")
                .assertOk().err()).isEmpty();
    }

    @Test
    void partsWithTheirOwnPalettesNeedCombiningFirst() {
        Path out = tmp.resolve("parts");
        Cli.run("bones-texture", parts, "--clip", "walk", "--out", out).assertBadInput(parts + ": ",
                "one bone texture needs one palette (same bones and inverse bind matrices), combine the parts first "
                        + "(skinmesh combine)");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void aBakeTallerThanTheLargestTextureGivesTheNumbers() {
        Cli.Run run = Cli.run("bones-texture", combined, "--clip", "walk", "--out", tmp.resolve("tall"), "--fps", "20000");
        run.assertBadInput(combined + ": ", "clip 'walk' needs 20668 frames x 1 rows per frame = 20668 rows",
                "more than the largest height 16384", "; lower --fps or bake fewer clips per folder");
        // the command has neither pages nor a width option
        assertThat(run.err()).doesNotContain("page").doesNotContain("width;").doesNotContain("raise");
    }

    @Test
    void aMatrixBeyondTheHalfRangeNamesTheFloatEncoding() throws IOException {
        Path file = VatCommandTest.farAway(tmp);
        Cli.run("bones-texture", file, "--clip", "far", "--out", tmp.resolve("far")).assertBadInput(file + ": ",
                "clip 'far', frame 20: skin matrix of palette entry 0 (bone 'joint') has the value 66666.0, beyond the "
                        + "half-float range "
                        + "(largest finite 65504.0); use --encoding float");
        Cli.run("bones-texture", file, "--clip", "far", "--out", tmp.resolve("far"), "--encoding", "float", "--quiet")
                .assertOk();
    }

    @Test
    void badUsage() {
        Path out = tmp.resolve("usage");
        Cli.run("bones-texture", combined, "--clip", "walk", "--out", out, "--encoding", "unorm16")
                .assertUsage("--encoding: unorm16, expected float or half (skin matrices have no fixed range to "
                        + "normalize to)");
        Cli.run("bones-texture", combined, "--clip", "walk", "--out", out, "--format", "png")
                .assertUsage("--format: png, expected exr or raw");
        Cli.run("bones-texture", combined, "--clip", "walk", "--out", out, "--fps", "0")
                .assertUsage("--fps: 0.0, expected a finite number of frames per second > 0");
        Cli.run("bones-texture", combined, "--clip", "walk", "--out", out, "--max-width", "99")
                .assertUsage("--max-width");
        Cli.run("bones-texture", combined, "--out", out).assertUsage("Missing required option: '--clip=C'");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void anUnknownClip() {
        Cli.run("bones-texture", combined, "--clip", "jump", "--out", tmp.resolve("jump"))
                .assertBadInput(combined + ": no clip named 'jump' (0 'walk', 1 'idle')");
    }
}
