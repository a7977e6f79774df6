package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.gltf.AssetPoser;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.gltf.PartSource;
import io.github.skinmesh.gltf.PoseSpace;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.vat.keys.KeyframeDecoder;
import io.github.skinmesh.vat.keys.KeyframeOptions;
import io.github.skinmesh.vat.keys.KeyframeResult;
import io.github.skinmesh.vat.keys.Keyframes;
import io.github.skinmesh.vat.keys.KeySegment;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code skinmesh keys}: the written meshes and table read back equal, decode within the reported
 * error against an independent posing (and against {@code skinmesh skin}), same input same bytes,
 * the JSON documented, bad usage and bad input.
 */
class KeysCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path DOC = Path.of("..", "docs", "keys.md");

    @TempDir
    Path tmp;

    private Path humanoid() throws IOException {
        Path file = tmp.resolve("humanoid.glb");
        if (!Files.exists(file)) {
            GltfWriter.writeGlb(Humanoids.generate(1).character(), file);
        }
        return file;
    }

    /** The segment table of a JSON file, as the library's entries. */
    static List<KeySegment> segments(JsonNode table) {
        List<KeySegment> out = new ArrayList<>();
        for (JsonNode s : table.get("segments")) {
            float[] keys = new float[4];
            for (int k = 0; k < 4; k++) {
                keys[k] = (float) s.get("keyTimes").get(k).doubleValue();
            }
            JsonNode normal = s.get("normalMaxErrorDegrees");
            out.add(new KeySegment(s.get("index").asInt(), s.get("firstFrame").asInt(), s.get("lastFrame").asInt(), keys,
                    s.get("maxError").doubleValue(), s.get("rmsError").doubleValue(), s.get("thirdsMaxError").doubleValue(),
                    s.get("thirdsRmsError").doubleValue(), normal == null ? Double.NaN : normal.doubleValue()));
        }
        return out;
    }

    static JsonNode extras(Path glb) throws IOException {
        byte[] bytes = Files.readAllBytes(glb);
        int length = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        return MAPPER.readTree(new String(bytes, 20, length, java.nio.charset.StandardCharsets.UTF_8)).get("extras");
    }

    /**
     * Checks a written file against its input: the meshes read back equal to a bake of the same
     * input, the extras equal OUT.json, and the meshes decoded from the file reproduce, at every
     * sampled time, the skinned positions {@link AssetPoser} gives (world space, the character's
     * model space) within the reported error.
     */
    static JsonNode checkWritten(Path in, int clipIndex, Path out, KeyframeOptions options) throws IOException {
        Path jsonFile = out.resolveSibling(out.getFileName().toString().replace(".glb", ".json"));
        JsonNode table = MAPPER.readTree(jsonFile.toFile());
        assertThat(extras(out).get(KeysCommand.EXTRAS_KEY)).isEqualTo(table);
        GltfAsset written = GltfReader.read(out);
        assertThat(MAPPER.readTree(written.extras()).get(KeysCommand.EXTRAS_KEY)).isEqualTo(table);
        List<Mesh> meshes = new ArrayList<>();
        written.parts().forEach(p -> meshes.add(p.mesh()));
        assertThat(meshes).hasSize(table.get("segmentCount").asInt());

        GltfAsset asset = GltfReader.read(in);
        AnimationClip clip = asset.clips().get(clipIndex);
        List<Part> skinned = asset.parts().stream().filter(Part::isSkinned).toList();
        KeyframeResult library = Keyframes.bake(asset.skeleton(), skinned, clip, options, Progress.NONE);
        assertThat(meshes).isEqualTo(library.meshes());
        assertThat(table).isEqualTo(MAPPER.readTree(library.toJson()));

        KeyframeDecoder decoder = KeyframeDecoder.of(segments(table), meshes);
        AssetPoser poser = AssetPoser.bind(asset);
        float fps = (float) table.get("fps").doubleValue();
        float duration = (float) table.get("duration").doubleValue();
        int frames = table.get("frames").asInt();
        double maxError = table.get("maxError").doubleValue();
        double seen = 0;
        for (int f = 0; f < frames; f++) {
            float t = f == frames - 1 ? duration : (float) Math.min(f / (double) fps, duration);
            float[] decoded = decoder.positionsInto(t, new float[3 * decoder.vertexCount()], 0);
            float[] exact = poser.poseInto(clip, t, PoseSpace.WORLD, new float[3 * poser.vertexCount()], 0);
            seen = Math.max(seen, maxDistance(decoded, exact, poser, asset, skinned));
        }
        assertThat(seen).isLessThanOrEqualTo(maxError);
        return table;
    }

    /** The largest distance between decoded part vertices and the poser's per-primitive positions. */
    static double maxDistance(float[] decoded, float[] exact, AssetPoser poser, GltfAsset asset, List<Part> skinned) {
        double max = 0;
        int at = 0;
        for (int p = 0; p < poser.primitiveCount(); p++) {
            Part part = poser.part(p);
            int first = 0;
            for (Part s : skinned) {
                if (s == part) {
                    break;
                }
                first += s.mesh().vertexCount();
            }
            PartSource.Primitive prim = poser.source(p).primitives().get(poser.primitiveIndex(p));
            for (int v = 0; v < poser.vertexCount(p); v++) {
                int d = 3 * (first + prim.firstVertex() + v);
                int e = 3 * (at + v);
                double dx = (double) decoded[d] - exact[e];
                double dy = (double) decoded[d + 1] - exact[e + 1];
                double dz = (double) decoded[d + 2] - exact[e + 2];
                max = Math.max(max, Math.sqrt(dx * dx + dy * dy + dz * dz));
            }
            at += poser.vertexCount(p);
        }
        return max;
    }

    @Test
    void theWalkIsWrittenReadsBackEqualAndDecodesWithinTheReportedError() throws IOException {
        Path in = humanoid();
        Path out = tmp.resolve("walk.keys.glb");
        Cli.Run run = Cli.run("keys", in, "--clip", "walk", "--out", out, "--quiet");
        run.assertOk();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("segment").contains("thirds max").contains("clip").contains("with normals")
                .contains("written: " + out + ", " + tmp.resolve("walk.keys.json"));
        assertThat(Cli.files(tmp)).containsExactly(Path.of("humanoid.glb"), Path.of("walk.keys.glb"),
                Path.of("walk.keys.json"));
        JsonNode table = checkWritten(in, 0, out, KeyframeOptions.DEFAULTS);
        assertThat(table.get("clip").asText()).isEqualTo("walk");
        assertThat(table.get("normals").asBoolean()).isTrue();
        GltfAsset written = GltfReader.read(out);
        assertThat(written.skeleton().boneCount()).isZero();
        assertThat(written.clips()).isEmpty();
        assertThat(written.parts().get(0).mesh().attributes()).extracting(a -> a.name())
                .containsExactly("KEY_POSITION_0", "KEY_POSITION_1", "KEY_POSITION_2", "KEY_POSITION_3", "KEY_NORMAL_0",
                        "KEY_NORMAL_1", "KEY_NORMAL_2", "KEY_NORMAL_3");
        // the glTF attribute names are the custom ones, with the leading underscore
        assertThat(TestFiles.json(Files.readAllBytes(out)).get("meshes").get(0).get("primitives").get(0)
                .get("attributes").has("_KEY_POSITION_3")).isTrue();
        // without --quiet the warnings (tangents the keys leave out) go to stderr
        Cli.Run loud = Cli.run("keys", in, "--clip", "0", "--out", tmp.resolve("again.glb"));
        loud.assertOk();
        assertThat(loud.err()).contains("skinmesh keys: " + in + ": part 'torso': tangents left out");
    }

    @Test
    void decodedPositionsMatchWhatSkinWritesAtTheKeyTimes() throws IOException {
        Path in = humanoid();
        Path out = tmp.resolve("k.glb");
        Cli.run("keys", in, "--clip", "walk", "--out", out, "--segments", "3", "--quiet").assertOk();
        JsonNode table = MAPPER.readTree(tmp.resolve("k.json").toFile());
        assertThat(table.get("segmentMode").asText()).isEqualTo("fixed");
        assertThat(table.get("segments")).hasSize(3);
        GltfAsset written = GltfReader.read(out);
        List<Mesh> meshes = new ArrayList<>();
        written.parts().forEach(p -> meshes.add(p.mesh()));
        KeyframeDecoder decoder = KeyframeDecoder.of(segments(table), meshes);
        for (JsonNode s : table.get("segments")) {
            for (JsonNode time : s.get("keyTimes")) {
                Path bin = tmp.resolve("skin.bin");
                Cli.run("skin", in, "--clip", "walk", "--time", time.asText(), "--space", "world", "--out", bin)
                        .assertOk();
                ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(bin)).order(ByteOrder.LITTLE_ENDIAN);
                float[] skin = new float[b.remaining() / 4];
                b.asFloatBuffer().get(skin);
                float[] decoded = decoder.positionInto(s.get("index").asInt(), 0, (float) time.doubleValue(),
                        new float[3], 0);
                // the humanoid's parts are single-primitive nodes: vertex 0 of the file is vertex 0 of both
                assertThat(decoded).containsExactly(skin[0], skin[1], skin[2]);
            }
        }
    }

    @Test
    void theSameInputGivesTheSameBytes() throws IOException {
        Path in = humanoid();
        Cli.run("keys", in, "--clip", "walk", "--out", tmp.resolve("a.glb"), "--quiet").assertOk();
        Cli.run("keys", in, "--clip", "walk", "--out", tmp.resolve("b.glb"), "--quiet").assertOk();
        assertThat(Files.readAllBytes(tmp.resolve("b.glb"))).isEqualTo(Files.readAllBytes(tmp.resolve("a.glb")));
        assertThat(Files.readAllBytes(tmp.resolve("b.json"))).isEqualTo(Files.readAllBytes(tmp.resolve("a.json")));
    }

    @Test
    void jsonPrintsTheInputTheOutputsTheTableAndTheWarnings() throws IOException {
        Path in = humanoid();
        Path out = tmp.resolve("walk.glb");
        Cli.Run run = Cli.run("keys", in, "--clip", "walk", "--out", out, "--fps", "24", "--json", "--quiet");
        run.assertOk();
        JsonNode r = MAPPER.readTree(run.out());
        assertThat(r.get("file").asText()).isEqualTo(in.toString());
        assertThat(r.get("clip").asText()).isEqualTo("walk");
        assertThat(r.get("outputs").get("glb").asText()).isEqualTo(out.toString());
        assertThat(r.get("outputs").get("json").asText()).isEqualTo(tmp.resolve("walk.json").toString());
        JsonNode table = MAPPER.readTree(tmp.resolve("walk.json").toFile());
        assertThat(r.get("keys")).isEqualTo(table);
        assertThat((float) table.get("fps").doubleValue()).isEqualTo(24f);
        assertThat(r.get("warnings")).isNotEmpty();
        // the numbers on stdout are the file's, digit for digit
        assertThat(run.out()).contains("\"toleranceUnits\" : " + table.get("toleranceUnits").asText());
    }

    @Test
    void theDocumentNamesEveryFieldOfTheTableAndTheReport() throws IOException {
        Path in = humanoid();
        Cli.Run run = Cli.run("keys", in, "--clip", "walk", "--out", tmp.resolve("w.glb"), "--json", "--quiet");
        run.assertOk();
        Set<String> report = new TreeSet<>();
        DocFields.paths(MAPPER.readTree(run.out()), report);
        Set<String> table = new TreeSet<>();
        DocFields.paths(MAPPER.readTree(tmp.resolve("w.json").toFile()), table);
        Cli.run("keys", in, "--clip", "walk", "--out", tmp.resolve("p.glb"), "--segments", "2", "--quiet").assertOk();
        DocFields.paths(MAPPER.readTree(tmp.resolve("p.json").toFile()), table);
        Set<String> documented = DocFields.documented(Files.readString(DOC));
        assertThat(documented).containsAll(report).containsAll(table);
        for (String p : table) {
            assertThat(documented).contains("keys." + p);
        }
        // and nothing documented that the outputs lack
        Set<String> all = new TreeSet<>(report);
        all.addAll(table);
        assertThat(all).containsAll(documented.stream().filter(d -> !d.startsWith("_")).toList());
    }

    @Test
    void theHelpFormatsEveryDescription() {
        Cli.Run run = Cli.run("keys", "--help").assertOk();
        assertThat(run.out()).startsWith("Usage: skinmesh keys").contains("within 0.5 % of the diagonal");
        assertThat(Cli.run("help", "keys").assertOk().out()).isEqualTo(run.out());
        // picocli formats descriptions with String.format and, when one fails (a lone '%'), warns on
        // System.err and shows the text unformatted: render every command's help and watch System.err
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        java.io.PrintStream err = System.err;
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            CommandLine root = SkinMeshCommand.commandLine(java.io.OutputStream.nullOutputStream(),
                    new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()));
            for (CommandLine sub : root.getSubcommands().values()) {
                assertThat(sub.getUsageMessage()).isNotEmpty();
            }
        } finally {
            System.setErr(err);
        }
        assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void badUsageIsExitTwoWithOneLine() throws IOException {
        Path in = humanoid();
        Path out = tmp.resolve("o.glb");
        Cli.run("keys", in, "--clip", "walk", "--out", out, "--fps", "0").assertUsage("--fps: 0.0, expected a finite number of frames per second > 0");
        Cli.run("keys", in, "--clip", "walk", "--out", out, "--fps", "-2").assertUsage("--fps: -2.0, expected a finite number of frames per second > 0");
        Cli.run("keys", in, "--clip", "walk", "--out", out, "--fps", "NaN").assertUsage("--fps: NaN, expected a finite number of frames per second > 0");
        for (String n : new String[] {"0", "-1", "x", "65537", "99999999999"}) {
            Cli.run("keys", in, "--clip", "walk", "--out", out, "--segments", n)
                    .assertUsage("--segments: " + n + ", expected auto or 1..65536");
        }
        Cli.run("keys", in, "--clip", "walk", "--out", tmp.resolve("o.gltf"))
                .assertUsage("--out: " + tmp.resolve("o.gltf") + ", expected a .glb name");
        Cli.run("keys", in, "--out", out).assertUsage("Missing required option: '--clip=C'");
        assertThat(Cli.files(tmp)).containsExactly(Path.of("humanoid.glb"));
    }

    @Test
    void badInputIsExitOneNamingTheFileAndWritesNothing() throws IOException {
        Path in = humanoid();
        Path out = tmp.resolve("o.glb");
        Cli.run("keys", in, "--clip", "run", "--out", out).assertBadInput(in.toString(), "no clip named 'run'",
                "0 'walk'", "1 'idle'");
        Cli.run("keys", in, "--clip", "7", "--out", out).assertBadInput("clip index 7 out of range");
        Cli.run("keys", in, "--clip", "walk", "--out", out, "--fps", "4").assertBadInput(in.toString(),
                "clip 'walk' of 1.0333333 s at 4.0 fps has 6 frames (5 intervals), too short: a segment spans at least"
                        + " 6 frame intervals; raise --fps to at least 5.807 fps");
        Cli.run("keys", in, "--clip", "walk", "--out", out, "--segments", "6").assertBadInput(in.toString(),
                "too short for 6 segments of at least 6 intervals each; use at most 5 segments or raise --fps to at"
                        + " least 34.839 fps");
        Cli.run("keys", tmp.resolve("missing.glb"), "--clip", "walk", "--out", out).assertBadInput("missing.glb",
                "no such file");
        Path rigid = tmp.resolve("rigid.glb");
        GltfWriter.writeGlb(TestFiles.texturedQuad(), rigid);
        Cli.run("keys", rigid, "--clip", "0", "--out", out).assertBadInput(rigid.toString());
        assertThat(Cli.files(tmp)).containsExactly(Path.of("humanoid.glb"), Path.of("rigid.glb"));
        assertThat(Cli.run("keys", in, "--clip", "walk", "--out", in).exitCode()).isEqualTo(SkinMeshCommand.BAD_INPUT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan.glb", "Fox.glb", "RiggedSimple.glb"})
    void sharedAssetsReadBackEqualAndDecodeWithinTheReportedError(String name) throws IOException {
        Optional<Path> file = SharedFiles.file("assets/" + name);
        assumeTrue(file.isPresent(), SharedFiles.ABSENT + " (needs assets/" + name + ")");
        GltfAsset asset = GltfReader.read(file.get());
        for (int c = 0; c < asset.clips().size(); c++) {
            Path out = tmp.resolve(name.replace(".glb", "") + ".c" + c + ".glb");
            Cli.run("keys", file.get(), "--clip", c, "--out", out, "--quiet").assertOk();
            checkWritten(file.get(), c, out, KeyframeOptions.DEFAULTS);
        }
    }
}
