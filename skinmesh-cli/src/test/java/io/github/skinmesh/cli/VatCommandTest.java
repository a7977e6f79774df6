package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code skinmesh vat} on the testkit's humanoid: every encoding in every format it allows, read back
 * through {@link VatFiles#read} and, independently, through {@link BakedFiles} (the contract's
 * manifest fields, texel addressing and decode formulas against exact skinning); the vertex order of
 * {@code skin}; the report; bad usage and bad input.
 */
class VatCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    static Path tmp;
    /** The humanoid's six parts combined into one skinned mesh with its clips (walk, idle). */
    static Path combined;
    /** The humanoid's six parts, six skinned nodes. */
    static Path parts;

    @BeforeAll
    static void writeCharacters() throws IOException {
        Character humanoid = Humanoids.generate(1).character();
        parts = tmp.resolve("humanoid.glb");
        GltfWriter.writeGlb(humanoid, parts);
        combined = tmp.resolve("humanoid.combined.glb");
        GltfWriter.writeGlb(Combine.combineCharacters(List.of(humanoid), CombineOptions.DEFAULTS).character(), combined);
    }

    static Stream<Arguments> encodingsAndFormats() {
        return Stream.of(Arguments.of("float", "exr", List.of("--normals")), Arguments.of("float", "raw", List.of()),
                Arguments.of("half", "exr", List.of("--offsets")), Arguments.of("half", "raw", List.of("--normals")),
                Arguments.of("unorm16", "png", List.of("--normals", "--max-width", "1000")),
                Arguments.of("unorm16", "raw", List.of("--offsets")),
                Arguments.of("unorm8", "png", List.of("--offsets", "--max-width", "999")),
                Arguments.of("unorm8", "raw", List.of("--normals")));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("encodingsAndFormats")
    void everyEncodingInEveryFormatDecodesToSkinningWithinTheReportedError(String encoding, String format,
            List<String> extra) throws IOException {
        Path out = tmp.resolve("combos").resolve(encoding + "-" + format);
        List<Object> args = new ArrayList<>(List.of("vat", combined, "--clip", "walk", "1", "--out", out, "--fps", "12",
                "--encoding", encoding, "--format", format, "--json", "--quiet"));
        args.addAll(extra);
        Cli.Run run = Cli.run(args.toArray()).assertOk();
        assertThat(run.err()).isEmpty();
        boolean normals = extra.contains("--normals");
        List<Path> expected = new ArrayList<>(List.of(Path.of("manifest.json"), Path.of("positions." + format)));
        if (normals) {
            expected.add(Path.of("normals." + format));
        }
        assertThat(Cli.files(out)).as("the textures and the manifest, no temporary file")
                .containsExactlyInAnyOrderElementsOf(expected);

        BakedFiles baked = BakedFiles.read(out);
        assertThat(baked.encoding).isEqualTo(encoding);
        assertThat(baked.manifest.get("offsets").booleanValue()).isEqualTo(extra.contains("--offsets"));
        int maxWidth = extra.contains("--max-width") ? Integer.parseInt(extra.get(extra.indexOf("--max-width") + 1))
                : 4096;
        int rows = (9555 + maxWidth - 1) / maxWidth;
        assertThat(baked.width).as("width: the vertices, or the fewest rows of at most the maximum, evenly filled")
                .isEqualTo((9555 + rows - 1) / rows);
        assertThat(baked.manifest.at("/clips/0/name").textValue()).isEqualTo("walk");
        assertThat(baked.manifest.at("/clips/1/name").textValue()).isEqualTo("idle");
        BakedFiles.Measured measured = baked.checkVertices(new BakedFiles.Vertices(combined));
        assertThat(measured.samples()).isEqualTo(9555L * (baked.manifest.at("/clips/0/frames").intValue()
                + baked.manifest.at("/clips/1/frames").intValue()));
        if (encoding.equals("float") && !extra.contains("--offsets")) {
            assertThat(measured.maxError()).as("float stores positions exactly").isZero();
        }

        // the library's reader gives the same values as the independent one
        VatDecoder decoder = VatFiles.read(out);
        assertThat(decoder.manifest().width()).isEqualTo(baked.width);
        float[] bind = new BakedFiles.Vertices(combined).bind;
        for (int v : new int[] {0, 4321, 9554}) {
            float[] p = decoder.positionInto(1, 7, v, bind, new float[3], 0);
            int[] texel = baked.address(1, 7, v);
            for (int a = 0; a < 3; a++) {
                double independent = baked.position(texel, a) + (baked.manifest.get("offsets").booleanValue()
                        ? bind[3 * v + a] : 0);
                assertThat((double) p[a]).isCloseTo(independent, org.assertj.core.data.Offset.offset(
                        1e-6 * (1 + Math.abs(independent))));
            }
        }

        JsonNode report = MAPPER.readTree(run.out());
        assertThat(report.get("command").textValue()).isEqualTo("vat");
        assertThat(report.get("encoding").textValue()).isEqualTo(encoding);
        assertThat(report.get("format").textValue()).isEqualTo(format);
        assertThat(report.get("normals").booleanValue()).isEqualTo(normals);
        for (String key : new String[] {"width", "height", "rowsPerFrame", "vertexCount", "maxError", "rmsError"}) {
            assertThat(report.get(key)).as(key).isEqualTo(baked.manifest.get(key));
        }
        for (JsonNode f : report.get("files")) {
            assertThat(Files.size(out.resolve(f.get("file").textValue()))).isEqualTo(f.get("bytes").longValue());
        }
    }

    @Test
    void theVerticesAreSkinsPrimitivesInSkinsOrder() throws IOException {
        Path out = tmp.resolve("parts");
        Cli.Run run = Cli.run("vat", parts, "--clip", "0", "--out", out, "--json").assertOk();
        assertThat(run.err()).as("no note on the space: the skinned nodes have no transform of their own")
                .isEqualTo(ScalarKernelNoticeTest.expectedNotice("vat"));
        JsonNode report = MAPPER.readTree(run.out());
        List<String> names = new ArrayList<>();
        report.get("primitives").forEach(p -> names.add(p.get("nodeName").textValue()));
        assertThat(names).containsExactly("hair", "head", "torso", "legs", "hands", "shoes");
        BakedFiles baked = BakedFiles.read(out);
        baked.checkVertices(new BakedFiles.Vertices(parts));

        // frame 5 of the texture is what skin writes at 5/30 s, in its default (model) space
        Path bin = tmp.resolve("parts.walk.bin");
        Cli.run("skin", parts, "--clip", "0", "--time", String.valueOf(5 / 30f), "--out", bin, "--quiet").assertOk();
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(bin)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.capacity()).isEqualTo(12 * baked.elementCount);
        double max = 0;
        for (int v = 0; v < baked.elementCount; v++) {
            int[] texel = baked.address(0, 5, v);
            for (int a = 0; a < 3; a++) {
                max = Math.max(max, Math.abs(baked.position(texel, a) - b.getFloat()));
            }
        }
        assertThat(max).isLessThanOrEqualTo(baked.manifest.get("maxError").doubleValue() + 1e-6);
    }

    /** Two primitives of one mesh that share their vertices: skin writes them once per primitive, so does vat. */
    @Test
    void primitivesSharingVerticesAppearOncePerPrimitive() throws IOException {
        Path file = tmp.resolve("shared.glb");
        Files.write(file, TinyGlb.glb(json -> {
            ArrayNode prims = (ArrayNode) json.at("/meshes/0/primitives");
            prims.add(prims.get(0).deepCopy());
            TestFiles.addAnimation(json, "turn", 1, "rotation", new float[] {0, 1}, 0, 0, 0, 1, 0, 0, 0.38268343f,
                    0.9238795f);
        }));
        Path out = tmp.resolve("shared");
        JsonNode report = MAPPER.readTree(Cli.run("vat", file, "--clip", "turn", "--out", out, "--encoding", "float",
                "--json", "--quiet").assertOk().out());
        assertThat(report.get("vertexCount").intValue()).isEqualTo(6);
        assertThat(report.at("/primitives/1/firstVertex").intValue()).isEqualTo(3);
        BakedFiles baked = BakedFiles.read(out);
        assertThat(baked.checkVertices(new BakedFiles.Vertices(file)).maxError()).isZero();
        int[] first = baked.address(0, 30, 1);
        int[] again = baked.address(0, 30, 4);
        for (int a = 0; a < 3; a++) {
            assertThat(baked.position(again, a)).isEqualTo(baked.position(first, a));
        }
    }

    @Test
    void aTableForPeople() {
        Path out = tmp.resolve("table");
        Cli.Run run = Cli.run("vat", combined, "--clip", "walk", "--out", out, "--quiet").assertOk();
        assertThat(run.out()).startsWith(combined + ": 6 skinned primitives, 9555 vertices; 1 clip, 32 frames -> " + out)
                .containsPattern("positions.exr +positions +3185x96 +half exr +[0-9]+")
                .containsPattern("manifest.json +[0-9]+").contains("position error (decoded against exact skinning")
                .containsPattern("walk +0 +0\\.\\.95 +32 +30 +1\\.033 +(yes|no) ");
    }

    @Test
    void aFailedBakeLeavesTheFolderAsItWas() throws IOException {
        Path out = tmp.resolve("kept");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--quiet").assertOk();
        byte[] manifest = Files.readAllBytes(out.resolve("manifest.json"));
        byte[] positions = Files.readAllBytes(out.resolve("positions.exr"));
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--max-width", "1").assertBadInput(combined.toString(),
                "more than the largest height 16384");
        assertThat(Cli.files(out)).containsExactlyInAnyOrder(Path.of("manifest.json"), Path.of("positions.exr"));
        assertThat(Files.readAllBytes(out.resolve("manifest.json"))).isEqualTo(manifest);
        assertThat(Files.readAllBytes(out.resolve("positions.exr"))).isEqualTo(positions);
        Path fresh = tmp.resolve("never");
        Cli.run("vat", combined, "--clip", "walk", "--out", fresh, "--max-width", "1").assertBadInput("rows");
        assertThat(Cli.files(fresh)).isEmpty();
    }

    @Test
    void sameInputSameBytes() throws IOException {
        Path a = tmp.resolve("same-a");
        Path b = tmp.resolve("same-b");
        for (Path out : new Path[] {a, b}) {
            Cli.run("vat", combined, "--clip", "idle", "--out", out, "--encoding", "unorm16", "--normals", "--fps", "5",
                    "--quiet").assertOk();
        }
        for (Path f : Cli.files(a)) {
            assertThat(Files.readAllBytes(b.resolve(f))).as("%s", f).isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
    }

    // ---- bad usage: exit 2, one line

    @Test
    void badUsage() {
        Path out = tmp.resolve("usage");
        Cli.run("vat", combined, "--out", out).assertUsage("Missing required option: '--clip=C'");
        Cli.run("vat", combined, "--clip", "walk").assertUsage("Missing required option: '--out=DIR'");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--fps", "0")
                .assertUsage("--fps: 0.0, expected a finite number of frames per second > 0");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--fps", "-30")
                .assertUsage("--fps: -30.0, expected a finite number of frames per second > 0");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--fps", "NaN").assertUsage("--fps: NaN, expected");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--encoding", "bc7")
                .assertUsage("--encoding: bc7, expected float, half, unorm16 or unorm8");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--format", "tga")
                .assertUsage("--format: tga, expected exr, png or raw");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--format", "png")
                .assertUsage("--format png holds only unorm16 or unorm8 textures; --encoding half is written as exr or raw");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--encoding", "unorm8", "--format", "exr")
                .assertUsage("--format exr holds only float or half textures; --encoding unorm8 is written as png or raw");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--max-width", "0")
                .assertUsage("--max-width: 0, expected 1..16384");
        Cli.run("vat", combined, "--clip", "walk", "--out", out, "--max-width", "16385")
                .assertUsage("--max-width: 16385, expected 1..16384");
        assertThat(Files.exists(out)).isFalse();
    }

    // ---- bad input: exit 1, the file and the problem

    @Test
    void anUnknownClipNamesTheFileAndListsTheClips() {
        Path out = tmp.resolve("unknown");
        Cli.run("vat", combined, "--clip", "run", "--out", out)
                .assertBadInput(combined + ": no clip named 'run' (0 'walk', 1 'idle')");
        Cli.run("vat", combined, "--clip", "walk", "2", "--out", out)
                .assertBadInput(combined + ": clip index 2 out of range, the file has 2 clips (0 'walk', 1 'idle')");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void aClipSelectedTwiceIsAnError() {
        Cli.run("vat", combined, "--clip", "walk", "--clip", "0", "--out", tmp.resolve("twice"))
                .assertBadInput(combined + ": clip 0 'walk' is selected twice (--clip walk and --clip 0), expected each"
                        + " clip once");
    }

    @Test
    void twoClipsOfOneNameCannotShareATexture() throws IOException {
        Path file = tmp.resolve("unnamed.glb");
        Files.write(file, TinyGlb.glb(json -> {
            TestFiles.addAnimation(json, "a", 1, "translation", new float[] {0, 1}, 0, 1, 0, 0, 2, 0);
            TestFiles.addAnimation(json, "b", 1, "translation", new float[] {0, 2}, 0, 1, 0, 1, 1, 0);
            json.get("animations").forEach(a -> ((ObjectNode) a).remove("name"));
        }));
        Cli.run("vat", file, "--clip", "0", "1", "--out", tmp.resolve("unnamed"))
                .assertBadInput(file + ": clips 0 and 1 are both named ''; a texture's clip table tells its clips apart "
                        + "by name, so bake them into separate folders");
        Cli.run("vat", file, "--clip", "1", "--out", tmp.resolve("unnamed"), "--quiet").assertOk();
    }

    @Test
    void aBakeTallerThanTheLargestTextureGivesTheNumbers() {
        Cli.Run run = Cli.run("vat", combined, "--clip", "walk", "--out", tmp.resolve("tall"), "--max-width", "1");
        run.assertBadInput(combined + ": ", "clip 'walk' needs 32 frames x 9555 rows per frame = 305760 rows from row 0",
                "more than the largest height 16384 (9555 texels per frame at width 1); lower --fps, raise --max-width,"
                + " or bake fewer clips per folder");
        // the command has no pages to split into
        assertThat(run.err()).doesNotContain("PageMode").doesNotContain("page");
    }

    /** A joint moved 100 000 units up: beyond the largest half float (65504). */
    static Path farAway(Path dir) throws IOException {
        Path file = dir.resolve("far.glb");
        Files.write(file, TinyGlb.glb(json -> TestFiles.addAnimation(json, "far", 1, "translation", new float[] {0, 1},
                0, 1, 0, 0, 1e5f, 0)));
        return file;
    }

    @Test
    void aPositionBeyondTheHalfRangeNamesTheOtherEncodings() throws IOException {
        Path file = farAway(tmp);
        Cli.run("vat", file, "--clip", "far", "--out", tmp.resolve("far")).assertBadInput(file + ": ",
                "a position coordinate reaches 100000.0, beyond the half-float range (largest finite 65504.0); use "
                        + "--encoding float, unorm16 or unorm8");
        Cli.run("vat", file, "--clip", "far", "--out", tmp.resolve("far"), "--encoding", "unorm16", "--quiet").assertOk();
        assertThat(BakedFiles.read(tmp.resolve("far")).checkVertices(new BakedFiles.Vertices(file)).maxError())
                .as("unorm16 over 100000 units").isLessThan(1e5 / 65535);
    }

    @Test
    void normalsOfAMeshWithoutNormals() throws IOException {
        Path file = tmp.resolve("no-normals.glb");
        Files.write(file, TinyGlb.glb(json -> TestFiles.addAnimation(json, "up", 1, "translation", new float[] {0, 1},
                0, 1, 0, 0, 2, 0)));
        Cli.run("vat", file, "--clip", "up", "--out", tmp.resolve("nn"), "--normals")
                .assertBadInput(file + ": ", "has no normals, expected normals (--normals asks for them)");
    }

    @Test
    void aClipWithoutChannelsIsEmpty() throws IOException {
        Path file = tmp.resolve("empty-clip.glb");
        Files.write(file, TinyGlb.glb(json -> {
            ((ArrayNode) json.get("nodes")).addObject().put("name", "free");
            ((ArrayNode) json.at("/scenes/0/nodes")).add(3);
            TestFiles.addAnimation(json, "drift", 3, "translation", new float[] {0, 1}, 0, 0, 0, 1, 0, 0);
        }));
        Cli.run("vat", file, "--clip", "drift", "--out", tmp.resolve("empty"), "--quiet")
                .assertBadInput(file + ": ", "clip 'drift' is empty (no channels), expected at least one animated channel");
    }

    @Test
    void aFileWithoutSkinnedPrimitives() throws IOException {
        Path file = tmp.resolve("rigid.glb");
        Files.write(file, TinyGlb.glb(json -> ((ObjectNode) json.get("nodes").get(2)).remove("skin")));
        Cli.run("vat", file, "--clip", "0", "--out", tmp.resolve("rigid"))
                .assertBadInput(file + ": no skinned primitive to bake");
    }

    @Test
    void theOutputMustBeAFolder() {
        Cli.run("vat", combined, "--clip", "walk", "--out", combined)
                .assertBadInput(combined + ": exists and is not a folder, expected the output folder");
        Cli.run("vat", tmp.resolve("missing.glb"), "--clip", "walk", "--out", tmp.resolve("m"))
                .assertBadInput("missing.glb: no such file");
    }
}
