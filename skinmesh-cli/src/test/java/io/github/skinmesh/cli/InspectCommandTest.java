package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skinmesh inspect} on the three shared assets (text and JSON) and on a small written file
 * with morph targets and a validation error; bad input exits 1 naming the file.
 */
class InspectCommandTest {
    /** Agreement of durations printed with four decimals. */
    static final double PRINTED_SECONDS = 5e-5;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** One run per asset and mode for the whole class. */
    private static final Map<String, Cli.Run> RUNS = new HashMap<>();

    static Path asset(String name) {
        Optional<Path> p = SharedFiles.file("assets/" + name);
        assumeTrue(p.isPresent(), SharedFiles.ABSENT);
        return p.get();
    }

    static synchronized Cli.Run inspect(String name, boolean json) {
        return RUNS.computeIfAbsent(name + json, k -> json ? Cli.run("inspect", asset(name), "--json")
                : Cli.run("inspect", asset(name))).assertOk();
    }

    static JsonNode inspectJson(String name) throws IOException {
        Cli.Run run = inspect(name, true);
        assertThat(run.err()).isEmpty();
        return MAPPER.readTree(run.out());
    }

    // ---------------------------------------------------------------- text

    @Test
    void foxTextNamesCountsJointsAnimationsAndProblems() {
        String out = inspect("Fox.glb", false).out();
        assertThat(out).contains("Fox.glb: 162852 bytes, glTF 2.0")
                .contains("1 skinned instance, 0 rigid instances, 1 primitives")
                .contains("node 1 'fox': mesh 0, skin 0")
                .contains("primitive 0: 1728 vertices, 1728 indices (576 triangles), POSITION TEXCOORD_0 JOINTS_0 WEIGHTS_0")
                .contains("skin: 24 joints, 22 with weight, 4 influences per vertex")
                .contains("animations: 3")
                .contains("0 'Survey': 3.4167 s").contains("1 'Walk': 0.7083 s").contains("2 'Run': 1.1583 s")
                .contains("problems: 0 errors, 2 warnings")
                .contains("WARNING palette entry 0: bone '_rootJoint' has no vertex with a non-zero weight")
                .contains("WARNING palette entry 1: bone 'b_Root_00' has no vertex with a non-zero weight");
    }

    @Test
    void cesiumManTextShowsItsLateFirstKey() {
        String out = inspect("CesiumMan.glb", false).out();
        assertThat(out).contains("node 2 'Cesium_Man': mesh 0, skin 0")
                .contains("primitive 0: 3273 vertices")
                .contains("POSITION NORMAL TEXCOORD_0 JOINTS_0 WEIGHTS_0")
                .contains("skin: 19 joints, 19 with weight, 4 influences per vertex")
                .contains("animations: 1").contains("0 '': 2.0000 s (keys 0.0417..2.0000 s)")
                .contains("problems: 0 errors, 0 warnings");
    }

    @Test
    void riggedSimpleText() {
        String out = inspect("RiggedSimple.glb", false).out();
        assertThat(out).contains("primitive 0: 160 vertices")
                .contains("skin: 2 joints, 2 with weight, 4 influences per vertex")
                .contains("0 '': 2.0833 s (keys 0.0417..2.0833 s)")
                .contains("problems: 0 errors, 0 warnings");
    }

    // ---------------------------------------------------------------- JSON

    @Test
    void foxJsonHasTheDocumentedFields() throws IOException {
        JsonNode j = inspectJson("Fox.glb");
        assertThat(j.get("file").asText()).isEqualTo("Fox.glb");
        assertThat(j.get("bytes").asLong()).isEqualTo(Files.size(asset("Fox.glb")));
        assertThat(j.get("format").asText()).isEqualTo("glTF 2.0");
        assertThat(j.get("bones").asInt()).isEqualTo(25);
        assertThat(j.get("primitives")).hasSize(1);
        JsonNode p = j.get("primitives").get(0);
        assertThat(p.get("node").asInt()).isEqualTo(1);
        assertThat(p.get("nodeName").asText()).isEqualTo("fox");
        assertThat(p.get("mesh").asInt()).isZero();
        assertThat(p.get("primitive").asInt()).isZero();
        assertThat(p.get("skinned").asBoolean()).isTrue();
        assertThat(p.get("vertices").asInt()).isEqualTo(1728);
        assertThat(p.get("indices").asInt()).isEqualTo(1728);
        assertThat(texts(p.get("attributes"))).containsExactly("POSITION", "TEXCOORD_0", "JOINTS_0", "WEIGHTS_0");
        assertThat(p.get("material").asText()).isEqualTo("fox_material");
        assertThat(p.get("skin").asInt()).isZero();
        assertThat(p.get("joints").asInt()).isEqualTo(24);
        assertThat(p.get("jointsWithWeight").asInt()).isEqualTo(22);
        assertThat(p.get("influencesPerVertex").asInt()).isEqualTo(4);
        assertThat(p.get("morphTargets")).isEmpty();
        assertThat(p.get("problems")).hasSize(2);
        JsonNode problem = p.get("problems").get(0);
        assertThat(problem.get("severity").asText()).isEqualTo("WARNING");
        assertThat(problem.get("element").asText()).isEqualTo("palette entry 0");
        assertThat(problem.get("message").asText()).contains("'_rootJoint'");
        JsonNode anims = j.get("animations");
        assertThat(anims).hasSize(3);
        String[] names = {"Survey", "Walk", "Run"};
        double[] durations = {3.4167, 0.7083, 1.1583};
        for (int a = 0; a < 3; a++) {
            assertThat(anims.get(a).get("name").asText()).isEqualTo(names[a]);
            assertThat(anims.get(a).get("duration").asDouble()).isCloseTo(durations[a], within(PRINTED_SECONDS));
            assertThat(anims.get(a).get("start").asDouble()).isZero();
            assertThat(anims.get(a).get("channels").asInt()).isEqualTo(21);
            assertThat(anims.get(a).get("morphChannels").asInt()).isZero();
        }
        assertThat(j.get("errors").asInt()).isZero();
        assertThat(j.get("warnings").asInt()).isEqualTo(2);
        assertThat(j.get("importNotes")).isEmpty();
    }

    @Test
    void cesiumManAndRiggedSimpleJson() throws IOException {
        JsonNode man = inspectJson("CesiumMan.glb");
        assertThat(man.get("primitives").get(0).get("vertices").asInt()).isEqualTo(3273);
        assertThat(man.get("primitives").get(0).get("joints").asInt()).isEqualTo(19);
        assertThat(man.get("animations").get(0).get("name").asText()).isEmpty();
        assertThat(man.get("animations").get(0).get("duration").asDouble()).isCloseTo(2.0, within(PRINTED_SECONDS));
        assertThat(man.get("animations").get(0).get("start").asDouble()).isCloseTo(0.0417, within(PRINTED_SECONDS));
        JsonNode simple = inspectJson("RiggedSimple.glb");
        assertThat(simple.get("primitives").get(0).get("vertices").asInt()).isEqualTo(160);
        assertThat(simple.get("primitives").get(0).get("joints").asInt()).isEqualTo(2);
        assertThat(simple.get("animations").get(0).get("duration").asDouble()).isCloseTo(2.0833, within(PRINTED_SECONDS));
        assertThat(simple.get("errors").asInt()).isZero();
        assertThat(simple.get("warnings").asInt()).isZero();
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    // ---------------------------------------------------------------- morph targets and validation errors

    /** One skinned triangle plus a vertex with no weight (a validation error), with two named morph targets. */
    static Path writeFaulty(Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Skeleton s = b.build();
        float[] pos = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        float[] ibm = new Matrix4f().get(new float[16]);
        BoneWeights w = BoneWeights.of(4, new int[16], new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0});
        Mesh mesh = Mesh.builder("face").positions(pos).indices(new int[] {0, 1, 2, 1, 3, 2})
                .skin(Skin.of(new String[] {"hip"}, ibm, w))
                .addMorphTarget(MorphTarget.of("smile", new float[12], null, null))
                .addMorphTarget(MorphTarget.of("blink", new float[12], null, null)).build();
        Character character = Character.builder(s.name(), s).addPart(Part.of("Face", mesh)).build();
        Path file = dir.resolve("faulty.glb");
        GltfWriter.writeGlb(character, file);
        return file;
    }

    /**
     * A node whose mesh has two primitives reads as one part whose mesh has two submeshes; inspect
     * still reports each glTF primitive, with its own vertices, indices and material, through the
     * part's provenance. A rigid part names its bone.
     */
    @Test
    void eachGltfPrimitiveIsReportedThroughItsPart(@TempDir Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Skeleton s = b.build();
        float[] pos = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        BoneWeights w = BoneWeights.of(4, new int[16], new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});
        Mesh body = Mesh.builder("body").positions(pos).indices(new int[] {0, 1, 2, 1, 3, 2})
                .skin(Skin.of(new String[] {"hip"}, new Matrix4f().get(new float[16]), w))
                .addSubmesh(0, 3, 0).addSubmesh(3, 3, 1)
                .addMaterial(io.github.skinmesh.core.model.Material.builder("skin").build())
                .addMaterial(io.github.skinmesh.core.model.Material.builder("cloth").build()).build();
        Mesh hat = Mesh.builder("hat").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .build();
        Character character = Character.builder("rig", s).addPart(Part.of("Body", body))
                .addPart(Part.of("Hat", hat, "hip", new Matrix4f().translation(0, 1, 0))).build();
        Path file = dir.resolve("two.glb");
        GltfWriter.writeGlb(character, file);
        String text = Cli.run("inspect", file).assertOk().out();
        assertThat(text).contains("meshes: 1 skinned instance, 1 rigid instance, 3 primitives")
                .contains("  node 1 'Body': mesh 0, skin 0\n"
                        + "    primitive 0: 4 vertices, 3 indices (1 triangles), POSITION JOINTS_0 WEIGHTS_0\n"
                        + "      material 'skin' (pbrMetallicRoughness, opaque)\n")
                .contains("    primitive 1: 4 vertices, 3 indices (1 triangles), POSITION JOINTS_0 WEIGHTS_0\n"
                        + "      material 'cloth' (pbrMetallicRoughness, opaque)\n")
                .contains("  node 2 'Hat': mesh 1, rigid, attached to bone 'hip'\n")
                // each primitive alone leaves a vertex unused by its triangle
                .contains("node 1 'Body' primitive 0: WARNING vertex 3: used by no triangle")
                .contains("node 1 'Body' primitive 1: WARNING vertex 0: used by no triangle");
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        assertThat(j.get("primitives")).hasSize(3);
        assertThat(j.get("primitives").get(1).get("primitive").asInt()).isEqualTo(1);
        assertThat(j.get("primitives").get(1).get("indices").asInt()).isEqualTo(3);
        assertThat(j.get("primitives").get(1).get("material").asText()).isEqualTo("cloth");
        assertThat(j.get("primitives").get(2).get("skinned").asBoolean()).isFalse();
    }

    @Test
    void morphTargetsAndValidationErrorsAreReported(@TempDir Path dir) throws IOException {
        Path file = writeFaulty(dir);
        String text = Cli.run("inspect", file).assertOk().out();
        assertThat(text).contains("morph targets: 2 (smile, blink)")
                .contains("problems: 1 error, 0 warnings")
                .containsPattern("node [0-9]+ 'Face' primitive 0: ERROR vertex 3: all 4 weights are 0");
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        JsonNode p = j.get("primitives").get(0);
        assertThat(texts(p.get("morphTargets"))).containsExactly("smile", "blink");
        assertThat(p.get("problems")).hasSize(1);
        assertThat(p.get("problems").get(0).get("severity").asText()).isEqualTo("ERROR");
        assertThat(p.get("problems").get(0).get("element").asText()).isEqualTo("vertex 3");
        assertThat(j.get("errors").asInt()).isEqualTo(1);
    }

    // ---------------------------------------------------------------- bad input

    @Test
    void aMissingFileExitsOneNamingIt(@TempDir Path dir) {
        Path missing = dir.resolve("absent.glb");
        Cli.run("inspect", missing).assertBadInput(missing.toString(), "no such file");
    }

    @Test
    void aTruncatedGlbExitsOneNamingIt(@TempDir Path dir) throws IOException {
        Path cut = dir.resolve("cut.glb");
        byte[] fox = Files.readAllBytes(asset("Fox.glb"));
        Files.write(cut, Arrays.copyOf(fox, fox.length / 3));
        Cli.run("inspect", cut, "--json").assertBadInput(cut.toString(), "truncated");
    }

    @Test
    void aCorruptJsonChunkExitsOneNamingIt(@TempDir Path dir) throws IOException {
        Path bad = SkinCommandTest.corruptJsonChunk(asset("RiggedSimple.glb"), dir.resolve("corrupt.glb"));
        Cli.Run run = Cli.run("inspect", bad).assertBadInput(bad.toString(), "JSON");
        assertThat(run.err()).startsWith("skinmesh inspect: " + bad + ": GLB JSON chunk: malformed JSON")
                .containsOnlyOnce("corrupt.glb");
    }

    @Test
    void aFileThatIsNotGltfExitsOne(@TempDir Path dir) throws IOException {
        Path txt = Files.writeString(dir.resolve("notes.txt"), "hello");
        Cli.run("inspect", txt).assertBadInput(txt.toString(), ".glb or .gltf");
    }

    @Test
    void verboseAddsTheStackTrace(@TempDir Path dir) {
        Path missing = dir.resolve("absent.glb");
        Cli.Run run = Cli.run("inspect", missing, "--verbose");
        assertThat(run.exitCode()).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(run.err()).contains(missing.toString()).contains("\tat ");
    }

    @Test
    void noFileIsBadUsage() {
        Cli.run("inspect").assertUsage("FILE");
    }
}
