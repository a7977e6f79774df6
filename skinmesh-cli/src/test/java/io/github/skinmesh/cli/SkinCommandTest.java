package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.ReferencePose;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.joml.Matrix4f;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skinmesh skin}: every shared reference pose reproduced through the command line, the
 * {@code --json} description, clamped clip time, and the exit codes and file safety of CLI.md.
 */
class SkinCommandTest {
    /** The reference's agreement bound for a float32 implementation, relative to the posed bounds' diagonal. */
    static final float RELATIVE_TOLERANCE = 1e-5f;
    /** Agreement of times and durations written as decimal text with their float values. */
    static final double TIME_TOLERANCE = 1e-6;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    static Path asset(String name) {
        Optional<Path> p = SharedFiles.file("assets/" + name);
        assumeTrue(p.isPresent(), SharedFiles.ABSENT);
        return p.get();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static float[] floats(Path bin) throws IOException {
        byte[] bytes = Files.readAllBytes(bin);
        assertThat(bytes.length % 12).as("%s: whole x, y, z float32 vertices", bin).isZero();
        float[] xyz = new float[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(xyz);
        return xyz;
    }

    /** Copies a GLB with its JSON chunk's first bytes after the opening brace replaced by garbage. */
    static Path corruptJsonChunk(Path glb, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(glb);
        int jsonStart = 20; // 12-byte header, 8-byte chunk header
        assertThat(bytes[jsonStart]).isEqualTo((byte) '{');
        Arrays.fill(bytes, jsonStart + 1, jsonStart + 9, (byte) '{');
        Files.write(out, bytes);
        return out;
    }

    // ---------------------------------------------------------------- reference poses

    @TestFactory
    Stream<DynamicTest> everyReferencePoseIsReproduced() throws IOException {
        Optional<Path> folder = SharedFiles.file("assets/reference");
        assumeTrue(folder.isPresent(), SharedFiles.ABSENT);
        List<ReferencePose> references = ReferencePose.list(folder.get());
        assertThat(references).isNotEmpty();
        return references.stream().map(ref -> DynamicTest.dynamicTest(ref.bin().getFileName().toString(),
                () -> checkReference(ref)));
    }

    private void checkReference(ReferencePose ref) throws IOException {
        Path bin = tmp.resolve(ref.bin().getFileName());
        Path json = tmp.resolve(ref.jsonFile().getFileName());
        List<Object> args = new ArrayList<>(List.of("skin", ref.assetFile()));
        if (!ref.isRest()) {
            args.addAll(List.of("--clip", ref.clipIndex() != Index.NONE ? ref.clipIndex() : ref.clip(),
                    "--time", ref.time()));
        }
        args.addAll(List.of("--space", ref.space(), "--out", bin, "--json", json));
        Cli.Run run = Cli.run(args.toArray()).assertOk();
        assertThat(run.out()).contains(ref.assetFile().toString()).contains(bin.toString());

        float[] expected = ref.positions();
        float[] actual = floats(bin);
        assertThat(actual).hasSameSizeAs(expected);
        float diagonal = Bounds.of(expected, 0, expected.length / 3).diagonal();
        double worst = 0;
        int worstVertex = 0;
        for (int v = 0; v < expected.length / 3; v++) {
            double dx = actual[3 * v] - expected[3 * v];
            double dy = actual[3 * v + 1] - expected[3 * v + 1];
            double dz = actual[3 * v + 2] - expected[3 * v + 2];
            double ratio = Math.sqrt(dx * dx + dy * dy + dz * dz) / diagonal;
            if (ratio > worst) {
                worst = ratio;
                worstVertex = v;
            }
        }
        assertThat(worst).as("%s: worst vertex %d is off by %.3g x the posed bounds' diagonal %.4g (limit %.0e)",
                ref.bin().getFileName(), worstVertex, worst, diagonal, RELATIVE_TOLERANCE)
                .isLessThanOrEqualTo(RELATIVE_TOLERANCE);

        JsonNode mine = MAPPER.readTree(json.toFile());
        JsonNode theirs = MAPPER.readTree(ref.jsonFile().toFile());
        checkDescription(mine, Files.readAllBytes(bin));
        for (String field : List.of("file", "format", "space", "pose", "clip", "clipIndex", "loop", "totalVertices")) {
            assertThat(mine.get(field)).as(field).isEqualTo(theirs.get(field));
        }
        for (String field : List.of("requestedTime", "effectiveTime", "duration")) {
            assertThat(mine.get(field).isNull()).as(field + " is null").isEqualTo(theirs.get(field).isNull());
            assertThat(mine.get(field).asDouble()).as(field).isCloseTo(theirs.get(field).asDouble(),
                    within(TIME_TOLERANCE));
        }
        assertThat(mine.get("primitives")).hasSameSizeAs(theirs.get("primitives"));
        for (int p = 0; p < theirs.get("primitives").size(); p++) {
            JsonNode a = mine.get("primitives").get(p);
            JsonNode b = theirs.get("primitives").get(p);
            for (String field : List.of("node", "nodeName", "mesh", "primitive", "skin", "vertexCount", "firstVertex",
                    "byteOffset", "byteLength")) {
                assertThat(a.get(field)).as("primitive %d %s", p, field).isEqualTo(b.get(field));
            }
            assertThat(a.get("samples")).as("primitive %d samples", p).hasSameSizeAs(b.get("samples"));
            for (int k = 0; k < b.get("samples").size(); k++) {
                JsonNode sa = a.get("samples").get(k);
                JsonNode sb = b.get("samples").get(k);
                assertThat(sa.get("vertex")).as("primitive %d sample %d vertex", p, k).isEqualTo(sb.get("vertex"));
                for (int c = 0; c < 3; c++) {
                    assertThat(sa.get("position").get(c).asDouble()).as("primitive %d sample %d", p, k)
                            .isCloseTo(sb.get("position").get(c).asDouble(),
                                    within((double) RELATIVE_TOLERANCE * diagonal));
                }
            }
            for (String field : List.of("min", "max")) {
                for (int c = 0; c < 3; c++) {
                    assertThat(a.get(field).get(c).asDouble()).as("primitive %d %s[%d]", p, field, c)
                            .isCloseTo(b.get(field).get(c).asDouble(), within((double) RELATIVE_TOLERANCE * diagonal));
                }
            }
        }
    }

    /** The documented fields of a {@code --json} description add up and describe {@code bin}. */
    static void checkDescription(JsonNode j, byte[] bin) {
        assertThat(j.get("tool").asText()).isEqualTo("skinmesh skin");
        assertThat(j.get("format").asText()).startsWith("float32 little-endian xyz per vertex");
        assertThat(j.get("sha256").asText()).isEqualTo(sha256(bin));
        int total = j.get("totalVertices").asInt();
        assertThat(bin.length).isEqualTo(12 * total);
        int first = 0;
        float[] xyz = new float[bin.length / 4];
        ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(xyz);
        for (JsonNode p : j.get("primitives")) {
            int n = p.get("vertexCount").asInt();
            assertThat(p.get("firstVertex").asInt()).isEqualTo(first);
            assertThat(p.get("byteOffset").asLong()).isEqualTo(12L * first);
            assertThat(p.get("byteLength").asLong()).isEqualTo(12L * n);
            Bounds b = Bounds.of(xyz, 3 * first, n);
            assertThat(p.get("min").get(0).floatValue()).isEqualTo(b.minX());
            assertThat(p.get("max").get(2).floatValue()).isEqualTo(b.maxZ());
            JsonNode samples = p.get("samples");
            assertThat(samples).hasSize(3);
            for (JsonNode sample : samples) {
                int v = first + sample.get("vertex").asInt();
                for (int c = 0; c < 3; c++) {
                    assertThat(sample.get("position").get(c).floatValue()).isEqualTo(xyz[3 * v + c]);
                }
            }
            assertThat(samples.get(2).get("vertex").asInt()).isEqualTo(n - 1);
            first += n;
        }
        assertThat(first).isEqualTo(total);
        if (j.get("pose").asText().equals("clip")) {
            assertThat(j.get("effectiveTime").asDouble())
                    .isEqualTo(Math.max(0, Math.min(j.get("requestedTime").asDouble(), j.get("duration").asDouble())));
        } else {
            assertThat(j.get("pose").asText()).isEqualTo("rest");
            for (String field : List.of("clip", "clipIndex", "requestedTime", "effectiveTime", "duration", "loop")) {
                assertThat(j.get(field).isNull()).as("%s of the rest pose is null", field).isTrue();
            }
        }
    }

    // ---------------------------------------------------------------- clip time

    @Test
    void aTimePastTheEndGivesTheLastKey() throws IOException {
        Path man = asset("CesiumMan.glb");
        Path late = tmp.resolve("late.bin");
        Path end = tmp.resolve("end.bin");
        Cli.run("skin", man, "--clip", "0", "--time", "99", "--out", late, "--json", tmp.resolve("late.json")).assertOk();
        Cli.run("skin", man, "--clip", "0", "--time", "2", "--out", end).assertOk();
        assertThat(Files.readAllBytes(late)).isEqualTo(Files.readAllBytes(end));
        JsonNode j = MAPPER.readTree(tmp.resolve("late.json").toFile());
        checkDescription(j, Files.readAllBytes(late));
        assertThat(j.get("requestedTime").asDouble()).isEqualTo(99.0);
        assertThat(j.get("duration").asDouble()).isEqualTo(2.0);
        assertThat(j.get("effectiveTime").asDouble()).isEqualTo(2.0);
    }

    @Test
    void aClipByNameEqualsTheSameClipByIndex() throws IOException {
        Path fox = asset("Fox.glb");
        Cli.run("skin", fox, "--clip", "Walk", "--time", "0.3", "--out", tmp.resolve("name.bin")).assertOk();
        Cli.run("skin", fox, "--clip", "1", "--time", "0.3", "--out", tmp.resolve("index.bin")).assertOk();
        assertThat(Files.readAllBytes(tmp.resolve("name.bin"))).isEqualTo(Files.readAllBytes(tmp.resolve("index.bin")));
    }

    @Test
    void aGltfWithAnExternalBufferReadsLikeItsGlb() throws IOException {
        Path glb = asset("RiggedSimple.glb");
        Path dir = Files.createDirectories(tmp.resolve("split"));
        byte[] bytes = Files.readAllBytes(glb);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLength = b.getInt(12);
        int binLength = b.getInt(20 + jsonLength);
        ObjectNode root = (ObjectNode) MAPPER.readTree(new String(bytes, 20, jsonLength, StandardCharsets.UTF_8).trim());
        ((ObjectNode) root.get("buffers").get(0)).put("uri", "simple%20data.bin");
        Files.write(dir.resolve("simple data.bin"), Arrays.copyOfRange(bytes, 28 + jsonLength, 28 + jsonLength + binLength));
        Path gltf = dir.resolve("simple.gltf");
        Files.writeString(gltf, MAPPER.writeValueAsString(root));
        Cli.run("skin", glb, "--clip", "0", "--time", "1", "--out", tmp.resolve("glb.bin")).assertOk();
        Cli.run("skin", gltf, "--clip", "0", "--time", "1", "--out", tmp.resolve("gltf.bin")).assertOk();
        assertThat(Files.readAllBytes(tmp.resolve("gltf.bin"))).isEqualTo(Files.readAllBytes(tmp.resolve("glb.bin")));
    }

    @Test
    void aGltfWhoseBufferIsMissingExitsOneNamingTheFileAndTheUri() throws IOException {
        Path out = out();
        Path gltf = tmp.resolve("lonely.gltf");
        Files.writeString(gltf, "{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"uri\":\"gone.bin\",\"byteLength\":4}]}");
        Cli.run("skin", gltf, "--out", out.resolve("a.bin")).assertBadInput(gltf.toString(), "'gone.bin'", "not found");
        assertThat(Cli.files(out)).isEmpty();
    }

    // ---------------------------------------------------------------- bad usage: exit 2, nothing written

    private Path out() throws IOException {
        return Files.createDirectories(tmp.resolve("out"));
    }

    @Test
    void aMissingOutIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("Fox.glb"), "--json", out.resolve("a.json")).assertUsage("--out");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aTimeWithoutAClipIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("Fox.glb"), "--time", "1", "--out", out.resolve("a.bin")).assertUsage("--time needs --clip");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aSpaceOtherThanModelOrWorldIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("Fox.glb"), "--space", "local", "--out", out.resolve("a.bin"))
                .assertUsage("--space: 'local', expected model or world");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void anUnknownOptionIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("Fox.glb"), "--frames", "3", "--out", out.resolve("a.bin")).assertUsage("--frames");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aTimeThatIsNotANumberIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("Fox.glb"), "--clip", "0", "--time", "soon", "--out", out.resolve("a.bin"))
                .assertUsage("soon");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aNonFiniteTimeIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("Fox.glb"), "--clip", "0", "--time", "NaN", "--out", out.resolve("a.bin"))
                .assertUsage("--time: NaN, expected a finite number of seconds");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aNegativeTimeIsBadUsage() throws IOException {
        Path out = out();
        for (String t : List.of("-1", "-0.001", "-Infinity", "Infinity")) {
            Cli.run("skin", asset("Fox.glb"), "--clip", "0", "--time", t, "--out", out.resolve("a.bin"))
                    .assertUsage("--time: " + Float.parseFloat(t) + ", expected a finite number of seconds >= 0");
        }
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void jsonToStandardOutputIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("Fox.glb"), "--out", out.resolve("a.bin"), "--json", "-")
                .assertUsage("--json: '-' is not a file name; only --out writes to standard output");
        assertThat(Cli.files(out)).isEmpty();
    }

    // ---------------------------------------------------------------- --out -: the positions on stdout

    @Test
    void outDashWritesThePositionsAndNothingElseToStandardOutput() throws IOException {
        Path fox = asset("Fox.glb");
        Path file = tmp.resolve("walk.bin");
        Cli.run("skin", fox, "--clip", "Walk", "--time", "0.3", "--out", file).assertOk();
        Path json = tmp.resolve("walk.json");
        Cli.Run piped = Cli.run("skin", fox, "--clip", "Walk", "--time", "0.3", "--out", "-", "--json", json,
                "--quiet").assertOk();
        assertThat(piped.stdout()).isEqualTo(Files.readAllBytes(file));
        assertThat(piped.err()).isEmpty();
        checkDescription(MAPPER.readTree(json.toFile()), piped.stdout());
        assertThat(Cli.files(tmp)).as("no file named '-'").doesNotContain(Path.of("-"));
    }

    @Test
    void aFailingStandardOutputKeepsNoOtherOutput() throws IOException {
        Path out = out();
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        StringWriter err = new StringWriter();
        int code = SkinMeshCommand.commandLine(broken, new PrintWriter(new StringWriter()), new PrintWriter(err, true))
                .execute("skin", asset("RiggedSimple.glb").toString(), "--out", "-", "--json",
                        out.resolve("a.json").toString(), "--quiet");
        assertThat(code).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(err.toString()).isEqualTo("skinmesh skin: standard output: cannot write the positions (Broken pipe);"
                + " no output of this run was kept" + System.lineSeparator());
        assertThat(Cli.files(out)).isEmpty();
    }

    // ---------------------------------------------------------------- files skin cannot pose, images it does not need

    @Test
    void aFileWithoutASkinnedPrimitiveExitsOneSayingSo() throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Skeleton s = b.build();
        Mesh box = Mesh.builder("box").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .build();
        Path rigid = tmp.resolve("rigid.glb");
        GltfWriter.writeGlb(Character.builder("rig", s).addPart(Part.of("Box", box, "hip", new Matrix4f())).build(),
                rigid);
        Path out = out();
        Cli.run("skin", rigid, "--out", out.resolve("a.bin"), "--json", out.resolve("a.json"))
                .assertBadInput(rigid + ": no skinned primitive to pose (no node has both a skin and a mesh with a "
                        + "triangle primitive); nothing written");
        assertThat(Cli.files(out)).isEmpty();
    }

    /** A .gltf whose base color image file is missing still poses: the note names the image, --quiet drops it. */
    @Test
    void aMissingImageFileIsNotedAndIgnored() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("textured"));
        Path gltf = TestFiles.gltfWithMissingImage(dir);
        Cli.Run run = Cli.run("skin", gltf, "--out", tmp.resolve("t.bin")).assertOk();
        assertThat(run.err()).startsWith("skinmesh skin: " + gltf + ": images[0].uri 'gone.png' not found beside "
                + "the document; ignored (skin needs no pixels)" + System.lineSeparator());
        assertThat(Cli.run("skin", gltf, "--out", tmp.resolve("q.bin"), "--quiet").assertOk().err()).isEmpty();
        assertThat(Files.readAllBytes(tmp.resolve("q.bin"))).isEqualTo(Files.readAllBytes(tmp.resolve("t.bin")));
    }

    /**
     * What the reader approximates changes the positions, so skin says it: a sheared matrix above
     * the joint is read as its closest TRS, with a note naming the node; --quiet drops it. The missing
     * image's note is not repeated.
     */
    @Test
    void whatTheReaderApproximatesIsNoted() throws IOException {
        Path sheared = tmp.resolve("sheared.glb");
        Files.write(sheared, TinyGlb.glb(j -> ((com.fasterxml.jackson.databind.node.ObjectNode) j.get("nodes").get(0))
                .putArray("matrix").add(1).add(0).add(0).add(0).add(0.5).add(1).add(0).add(0).add(0).add(0).add(1)
                .add(0).add(0).add(0).add(0).add(1)));
        Cli.Run run = Cli.run("skin", sheared, "--out", tmp.resolve("s.bin")).assertOk();
        assertThat(run.err()).contains("skinmesh skin: " + sheared + ": nodes[0]: matrix is not a "
                + "translation-rotation-scale (shear, projection or zero scale); rest transform approximated"
                + System.lineSeparator());
        assertThat(Cli.run("skin", sheared, "--out", tmp.resolve("q.bin"), "--quiet").assertOk().err()).isEmpty();
        Path dir = Files.createDirectories(tmp.resolve("textured"));
        Path gltf = TestFiles.gltfWithMissingImage(dir);
        assertThat(Cli.run("skin", gltf, "--out", tmp.resolve("t.bin")).assertOk().err()).containsOnlyOnce("gone.png");
    }

    // ---------------------------------------------------------------- bad input: exit 1, nothing written

    @Test
    void aMissingFileExitsOne() throws IOException {
        Path out = out();
        Path missing = tmp.resolve("absent.glb");
        Cli.run("skin", missing, "--out", out.resolve("a.bin")).assertBadInput(missing.toString(), "no such file");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aTruncatedGlbExitsOne() throws IOException {
        Path out = out();
        Path cut = tmp.resolve("cut.glb");
        byte[] fox = Files.readAllBytes(asset("Fox.glb"));
        Files.write(cut, Arrays.copyOf(fox, fox.length - 1000));
        Cli.run("skin", cut, "--out", out.resolve("a.bin")).assertBadInput(cut.toString(), "truncated");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aCorruptJsonChunkExitsOne() throws IOException {
        Path out = out();
        Path bad = corruptJsonChunk(asset("Fox.glb"), tmp.resolve("corrupt.glb"));
        Cli.Run run = Cli.run("skin", bad, "--out", out.resolve("a.bin")).assertBadInput(bad.toString(), "GLB JSON chunk");
        assertThat(run.err()).as("the file is named once").containsOnlyOnce("corrupt.glb");
        assertThat(run.err()).as("the path as given, then the reader's detail")
                .startsWith("skinmesh skin: " + bad + ": GLB JSON chunk: malformed JSON");
        assertThat(Cli.files(out)).isEmpty();
    }

    /** Parser messages reach the user in the document's terms, never with the JSON library's internals. */
    @Test
    void malformedJsonIsReportedWithoutParserInternals() throws IOException {
        Path out = out();
        Map<String, String> cases = Map.of(
                "{\"asset\": {\"version\": \"2.0\"}", "malformed JSON at line 1 column 29: Unexpected end-of-input: "
                        + "expected close marker for Object (opened at line 1 column 1)",
                "{\"asset\": {\"version\": \"2.0\"}} {}", "malformed JSON at line 1 column 31: content after the root "
                        + "object, expected the end of the document",
                "[".repeat(300), "JSON beyond this reader's limits: Document nesting depth (257) exceeds the maximum "
                        + "allowed (256)",
                "{\"asset\": NaN}", "malformed JSON at line 1 column 14: Non-standard token 'NaN'");
        int i = 0;
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Path gltf = Files.writeString(tmp.resolve("bad" + i++ + ".gltf"), c.getKey());
            for (String command : List.of("skin", "inspect")) {
                Cli.Run run = command.equals("skin") ? Cli.run("skin", gltf, "--out", out.resolve("a.bin"))
                        : Cli.run("inspect", gltf, "--json");
                run.assertBadInput(gltf + ": glTF: " + c.getValue());
                assertThat(run.err()).doesNotContain("Source").doesNotContain("`").doesNotContain("jackson")
                        .doesNotContain("REDACTED").doesNotContain("START_OBJECT");
                assertThat(run.stdout()).isEmpty();
            }
        }
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void anUnknownClipNameExitsOneListingTheClips() throws IOException {
        Path out = out();
        Path fox = asset("Fox.glb");
        Cli.run("skin", fox, "--clip", "Sprint", "--out", out.resolve("a.bin"))
                .assertBadInput(fox.toString(), "no clip named 'Sprint'", "0 'Survey', 1 'Walk', 2 'Run'");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aClipIndexOutOfRangeExitsOne() throws IOException {
        Path out = out();
        Path fox = asset("Fox.glb");
        Cli.run("skin", fox, "--clip", "3", "--out", out.resolve("a.bin"))
                .assertBadInput(fox.toString(), "clip index 3 out of range", "has 3 clips");
        Cli.run("skin", fox, "--clip", "99999999999", "--out", out.resolve("a.bin"))
                .assertBadInput(fox.toString(), "clip index 99999999999 out of range");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void verbosePrintsTheStackTrace() throws IOException {
        Path out = out();
        Path missing = tmp.resolve("absent.glb");
        Cli.Run run = Cli.run("--verbose", "skin", missing, "--out", out.resolve("a.bin"));
        assertThat(run.exitCode()).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(run.err()).contains(missing.toString()).contains("SkinMeshException").contains("\tat ");
    }

    // ---------------------------------------------------------------- inputs are never overwritten

    private Path copyOfInput() throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in"));
        return Files.copy(asset("RiggedSimple.glb"), in.resolve("RiggedSimple.glb"));
    }

    @Test
    void anOutputOntoTheInputIsRefused() throws IOException {
        Path input = copyOfInput();
        byte[] before = Files.readAllBytes(input);
        Cli.run("skin", input, "--out", input).assertBadInput(input.toString(), "is an input file");
        Path sameFileAnotherWay = input.getParent().resolve("..").resolve("in").resolve("RiggedSimple.glb");
        Cli.run("skin", input, "--out", sameFileAnotherWay).assertBadInput("is an input file");
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
        assertThat(Cli.files(input.getParent())).containsExactly(input.getFileName());
    }

    @Test
    void aJsonOntoTheInputIsRefusedBeforeThePositionsAreWritten() throws IOException {
        Path input = copyOfInput();
        Path out = out();
        byte[] before = Files.readAllBytes(input);
        Cli.run("skin", input, "--out", out.resolve("a.bin"), "--json", input)
                .assertBadInput(input.toString(), "is an input file");
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void oneFileForOutAndJsonIsBadUsage() throws IOException {
        Path out = out();
        Cli.run("skin", asset("RiggedSimple.glb"), "--out", out.resolve("a.bin"), "--json", out.resolve("a.bin"))
                .assertUsage("is also the --out file");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aDirectoryTargetIsRefusedBeforeAnythingIsWritten() throws IOException {
        Path out = out();
        Path folder = Files.createDirectories(out.resolve("taken.json"));
        Files.writeString(folder.resolve("keep.txt"), "keep");
        Cli.run("skin", asset("RiggedSimple.glb"), "--out", out.resolve("a.bin"), "--json", folder)
                .assertBadInput(folder.toString(), "is a directory");
        assertThat(Cli.files(out)).containsExactly(Path.of("taken.json", "keep.txt"));
    }

    @Test
    void anOutputOntoTheInputThroughALinkedFolderIsRefused() throws IOException {
        Path input = copyOfInput();
        Path link = tmp.resolve("link");
        try {
            Files.createSymbolicLink(link, input.getParent());
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links are not available here: " + e);
        }
        byte[] before = Files.readAllBytes(input);
        Path viaLink = link.resolve(input.getFileName());
        Cli.run("skin", viaLink, "--out", input).assertBadInput(input.toString(), "is an input file");
        Cli.run("skin", input, "--out", viaLink).assertBadInput(viaLink.toString(), "is an input file");
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
        assertThat(Cli.files(input.getParent())).containsExactly(input.getFileName());
    }

    @Test
    void anOutputOntoAHardLinkOfTheInputIsRefused() throws IOException {
        Path input = copyOfInput();
        Path other = tmp.resolve("other.glb");
        try {
            Files.createLink(other, input);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "hard links are not available here: " + e);
        }
        byte[] before = Files.readAllBytes(input);
        Cli.run("skin", input, "--out", other).assertBadInput(other.toString(), "is an input file");
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
    }
}
