package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.AssetPoser;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.gltf.PoseSpace;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code skinmesh combine}: the combined file poses like its parts, the report, and bad input. */
class CombineCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    /**
     * The testkit humanoid (seed 3) with the trousers' texture coordinates doubled, so their texture
     * tiles 2 x 2, written to {@code file}.
     */
    static Path tiledHumanoid(Path file) throws IOException {
        Character c = Humanoids.generate(3).character();
        List<Part> parts = new java.util.ArrayList<>();
        for (Part p : c.parts()) {
            if (p.name().equals("legs")) {
                Mesh m = p.mesh();
                float[] uv = m.uvs(0);
                for (int i = 0; i < uv.length; i++) {
                    uv[i] *= 2;
                }
                Mesh.Builder b = m.toBuilder().clearUvs().addUvs(uv);
                for (int ch = 1; ch < m.uvChannelCount(); ch++) {
                    b.addUvs(m.uvs(ch));
                }
                p = p.withMesh(b.build());
            }
            parts.add(p);
        }
        GltfWriter.writeGlb(c.withParts(parts), file);
        return file;
    }

    @Test
    void atlasMergesTheOpaquePartsIntoOneDrawCall() throws IOException {
        Path out = tmp.resolve("atlased.glb");
        Path report = tmp.resolve("atlased.json");
        Cli.Run run = Cli.run("combine", humanoid(), "--out", out, "--report", report, "--atlas").assertOk();
        assertThat(run.out()).contains("draw calls 6 -> 2").contains("atlas: 5 materials merged into 1 page: atlas0 ");
        JsonNode r = MAPPER.readTree(report.toFile());
        assertThat(r.get("after").get("drawCalls").asInt()).isEqualTo(2);
        assertThat(r.get("atlas").get("drawCallsBefore").asInt()).isEqualTo(6);
        assertThat(r.get("atlas").get("drawCallsAfter").asInt()).isEqualTo(2);
        assertThat(r.get("atlas").get("pages").get(0).get("sourceMaterials")).hasSize(5);
        assertThat(r.get("submeshes").get(0).get("material").asText()).isEqualTo("atlas0");
        GltfAsset back = GltfReader.read(out);
        Mesh mesh = back.parts().get(0).mesh();
        assertThat(mesh.submeshes()).hasSize(2);
        assertThat(mesh.materials().get(0).texture("baseColor").image().width())
                .isEqualTo(r.get("atlas").get("pages").get(0).get("width").asInt());
        assertThat(back.warnings()).isEmpty();
        // a tiling part: baked as a 2 x 2 repeat
        Path tiled = tmp.resolve("tiled.atlased.glb");
        Cli.run("combine", tiledHumanoid(tmp.resolve("tiled.glb")), "--out", tiled, "--atlas").assertOk();
        assertThat(GltfReader.read(tiled).parts().get(0).mesh().submeshes()).hasSize(2);
    }

    @Test
    void atlasWithACorruptTextureFailsNamingTheImage() throws IOException {
        Path file = tmp.resolve("broken.glb");
        Character c = Humanoids.generate(3).character();
        List<Part> parts = new java.util.ArrayList<>();
        for (Part p : c.parts()) {
            if (p.name().equals("torso")) {
                io.github.skinmesh.core.model.Material m = p.mesh().materials().get(0);
                io.github.skinmesh.core.model.TextureRef t = m.texture("baseColor");
                byte[] bytes = t.image().data();
                bytes[bytes.length - 20] ^= 0x55;
                io.github.skinmesh.core.model.Image broken = io.github.skinmesh.core.model.Image.of("torso.png",
                        "image/png", bytes);
                m = m.toBuilder().texture("baseColor", new io.github.skinmesh.core.model.TextureRef(broken,
                        t.texCoord(), t.sampler())).build();
                p = p.withMesh(p.mesh().toBuilder().clearMaterials().addMaterial(m).build());
            }
            parts.add(p);
        }
        GltfWriter.writeGlb(c.withParts(parts), file);
        Path out = tmp.resolve("out.glb");
        Cli.run("combine", file, "--out", out, "--atlas").assertBadInput("torso.png");
        assertThat(out).doesNotExist();
        // without --atlas the pixels are not needed
        Cli.run("combine", file, "--out", out).assertOk();
    }

    private Path humanoid() throws IOException {
        Path file = tmp.resolve("humanoid.glb");
        GltfWriter.writeGlb(Humanoids.generate(3).character(), file);
        return file;
    }

    /** Poses every skinned primitive of {@code file}, at rest and in each clip at a few times, concatenated. */
    private static float[][] poses(Path file) throws IOException {
        GltfAsset asset = GltfReader.read(file);
        AssetPoser poser = AssetPoser.bind(asset);
        List<AnimationClip> clips = asset.clips();
        float[][] out = new float[1 + 3 * clips.size()][];
        out[0] = poser.poseInto(null, 0, PoseSpace.WORLD, new float[3 * poser.vertexCount()], 0);
        for (int c = 0; c < clips.size(); c++) {
            for (int i = 0; i < 3; i++) {
                float t = clips.get(c).duration() * i / 2f;
                out[1 + 3 * c + i] = poser.poseInto(clips.get(c), t, PoseSpace.WORLD,
                        new float[3 * poser.vertexCount()], 0);
            }
        }
        return out;
    }

    private static void assertSamePoses(float[][] expected, float[][] actual) {
        assertThat(actual.length).isEqualTo(expected.length);
        for (int p = 0; p < expected.length; p++) {
            Bounds b = Bounds.of(expected[p], 0, expected[p].length / 3);
            float tolerance = 1e-5f * b.diagonal();
            assertThat(actual[p].length).isEqualTo(expected[p].length);
            for (int i = 0; i < expected[p].length; i++) {
                assertThat(Math.abs(actual[p][i] - expected[p][i])).as("pose %d float %d", p, i)
                        .isLessThanOrEqualTo(tolerance);
            }
        }
    }

    @Test
    void theCombinedHumanoidPosesLikeItsPartsAndTheReportCountsThem() throws IOException {
        Path in = humanoid();
        Path out = tmp.resolve("out/combined.glb");
        Path report = tmp.resolve("out/combined.json");
        Cli.Run run = Cli.run("combine", in, "--out", out, "--report", report, "--quiet").assertOk();
        assertThat(run.out()).isEqualTo("combined 6 parts from 1 file: draw calls 6 -> 6, vertices 9555 -> 9555,"
                + " bones 67 -> 53, 16-bit indices -> " + out + System.lineSeparator());
        assertThat(run.err()).isEmpty();

        GltfAsset combined = GltfReader.read(out);
        assertThat(combined.parts()).hasSize(1);
        assertThat(combined.parts().get(0).mesh().submeshes()).hasSize(6);
        assertThat(combined.clips()).extracting(AnimationClip::name).containsExactly("walk", "idle");
        // one part in the place of six, the hair (alpha-masked, drawn last) last: each part's vertices
        // posed alike, found through the report's vertex runs
        JsonNode r = MAPPER.readTree(report.toFile());
        float[][] expected = poses(in);
        float[][] actual = poses(out);
        float[][] reordered = new float[actual.length][];
        for (int p = 0; p < actual.length; p++) {
            reordered[p] = new float[actual[p].length];
            int source = 0;
            for (JsonNode part : r.path("parts")) {
                JsonNode only = part.path("vertexRuns").get(0);
                assertThat(part.path("vertexRuns")).hasSize(1);
                int count = only.path("count").asInt();
                System.arraycopy(actual[p], 3 * only.path("firstOutput").asInt(), reordered[p], 3 * source, 3 * count);
                source += count;
            }
        }
        assertSamePoses(expected, reordered);
        assertThat(r.path("parts").get(0).path("name").asText()).isEqualTo("hair");
        assertThat(r.path("parts").get(0).path("vertexRuns").get(0).path("firstOutput").asInt())
                .isEqualTo(9555 - 778);
        // each submesh has its own vertices: the file lists every vertex once
        assertThat(AssetPoser.bind(combined).vertexCount()).isEqualTo(9555);

        assertThat(r.path("formatVersion").asInt()).isEqualTo(1);
        assertThat(r.path("before").path("parts").asInt()).isEqualTo(6);
        assertThat(r.path("before").path("drawCalls").asInt()).isEqualTo(6);
        assertThat(r.path("after").path("parts").asInt()).isEqualTo(1);
        assertThat(r.path("after").path("vertices").asInt()).isEqualTo(9555);
        assertThat(r.path("after").path("indexBits").asInt()).isEqualTo(16);
        assertThat(r.path("skeleton").path("palette")).hasSize(53);
        assertThat(r.path("submeshes")).hasSize(6);
        assertThat(r.path("parts")).hasSize(6);
        int covered = 0;
        for (JsonNode part : r.path("parts")) {
            for (JsonNode run2 : part.path("vertexRuns")) {
                covered += run2.path("count").asInt();
            }
        }
        assertThat(covered).isEqualTo(9555);
        assertThat(r.path("warnings").toString()).contains("mouthOpen");
    }

    @Test
    void aFileCombinedWithItselfAsTheOnlyPartKeepsEveryVertex() throws IOException {
        Optional<Path> fox = SharedFiles.file("assets/Fox.glb");
        assumeTrue(fox.isPresent(), SharedFiles.ABSENT);
        Path out = tmp.resolve("fox.glb");
        Cli.run("combine", fox.get(), "--out", out, "--quiet").assertOk();
        assertSamePoses(poses(fox.get()), poses(out));
    }

    @Test
    void theSkeletonFileGivesTheSkeletonAndTheClips() throws IOException {
        Path in = humanoid();
        Character rig = Humanoids.generate(3).character();
        Path skeleton = tmp.resolve("rig.glb");
        GltfWriter.writeGlb(rig.withClips(List.of(rig.clips().get(0))).withParts(List.of()), skeleton);
        Path out = tmp.resolve("combined.glb");
        Cli.run("combine", in, "--skeleton", skeleton, "--out", out, "--quiet").assertOk();
        assertThat(GltfReader.read(out).clips()).extracting(AnimationClip::name).containsExactly("walk");
    }

    private static Skeleton chain(String... names) {
        Skeleton.Builder b = Skeleton.builder("rig");
        int parent = Skeleton.NO_PARENT;
        for (String n : names) {
            parent = b.addBone(n, parent);
        }
        return b.build();
    }

    private static Character oneTriangle(String part, Skeleton skeleton, String bone) {
        float[] ibm = new Matrix4f().get(new float[16]);
        Mesh m = Mesh.builder(part).positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {bone}, ibm, BoneWeights.of(1, new int[] {0, 0, 0}, new float[] {1, 1, 1})))
                .build();
        return Character.builder(part, skeleton).addPart(Part.of(part, m)).build();
    }

    @Test
    void partsWhoseSkeletonsDisagreeOnAParentAreBadInputNamingBoth() throws IOException {
        Path a = tmp.resolve("a.glb");
        Path b = tmp.resolve("b.glb");
        GltfWriter.writeGlb(oneTriangle("hat", chain("root", "neck", "head"), "head"), a);
        GltfWriter.writeGlb(oneTriangle("boot", chain("root", "head", "neck"), "neck"), b);
        Path out = tmp.resolve("c.glb");
        Cli.run("combine", a, b, "--out", out).assertBadInput("'hat' (in " + a + ")", "'boot' (in " + b + ")",
                "'head'");
        assertThat(out).doesNotExist();
    }

    /**
     * What the reader ignores in a part file changes what the combined file shows, so combine passes
     * it on: two quads whose materials differ only by a texture transform the reader cannot keep
     * merge into one material; the reader's note names the file and reaches stderr and the report.
     */
    @Test
    void whatTheReaderIgnoresInAPartFileIsReported() throws IOException {
        byte[] quad = GltfWriter.toGlb(TestFiles.texturedQuad());
        Path plain = tmp.resolve("plain.glb");
        Files.write(plain, quad);
        Path shifted = TestFiles.editGlb(plain, tmp.resolve("shifted.glb"), j -> {
            j.putArray("extensionsUsed").add("KHR_texture_transform");
            ((com.fasterxml.jackson.databind.node.ObjectNode) j.get("materials").get(0).get("pbrMetallicRoughness")
                    .get("baseColorTexture")).putObject("extensions").putObject("KHR_texture_transform")
                    .putArray("offset").add(0.5).add(0);
        });
        Path out = tmp.resolve("out.glb");
        Path report = tmp.resolve("out.json");
        Cli.Run run = Cli.run("combine", plain, shifted, "--out", out, "--report", report).assertOk();
        String note = shifted + ": extensionsUsed[0]: 'KHR_texture_transform' is not supported; its data is ignored";
        assertThat(run.err()).contains("skinmesh combine: " + note);
        assertThat(run.err()).doesNotContain(plain.toString() + ":");
        JsonNode r = MAPPER.readTree(report.toFile());
        assertThat(r.get("after").get("drawCalls").asInt()).as("the two materials merged").isEqualTo(1);
        List<String> warnings = new java.util.ArrayList<>();
        r.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertThat(warnings).contains(note);
        assertThat(Cli.run("combine", plain, shifted, "--out", tmp.resolve("q.glb"), "--quiet").assertOk().err())
                .isEmpty();
    }

    /** A bone the --skeleton file lacks: the message names the part's file and the skeleton's. */
    @Test
    void aBoneTheSkeletonFileLacksNamesBothFiles() throws IOException {
        Path part = tmp.resolve("hat.glb");
        Path rig = tmp.resolve("rig.glb");
        GltfWriter.writeGlb(oneTriangle("hat", chain("root", "neck", "head"), "head"), part);
        GltfWriter.writeGlb(Character.builder("rig", chain("root", "neck")).build(), rig);
        Path out = tmp.resolve("c.glb");
        Cli.Run run = Cli.run("combine", part, "--skeleton", rig, "--out", out)
                .assertBadInput("part 'hat' (in " + part + ")", "'head'", "--skeleton " + rig);
        assertThat(run.err()).doesNotContain("(input ");
        assertThat(out).doesNotExist();
    }

    /**
     * Parts whose skeletons have different roots unite into a skeleton of two roots, which a glTF
     * skin cannot have: the writer's refusal names the file it was writing.
     */
    @Test
    void aResultTheWriterRefusesNamesTheOutput() throws IOException {
        Path a = tmp.resolve("a.glb");
        Path b = tmp.resolve("b.glb");
        GltfWriter.writeGlb(oneTriangle("hat", chain("root", "head"), "head"), a);
        GltfWriter.writeGlb(oneTriangle("boot", chain("base", "foot"), "foot"), b);
        Path out = tmp.resolve("c.glb");
        Cli.run("combine", a, b, "--out", out).assertBadInput(out + ": cannot write: ", "'root'", "'base'");
        assertThat(out).doesNotExist();
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
    }



    @Test
    void aFileWithNothingToCombineIsBadInput() throws IOException {
        Path rock = tmp.resolve("rock.glb");
        Mesh m = Mesh.builder("rock").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .build();
        GltfWriter.writeGlb(Character.builder("rock", chain("root")).addPart(Part.of("rock", m)).build(), rock);
        Path out = tmp.resolve("out.glb");
        Cli.run("combine", rock, "--out", out).assertBadInput(rock.toString(), "nothing to combine");
        assertThat(out).doesNotExist();
    }

    @Test
    void aMissingPartFileIsBadInputAndWritesNothing() throws IOException {
        Path out = tmp.resolve("out.glb");
        Cli.run("combine", tmp.resolve("nope.glb"), "--out", out).assertBadInput("nope.glb");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void theReportCannotBeTheOutput() throws IOException {
        Path in = humanoid();
        Cli.run("combine", in, "--out", tmp.resolve("x.glb"), "--report", tmp.resolve("x.glb"))
                .assertUsage("is also the --out file");
    }

    /** The output is glTF binary: a .gltf (or any other) name would hold GLB bytes that .gltf readers parse as JSON. */
    @Test
    void anOutputNotNamedGlbIsBadUsage() throws IOException {
        Path in = humanoid();
        for (String name : List.of("x.gltf", "x.bin", "x")) {
            Cli.run("combine", in, "--out", tmp.resolve(name)).assertUsage("--out: " + tmp.resolve(name)
                    + ", expected a .glb name");
            assertThat(tmp.resolve(name)).doesNotExist();
        }
        Cli.run("combine", in, "--out", tmp.resolve("X.GLB"), "--quiet").assertOk();
    }

    @Test
    void noPartIsBadUsage() {
        Cli.run("combine", "--out", tmp.resolve("x.glb")).assertUsage("PART");
    }
}
