package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.PaletteSelection;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.VertexStreams;
import io.github.skinmesh.vat.keys.KeyframeOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.joml.Matrix4f;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baking commands end to end on a character that has what the humanoid lacks: tangents on
 * every part, two skins with different palettes in one file (eight influences per vertex on one,
 * two JOINTS/WEIGHTS sets in glTF; four on the other), and a rigid attachment (a mesh node
 * parented to a joint, with no skin). The outputs are decoded with the tests' own readers and
 * compared with posing the file ({@code AssetPoser}, what {@code skinmesh skin} writes): {@code vat}
 * and {@code keys} take the skinned primitives of both skins; {@code bones-texture} asks for one
 * palette and bakes the character once combined (the rigid part skinned to its bone), which
 * {@code crowd} does by itself.
 */
class BakeEndToEndTest {
    @TempDir
    static Path tmp;
    /** Two skins, eight and four influences, tangents, and a rigid attachment. */
    static Path file;
    /** The same, combined into one skinned mesh (the rigid part skinned to its bone). */
    static Path combined;

    @BeforeAll
    static void writeTheCharacter() throws IOException {
        SplitMix64 rng = new SplitMix64(0xE2E);
        Skeleton skeleton = RandomModels.skeleton(rng, 12);
        RandomMeshOptions base = RandomMeshOptions.DEFAULTS.withVertexCount(60).withTriangleCount(80).withUvChannels(1)
                .withStreams(VertexStreams.NORMALS_TANGENTS).withPalette(PaletteSelection.RANDOM_SUBSET);
        // distinct materials: a glTF file keeps one of two equal ones, and the keys bake compares its meshes with the file's
        Mesh body = RandomModels.skinnedMesh(rng, skeleton, base.withInfluencesPerVertex(8)).toBuilder()
                .clearMaterials().addMaterial(Material.builder("red").baseColorFactor(0.8f, 0.1f, 0.1f, 1).build())
                .build();
        Mesh arm = RandomModels.skinnedMesh(rng, skeleton, base.withInfluencesPerVertex(4)).toBuilder()
                .clearMaterials().addMaterial(Material.builder("blue").baseColorFactor(0.1f, 0.2f, 0.9f, 1).build())
                .build();
        Mesh hat = RandomModels.skinnedMesh(rng, skeleton, base.withInfluencesPerVertex(1)).toBuilder().skin(null)
                .build();
        AnimationClip clip = RandomModels.clip(rng, skeleton, 1f, 5, Interpolation.LINEAR);
        Character character = Character.builder("e2e", skeleton).addPart(Part.of("body", body)).addPart(Part.of("arm", arm))
                .addPart(Part.of("hat", hat, skeleton.boneName(5), new Matrix4f().translation(0.1f, 0.2f, -0.05f)))
                .addClip(clip).build();
        file = CrowdFixtures.write(tmp.resolve("e2e.glb"), character);
        // the file read back and combined into one skinned mesh, as bones-texture asks and crowd does itself
        combined = CrowdFixtures.write(tmp.resolve("e2e.combined.glb"),
                Combine.combineCharacters(List.of(GltfReader.read(file).character()), CombineOptions.DEFAULTS)
                        .character());
        // the file holds what the test means: two skins, two JOINTS/WEIGHTS sets on one, tangents, a rigid node
        JsonNode json = TestFiles.json(java.nio.file.Files.readAllBytes(file));
        assertThat(json.get("skins")).hasSize(2);
        JsonNode bodyAttributes = json.at("/meshes/0/primitives/0/attributes");
        assertThat(bodyAttributes.has("JOINTS_1")).isTrue();
        assertThat(bodyAttributes.has("WEIGHTS_1")).isTrue();
        assertThat(bodyAttributes.has("TANGENT")).isTrue();
        long rigidNodes = 0;
        for (JsonNode node : json.get("nodes")) {
            rigidNodes += node.has("mesh") && !node.has("skin") ? 1 : 0;
        }
        assertThat(rigidNodes).isEqualTo(1);
    }

    @Test
    void vatBakesTheSkinnedPrimitivesOfBothSkinsAndDecodesToPosing() throws IOException {
        Path out = tmp.resolve("vat");
        Cli.run("vat", file, "--clip", "0", "--out", out, "--fps", 10, "--encoding", "float", "--format", "raw",
                "--normals", "--quiet").assertOk();
        BakedFiles baked = BakedFiles.read(out);
        BakedFiles.Vertices vertices = new BakedFiles.Vertices(file);
        assertThat(vertices.count()).as("the skinned primitives of both skins").isEqualTo(120);
        BakedFiles.Measured measured = baked.checkVertices(vertices);
        assertThat(measured.maxError()).as("float stores positions exactly").isZero();
        assertThat(measured.samples()).isEqualTo(120L * baked.manifest.at("/clips/0/frames").intValue());

        Path half = tmp.resolve("vat-half");
        Cli.run("vat", file, "--clip", "0", "--out", half, "--fps", 10, "--encoding", "half", "--format", "exr",
                "--offsets", "--quiet").assertOk();
        BakedFiles.read(half).checkVertices(vertices);
    }

    @Test
    void bonesTextureAsksForOnePaletteAndSkinsTheCombinedCharacterWithinTheReportedError() throws IOException {
        Cli.run("bones-texture", file, "--clip", "0", "--out", tmp.resolve("two-skins"), "--quiet").assertBadInput(
                file + ": bakeBoneTexture: part 'arm': ", "one bone texture needs one palette",
                "combine the parts first (skinmesh combine)");
        Path out = tmp.resolve("bones");
        Cli.run("bones-texture", combined, "--clip", "0", "--out", out, "--fps", 10, "--encoding", "float", "--format",
                "raw", "--quiet").assertOk();
        BakedFiles.Vertices vertices = new BakedFiles.Vertices(combined);
        assertThat(java.util.Arrays.stream(vertices.joints)).as("eight influences kept by the combine")
                .allMatch(j -> j.length == 8);
        BakedFiles.read(out).checkBones(vertices);
        Path half = tmp.resolve("bones-half");
        Cli.run("bones-texture", combined, "--clip", "0", "--out", half, "--encoding", "half", "--quiet").assertOk();
        BakedFiles.read(half).checkBones(vertices);
    }

    @Test
    void keysDecodeWithinTheReportedErrorOfPosing() throws IOException {
        Path out = tmp.resolve("e2e.keys.glb");
        Cli.run("keys", file, "--clip", "0", "--out", out, "--quiet").assertOk();
        JsonNode table = KeysCommandTest.checkWritten(file, 0, out, KeyframeOptions.DEFAULTS);
        assertThat(table.get("normals").asBoolean()).isTrue();
    }

    @Test
    void crowdCombinesThePartsAndItsBoneTextureSkinsThemWithinTheReportedError() throws IOException {
        Path out = tmp.resolve("crowd");
        Cli.Run run = Cli.run("crowd", file, "--clip", "0", "--out", out, "--instances", 3, "--encoding", "float");
        run.assertOk();
        assertThat(run.err()).contains("the 3 parts have more than one bone palette (or are rigid); combined into one"
                + " skinned mesh");
        BakedFiles.Vertices vertices = new BakedFiles.Vertices(combined);
        String page = CrowdFixtures.page(out);
        JsonNode mesh = CrowdFixtures.meta(page).get("mesh");
        int k = mesh.get("influences").asInt();
        assertThat(k).isEqualTo(8);
        // each page vertex is a vertex of the combined mesh (the page orders and splits them by triangle and color):
        // the same bind position and the same joints wherever it has weight
        float[] positions = CrowdFixtures.floats(CrowdFixtures.data(page, "positions"));
        float[] weights = CrowdFixtures.floats(CrowdFixtures.data(page, "weights"));
        byte[] joints = CrowdFixtures.data(page, "joints");
        assertThat(mesh.get("jointBytes").asInt()).isEqualTo(1);
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int v = 0; v < mesh.get("vertices").asInt(); v++) {
            int found = -1;
            for (int c = 0; c < vertices.count() && found < 0; c++) {
                boolean same = true;
                for (int a = 0; a < 3; a++) {
                    same &= Float.floatToRawIntBits(vertices.bind[3 * c + a]) == Float.floatToRawIntBits(positions[3 * v + a]);
                }
                for (int j = 0; j < k && same; j++) {
                    same = weights[k * v + j] == 0 || (joints[k * v + j] & 0xff) == vertices.joints[c][j];
                }
                found = same ? c : -1;
            }
            assertThat(found).as("page vertex %d in the combined mesh", v).isNotNegative();
            seen.add(found);
        }
        assertThat(seen.size()).as("combined vertices on the page").isGreaterThan(vertices.count() * 9 / 10);
        BakedFiles.read(out).checkBones(vertices);
    }
}
