package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.atlas.AtlasOptions;
import io.github.skinmesh.atlas.Atlases;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.joml.Matrix4f;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Validates every kind of GLB the writer produces with the Khronos glTF-Validator (npm package
 * {@code gltf-validator}), installed once into {@code target/gltf-validator}. Skips with the
 * reason when node or npm is missing or the install fails (for example offline).
 */
class GltfValidatorTest {
    static final String PACKAGE = "gltf-validator@2.0.0-dev.3.10";
    static final Path HOME = Paths.get("target", "gltf-validator").toAbsolutePath();
    static final long INSTALL_TIMEOUT_S = 180;

    private static String skipReason;

    @BeforeAll
    static void install() throws IOException, InterruptedException {
        if (!onPath("node") || !onPath("npm")) {
            skipReason = "node and npm are not both on the PATH; glTF-Validator checks skipped";
            return;
        }
        Path pkg = HOME.resolve("node_modules/gltf-validator/package.json");
        if (!Files.exists(pkg)) {
            Files.createDirectories(HOME);
            ProcessBuilder pb = new ProcessBuilder("npm", "install", "--prefix", HOME.toString(), "--no-audit",
                    "--no-fund", "--cache", HOME.resolve("npm-cache").toString(), PACKAGE)
                    .redirectErrorStream(true).redirectOutput(HOME.resolve("install.log").toFile());
            Process p = pb.start();
            if (!p.waitFor(INSTALL_TIMEOUT_S, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.exists(pkg)) {
                p.destroyForcibly();
                skipReason = "npm install " + PACKAGE + " failed (see " + HOME.resolve("install.log")
                        + "); glTF-Validator checks skipped";
                return;
            }
        }
        Files.writeString(HOME.resolve("validate.js"), String.join("\n",
                "const validator = require('gltf-validator');",
                "const fs = require('fs');",
                "(async () => {",
                "  const out = [];",
                "  for (const file of process.argv.slice(2)) {",
                "    const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)),",
                "        {uri: file, maxIssues: 0, externalResourceFunction: () => Promise.reject('none')});",
                "    out.push({file, errors: report.issues.numErrors, warnings: report.issues.numWarnings,",
                "        messages: report.issues.messages.filter(m => m.severity === 0)});",
                "  }",
                "  console.log(JSON.stringify(out));",
                "})().catch(e => { console.error(e); process.exit(1); });", ""));
    }

    private static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Paths.get(dir, exe))) {
                return true;
            }
        }
        return false;
    }

    /** Every kind of export: shared assets, synthetic characters and the writer's special layouts. */
    static Map<String, byte[]> exports() throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (String name : List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb")) {
            Optional<GltfAsset> a = GltfWriterTest.shared(name);
            a.ifPresent(asset -> out.put("shared-" + name, GltfWriter.toGlb(asset.character())));
        }
        for (long seed : new long[] {1, 2, 3, 77}) {
            out.put("synthetic-" + seed + ".glb", GltfWriter.toGlb(SyntheticAssets.character(seed)));
        }
        for (long seed = 1; out.keySet().stream().filter(k -> k.startsWith("helper-bones")).count() < 6; seed++) {
            // random characters whose skeleton needs skins that only declare bones
            Character character = SkeletonRoundTripTest.character(seed);
            byte[] glb = GltfWriter.toGlb(character);
            if (GltfWriterTest.json(glb).get("skins").size() > character.skinnedParts().size()) {
                out.put("helper-bones-" + seed + ".glb", glb);
            }
        }
        for (long seed : new long[] {5, 6, 7, 8, 9}) {
            // rigid parts on bones, several submeshes, morph targets, extra attributes as custom _NAME attributes
            out.put("random-" + seed + ".glb", GltfWriter.toGlb(SyntheticAssets.randomCharacter(seed)));
        }
        out.put("shared-meshes-and-morphs.glb",
                GltfWriter.toGlb(GltfReaderTest.read(GltfReaderTest.sharedMeshesDocument()).character()));
        for (GltfReadOptions.AnimatedNodes mode : GltfReadOptions.AnimatedNodes.values()) {
            out.put("animated-mesh-nodes-" + mode + ".glb", GltfWriter.toGlb(GltfReader.read(
                    GltfWriterTest.animatedMeshNodesDocument().glb(), "t.glb", ResourceResolver.none(),
                    GltfReadOptions.DEFAULTS.withAnimatedNodes(mode)).character()));
        }
        out.put("custom-attributes.glb", GltfWriter.toGlb(customAttributes()));
        out.put("static-meshes-with-extras.glb", GltfWriter.toGlb(GltfExtrasTest.staticMeshes(),
                GltfWriteOptions.DEFAULTS.withExtras(GltfExtrasTest.EXTRAS)));
        out.put("unnormalized-weights.glb", GltfWriter.toGlb(unnormalizedWeights()));
        for (Map.Entry<String, Character> e : combined().entrySet()) {
            out.put("combined-" + e.getKey() + ".glb", GltfWriter.toGlb(e.getValue()));
        }
        for (Map.Entry<String, Character> e : PartitionAssetsTest.partitioned().entrySet()) {
            // one node, mesh and skin per bone-palette partition
            out.put("partitioned-" + e.getKey() + ".glb", GltfWriter.toGlb(e.getValue()));
        }
        SplitMix64 rng = new SplitMix64(12);
        Skeleton s = SyntheticAssets.skeleton(rng, 5);
        Mesh a = SyntheticAssets.skinnedMesh(rng, "p", s, new int[] {0, 1, 2}, 4, 1, 0, SyntheticAssets.materials());
        Mesh b = SyntheticAssets.skinnedMesh(rng, "p", s, new int[] {2, 3, 4}, 4, 1, 0, SyntheticAssets.materials());
        int half = a.indexCount() / 6 * 3;
        Mesh split = a.toBuilder().clearSubmeshes().addSubmesh(0, half, 0).addSubmesh(half, a.indexCount() - half, 1)
                .build();
        // a skinned part named like a bone sits on the bone's node; another with a transform has it baked in
        out.put("submeshes-and-placements.glb", GltfWriter.toGlb(Character.builder(s.name(), s)
                .addPart(Part.of(s.boneName(2), split))
                .addPart(Part.of("q", b, null, new Matrix4f().translation(1, 0, 0).scale(-1, 1, 1)))
                .addPart(Part.of(s.boneName(3), SyntheticAssets.skinnedMesh(rng, "r", s, new int[0], 4, 0, 0,
                        List.of()), s.boneName(3), new Matrix4f()))
                .build(), GltfWriteOptions.DEFAULTS.withIndexWidth(GltfWriteOptions.IndexWidth.ALWAYS_32)));
        int bones = 300;
        Skeleton.Builder wide = Skeleton.builder("wide");
        String[] names = new String[bones];
        float[] ibm = new float[16 * bones];
        for (int i = 0; i < bones; i++) {
            names[i] = "j" + i;
            wide.addBone(names[i], i == 0 ? Skeleton.NO_PARENT : i - 1);
            new Matrix4f().get(ibm, 16 * i);
        }
        Mesh m = Mesh.builder("m").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .skin(Skin.of(names, ibm, BoneWeights.of(4, new int[] {299, 0, 0, 0, 150, 0, 0, 0, 2, 0, 0, 0},
                        new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}))).build();
        Skeleton w = wide.build();
        out.put("wide-palette.glb", GltfWriter.toGlb(Character.builder(w.name(), w).addPart(Part.of("m", m)).build()));
        return out;
    }

    /** A skinned part carrying extra attributes of 1 to 4 components, which the writer makes {@code _NAME} attributes. */
    static Character customAttributes() {
        SplitMix64 rng = new SplitMix64(31);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2}, 4, 1, 1, List.of());
        Mesh.Builder b = body.toBuilder();
        for (int c = 1; c <= 4; c++) {
            float[] values = new float[c * body.vertexCount()];
            for (int i = 0; i < values.length; i++) {
                values[i] = rng.range(-1, 1);
            }
            b.addAttribute(VertexAttribute.of("VAT_UV" + c, c, values));
        }
        return Character.builder(s.name(), s).addPart(Part.of("Body", b.build())).build();
    }

    /**
     * Combined characters (core's combine): each shared asset alone, two shared assets on the union
     * of their skeletons, and the testkit humanoid's six parts in one mesh, without and with an atlas.
     */
    static Map<String, Character> combined() throws IOException {
        Map<String, Character> out = new LinkedHashMap<>();
        List<Character> shared = new ArrayList<>();
        for (String name : List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb")) {
            Optional<GltfAsset> a = GltfWriterTest.shared(name);
            a.ifPresent(asset -> {
                shared.add(asset.character());
                out.put(name.replace(".glb", ""), Combine.combineCharacters(List.of(asset.character()),
                        CombineOptions.DEFAULTS).character());
            });
        }
        if (shared.size() == 3) {
            out.put("CesiumMan+RiggedSimple", Combine.combineCharacters(List.of(shared.get(0), shared.get(2)),
                    CombineOptions.DEFAULTS).character());
        }
        out.put("humanoid", Combine.combineCharacters(List.of(Humanoids.generate(1).character()),
                CombineOptions.DEFAULTS).character());
        // atlased first: the opaque parts on one merged material sampling an atlas page, the hair apart
        Character humanoid = Humanoids.generate(1).character();
        Character atlased = Atlases.atlasCharacter(humanoid, AtlasOptions.DEFAULTS, Progress.NONE).applyTo(humanoid);
        out.put("humanoid-atlas", Combine.combineCharacters(List.of(atlased), CombineOptions.DEFAULTS).character());
        return out;
    }

    /** A combined character reads back as itself: the writer gives each part's submesh its own vertices. */
    @Test
    void combinedCharactersReadBackEqual() throws IOException {
        for (Map.Entry<String, Character> e : combined().entrySet()) {
            byte[] glb = GltfWriter.toGlb(e.getValue());
            GltfAsset back = GltfWriterTest.reread(glb);
            assertThat(back.character()).as(e.getKey()).isEqualTo(e.getValue());
            // every vertex once in the skin order: no primitive shares another's vertices
            assertThat(AssetPoser.bind(back).vertexCount()).as(e.getKey())
                    .isEqualTo((int) e.getValue().vertexCount());
        }
    }

    /** A triangle whose vertices' weights sum to 0.5, 2 and 0: core allows it, glTF does not. */
    static Character unnormalizedWeights() {
        Skeleton.Builder sb = Skeleton.builder("rig");
        int root = sb.addBone("root", Skeleton.NO_PARENT);
        sb.addBone("tip", root);
        Skeleton s = sb.build();
        float[] ibm = new float[32];
        new Matrix4f().get(ibm, 0);
        new Matrix4f().get(ibm, 16);
        Mesh m = Mesh.builder("tri").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {"root", "tip"}, ibm, BoneWeights.of(2, new int[] {0, 1, 1, 0, 0, 0},
                        new float[] {0.25f, 0.25f, 1.5f, 0.5f, 0, 0}))).build();
        return Character.builder("rig", s).addPart(Part.of("tri", m)).build();
    }

    /** glTF requires unit weight sums: the writer normalizes (a vertex without weight follows joint 0) and says so. */
    @Test
    void unnormalizedWeightsAreWrittenNormalized() throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        GltfWriteResult result = GltfWriter.writeGlb(unnormalizedWeights(), bytes);
        assertThat(result.warnings()).anySatisfy(w -> assertThat(w).contains("weights of 3 vertices do not sum to 1")
                .contains("written normalized").contains("1 without weight bound to joint 0"));
        BoneWeights back = GltfWriterTest.reread(bytes.toByteArray()).parts().get(0).mesh().skin().weights();
        // read back as one JOINTS/WEIGHTS set of four slots
        assertThat(back.weights()).containsExactly(0.5f, 0.5f, 0, 0, 0.75f, 0.25f, 0, 0, 1, 0, 0, 0);
        assertThat(back.joints()).containsExactly(0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0);
    }

    /** The custom attribute file reads back whole, so a validated file is also one this module reads. */
    @Test
    void theCustomAttributeFileRoundTrips() {
        Character c = customAttributes();
        GltfAsset back = GltfWriterTest.reread(GltfWriter.toGlb(c));
        assertThat(back.character()).isEqualTo(c);
        assertThat(back.parts().get(0).mesh().attributes()).hasSize(4);
    }

    @Test
    void everyExportValidatesWithoutErrors() throws IOException, InterruptedException {
        assumeTrue(skipReason == null, skipReason);
        Path dir = Files.createDirectories(Paths.get("target", "validator-input").toAbsolutePath());
        List<String> command = new ArrayList<>(List.of("node", HOME.resolve("validate.js").toString()));
        Map<String, byte[]> exports = exports();
        for (Map.Entry<String, byte[]> e : exports.entrySet()) {
            Path file = dir.resolve(e.getKey());
            Files.write(file, e.getValue());
            command.add(file.toString());
        }
        Process p = new ProcessBuilder(command).directory(HOME.toFile()).redirectErrorStream(false).start();
        byte[] stdout = p.getInputStream().readAllBytes();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(stderr).isZero();
        JsonNode reports = Json.mapper().readTree(stdout);
        assertThat(reports).hasSize(exports.size());
        for (JsonNode r : reports) {
            assertThat(r.get("errors").asInt()).as(r.get("file").asText() + ": " + r.get("messages")).isZero();
        }
    }
}
