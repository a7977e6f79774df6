package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.SplitMix64;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GltfWriterTest {
    static Optional<GltfAsset> shared(String name) throws IOException {
        Optional<Path> p = SharedFiles.file("assets/" + name);
        return p.isPresent() ? Optional.of(GltfReader.read(p.get())) : Optional.empty();
    }

    static GltfAsset reread(byte[] glb) {
        return GltfReader.read(glb, "exported.glb", ResourceResolver.none());
    }

    static JsonNode json(byte[] glb) {
        int length = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        return Json.parse(glb, 20, length, "exported.glb");
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan.glb", "Fox.glb", "RiggedSimple.glb"})
    void sharedAssetsRoundTrip(String name) throws IOException {
        Optional<GltfAsset> asset = shared(name);
        assumeTrue(asset.isPresent(), SharedFiles.ABSENT);
        byte[] glb = GltfWriter.toGlb(asset.get().character());
        GltfAsset back = reread(glb);
        assertThat(back.skeleton()).isEqualTo(asset.get().skeleton());
        assertThat(back.parts()).isEqualTo(asset.get().parts());
        assertThat(back.clips()).isEqualTo(asset.get().clips());
        assertThat(back.materials()).isEqualTo(asset.get().materials());
        assertThat(back.images()).isEqualTo(asset.get().images());
        assertThat(back.character()).isEqualTo(asset.get().character());
        assertThat(back.warnings()).isEmpty();
        // every primitive's submesh and vertex range come back; a skinned node is written at the scene root
        for (int p = 0; p < back.parts().size(); p++) {
            assertThat(back.source(p).primitives()).isEqualTo(asset.get().source(p).primitives());
            assertThat(back.source(p).nodeBone()).isEqualTo(Index.NONE);
        }
        assertThat(GltfWriter.toGlb(back.character())).isEqualTo(glb);
    }

    @Property(tries = 12, seed = "42")
    void syntheticCharactersRoundTrip(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Character character = SyntheticAssets.character(seed);
        byte[] glb = GltfWriter.toGlb(character);
        GltfAsset back = reread(glb);
        assertThat(back.skeleton()).isEqualTo(character.skeleton());
        assertThat(back.parts()).isEqualTo(character.parts());
        assertThat(back.clips()).isEqualTo(character.clips());
        assertThat(back.character()).isEqualTo(character);
        assertThat(back.warnings()).isEmpty();
    }

    /**
     * Seeded random characters with rigid parts on bones, meshes of several submeshes, morph
     * targets with weight channels, extra attributes and a mesh shared by two parts read back
     * equal, and writing what was read gives the same bytes.
     */
    @Property(tries = 40, seed = "20261201")
    void randomCharactersRoundTrip(@ForAll @LongRange(min = 1, max = 1_000_000_000) long seed) {
        Character character = SyntheticAssets.randomCharacter(seed);
        GltfWriteResult[] result = new GltfWriteResult[1];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            result[0] = GltfWriter.writeGlb(character, out);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        byte[] glb = out.toByteArray();
        assertThat(result[0].warnings()).isEmpty();
        GltfAsset back = reread(glb);
        assertThat(back.warnings()).isEmpty();
        for (int p = 0; p < character.parts().size(); p++) {
            assertThat(back.parts().get(p).mesh()).as("part %d mesh", p).isEqualTo(character.parts().get(p).mesh());
        }
        assertThat(back.character()).isEqualTo(character);
        int submeshes = 0;
        for (int p = 0; p < back.parts().size(); p++) {
            List<PartSource.Primitive> prims = back.source(p).primitives();
            Mesh mesh = back.parts().get(p).mesh();
            assertThat(prims).hasSize(mesh.submeshes().size());
            for (int k = 0; k < prims.size(); k++) {
                // the writer's primitives share their mesh's vertex accessors: one range, all vertices
                assertThat(prims.get(k)).isEqualTo(new PartSource.Primitive(k, 0, mesh.vertexCount(),
                        writtenAttributes(mesh)));
            }
            submeshes += mesh.submeshes().size();
        }
        assertThat(result[0].primitiveCount()).isLessThanOrEqualTo(submeshes);
        assertThat(GltfWriter.toGlb(back.character())).isEqualTo(glb);
    }

    /** Animated mesh nodes are bones; their parts are written onto the bone's own node. */
    @Test
    void animatedMeshNodesRoundTrip() {
        TestGltf g = animatedMeshNodesDocument();
        for (GltfReadOptions.AnimatedNodes mode : GltfReadOptions.AnimatedNodes.values()) {
            GltfReadOptions options = GltfReadOptions.DEFAULTS.withAnimatedNodes(mode);
            GltfAsset a = GltfReader.read(g.glb(), "t.glb", ResourceResolver.none(), options);
            byte[] glb = GltfWriter.toGlb(a.character());
            GltfAsset back = GltfReader.read(glb, "back.glb", ResourceResolver.none(), options);
            assertThat(back.character()).as(mode.name()).isEqualTo(a.character());
            assertThat(json(glb).get("nodes").get(a.skeleton().indexOf("body")).has("mesh")).isTrue();
            int body = back.partOfNode(a.skeleton().indexOf("body"));
            assertThat(back.source(body).nodeBone()).as("the skinned node is its own bone")
                    .isEqualTo(back.skeleton().indexOf("body"));
        }
    }

    @Test
    void sharedMeshesAndMorphChannelsRoundTrip() {
        GltfAsset a = GltfReaderTest.read(GltfReaderTest.sharedMeshesDocument());
        byte[] glb = GltfWriter.toGlb(a.character());
        assertThat(reread(glb).character()).isEqualTo(a.character());
        JsonNode json = json(glb);
        assertThat(json.get("skins")).hasSize(2);
        assertThat(json.get("meshes")).hasSize(2);
    }

    /** A skinned node and a rigid node both animated (rotation), the rigid one outside the skeleton. */
    static TestGltf animatedMeshNodesDocument() {
        TestGltf g = TestGltf.minimalSkinned();
        g.node("spinner").put("mesh", 0);
        int in = g.floats("SCALAR", 0, 1);
        int out = g.floats("VEC4", 0, 0, 0, 1, 0, 0.70710677f, 0, 0.70710677f);
        com.fasterxml.jackson.databind.node.ObjectNode anim = g.add("animations");
        anim.putArray("samplers").addObject().put("input", in).put("output", out);
        com.fasterxml.jackson.databind.node.ArrayNode channels = anim.putArray("channels");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 3).put("path", "rotation");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 2).put("path", "rotation");
        return g;
    }

    @Test
    void syntheticCharacterCarriesEverything() {
        GltfAsset back = reread(GltfWriter.toGlb(SyntheticAssets.character(5)));
        Mesh body = back.character().part("Body").mesh();
        assertThat(body.uvChannelCount()).isEqualTo(3);
        assertThat(body.hasColors()).isTrue();
        assertThat(body.hasTangents()).isTrue();
        assertThat(body.skin().weights().influencesPerVertex()).isEqualTo(8);
        assertThat(body.morphTargets()).extracting(t -> t.name()).containsExactly("shape0", "shape1");
        assertThat(body.morphWeights()).containsExactly(0.25f, 0f);
        Mesh hair = back.character().part("Hair").mesh();
        assertThat(hair.skin().paletteSize()).isEqualTo(3);
        assertThat(hair.materials().get(0).template()).isEqualTo("unlit");
        assertThat(back.images()).hasSize(2);
        assertThat(back.materials().get(0).texture("baseColor").image())
                .isSameAs(back.materials().get(1).texture("baseColor").image());
        assertThat(back.character().part("Sword").attachBone()).isEqualTo(back.skeleton().boneName(5));
        assertThat(back.clips().get(0).morphChannels().get(0).target()).isEqualTo("Body");
    }

    @Test
    void writingTwiceGivesIdenticalBytes(@TempDir Path dir) throws IOException {
        Character asset = SyntheticAssets.character(9);
        Path a = dir.resolve("a.glb");
        Path b = dir.resolve("b.glb");
        GltfWriteResult ra = GltfWriter.writeGlb(asset, a);
        GltfWriter.writeGlb(SyntheticAssets.character(9), b);
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b)).isEqualTo(GltfWriter.toGlb(asset));
        assertThat(ra.byteCount()).isEqualTo(Files.size(a)).isEqualTo(Files.size(a) / 4 * 4);
        assertThat(ra.warnings()).isEmpty();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.glb", "b.glb");
        }
    }

    @Test
    void failedWriteLeavesTheTargetAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.glb");
        Files.write(target, new byte[] {1, 2, 3});
        Skeleton skeleton = SyntheticAssets.skeleton(new SplitMix64(1), 2);
        Character empty = Character.builder(skeleton.name(), skeleton)
                .addPart(Part.of("nothing", Mesh.builder("e").positions(new float[3]).build()))
                .build();
        assertThatThrownBy(() -> GltfWriter.writeGlb(empty, target)).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: part 'nothing': mesh 'e' has no triangles, expected at least one non-empty "
                        + "submesh");
        assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }
        };
        assertThatThrownBy(() -> GltfWriter.writeGlb(SyntheticAssets.character(1), failing))
                .isInstanceOf(IOException.class).hasMessage("disk full");
    }

    @Test
    void chunksAndViewsAreFourByteAligned() {
        byte[] glb = GltfWriter.toGlb(SyntheticAssets.character(3));
        ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt(8)).isEqualTo(glb.length);
        int jsonLength = b.getInt(12);
        assertThat(jsonLength % 4).isZero();
        assertThat(b.getInt(20 + jsonLength) % 4).isZero();
        JsonNode json = json(glb);
        for (JsonNode view : json.get("bufferViews")) {
            assertThat(view.path("byteOffset").asInt(0) % 4).isZero();
        }
        assertThat(json.get("asset").get("generator").asText()).isEqualTo("skinmesh");
    }

    @Test
    void indexWidthFollowsTheVertexCount() {
        for (int n : new int[] {65535, 65536}) {
            float[] pos = new float[3 * n];
            for (int i = 0; i < n; i++) {
                pos[3 * i] = i;
            }
            Mesh m = Mesh.builder("big").positions(pos).indices(new int[] {0, 1, n - 1}).build();
            Character a = Character.builder("", Skeleton.builder("").build()).addPart(Part.of("big", m)).build();
            byte[] glb = GltfWriter.toGlb(a);
            JsonNode json = json(glb);
            int idx = json.get("meshes").get(0).get("primitives").get(0).get("indices").asInt();
            assertThat(json.get("accessors").get(idx).get("componentType").asInt()).isEqualTo(n <= 65535 ? 5123 : 5125);
            assertThat(reread(glb).parts().get(0).mesh()).isEqualTo(m);
            byte[] wide = GltfWriter.toGlb(a, GltfWriteOptions.DEFAULTS.withIndexWidth(
                    GltfWriteOptions.IndexWidth.ALWAYS_32));
            JsonNode wj = json(wide);
            assertThat(wj.get("accessors").get(idx).get("componentType").asInt()).isEqualTo(5125);
        }
    }

    @Test
    void jointComponentFollowsThePaletteSize() {
        for (int bones : new int[] {256, 257}) {
            Skeleton.Builder sb = Skeleton.builder("wide");
            String[] names = new String[bones];
            for (int i = 0; i < bones; i++) {
                names[i] = "j" + i;
                sb.addBone(names[i], i == 0 ? Skeleton.NO_PARENT : 0);
            }
            Skeleton s = sb.build();
            float[] ibm = new float[16 * bones];
            for (int i = 0; i < bones; i++) {
                new Matrix4f().get(ibm, 16 * i);
            }
            int[] joints = {bones - 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
            float[] weights = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
            Mesh m = Mesh.builder("m").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                    .skin(Skin.of(names, ibm, BoneWeights.of(4, joints, weights))).build();
            Character a = Character.builder(s.name(), s).addPart(Part.of("m", m)).build();
            byte[] glb = GltfWriter.toGlb(a);
            JsonNode json = json(glb);
            int j = json.get("meshes").get(0).get("primitives").get(0).get("attributes").get("JOINTS_0").asInt();
            assertThat(json.get("accessors").get(j).get("componentType").asInt()).isEqualTo(bones <= 256 ? 5121 : 5123);
            assertThat(json.get("skins").get(0).get("skeleton").asInt()).isZero();
            assertThat(reread(glb).character()).isEqualTo(a);
        }
    }

    /**
     * The attributes the writer gives a mesh's primitives, in {@link PartSource.Primitive#attributes()}'s
     * order, from the mesh's streams.
     */
    static List<String> writtenAttributes(Mesh mesh) {
        List<String> a = new java.util.ArrayList<>(List.of("POSITION"));
        if (mesh.hasNormals()) {
            a.add("NORMAL");
        }
        if (mesh.hasTangents()) {
            a.add("TANGENT");
        }
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            a.add("TEXCOORD_" + c);
        }
        if (mesh.hasColors()) {
            a.add("COLOR_0");
        }
        Skin skin = mesh.skin();
        for (int set = 0; skin != null && set < (skin.weights().influencesPerVertex() + 3) / 4; set++) {
            a.add("JOINTS_" + set);
            a.add("WEIGHTS_" + set);
        }
        mesh.attributes().stream().map(x -> "_" + x.name()).sorted().forEach(a::add);
        return a;
    }

    @Test
    void submeshesBecomePrimitivesSharingVertexAccessorsAndReadBackAsOneMesh() {
        SplitMix64 rng = new SplitMix64(11);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh base = SyntheticAssets.skinnedMesh(rng, "two", s, new int[] {0, 1, 2}, 4, 2, 0,
                SyntheticAssets.materials());
        int half = base.indexCount() / 6 * 3;
        Mesh two = base.toBuilder().clearSubmeshes().addSubmesh(0, half, 0)
                .addSubmesh(half, base.indexCount() - half, 1).build();
        Character a = Character.builder(s.name(), s).addPart(Part.of("two", two)).build();
        byte[] glb = GltfWriter.toGlb(a);
        JsonNode json = json(glb);
        JsonNode prims = json.get("meshes").get(0).get("primitives");
        assertThat(prims).hasSize(2);
        assertThat(prims.get(0).get("attributes")).isEqualTo(prims.get(1).get("attributes"));
        assertThat(prims.get(0).get("material").asInt()).isNotEqualTo(prims.get(1).get("material").asInt());
        assertThat(json.get("skins")).as("one mesh, one skin").hasSize(1);
        GltfAsset back = reread(glb);
        assertThat(back.parts().get(0).mesh()).isEqualTo(two);
        assertThat(back.source(0).primitives()).containsExactly(
                new PartSource.Primitive(0, 0, two.vertexCount(), writtenAttributes(two)),
                new PartSource.Primitive(1, 0, two.vertexCount(), writtenAttributes(two)));
    }

    /**
     * Weights kept as a file stored them are written slot by slot, the joints of zero-weight slots
     * included, so each slot still names the same bone; glTF import gives the canonical form back.
     */
    @Test
    void slotsAsStoredAreWrittenSlotBySlot() {
        SplitMix64 rng = new SplitMix64(13);
        Skeleton s = SyntheticAssets.skeleton(rng, 5);
        Mesh canonical = SyntheticAssets.skinnedMesh(rng, "p", s, new int[] {2, 3, 4}, 4, 0, 0, List.of());
        BoneWeights cw = canonical.skin().weights();
        int n = canonical.vertexCount();
        int[] joints = new int[4 * n];
        float[] weights = new float[4 * n];
        for (int v = 0; v < n; v++) {
            for (int k = 0; k < 4; k++) {
                int stored = 4 * v + 3 - k; // reversed slot order
                weights[stored] = cw.weight(v, k);
                joints[stored] = cw.weight(v, k) > 0 ? cw.joint(v, k) : (v + k) % 3; // an empty slot names a bone
            }
        }
        Mesh b = canonical.toBuilder().skin(canonical.skin().withWeights(BoneWeights.ofSlots(4, joints, weights)))
                .build();
        assertThat(b.skin().weights().isCanonical()).isFalse();
        Character character = Character.builder(s.name(), s).addPart(Part.of("p", b)).build();
        byte[] glb = GltfWriter.toGlb(character);
        JsonNode root = json(glb);
        JsonNode skinJoints = root.get("skins").get(0).get("joints");
        JsonNode accessor = root.get("accessors").get(root.get("meshes").get(0).get("primitives").get(0)
                .get("attributes").get("JOINTS_0").asInt());
        assertThat(accessor.get("componentType").asInt()).isEqualTo(5121);
        JsonNode view = root.get("bufferViews").get(accessor.get("bufferView").asInt());
        int bin = 20 + ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).getInt(12) + 8;
        int offset = bin + view.path("byteOffset").asInt(0);
        for (int i = 0; i < 4 * n; i++) {
            int written = glb[offset + i] & 0xFF;
            assertThat(written).as("slot %d", i).isEqualTo(joints[i]);
            String bone = root.get("nodes").get(skinJoints.get(written).asInt()).get("name").asText();
            assertThat(bone).as("slot %d names the same bone", i).isEqualTo(b.skin().boneName(joints[i]));
        }
        Mesh back = reread(glb).parts().get(0).mesh();
        assertThat(back.skin().weights().isCanonical()).as("glTF import gives the canonical form").isTrue();
        for (int v = 0; v < n; v++) {
            for (int k = 0; k < 4; k++) {
                assertThat(back.skin().weights().weight(v, k)).isEqualTo(cw.weight(v, k));
            }
        }
    }

    @Test
    void texturesSamplingAMissingUvChannelAreLeftOutWithAWarning() throws IOException {
        SplitMix64 rng = new SplitMix64(13);
        Skeleton s = SyntheticAssets.skeleton(rng, 2);
        Mesh one = SyntheticAssets.skinnedMesh(rng, "one", s, new int[0], 4, 1, 0,
                List.of(SyntheticAssets.materials().get(0)));
        Character a = Character.builder(s.name(), s).addPart(Part.of("one", one)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly(
                "part 'one': mesh 'one' has 1 UV channels but material 'body' samples its metallicRoughness "
                        + "texture with TEXCOORD_1; texture left out for this mesh",
                "part 'one': mesh 'one' has 1 UV channels but material 'body' samples its normal "
                        + "texture with TEXCOORD_1; texture left out for this mesh");
        assertThat(reread(out.toByteArray()).materials().get(0).textures().keySet())
                .containsExactly("baseColor", "occlusion", "emissive");
    }

    @Test
    void aPartNamedLikeAnotherBoneIsWrittenWithAWarning() throws IOException {
        Character a = builderWithBody().addPart(Part.of("b1", rigid(), "root", new Matrix4f())).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly("part 'b1': named like a bone but not written onto it (it is not a "
                + "rigid part on that bone with the identity transform); reading the file back gives the part a unique "
                + "name");
        GltfAsset back = reread(out.toByteArray());
        assertThat(back.parts()).extracting(Part::name).containsExactly("Body", "b1#4");
        assertThat(back.skeleton().boneName(1)).isEqualTo("b1");
    }

    /** A rigid part named like its bone with the identity transform, and a skinned part named like a bone, sit on it. */
    @Test
    void partsNamedLikeTheirBoneAreWrittenOntoItsNode() {
        SplitMix64 rng = new SplitMix64(8);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2}, 4, 1, 0, List.of());
        Character a = Character.builder(s.name(), s).addPart(Part.of("b1", rigid(), "b1", new Matrix4f()))
                .addPart(Part.of("b2", body)).build();
        byte[] glb = GltfWriter.toGlb(a);
        JsonNode nodes = json(glb).get("nodes");
        assertThat(nodes).hasSize(3);
        assertThat(nodes.get(s.indexOf("b2")).has("skin")).isTrue();
        assertThat(nodes.get(s.indexOf("b1")).has("mesh")).isTrue();
        GltfAsset back = reread(glb);
        assertThat(back.character()).isEqualTo(a);
        assertThat(back.source(back.character().partIndex("b2")).nodeBone()).isEqualTo(s.indexOf("b2"));
    }

    /**
     * A reader lists parts in node order: a part's own node goes before the node of a bone a later
     * part sits on, and bones keep their order. A part on a bone whose node must come before an
     * earlier part's cannot keep its place.
     */
    @Test
    void nodesAreOrderedSoThatPartsReadBackInOrder() throws IOException {
        SplitMix64 rng = new SplitMix64(8);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2}, 4, 1, 0, List.of());
        Character a = Character.builder(s.name(), s).addPart(Part.of("Prop", rigid(), "b1", new Matrix4f()))
                .addPart(Part.of("b2", body)).build();
        byte[] glb = GltfWriter.toGlb(a);
        JsonNode nodes = json(glb).get("nodes");
        assertThat(nodes).extracting(n -> n.get("name").asText()).containsExactly("root", "b1", "Prop", "b2");
        assertThat(nodes.get(1).get("children")).extracting(JsonNode::asInt).containsExactly(3, 2);
        assertThat(reread(glb).character()).isEqualTo(a);

        Character swapped = a.withParts(List.of(Part.of("b2", body), Part.of("b1", rigid(), "b1", new Matrix4f())));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(swapped, out);
        assertThat(r.warnings()).containsExactly("part 'b1': written onto bone 'b1', whose node comes before an "
                + "earlier part's; reading the file back lists the parts in node order");
        assertThat(reread(out.toByteArray()).parts()).extracting(Part::name).containsExactly("b1", "b2");
    }

    /** glTF has no bind-shape matrix: a skinned part's transform goes into its vertices. */
    @Test
    void aSkinnedPartsTransformIsBakedIntoTheWrittenVertices() throws IOException {
        SplitMix64 rng = new SplitMix64(21);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2}, 4, 1, 2, List.of());
        Matrix4f t = new Matrix4f().translation(0.5f, -1, 2).rotateY(0.7f).scale(1.5f, 1.5f, -1.5f);
        Character a = Character.builder(s.name(), s).addPart(Part.of("Body", body, null, t)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly(
                "part 'Body': transform baked into the mesh's vertices (glTF has no bind-shape matrix)");
        GltfAsset back = reread(out.toByteArray());
        Part part = back.parts().get(0);
        assertThat(part.hasIdentityTransform()).isTrue();
        assertThat(part.mesh()).isEqualTo(body.transformed(t));
        // posed, the baked part lands where the original does
        float[] expected = restPose(a);
        float[] actual = restPose(back.character());
        assertThat(actual).containsExactly(expected);
    }

    private static float[] restPose(Character c) {
        io.github.skinmesh.core.anim.CharacterPoser poser = io.github.skinmesh.core.anim.CharacterPoser.bind(c, null);
        io.github.skinmesh.core.anim.PosedVertices out = poser.newOutput();
        poser.poseInto(0, out);
        return out.positionsInto(new float[3 * (int) out.vertexCount()], 0);
    }

    /** Draws have no glTF form; writing a submesh whole is exact because joints index the whole palette. */
    @Test
    void drawsAreLeftOutWithAWarningAndTheGeometryIsUnchanged() throws IOException {
        SplitMix64 rng = new SplitMix64(22);
        Skeleton s = SyntheticAssets.skeleton(rng, 4);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2, 3}, 4, 1, 0, List.of());
        int[] entries = {0, 1, 2, 3};
        int tris = body.triangleCount();
        Mesh drawn = body.toBuilder().clearSubmeshes().addSubmesh(new Submesh(0, body.indexCount(), 0, List.of(
                Draw.of(0, 3 * (tris / 2), entries), Draw.of(3 * (tris / 2), 3 * (tris - tris / 2), entries)))).build();
        assertThat(drawn.hasDraws()).isTrue();
        Character a = Character.builder(s.name(), s).addPart(Part.of("Body", drawn)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly("part 'Body': mesh 'body' has draws (bone-palette partitions); glTF "
                + "has no form for them, so each submesh is written whole with the skin's whole palette");
        assertThat(r.primitiveCount()).isEqualTo(1);
        Mesh back = reread(out.toByteArray()).parts().get(0).mesh();
        assertThat(back.hasDraws()).isFalse();
        assertThat(back).isEqualTo(body);
    }

    @Test
    void aSkeletonNamedUnlikeItsCharacterTakesTheCharactersName() throws IOException {
        SplitMix64 rng = new SplitMix64(23);
        Skeleton s = SyntheticAssets.skeleton(rng, 2);
        Character a = Character.builder("hero", s).addPart(Part.of("r", rigid())).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly("character 'hero': skeleton name 'synthetic' not written (glTF has "
                + "one scene name, the character's; reading the file back gives the skeleton that name)");
        GltfAsset back = reread(out.toByteArray());
        assertThat(back.character().name()).isEqualTo("hero");
        assertThat(back.skeleton().name()).isEqualTo("hero");
    }

    /** Extra attributes are custom FLOAT attributes {@code _NAME}, typed by component count, and read back whole. */
    @Test
    void extraAttributesAreWrittenAsCustomAttributes() {
        SplitMix64 rng = new SplitMix64(24);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2}, 4, 1, 0, List.of());
        Mesh.Builder b = body.toBuilder();
        for (int c = 1; c <= 4; c++) {
            float[] values = new float[c * body.vertexCount()];
            for (int i = 0; i < values.length; i++) {
                values[i] = rng.range(-100, 100);
            }
            b.addAttribute(VertexAttribute.of("VAT_" + c, c, values));
        }
        Mesh extra = b.build();
        Character a = Character.builder(s.name(), s).addPart(Part.of("Body", extra)).build();
        byte[] glb = GltfWriter.toGlb(a);
        JsonNode json = json(glb);
        JsonNode attributes = json.get("meshes").get(0).get("primitives").get(0).get("attributes");
        String[] types = {"SCALAR", "VEC2", "VEC3", "VEC4"};
        for (int c = 1; c <= 4; c++) {
            JsonNode accessor = json.get("accessors").get(attributes.get("_VAT_" + c).asInt());
            assertThat(accessor.get("componentType").asInt()).isEqualTo(5126);
            assertThat(accessor.get("type").asText()).isEqualTo(types[c - 1]);
            assertThat(accessor.get("count").asInt()).isEqualTo(body.vertexCount());
        }
        Mesh back = reread(glb).parts().get(0).mesh();
        assertThat(back.attributes()).isEqualTo(extra.attributes());
        assertThat(back).isEqualTo(extra);
    }

    /** glTF requires two keys for CUBICSPLINE: a one-key channel holds its value, so it is written as STEP. */
    @Test
    void aOneKeyCubicSplineChannelIsWrittenAsStep() throws IOException {
        Character body = builderWithBody().build();
        float[] key = {0, 0, 0, 0.1f, 0.2f, 0.3f, 0, 0, 0}; // in-tangent, value, out-tangent
        Character a = body.withClips(List.of(AnimationClip.of("pose", List.of(BoneChannel.of("b1",
                ChannelPath.TRANSLATION, Interpolation.CUBICSPLINE, new float[] {0.5f}, key)),
                List.of(MorphChannel.of("Body", 2, Interpolation.CUBICSPLINE, new float[] {0.5f},
                        new float[] {0, 0, 0.25f, 0.75f, 0, 0})))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly(
                "clip 'pose' channel 'b1' translation: one CUBICSPLINE key, written as STEP (glTF requires two keys "
                        + "for CUBICSPLINE; the value is the same at every time)",
                "clip 'pose' morph channel 'Body': one CUBICSPLINE key, written as STEP (glTF requires two keys for "
                        + "CUBICSPLINE; the value is the same at every time)");
        AnimationClip back = reread(out.toByteArray()).clips().get(0);
        assertThat(back.channels().get(0).interpolation()).isEqualTo(Interpolation.STEP);
        assertThat(back.channels().get(0).values()).containsExactly(0.1f, 0.2f, 0.3f);
        assertThat(back.morphChannels().get(0).values()).containsExactly(0.25f, 0.75f);
    }

    @Test
    void optionsRejectBadValues() {
        assertThatThrownBy(() -> GltfWriteOptions.DEFAULTS.withGenerator("x".repeat(300)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("GltfWriteOptions: generator length 300, expected at most 256");
        assertThatThrownBy(() -> GltfReadOptions.DEFAULTS.withMemoryFactor(0)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("GltfReadOptions: memoryFactor=0, expected 1..1024");
    }

    private static Mesh rigid() {
        return Mesh.builder("r").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .build();
    }

    private static Character.Builder builderWithBody() {
        SplitMix64 rng = new SplitMix64(8);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2}, 4, 1, 2, List.of());
        return Character.builder(s.name(), s).addPart(Part.of("Body", body));
    }
}
