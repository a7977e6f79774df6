package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.validate.Check;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
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
                .contains("1 skinned instance, 0 rigid instances, 1 primitive\n")
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

    /**
     * A mesh whose first primitive has {@code JOINTS_0} only and whose second has {@code JOINTS_1}
     * too: each primitive reports its own influences (the first took the mesh's 8 before).
     */
    @Test
    void eachPrimitiveReportsTheInfluencesItDeclares(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mixed-influences.gltf");
        try (var in = InspectCommandTest.class.getResourceAsStream("/inspect/mixed-influences.gltf")) {
            Files.copy(Objects.requireNonNull(in, "test resource"), file);
        }
        JsonNode prims = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out()).get("primitives");
        assertThat(prims).hasSize(2);
        assertThat(texts(prims.get(0).get("attributes"))).containsExactly("POSITION", "JOINTS_0", "WEIGHTS_0");
        assertThat(prims.get(0).get("influencesPerVertex").asInt()).isEqualTo(4);
        assertThat(prims.get(0).get("jointsWithWeight").asInt()).isEqualTo(2);
        assertThat(prims.get(1).get("influencesPerVertex").asInt()).isEqualTo(8);
        assertThat(Cli.run("inspect", file).assertOk().out())
                .containsSubsequence("primitive 0:", "4 influences per vertex", "primitive 1:", "8 influences per vertex");
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
        float[] weights = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
        BoneWeights w = BoneWeights.of(4, new int[16], weights);
        Mesh mesh = Mesh.builder("face").positions(pos).indices(new int[] {0, 1, 2, 1, 3, 2})
                .skin(Skin.of(new String[] {"hip"}, ibm, w))
                .addMorphTarget(MorphTarget.of("smile", new float[12], null, null))
                .addMorphTarget(MorphTarget.of("blink", new float[12], null, null)).build();
        Character character = Character.builder(s.name(), s).addPart(Part.of("Face", mesh)).build();
        return TestFiles.writeWithWeights(character, dir.resolve("faulty.glb"), weights);
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
                        + "    primitive 0: 4 vertices, 3 indices (1 triangle), POSITION JOINTS_0 WEIGHTS_0\n"
                        + "      material 'skin' (pbrMetallicRoughness, opaque)\n")
                .contains("    primitive 1: 4 vertices, 3 indices (1 triangle), POSITION JOINTS_0 WEIGHTS_0\n"
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

    /**
     * A primitive is validated alone, but the materials of its mesh's other primitives are not its
     * own: a mesh of two primitives with a material each has no unused material.
     */
    @Test
    void theOtherPrimitivesMaterialsAreNotUnused(@TempDir Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        float[] pos = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        Mesh two = Mesh.builder("two").positions(pos).indices(new int[] {0, 1, 2, 1, 3, 2, 4, 5, 6, 5, 7, 6})
                .addSubmesh(0, 6, 0).addSubmesh(6, 6, 1)
                .addMaterial(Material.builder("a").build()).addMaterial(Material.builder("b").build()).build();
        Path file = dir.resolve("two.glb");
        GltfWriter.writeGlb(Character.builder("rig", b.build()).addPart(Part.of("Two", two, "hip", new Matrix4f()))
                .build(), file);
        // the writer gives each primitive its own four vertices, so each alone is whole
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        assertThat(j.get("primitives")).hasSize(2);
        assertThat(j.get("primitives").get(1).get("material").asText()).isEqualTo("b");
        assertThat(j.get("problems")).as("problems").isEmpty();
        assertThat(j.get("warnings").asInt()).isZero();
        assertThat(Cli.run("inspect", file).assertOk().out()).contains("problems: 0 errors, 0 warnings");
    }

    /**
     * The primitives of one glTF mesh share its node's skin and each has its one material: a joint
     * that another primitive weights is not unused, and the other primitives' materials are not
     * unused materials. A joint no primitive weights is reported once, on the first primitive. (A
     * combined character, one mesh with a primitive per material, used to get a warning for every
     * joint and material of every other primitive.)
     */
    @Test
    void primitivesOfOneMeshShareItsSkinAndKeepTheirOwnMaterial(@TempDir Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        int hip = b.addBone("hip", Skeleton.NO_PARENT);
        b.addBone("leg", hip);
        b.addBone("tail", hip);
        Skeleton s = b.build();
        float[] pos = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0, 2, 0, 0};
        // vertices 0-2 (first primitive) on 'hip', 3-5 (second) on 'leg'; 'tail' weighted by none
        int[] joints = new int[24];
        float[] weights = new float[24];
        for (int v = 0; v < 6; v++) {
            joints[4 * v] = v < 3 ? 0 : 1;
            weights[4 * v] = 1;
        }
        float[] ibm = new float[48];
        for (int e = 0; e < 3; e++) {
            new Matrix4f().get(ibm, 16 * e);
        }
        Mesh body = Mesh.builder("body").positions(pos).indices(new int[] {0, 1, 2, 3, 4, 5})
                .skin(Skin.of(new String[] {"hip", "leg", "tail"}, ibm, BoneWeights.of(4, joints, weights)))
                .addSubmesh(0, 3, 0).addSubmesh(3, 3, 1)
                .addMaterial(Material.builder("skin").build()).addMaterial(Material.builder("cloth").build()).build();
        Path file = dir.resolve("body.glb");
        GltfWriter.writeGlb(Character.builder("rig", s).addPart(Part.of("Body", body)).build(), file);
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        assertThat(j.get("primitives")).hasSize(2);
        assertThat(codes(j)).containsExactly("SKIN_JOINT_UNUSED WARNING /meshes/0/primitives/0");
        assertThat(j.get("problems").get(0).get("message").asText()).contains("'tail'");
        assertThat(j.get("primitives").get(0).get("problems")).hasSize(1);
        assertThat(j.get("primitives").get(1).get("problems")).isEmpty();
        // what each primitive weights is still its own
        assertThat(j.get("primitives").get(0).get("jointsWithWeight").asInt()).isEqualTo(1);
        assertThat(j.get("primitives").get(1).get("jointsWithWeight").asInt()).isEqualTo(1);
        assertThat(Cli.run("inspect", file).assertOk().out()).contains("problems: 0 errors, 1 warning\n")
                .doesNotContain("MATERIAL_UNUSED");
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

    // ---------------------------------------------------------------- format version, path, pointers, codes

    @Test
    void theJsonCarriesItsFormatVersionAndThePathAsGiven() throws IOException {
        for (String name : List.of("Fox.glb", "CesiumMan.glb", "RiggedSimple.glb")) {
            JsonNode j = inspectJson(name);
            assertThat(j.get("formatVersion").asInt()).isEqualTo(InspectCommand.FORMAT_VERSION).isEqualTo(1);
            assertThat(j.get("path").asText()).isEqualTo(asset(name).toString());
            assertThat(j.get("file").asText()).isEqualTo(name);
        }
    }

    @Test
    void aRelativePathIsReportedAsGiven(@TempDir Path dir) throws IOException {
        Path copy = Files.copy(asset("RiggedSimple.glb"), dir.resolve("simple.glb"));
        Path relative = Path.of("").toAbsolutePath().relativize(copy);
        JsonNode j = MAPPER.readTree(Cli.run("inspect", relative, "--json").assertOk().out());
        assertThat(j.get("path").asText()).isEqualTo(relative.toString());
        assertThat(Cli.run("inspect", relative).assertOk().out()).startsWith(relative + ": 15104 bytes");
    }

    @Test
    void foxProblemsHaveCodesAndPointers() throws IOException {
        JsonNode j = inspectJson("Fox.glb");
        JsonNode problems = j.get("problems");
        assertThat(problems).hasSize(2);
        for (int k = 0; k < 2; k++) {
            JsonNode q = problems.get(k);
            assertThat(q.get("code").asText()).isEqualTo("SKIN_JOINT_UNUSED");
            assertThat(q.get("severity").asText()).isEqualTo("WARNING");
            assertThat(q.get("pointer").asText()).isEqualTo("/meshes/0/primitives/0");
            assertThat(q.get("subject").asText()).isEqualTo("node 1 'fox' primitive 0");
            assertThat(q.get("element").asText()).isEqualTo("palette entry " + k);
            assertThat(q).isEqualTo(j.get("primitives").get(0).get("problems").get(k));
        }
        assertThat(j.get("primitives").get(0).get("pointer").asText()).isEqualTo("/meshes/0/primitives/0");
        assertThat(j.get("animations").get(1).get("pointer").asText()).isEqualTo("/animations/1");
        assertThat(inspect("Fox.glb", false).out()).contains("  node 1 'fox' primitive 0: WARNING palette entry 0: bone "
                + "'_rootJoint' has no vertex with a non-zero weight [SKIN_JOINT_UNUSED /meshes/0/primitives/0]\n");
    }

    /** The transform checks find nothing in real files: no false alarm on matrices, rotations or clips. */
    @Test
    void theSharedAssetsHaveNoTransformOrImageProblems() throws IOException {
        for (String name : List.of("Fox.glb", "CesiumMan.glb", "RiggedSimple.glb")) {
            for (JsonNode q : inspectJson(name).get("problems")) {
                assertThat(q.get("code").asText()).as(name).startsWith("SKIN_");
            }
        }
    }

    // ---------------------------------------------------------------- images

    @Test
    void foxAndCesiumManImagesAreSummarized() throws IOException {
        GltfAsset fox = GltfReader.read(asset("Fox.glb"));
        JsonNode j = inspectJson("Fox.glb");
        assertThat(j.get("images")).hasSize(1);
        JsonNode img = j.get("images").get(0);
        assertThat(img.get("index").asInt()).isZero();
        assertThat(img.get("pointer").asText()).isEqualTo("/images/0");
        assertThat(img.get("storage").asText()).isEqualTo("bufferView");
        assertThat(img.get("uri").isNull()).isTrue();
        assertThat(img.get("status").asText()).isEqualTo("read");
        assertThat(img.get("mimeType").asText()).isEqualTo("image/png");
        assertThat(img.get("declaredMimeType").asText()).isEqualTo("image/png");
        assertThat(img.get("detectedMimeType").asText()).isEqualTo("image/png");
        assertThat(img.get("width").asInt()).isEqualTo(1024);
        assertThat(img.get("height").asInt()).isEqualTo(1024);
        assertThat(img.get("pixelFormat").get("colorType").asText()).isEqualTo("RGB");
        assertThat(img.get("pixelFormat").get("bitDepth").asInt()).isEqualTo(8);
        assertThat(img.get("pixelFormat").get("channels").asInt()).isEqualTo(3);
        int bytes = fox.images().get(0).byteLength();
        assertThat(img.get("bytes").asInt()).isEqualTo(bytes).isEqualTo(26764);
        assertThat(img.get("usedBy")).hasSize(1);
        assertThat(img.get("usedBy").get(0).get("material").asText()).isEqualTo("fox_material");
        assertThat(img.get("usedBy").get(0).get("slot").asText()).isEqualTo("baseColor");
        assertThat(j.get("imageBytes").asLong()).isEqualTo(bytes);
        assertThat(j.get("textureCount").asInt()).isEqualTo(1);
        assertThat(inspect("Fox.glb", false).out()).contains("images: 1 (1 read, 26764 bytes), 1 texture\n"
                + "  image 0 (bufferView): image/png, 1024x1024 RGB 8-bit, 26764 bytes; baseColor of 'fox_material'\n");

        JsonNode man = inspectJson("CesiumMan.glb").get("images").get(0);
        assertThat(man.get("mimeType").asText()).isEqualTo("image/jpeg");
        assertThat(man.get("width").asInt()).isEqualTo(1024);
        assertThat(man.get("height").asInt()).isEqualTo(1024);
        assertThat(man.get("pixelFormat").get("colorType").asText()).isEqualTo("RGB");
        assertThat(inspectJson("RiggedSimple.glb").get("images")).isEmpty();
        assertThat(inspect("RiggedSimple.glb", false).out()).contains("images: 0 (0 read, 0 bytes), 0 textures\n");
    }

    @Test
    void aMissingImageIsAProblemNotAFailure(@TempDir Path dir) throws IOException {
        Path gltf = TestFiles.gltfWithMissingImage(dir);
        Cli.Run text = Cli.run("inspect", gltf).assertOk();
        assertThat(text.err()).isEmpty();
        assertThat(text.out()).contains("  image 0 'gone.png' (external): missing\n")
                .contains("problems: 1 error, 0 warnings\n")
                .contains("  image 0 'gone.png': ERROR images[0].uri 'gone.png' not found beside the document "
                        + "[IMAGE_MISSING /images/0]\n");
        JsonNode j = MAPPER.readTree(Cli.run("inspect", gltf, "--json").assertOk().out());
        JsonNode img = j.get("images").get(0);
        assertThat(img.get("storage").asText()).isEqualTo("external");
        assertThat(img.get("uri").asText()).isEqualTo("gone.png");
        assertThat(img.get("status").asText()).isEqualTo("missing");
        for (String f : List.of("width", "height", "pixelFormat", "bytes", "mimeType", "detectedMimeType")) {
            assertThat(img.get(f).isNull()).as(f).isTrue();
        }
        assertThat(img.get("usedBy")).isEmpty();
        assertThat(j.get("textureCount").asInt()).isZero();
        JsonNode q = j.get("problems").get(0);
        assertThat(q.get("code").asText()).isEqualTo("IMAGE_MISSING");
        assertThat(q.get("severity").asText()).isEqualTo("ERROR");
        assertThat(q.get("pointer").asText()).isEqualTo("/images/0");
        assertThat(j.get("errors").asInt()).isEqualTo(1);
        assertThat(j.get("importNotes").get(0).asText()).contains("the textures using images[0] are dropped");
    }

    @Test
    void anImageThatIsAFolderIsUnreadable(@TempDir Path dir) throws IOException {
        Path gltf = TestFiles.toGltf(GltfWriter.toGlb(TestFiles.texturedQuad()), dir, "quad",
                j -> TestFiles.imageToFile(j, 0, "folder.png"));
        Files.createDirectories(dir.resolve("folder.png"));
        JsonNode j = MAPPER.readTree(Cli.run("inspect", gltf, "--json").assertOk().out());
        assertThat(j.get("images").get(0).get("status").asText()).isEqualTo("unreadable");
        assertThat(j.get("problems").get(0).get("code").asText()).isEqualTo("IMAGE_UNREADABLE");
        assertThat(j.get("problems").get(0).get("pointer").asText()).isEqualTo("/images/0");
        assertThat(j.get("problems").get(0).get("message").asText()).startsWith("images[0].uri 'folder.png': ");
    }

    @Test
    void anImageLeavingTheFolderIsUnreadable(@TempDir Path dir) throws IOException {
        Path sub = Files.createDirectories(dir.resolve("sub"));
        Files.write(dir.resolve("up.png"), TestFiles.png());
        Path gltf = TestFiles.toGltf(GltfWriter.toGlb(TestFiles.texturedQuad()), sub, "quad",
                j -> TestFiles.imageToFile(j, 0, "../up.png"));
        JsonNode q = MAPPER.readTree(Cli.run("inspect", gltf, "--json").assertOk().out()).get("problems").get(0);
        assertThat(q.get("code").asText()).isEqualTo("IMAGE_UNREADABLE");
        assertThat(q.get("message").asText()).contains("leaves the folder of the document");
    }

    /** Broken image bytes: a PNG signature without a header, bytes of no known format, a type that lies. */
    @Test
    void imageBytesAreChecked(@TempDir Path dir) throws IOException {
        byte[] truncated = Arrays.copyOf(TestFiles.png(), 20);
        byte[] gif = "GIF89a\u0001\u0000\u0001\u0000".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(dir.resolve("cut.png"), truncated);
        Files.write(dir.resolve("anim.gif"), gif);
        Path gltf = TestFiles.toGltf(GltfWriter.toGlb(TestFiles.texturedQuad()), dir, "quad", j -> {
            TestFiles.imageToFile(j, 0, "cut.png");
            // two more images, used as normal and occlusion textures
            j.withArray("/images").addObject().put("uri", "anim.gif");
            j.withArray("/images").addObject().put("uri", "cut.png").put("mimeType", "image/jpeg");
            j.withArray("/textures").addObject().put("source", 1);
            j.withArray("/textures").addObject().put("source", 2);
            ObjectNode mat = (ObjectNode) j.get("materials").get(0);
            mat.putObject("normalTexture").put("index", 1);
            mat.putObject("occlusionTexture").put("index", 2);
        });
        JsonNode j = MAPPER.readTree(Cli.run("inspect", gltf, "--json").assertOk().out());
        List<String> codes = new ArrayList<>();
        List<String> pointers = new ArrayList<>();
        for (JsonNode q : j.get("problems")) {
            codes.add(q.get("code").asText());
            pointers.add(q.get("pointer").asText());
        }
        assertThat(codes).containsExactly("IMAGE_DATA_INVALID", "IMAGE_FORMAT_UNRECOGNIZED", "IMAGE_DATA_INVALID",
                "IMAGE_MIME_TYPE_MISMATCH");
        assertThat(pointers).containsExactly("/images/0", "/images/1", "/images/2", "/images/2");
        assertThat(j.get("problems").get(1).get("message").asText())
                .isEqualTo("its 10 bytes start with 47 49 46 38 39 61 01 00, the signature of none of PNG, JPEG, WebP "
                        + "or KTX2");
        assertThat(j.get("problems").get(3).get("message").asText())
                .isEqualTo("mimeType 'image/jpeg', but its bytes are image/png");
        JsonNode cut = j.get("images").get(0);
        assertThat(cut.get("status").asText()).isEqualTo("read");
        assertThat(cut.get("width").isNull()).isTrue();
        assertThat(cut.get("pixelFormat").isNull()).isTrue();
        assertThat(cut.get("bytes").asInt()).isEqualTo(20);
        assertThat(j.get("images").get(1).get("detectedMimeType").isNull()).isTrue();
        assertThat(j.get("images").get(1).get("mimeType").asText()).isEqualTo("application/octet-stream");
        assertThat(j.get("imageBytes").asLong()).isEqualTo(20 + 10 + 20);
        assertThat(j.get("textureCount").asInt()).isEqualTo(3);
    }

    @Test
    void anUnusedImageIsListedNotRead(@TempDir Path dir) throws IOException {
        Path glb = TestFiles.editGlb(asset("RiggedSimple.glb"), dir.resolve("extra.glb"),
                j -> j.withArray("/images").addObject().put("uri", "nowhere.png"));
        JsonNode img = MAPPER.readTree(Cli.run("inspect", glb, "--json").assertOk().out()).get("images").get(0);
        assertThat(img.get("status").asText()).isEqualTo("notUsed");
        assertThat(img.get("uri").asText()).isEqualTo("nowhere.png");
        assertThat(img.get("bytes").isNull()).isTrue();
        assertThat(Cli.run("inspect", glb).assertOk().out())
                .contains("  image 0 'nowhere.png' (external): not used by a mesh, not read\n");
    }

    // ---------------------------------------------------------------- bounds

    @Test
    void boundsAreTheBindPosePerPartAndInTotal() throws IOException {
        for (String name : List.of("Fox.glb", "CesiumMan.glb", "RiggedSimple.glb")) {
            GltfAsset a = GltfReader.read(asset(name));
            float[] xyz = a.parts().get(0).mesh().positions();
            float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
            float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
            for (int i = 0; i < xyz.length; i++) {
                min[i % 3] = Math.min(min[i % 3], xyz[i]);
                max[i % 3] = Math.max(max[i % 3], xyz[i]);
            }
            JsonNode j = inspectJson(name);
            assertThat(j.get("parts")).hasSize(1);
            JsonNode part = j.get("parts").get(0);
            assertThat(part.get("node").asInt()).isEqualTo(a.source(0).node());
            assertThat(part.get("name").asText()).isEqualTo(a.parts().get(0).name());
            assertThat(part.get("skin").asInt()).isZero();
            assertThat(part.get("attachBone").isNull()).isTrue();
            assertThat(part.get("vertices").asInt()).isEqualTo(xyz.length / 3);
            for (int c = 0; c < 3; c++) {
                assertThat(part.get("bounds").get("min").get(c).floatValue()).isEqualTo(min[c]);
                assertThat(part.get("bounds").get("max").get(c).floatValue()).isEqualTo(max[c]);
                assertThat(j.get("bounds").get("min").get(c).floatValue()).isEqualTo(min[c]);
                assertThat(j.get("bounds").get("max").get(c).floatValue()).isEqualTo(max[c]);
            }
        }
        assertThat(inspect("RiggedSimple.glb", false).out())
                .contains("bounds (bind pose): min (-1.0000, -1.0000, -4.5751) max (1.0000, 1.0000, 4.5751)\n"
                        + "  node 2 'Cylinder': min (-1.0000, -1.0000, -4.5751) max (1.0000, 1.0000, 4.5751)\n");
    }

    /** A triangle hanging one unit above bone 'hip', which sits at (0, 10, 0) scaled by 2: {@code hat.glb}. */
    static Path writeRigidHat(Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT, new org.joml.Vector3f(0, 10, 0), new org.joml.Quaternionf(),
                new org.joml.Vector3f(2, 2, 2));
        Skeleton s = b.build();
        Mesh hat = Mesh.builder("hat").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .build();
        Path file = dir.resolve("hat.glb");
        GltfWriter.writeGlb(Character.builder("rig", s).addPart(Part.of("Hat", hat, "hip",
                new Matrix4f().translation(0, 1, 0))).build(), file);
        return file;
    }

    /** A rigid part is placed at rest: its attach bone's rest model matrix times its transform. */
    @Test
    void aRigidPartsBoundsArePlacedAtRest(@TempDir Path dir) throws IOException {
        Path file = writeRigidHat(dir);
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        JsonNode part = j.get("parts").get(0);
        assertThat(part.get("skin").isNull()).isTrue();
        assertThat(part.get("attachBone").asText()).isEqualTo("hip");
        // (0,10,0) + 2 * ((0,1,0) + p)
        assertThat(texts(part.get("bounds").get("min"))).containsExactly("0.0", "12.0", "0.0");
        assertThat(texts(part.get("bounds").get("max"))).containsExactly("2.0", "14.0", "0.0");
    }

    // ---------------------------------------------------------------- transforms

    private static List<String> codes(JsonNode j) {
        List<String> out = new ArrayList<>();
        j.get("problems").forEach(q -> out.add(q.get("code").asText() + " " + q.get("severity").asText() + " "
                + q.get("pointer").asText()));
        return out;
    }

    private static JsonNode inspectEdited(Path dir, String asset, Consumer<ObjectNode> edit) throws IOException {
        Path glb = TestFiles.editGlb(asset(asset), dir.resolve("edited-" + asset), edit);
        return MAPPER.readTree(Cli.run("inspect", glb, "--json").assertOk().out());
    }

    /** Zero scale on the skinned node's ancestor: one error, at that node, naming the skinned node. */
    @Test
    void aZeroScaleAboveTheSkinnedNodeIsASingularTransformError(@TempDir Path dir) throws IOException {
        JsonNode j = inspectEdited(dir, "CesiumMan.glb", json -> TestFiles.scale(json, 1, 0, 0, 0));
        assertThat(codes(j)).containsExactly("NODE_TRANSFORM_SINGULAR ERROR /nodes/1");
        assertThat(j.get("problems").get(0).get("message").asText())
                .isEqualTo("its scale (0.0, 0.0, 0.0) makes its world matrix at rest singular (determinant 0); so "
                        + "skinned mesh node 2 'Cesium_Man' has no model space (inverse of its world matrix)");
        assertThat(j.get("problems").get(0).get("subject").asText()).isEqualTo("node 1 'Armature'");
    }

    /** Zero scale on a joint collapses its vertices, which glTF allows: a warning, once, not per descendant. */
    @Test
    void aZeroScaleOnAJointIsAWarningReportedOnce(@TempDir Path dir) throws IOException {
        JsonNode j = inspectEdited(dir, "CesiumMan.glb", json -> TestFiles.scale(json, 3, 1, 0, 1));
        assertThat(codes(j)).containsExactly("NODE_TRANSFORM_SINGULAR WARNING /nodes/3");
        assertThat(j.get("problems").get(0).get("message").asText())
                .isEqualTo("its scale (1.0, 0.0, 1.0) makes its world matrix at rest singular (determinant 0)");
    }

    @Test
    void aZeroScaleOnTheSkinnedNodeItselfIsAnError(@TempDir Path dir) throws IOException {
        JsonNode j = inspectEdited(dir, "RiggedSimple.glb", json -> TestFiles.scale(json, 2, 1, 1, 0));
        assertThat(codes(j)).containsExactly("NODE_TRANSFORM_SINGULAR ERROR /nodes/2");
    }

    /** A huge scale above the joints: the first node whose world matrix overflows, and the skinned node. */
    @Test
    void aHugeScaleAboveTheJointsIsAnOverflow(@TempDir Path dir) throws IOException {
        JsonNode j = inspectEdited(dir, "CesiumMan.glb", json -> TestFiles.scale(json, 1, 3.4e38f, 3.4e38f, 3.4e38f));
        assertThat(codes(j)).contains("NODE_TRANSFORM_OVERFLOW ERROR /nodes/2").allMatch(c -> c.startsWith(
                "NODE_TRANSFORM_OVERFLOW ERROR /nodes/"));
        assertThat(j.get("problems").get(0).get("message").asText()).contains("its world matrix at rest overflows float")
                .contains("is 3.4E38 (scale of node 1 'Armature')");
        assertThat(j.get("errors").asInt()).isEqualTo(j.get("problems").size());
    }

    /** A huge scale on the skinned node itself: its model space cannot be computed in float. */
    @Test
    void aHugeScaleOnTheSkinnedNodeIsAnOverflow(@TempDir Path dir) throws IOException {
        JsonNode j = inspectEdited(dir, "CesiumMan.glb", json -> TestFiles.scale(json, 2, 3.4e38f, 3.4e38f, 3.4e38f));
        assertThat(codes(j)).containsExactly("NODE_TRANSFORM_OVERFLOW ERROR /nodes/2");
        assertThat(j.get("problems").get(0).get("message").asText()).isEqualTo("the determinant of its world matrix at "
                + "rest overflows float, so its model space (inverse of its world matrix) cannot be computed");
    }

    /** A rigid part whose placement overflows: an error at its node, and its bounds are null. */
    @Test
    void aRigidPartPlacedBeyondFloatIsAnOverflow(@TempDir Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Skeleton s = b.build();
        Mesh big = Mesh.builder("big").positions(new float[] {0, 0, 0, 4, 0, 0, 0, 4, 0}).indices(new int[] {0, 1, 2})
                .build();
        Path file = dir.resolve("big.glb");
        GltfWriter.writeGlb(Character.builder("rig", s).addPart(Part.of("Big", big, "hip",
                new Matrix4f().scaling(3e38f))).build(), file);
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        assertThat(codes(j)).containsExactly("NODE_TRANSFORM_OVERFLOW ERROR /nodes/1");
        assertThat(j.get("problems").get(0).get("message").asText()).startsWith("at rest, placing its vertices "
                + "overflows float");
        assertThat(j.get("parts").get(0).get("bounds").get("min").isNull()).isTrue();
        assertThat(j.get("bounds").get("max").isNull()).isTrue();
        assertThat(Cli.run("inspect", file).assertOk().out()).contains("  node 1 'Big': overflows float\n");
    }

    /**
     * Scale keys of 1e38 on the fox's hip overflow below it (an error naming the clip, the time, the bone
     * and the key); translation keys of 1e38 do not, and skin agrees: it refuses exactly the first,
     * naming the bone, and poses the second to finite positions.
     */
    @Test
    void hugeKeysAreReportedExactlyWhenPosingOverflows(@TempDir Path dir) throws IOException {
        float[] times = {0, 1};
        for (String path : List.of("scale", "translation")) {
            Path glb = TestFiles.editGlb(asset("Fox.glb"), dir.resolve(path + ".glb"), json -> TestFiles.addAnimation(
                    json, "hostile", 4, path, times, 1, 1, 1, 1e38f, 1e38f, 1e38f));
            JsonNode j = MAPPER.readTree(Cli.run("inspect", glb, "--json").assertOk().out());
            Path bin = dir.resolve(path + ".bin");
            Cli.Run skin = Cli.run("skin", glb, "--clip", "hostile", "--time", "1", "--space", "world", "--out", bin,
                    "--quiet");
            List<String> animation = codes(j).stream().filter(c -> c.startsWith("ANIMATION")).toList();
            if (path.equals("scale")) {
                skin.assertBadInput(glb + ": CharacterPoser: clip 'hostile' at 1.0 s: bone 'b_Spine01_02' has a "
                        + "model matrix outside the float range");
                assertThat(bin).doesNotExist();
                assertThat(animation).containsExactly("ANIMATION_KEYS_OVERFLOW ERROR /animations/3");
                JsonNode q = j.get("problems").get(2);
                assertThat(q.get("subject").asText()).isEqualTo("animation 3 'hostile'");
                assertThat(q.get("message").asText()).startsWith("at 1.0 s the model matrix of bone 'b_Spine01_02' "
                        + "(node 5) overflows float, its parent's does not; the largest key on it and its ancestors "
                        + "is 1.0E38 (bone 'b_Hip_01' scale)");
            } else {
                skin.assertOk();
                for (float v : SkinCommandTest.floats(bin)) {
                    assertThat(Float.isFinite(v)).isTrue();
                }
                assertThat(animation).isEmpty();
            }
        }
    }

    /** A triangle reaching {@code size} along x and y, skinned wholly to bone "hip" when {@code skinned}. */
    private static Mesh triangle(String name, float size, boolean skinned) {
        Mesh.Builder m = Mesh.builder(name).positions(new float[] {0, 0, 0, size, 0, 0, 0, size, 0})
                .indices(new int[] {0, 1, 2});
        if (skinned) {
            m.skin(Skin.of(new String[] {"hip"}, new Matrix4f().get(new float[16]),
                    BoneWeights.of(1, new int[] {0, 0, 0}, new float[] {1, 1, 1})));
        }
        return m.build();
    }

    /**
     * Runs inspect on a file with bone "hip", whose clip "grow" scales it from 1 to 1e38 (a finite model
     * matrix), carrying the parts, and returns its ANIMATION_KEYS_OVERFLOW messages.
     */
    private static List<String> keyOverflows(Path file, Part... parts) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Character.Builder c = Character.builder("rig", b.build()).addClip(AnimationClip.of("grow", List.of(
                BoneChannel.of("hip", ChannelPath.SCALE, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {1, 1, 1, 1e38f, 1e38f, 1e38f}))));
        for (Part p : parts) {
            c.addPart(p);
        }
        GltfWriter.writeGlb(c.build(), file);
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        List<String> out = new ArrayList<>();
        for (JsonNode q : j.get("problems")) {
            if (q.get("code").asText().equals("ANIMATION_KEYS_OVERFLOW")) {
                out.add(q.get("pointer").asText() + " " + q.get("message").asText());
            }
        }
        return out;
    }

    /**
     * Keys whose model matrices stay finite can still take a part's vertices beyond float: a rigid part
     * four units long scaled by 1e38 (among parts on the same bone that stay inside), or a skinned one.
     * The part is named, and a part that stays inside is not reported.
     */
    @Test
    void keysThatTakeAPartsVerticesBeyondFloatAreReportedOnThatPart(@TempDir Path dir) throws IOException {
        assertThat(keyOverflows(dir.resolve("rigid.glb"), Part.of("small", triangle("small", 1, false), "hip",
                new Matrix4f()), Part.of("big", triangle("big", 4, false), "hip", new Matrix4f()),
                Part.of("small2", triangle("small2", 1, false), "hip", new Matrix4f()))).singleElement().asString()
                .matches("/animations/0 at 1\\.0 s, on node \\d+ 'big', placing its vertices overflows float: bone 'hip' "
                        + "moves the corner \\(4\\.0, .*\\) of their box to \\(Infinity, .*\\)");
        assertThat(keyOverflows(dir.resolve("skinned.glb"), Part.of("small", triangle("small", 1, false), "hip",
                new Matrix4f()), Part.of("body", triangle("body", 4, true)))).singleElement().asString()
                .matches("/animations/0 at 1\\.0 s, on node \\d+ 'body', skinning overflows float: joint 0 'hip' moves "
                        + "the bind-pose box corner \\(4\\.0, .*\\) to \\(Infinity, .*\\)");
        assertThat(keyOverflows(dir.resolve("inside.glb"), Part.of("small", triangle("small", 1, false), "hip",
                new Matrix4f()), Part.of("body", triangle("body", 1, true)))).isEmpty();
    }

    // ---------------------------------------------------------------- attributes of joined primitives

    /**
     * A mesh whose second primitive has no normals reads as one mesh whose normals the join computes for
     * it; inspect lists each primitive's own attributes.
     */
    @Test
    void aJoinedPrimitiveListsItsOwnAttributes(@TempDir Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Skeleton s = b.build();
        float[] pos = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        float[] normals = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        Mesh two = Mesh.builder("two").positions(pos).normals(normals).indices(new int[] {0, 1, 2, 1, 3, 2})
                .addSubmesh(0, 3, 0).addSubmesh(3, 3, 1)
                .addMaterial(Material.builder("a").build()).addMaterial(Material.builder("b").build()).build();
        Path glb = dir.resolve("two.glb");
        GltfWriter.writeGlb(Character.builder("rig", s).addPart(Part.of("Two", two, "hip", new Matrix4f())).build(),
                glb);
        Path edited = TestFiles.editGlb(glb, dir.resolve("joined.glb"), j -> {
            ObjectNode second = (ObjectNode) j.get("meshes").get(0).get("primitives").get(1);
            ((ObjectNode) second.get("attributes")).remove("NORMAL");
        });
        assertThat(GltfReader.read(edited).parts().get(0).mesh().hasNormals()).as("joined normals").isTrue();
        JsonNode j = MAPPER.readTree(Cli.run("inspect", edited, "--json").assertOk().out());
        assertThat(texts(j.get("primitives").get(0).get("attributes"))).containsExactly("POSITION", "NORMAL");
        assertThat(texts(j.get("primitives").get(1).get("attributes"))).containsExactly("POSITION");
        assertThat(Cli.run("inspect", edited).assertOk().out())
                .contains("    primitive 1: 4 vertices, 3 indices (1 triangle), POSITION\n");
    }

    // ---------------------------------------------------------------- validation codes through files

    /** Weights summing to 0.5, a repeated morph target name, a degenerate triangle: each with its code. */
    @Test
    void validationProblemsCarryTheirCodes(@TempDir Path dir) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Skeleton s = b.build();
        float[] pos = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        float[] w = {0.5f, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        Mesh mesh = Mesh.builder("m").positions(pos).indices(new int[] {0, 1, 2, 1, 3, 2, 1, 1, 3})
                .skin(Skin.of(new String[] {"hip"}, new Matrix4f().get(new float[16]), BoneWeights.of(4, new int[16], w)))
                .addMorphTarget(MorphTarget.of("smile", new float[12], null, null))
                .addMorphTarget(MorphTarget.of("smile", new float[12], null, null)).build();
        Path file = TestFiles.writeWithWeights(Character.builder("rig", s).addPart(Part.of("M", mesh)).build(),
                dir.resolve("faulty.glb"), w);
        JsonNode j = MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
        assertThat(codes(j)).containsExactlyInAnyOrder("SKIN_WEIGHTS_NOT_NORMALIZED WARNING /meshes/0/primitives/0",
                "MESH_TRIANGLE_DEGENERATE WARNING /meshes/0/primitives/0",
                "MORPH_TARGET_NAME_DUPLICATE WARNING /meshes/0/primitives/0");
    }

    /** Each of core's checks has its own code. */
    @Test
    void everyValidationCheckHasItsOwnCode() {
        Set<ProblemCode> codes = EnumSet.noneOf(ProblemCode.class);
        for (Check c : Check.values()) {
            assertThat(codes.add(ProblemCode.of(c))).as("%s has a code of its own", c).isTrue();
        }
        assertThat(codes).hasSize(Check.values().length);
    }

    // ---------------------------------------------------------------- bad input

    @Test
    void aMissingFileExitsOneNamingIt(@TempDir Path dir) {
        Path missing = dir.resolve("absent.glb");
        Cli.run("inspect", missing).assertBadInput(missing.toString(), "no such file");
    }

    /** A path that exists but is no file is not "missing": the reader says what it is. */
    @Test
    void aFolderNamedLikeAGlbExitsOneSayingItIsAFolder(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectory(dir.resolve("folder.glb"));
        Cli.Run run = Cli.run("inspect", folder);
        run.assertBadInput(folder.toString());
        assertThat(run.err()).isEqualTo("skinmesh inspect: " + folder + ": is a directory, not a regular file; only "
                + "regular files are read" + System.lineSeparator());
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
