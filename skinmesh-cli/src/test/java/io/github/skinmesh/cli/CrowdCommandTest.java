package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.TextureKind;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatFiles;
import io.github.skinmesh.vat.VatFormat;
import io.github.skinmesh.vat.VatResult;
import io.github.skinmesh.vat.VatShaders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code skinmesh crowd}: the four files, what the page embeds (the shipped GLSL, the texture, the
 * mesh, the instances), the instances' rules, same bytes for the same input, and every error.
 */
class CrowdCommandTest {
    /** Instances of the crowd most tests look at. */
    static final int N = 20;

    @TempDir
    static Path tmp;
    static Path humanoid;
    static Path first;
    static Cli.Run run;
    static Character combined;

    @BeforeAll
    static void writeACrowd() throws IOException {
        humanoid = CrowdFixtures.humanoid(tmp);
        first = tmp.resolve("first");
        run = Cli.run("crowd", humanoid, "--clip", "walk", "--clip", "1", "--out", first, "--instances", N);
        Character read = GltfReader.read(humanoid).character();
        combined = Crowd.drawable(read);
    }

    @Test
    void writesTheTextureTheManifestTheInstancesAndThePage() {
        assertThat(run.exitCode()).as("stderr: %s", run.err()).isZero();
        assertThat(Cli.files(first)).containsExactly(Path.of("bones.exr"), Path.of("bounds.json"), Path.of("index.html"),
                Path.of("instances.json"), Path.of("manifest.json"));
        assertThat(run.out()).contains("20 instances of 'humanoid' in one instanced draw").contains("walk")
                .contains("idle").contains("bones texture: 159x111 texels, half").contains("files written:")
                .contains(first.resolve("index.html").toString());
        // the six parts have six palettes: combined first, and said so
        assertThat(run.err()).contains("combined into one skinned mesh");
    }

    @Test
    void theTextureAndManifestAreTheLibrarysBoneBakeAndReadBack() throws IOException {
        List<AnimationClip> clips = List.of(combined.clip("walk"), combined.clip("idle"));
        VatResult direct = Vat.bakeBoneTexture(combined, clips,
                BoneTextureOptions.DEFAULTS.withMaxWidth(Crowd.WEBGL2_MIN_TEXTURE_SIZE), Progress.NONE);
        assertThat(Files.readAllBytes(first.resolve("bones.exr")))
                .isEqualTo(VatFiles.encode(direct.texture("bones"), VatFormat.EXR));
        assertThat(Files.readString(first.resolve("manifest.json"))).isEqualTo(direct.manifest(VatFormat.EXR).toJson());
        VatDecoder back = VatFiles.read(first);
        assertThat(back.manifest().kind()).isEqualTo(TextureKind.BONES);
        assertThat(back.manifest().encoding()).isEqualTo(VatEncoding.HALF);
        assertThat(back.manifest().clips()).extracting(c -> c.name()).containsExactly("walk", "idle");
    }

    @Test
    void theBoundsHoldEveryInstancesClipBoundsPlacedByItsTransformAndTheBatchIsTheirUnion() throws IOException {
        JsonNode b = CrowdFixtures.json(first.resolve("bounds.json"));
        JsonNode inst = CrowdFixtures.json(first.resolve("instances.json")).get("instances");
        JsonNode clips = CrowdFixtures.json(first.resolve("manifest.json")).get("clips");
        assertThat(b.get("format").asText()).isEqualTo("skinmesh-crowd-bounds");
        assertThat(b.get("boxes")).hasSize(N);
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < N; i++) {
            JsonNode box = b.get("boxes").get(i);
            JsonNode clipBounds = clips.get(inst.get(i).get("clip").asInt()).get("bounds");
            JsonNode m = inst.get(i).get("transform");
            for (int corner = 0; corner < 8; corner++) {
                double[] p = new double[3];
                for (int a = 0; a < 3; a++) {
                    p[a] = clipBounds.get((corner >> a & 1) == 0 ? "min" : "max").get(a).asDouble();
                }
                for (int r = 0; r < 3; r++) {
                    double w = m.get(4 * r).asDouble() * p[0] + m.get(4 * r + 1).asDouble() * p[1]
                            + m.get(4 * r + 2).asDouble() * p[2] + m.get(4 * r + 3).asDouble();
                    assertThat(w).as("instance %d corner %d axis %d", i, corner, r)
                            .isBetween(box.get("min").get(r).asDouble() - 1e-5, box.get("max").get(r).asDouble() + 1e-5);
                }
            }
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], box.get("min").get(a).asDouble());
                hi[a] = Math.max(hi[a], box.get("max").get(a).asDouble());
            }
        }
        for (int a = 0; a < 3; a++) {
            assertThat(b.get("min").get(a).asDouble()).isEqualTo(lo[a]);
            assertThat(b.get("max").get(a).asDouble()).isEqualTo(hi[a]);
        }
    }

    @Test
    void theInstancesFollowTheirRules() throws IOException {
        JsonNode j = CrowdFixtures.json(first.resolve("instances.json"));
        JsonNode manifest = CrowdFixtures.json(first.resolve("manifest.json"));
        assertThat(j.get("format").asText()).isEqualTo("skinmesh-crowd-instances");
        assertThat(j.get("version").asInt()).isEqualTo(1);
        assertThat(j.get("count").asInt()).isEqualTo(N);
        assertThat(j.get("seed").asLong()).isEqualTo(1);
        assertThat(j.get("manifest").asText()).isEqualTo("manifest.json");
        assertThat(j.get("clips")).extracting(JsonNode::asText).containsExactly("walk", "idle");
        JsonNode instances = j.get("instances");
        assertThat(instances).hasSize(N);
        float[] min = vector(manifest.get("bounds").get("min"));
        float[] max = vector(manifest.get("bounds").get("max"));
        double footprint = Math.hypot(max[0] - min[0], max[2] - min[2]);
        double spacing = j.get("grid").get("spacing").asDouble();
        assertThat(spacing).isCloseTo(CrowdInstances.SPACING * footprint, within(1e-5 * footprint));
        assertThat(j.get("grid").get("columns").asInt()).isEqualTo(5);
        float cx = (min[0] + max[0]) / 2;
        float cz = (min[2] + max[2]) / 2;
        int[] perClip = new int[2];
        List<double[]> centres = new ArrayList<>();
        for (JsonNode i : instances) {
            int clip = i.get("clip").asInt();
            assertThat(clip).isBetween(0, 1);
            perClip[clip]++;
            double duration = manifest.get("clips").get(clip).get("duration").asDouble();
            assertThat(i.get("phase").asDouble()).isGreaterThanOrEqualTo(0).isLessThan(duration);
            assertThat(i.get("speed").asDouble()).isGreaterThanOrEqualTo(CrowdInstances.MIN_SPEED)
                    .isLessThan(CrowdInstances.MAX_SPEED);
            float[] m = vector(i.get("transform"));
            assertThat(m).hasSize(12);
            // a turn about +Y: rows (c, 0, s), (0, 1, 0), (-s, 0, c)
            assertThat(new float[] {m[1], m[4], m[5], m[6], m[7], m[9]}).containsExactly(0, 0, 1, 0, 0, 0);
            assertThat(m[10]).isEqualTo(m[0]);
            assertThat(m[8]).isEqualTo(-m[2]);
            assertThat((double) m[0] * m[0] + (double) m[2] * m[2]).isCloseTo(1, within(1e-6));
            centres.add(new double[] {m[0] * cx + m[2] * cz + m[3], m[8] * cx + m[10] * cz + m[11]});
        }
        assertThat(perClip).as("both clips play").doesNotContain(0);
        // the bounds' centres stand on the grid, a spacing apart: no two instances' footprints overlap
        for (int a = 0; a < N; a++) {
            for (int b = a + 1; b < N; b++) {
                double d = Math.hypot(centres.get(a)[0] - centres.get(b)[0], centres.get(a)[1] - centres.get(b)[1]);
                assertThat(d).as("instances %d and %d", a, b).isGreaterThan(spacing * 0.999).isGreaterThan(footprint);
            }
        }
        // row-major from the -X, -Z corner, centred on the origin
        assertThat(centres.get(0)[0]).isCloseTo(-2 * spacing, within(1e-4));
        assertThat(centres.get(0)[1]).isCloseTo(-1.5 * spacing, within(1e-4));
        assertThat(centres.get(N - 1)[0]).isCloseTo(2 * spacing, within(1e-4));
        assertThat(centres.get(N - 1)[1]).isCloseTo(1.5 * spacing, within(1e-4));
    }

    @Test
    void thePageEmbedsTheShippedGlslAsItIs() throws IOException {
        String page = CrowdFixtures.page(first);
        assertThat(CrowdFixtures.element(page, "skinmesh-vat-glsl")).isEqualTo(VatShaders.glsl());
        // the vertex shader skins with the library's function; nothing of it is retyped on the page
        String script = page.substring(page.lastIndexOf("<script>"));
        assertThat(script).contains("skinmeshBoneSkin(uBones").doesNotContain("vec3 skinmeshBoneSkin(")
                .doesNotContain("ivec2 skinmeshVatTexel(");
    }

    @Test
    void thePageDrawsOnceInstancedAndLoadsNothing() throws IOException {
        String page = CrowdFixtures.page(first);
        String script = page.substring(page.lastIndexOf("<script>"));
        assertThat(count(script, "gl.drawElementsInstanced(")).isEqualTo(1);
        assertThat(script).doesNotContain("drawArrays").doesNotContain("gl.drawElements(");
        assertThat(page).doesNotContain("http:").doesNotContain("https:").doesNotContain(" src=")
                .doesNotContain("<link").doesNotContain("fetch(").doesNotContain("XMLHttpRequest")
                .doesNotContain("import(").doesNotContain("@@");
    }

    @Test
    void thePageEmbedsTheTextureTheInstancesAndTheMesh() throws IOException {
        String page = CrowdFixtures.page(first);
        JsonNode meta = CrowdFixtures.meta(page);
        assertThat(meta.get("manifest")).isEqualTo(CrowdFixtures.json(first.resolve("manifest.json")));
        assertThat(meta.get("instances").asInt()).isEqualTo(N);

        List<AnimationClip> clips = List.of(combined.clip("walk"), combined.clip("idle"));
        VatResult direct = Vat.bakeBoneTexture(combined, clips,
                BoneTextureOptions.DEFAULTS.withMaxWidth(Crowd.WEBGL2_MIN_TEXTURE_SIZE), Progress.NONE);
        assertThat(CrowdFixtures.data(page, "bones")).isEqualTo(direct.texture("bones").bytes());

        // the instance attributes are instances.json's numbers, exactly
        float[] attributes = CrowdFixtures.floats(CrowdFixtures.data(page, "instances"));
        JsonNode instances = CrowdFixtures.json(first.resolve("instances.json")).get("instances");
        assertThat(attributes).hasSize(CrowdInstances.FLOATS_PER_INSTANCE * N);
        for (int i = 0; i < N; i++) {
            JsonNode in = instances.get(i);
            int at = CrowdInstances.FLOATS_PER_INSTANCE * i;
            for (int k = 0; k < 12; k++) {
                assertThat(attributes[at + k]).isEqualTo(in.get("transform").get(k).floatValue());
            }
            assertThat(attributes[at + 12]).isEqualTo(in.get("clip").asInt());
            assertThat(attributes[at + 13]).isEqualTo(in.get("phase").floatValue());
            assertThat(attributes[at + 14]).isEqualTo(in.get("speed").floatValue());
            assertThat(attributes[at + 15]).isZero();
        }

        // the mesh: every triangle corner at its vertex's bind position in the bake's parts
        JsonNode mesh = meta.get("mesh");
        int vertices = mesh.get("vertices").asInt();
        Mesh baked = direct.parts().get(0).mesh();
        assertThat(direct.parts()).hasSize(1);
        assertThat(mesh.get("indices").asInt()).isEqualTo(baked.indexCount());
        assertThat(mesh.get("influences").asInt()).isEqualTo(4);
        assertThat(mesh.get("normals").asBoolean()).isTrue();
        assertThat(mesh.get("jointBytes").asInt()).isEqualTo(1);
        assertThat(mesh.get("indexBytes").asInt()).isEqualTo(2);
        float[] positions = CrowdFixtures.floats(CrowdFixtures.data(page, "positions"));
        assertThat(positions).hasSize(3 * vertices);
        assertThat(CrowdFixtures.data(page, "normals")).hasSize(12 * vertices);
        assertThat(CrowdFixtures.data(page, "colors")).hasSize(4 * vertices);
        assertThat(CrowdFixtures.data(page, "joints")).hasSize(4 * vertices);
        assertThat(CrowdFixtures.data(page, "weights")).hasSize(16 * vertices);
        byte[] indices = CrowdFixtures.data(page, "indices");
        assertThat(indices).hasSize(2 * baked.indexCount());
        float[] bind = baked.positions();
        for (int i = 0; i < baked.indexCount(); i++) {
            int o = (indices[2 * i] & 0xff) | (indices[2 * i + 1] & 0xff) << 8;
            int v = baked.index(i);
            assertThat(o).isLessThan(vertices);
            for (int c = 0; c < 3; c++) {
                assertThat(positions[3 * o + c]).isEqualTo(bind[3 * v + c]);
            }
        }
    }

    @Test
    void severalValuesOfOneClipOptionAreTheOptionRepeated() throws IOException {
        // the synopsis is --clip C..., as for vat and bones-texture
        Path values = tmp.resolve("values");
        Cli.run("crowd", humanoid, "--clip", "walk", "1", "--out", values, "--instances", N, "--quiet").assertOk();
        assertThat(Cli.files(values)).isEqualTo(Cli.files(first));
        for (Path f : Cli.files(first)) {
            assertThat(Files.readAllBytes(values.resolve(f))).as("%s", f).isEqualTo(Files.readAllBytes(first.resolve(f)));
        }
    }

    @Test
    void theSameInputGivesTheSameBytesAndTheSeedOnlyMovesTheInstances() throws IOException {
        Path second = tmp.resolve("second");
        Path seeded = tmp.resolve("seed2");
        Cli.run("crowd", humanoid, "--clip", "walk", "--clip", "1", "--out", second, "--instances", N, "--quiet")
                .assertOk();
        Cli.run("crowd", humanoid, "--clip", "walk", "--clip", "idle", "--out", seeded, "--instances", N, "--seed", 2,
                "--quiet").assertOk();
        for (Path f : Cli.files(first)) {
            assertThat(Files.readAllBytes(second.resolve(f))).as("%s", f).isEqualTo(Files.readAllBytes(first.resolve(f)));
        }
        for (String same : new String[] {"bones.exr", "manifest.json"}) {
            assertThat(Files.readAllBytes(seeded.resolve(same))).isEqualTo(Files.readAllBytes(first.resolve(same)));
        }
        for (String differs : new String[] {"instances.json", "index.html"}) {
            assertThat(Files.readAllBytes(seeded.resolve(differs))).isNotEqualTo(Files.readAllBytes(first.resolve(differs)));
        }
    }

    @Test
    void floatEncodingAndEightInfluencesWithoutNormals() throws IOException {
        Path file = CrowdFixtures.write(tmp.resolve("random8.glb"), CrowdFixtures.random(3, 5, 8, false));
        Path out = tmp.resolve("random8");
        Cli.run("crowd", file, "--clip", "random", "--out", out, "--instances", 7, "--encoding", "float", "--quiet")
                .assertOk();
        assertThat(VatFiles.read(out).manifest().encoding()).isEqualTo(VatEncoding.FLOAT);
        JsonNode mesh = CrowdFixtures.meta(CrowdFixtures.page(out)).get("mesh");
        assertThat(mesh.get("influences").asInt()).isEqualTo(8);
        assertThat(mesh.get("normals").asBoolean()).isFalse();
        String page = CrowdFixtures.page(out);
        assertThat(CrowdFixtures.data(page, "normals")).isNull();
        int vertices = mesh.get("vertices").asInt();
        assertThat(CrowdFixtures.data(page, "joints")).hasSize(8 * vertices);
        assertThat(CrowdFixtures.data(page, "weights")).hasSize(32 * vertices);
    }

    @Test
    void aTextureTallerThanWebGl2GuaranteesIsAWarningWithTheNumbers() throws IOException {
        Path file = CrowdFixtures.write(tmp.resolve("tall.glb"), CrowdFixtures.random(4, 3, 4, true));
        Path out = tmp.resolve("tall");
        Cli.Run r = Cli.run("crowd", file, "--clip", "random", "--out", out, "--instances", 3, "--fps", 3000);
        assertThat(r.exitCode()).as("stderr: %s", r.err()).isZero();
        assertThat(r.err()).contains("the bones texture is 9x3001 texels, more than the 2048 every WebGL 2 device"
                + " allows").contains("MAX_TEXTURE_SIZE is at least 3001");
        assertThat(VatFiles.read(out).manifest().height()).isEqualTo(3001);
        // --quiet keeps stderr for errors
        assertThat(Cli.run("crowd", file, "--clip", "random", "--out", tmp.resolve("tall-quiet"), "--instances", 3,
                "--fps", 3000, "--quiet").assertOk().err()).isEmpty();
    }

    @Test
    void aTextureTallerThanAnyTextureIsAnErrorWithTheNumbers() throws IOException {
        Path file = CrowdFixtures.write(tmp.resolve("taller.glb"), CrowdFixtures.random(4, 3, 4, true));
        Path out = tmp.resolve("taller");
        Cli.run("crowd", file, "--clip", "random", "--out", out, "--fps", 20000)
                .assertBadInput(file.toString(), "20001 frames", "more than maxHeight 16384");
        assertThat(Cli.files(out)).isEmpty();
    }

    @Test
    void aCharacterWithOnePaletteIsBakedAsItIs() throws IOException {
        Character one = CrowdFixtures.random(5, 4, 4, true);
        assertThat(Crowd.sharesOnePalette(one.parts())).isTrue();
        assertThat(Crowd.drawable(one)).isSameAs(one);
        Path file = CrowdFixtures.write(tmp.resolve("one.glb"), one);
        Cli.Run r = Cli.run("crowd", file, "--clip", "0", "--out", tmp.resolve("one"), "--instances", 2);
        assertThat(r.exitCode()).isZero();
        assertThat(r.err()).doesNotContain("combined");
    }

    @Test
    void partsWithTwoPalettesAreCombined() {
        Character h = combined;
        assertThat(h.parts()).hasSize(1);
        Character humanoidCharacter = io.github.skinmesh.testkit.humanoid.Humanoids.generate(1).character();
        assertThat(Crowd.sharesOnePalette(humanoidCharacter.parts())).isFalse();
        List<Part> rigid = new ArrayList<>(humanoidCharacter.parts());
        rigid.set(0, Part.of("rigid", rigid.get(0).mesh().toBuilder().skin(null).build()));
        assertThat(Crowd.sharesOnePalette(rigid)).isFalse();
    }

    // --- errors

    @Test
    void anUnknownClipNamesTheFileAndListsTheClips() {
        Cli.run("crowd", humanoid, "--clip", "run", "--out", tmp.resolve("unknown"))
                .assertBadInput(humanoid.toString(), "no clip named 'run'", "0 'walk'", "1 'idle'");
        Cli.run("crowd", humanoid, "--clip", "2", "--out", tmp.resolve("unknown"))
                .assertBadInput(humanoid.toString(), "clip index 2 out of range");
        assertThat(Cli.files(tmp.resolve("unknown"))).isEmpty();
    }

    @Test
    void aClipGivenTwiceIsAnError() {
        Cli.run("crowd", humanoid, "--clip", "walk", "--clip", "0", "--out", tmp.resolve("twice"))
                .assertBadInput(humanoid.toString(), "clip 'walk' is given twice");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Crowd.MAX_INSTANCES + 1})
    void anInstanceCountOutOfRangeIsAUsageError(int n) {
        Cli.run("crowd", humanoid, "--clip", "walk", "--out", tmp.resolve("n"), "--instances", n)
                .assertUsage("--instances: " + n + ", expected 1.." + Crowd.MAX_INSTANCES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-30", "NaN", "Infinity"})
    void aRateThatIsNotPositiveAndFiniteIsAUsageError(String fps) {
        Cli.run("crowd", humanoid, "--clip", "walk", "--out", tmp.resolve("fps"), "--fps", fps)
                .assertUsage("--fps: " + Float.parseFloat(fps) + ", expected a finite number of frames per second > 0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"unorm16", "unorm8", "HALF", ""})
    void anEncodingOtherThanFloatOrHalfIsAUsageError(String encoding) {
        Cli.run("crowd", humanoid, "--clip", "walk", "--out", tmp.resolve("enc"), "--encoding", encoding)
                .assertUsage("--encoding: " + encoding + ", expected float or half");
    }

    @Test
    void moreClipsThanThePagesUniformsHoldIsAUsageError() {
        List<Object> args = new ArrayList<>(List.of("crowd", humanoid, "--out", tmp.resolve("many")));
        for (int i = 0; i <= Crowd.MAX_CLIPS; i++) {
            args.add("--clip");
            args.add("walk");
        }
        Cli.run(args.toArray()).assertUsage("--clip: 65 clips, expected at most 64");
    }

    @Test
    void withoutAClipItIsAUsageError() {
        Cli.run("crowd", humanoid, "--out", tmp.resolve("none")).assertUsage("Missing required option: '--clip=C'");
    }

    @Test
    void aMissingInputIsAnError() {
        Path missing = tmp.resolve("missing.glb");
        Cli.run("crowd", missing, "--clip", "0", "--out", tmp.resolve("m")).assertBadInput(missing.toString(),
                "no such file");
    }

    @Test
    void anOutputFolderThatIsAFileIsAnError() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Cli.run("crowd", humanoid, "--clip", "walk", "--out", file, "--instances", 1).assertBadInput(file.toString(),
                "exists and is not a folder");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    /** Every file the command writes is checked before the bake, bounds.json too. */
    @Test
    void aFolderWhereBoundsJsonGoesIsAnErrorAndNothingIsWritten() throws IOException {
        Path dir = tmp.resolve("crowd");
        Files.createDirectories(dir.resolve("bounds.json"));
        Cli.run("crowd", humanoid, "--clip", "walk", "--out", dir, "--instances", 1)
                .assertBadInput(dir.resolve("bounds.json").toString(), "is a directory, expected a file name");
        assertThat(Cli.files(dir)).isEmpty();
    }

    @Test
    void aFileWithoutASkinnedMeshIsAnError() throws IOException {
        Character rigid = CrowdFixtures.random(6, 2, 4, true);
        Mesh mesh = rigid.parts().get(0).mesh().toBuilder().skin(null).build();
        Path file = CrowdFixtures.write(tmp.resolve("rigid.glb"), rigid.withParts(List.of(Part.of("static", mesh))));
        Cli.run("crowd", file, "--clip", "0", "--out", tmp.resolve("rigid")).assertBadInput(file.toString(),
                "no skinned mesh and no mesh hanging from a bone");
    }

    @Test
    void aRigidMeshHangingFromABoneIsCombinedIntoTheCrowd() throws IOException {
        Character c = CrowdFixtures.random(7, 3, 4, true);
        Mesh body = c.parts().get(0).mesh();
        Mesh prop = body.toBuilder().skin(null).build();
        String bone = c.skeleton().boneName(2);
        Character withProp = c.withParts(List.of(c.parts().get(0), Part.of("prop", prop, bone, new org.joml.Matrix4f())));
        Path file = CrowdFixtures.write(tmp.resolve("prop.glb"), withProp);
        Path out = tmp.resolve("prop");
        Cli.Run r = Cli.run("crowd", file, "--clip", "0", "--out", out, "--instances", 3);
        assertThat(r.exitCode()).as("stderr: %s", r.err()).isZero();
        assertThat(r.err()).contains("combined into one skinned mesh");
        int triangles = CrowdFixtures.meta(CrowdFixtures.page(out)).get("mesh").get("indices").asInt() / 3;
        assertThat(triangles).isEqualTo(2 * body.triangleCount());
    }

    // --- the shared assets

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan.glb", "Fox.glb", "RiggedSimple.glb"})
    void sharedAssetsMakeACrowdOfEveryClip(String name) throws IOException {
        Optional<Path> file = SharedFiles.file("assets/" + name);
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        Character character = GltfReader.read(file.get()).character();
        List<Object> args = new ArrayList<>(List.of("crowd", file.get(), "--out", tmp.resolve(name), "--instances", 50,
                "--quiet"));
        for (int c = 0; c < character.clips().size(); c++) {
            args.add("--clip");
            args.add(c);
        }
        Cli.run(args.toArray()).assertOk();
        VatDecoder back = VatFiles.read(tmp.resolve(name));
        assertThat(back.manifest().clips()).hasSize(character.clips().size());
        String page = CrowdFixtures.page(tmp.resolve(name));
        JsonNode meta = CrowdFixtures.meta(page);
        assertThat(meta.get("manifest")).isEqualTo(CrowdFixtures.json(tmp.resolve(name).resolve("manifest.json")));
        assertThat(CrowdFixtures.data(page, "instances")).hasSize(64 * 50);
        int triangles = 0;
        for (Part p : Crowd.drawable(character).parts()) {
            triangles += p.mesh().triangleCount();
        }
        assertThat(meta.get("mesh").get("indices").asInt()).isEqualTo(3 * triangles);
        Bounds b = back.manifest().bounds();
        assertThat(meta.get("mesh").get("normalScale").floatValue()).isEqualTo(b.diagonal());
    }

    private static float[] vector(JsonNode array) {
        float[] v = new float[array.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = array.get(i).floatValue();
        }
        return v;
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
