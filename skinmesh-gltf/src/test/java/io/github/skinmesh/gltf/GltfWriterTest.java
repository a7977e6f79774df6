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
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
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
        byte[] glb = GltfWriter.toGlb(asset.get());
        GltfAsset back = reread(glb);
        assertThat(back.skeleton()).isEqualTo(asset.get().skeleton());
        assertThat(back.skinnedMeshes()).isEqualTo(asset.get().skinnedMeshes());
        assertThat(back.clips()).isEqualTo(asset.get().clips());
        assertThat(back.materials()).isEqualTo(asset.get().materials());
        assertThat(back.images()).isEqualTo(asset.get().images());
        assertThat(back).isEqualTo(asset.get());
        assertThat(back.warnings()).isEmpty();
        assertThat(GltfWriter.toGlb(back)).isEqualTo(glb);
    }

    @Property(tries = 12, seed = "42")
    void syntheticCharactersRoundTrip(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        GltfAsset asset = SyntheticAssets.character(seed);
        byte[] glb = GltfWriter.toGlb(asset);
        GltfAsset back = reread(glb);
        assertThat(back.skeleton()).isEqualTo(asset.skeleton());
        assertThat(back.skinnedMeshes()).isEqualTo(asset.skinnedMeshes());
        assertThat(back.rigidMeshes()).isEqualTo(asset.rigidMeshes());
        assertThat(back.clips()).isEqualTo(asset.clips());
        assertThat(back).isEqualTo(asset);
        assertThat(back.warnings()).isEmpty();
    }

    /** Animated mesh nodes are bones; their instances are written onto the bone's own node. */
    @Test
    void animatedMeshNodesRoundTrip() {
        TestGltf g = animatedMeshNodesDocument();
        for (GltfReadOptions.AnimatedNodes mode : GltfReadOptions.AnimatedNodes.values()) {
            GltfReadOptions options = GltfReadOptions.DEFAULTS.withAnimatedNodes(mode);
            GltfAsset a = GltfReader.read(g.glb(), "t.glb", ResourceResolver.none(), options);
            byte[] glb = GltfWriter.toGlb(a);
            GltfAsset back = GltfReader.read(glb, "back.glb", ResourceResolver.none(), options);
            assertThat(back).as(mode.name()).isEqualTo(a);
            assertThat(json(glb).get("nodes").get(a.skeleton().indexOf("body")).has("mesh")).isTrue();
        }
    }

    @Test
    void sharedMeshesAndMorphChannelsRoundTrip() {
        GltfAsset a = GltfReaderTest.read(GltfReaderTest.sharedMeshesDocument());
        byte[] glb = GltfWriter.toGlb(a);
        assertThat(reread(glb)).isEqualTo(a);
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
        Mesh body = back.instance("Body").primitives().get(0);
        assertThat(body.uvChannelCount()).isEqualTo(3);
        assertThat(body.hasColors()).isTrue();
        assertThat(body.hasTangents()).isTrue();
        assertThat(body.skin().weights().influencesPerVertex()).isEqualTo(8);
        assertThat(body.morphTargets()).extracting(t -> t.name()).containsExactly("shape0", "shape1");
        assertThat(body.morphWeights()).containsExactly(0.25f, 0f);
        Mesh hair = back.instance("Hair").primitives().get(0);
        assertThat(hair.skin().paletteSize()).isEqualTo(3);
        assertThat(hair.materials().get(0).template()).isEqualTo("unlit");
        assertThat(back.images()).hasSize(2);
        assertThat(back.materials().get(0).texture("baseColor").image())
                .isSameAs(back.materials().get(1).texture("baseColor").image());
        assertThat(back.instance("Sword").attachBone()).isEqualTo(5);
        assertThat(back.clips().get(0).morphChannels().get(0).target()).isEqualTo("Body");
    }

    @Test
    void writingTwiceGivesIdenticalBytes(@TempDir Path dir) throws IOException {
        GltfAsset asset = SyntheticAssets.character(9);
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
        GltfAsset empty = GltfAsset.builder(SyntheticAssets.skeleton(new SplitMix64(1), 2))
                .addRigidMesh(MeshInstance.of("nothing", List.of(Mesh.builder("e").positions(new float[3]).build()),
                        Skeleton.NO_PARENT, new Matrix4f()))
                .build();
        assertThatThrownBy(() -> GltfWriter.writeGlb(empty, target)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("mesh instance 'nothing' has no triangles");
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
            GltfAsset a = GltfAsset.builder(Skeleton.builder("").build())
                    .addRigidMesh(MeshInstance.of("big", List.of(m), Skeleton.NO_PARENT, new Matrix4f())).build();
            byte[] glb = GltfWriter.toGlb(a);
            JsonNode json = json(glb);
            int idx = json.get("meshes").get(0).get("primitives").get(0).get("indices").asInt();
            assertThat(json.get("accessors").get(idx).get("componentType").asInt()).isEqualTo(n <= 65535 ? 5123 : 5125);
            assertThat(reread(glb).rigidMeshes().get(0).primitives().get(0)).isEqualTo(m);
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
            GltfAsset a = GltfAsset.builder(s)
                    .addSkinnedMesh(MeshInstance.of("m", List.of(m), Skeleton.NO_PARENT, new Matrix4f())).build();
            byte[] glb = GltfWriter.toGlb(a);
            JsonNode json = json(glb);
            int j = json.get("meshes").get(0).get("primitives").get(0).get("attributes").get("JOINTS_0").asInt();
            assertThat(json.get("accessors").get(j).get("componentType").asInt()).isEqualTo(bones <= 256 ? 5121 : 5123);
            assertThat(json.get("skins").get(0).get("skeleton").asInt()).isZero();
            assertThat(reread(glb)).isEqualTo(a);
        }
    }

    @Test
    void submeshesBecomePrimitivesSharingVertexAccessors() {
        SplitMix64 rng = new SplitMix64(11);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh base = SyntheticAssets.skinnedMesh(rng, "two", s, new int[] {0, 1, 2}, 4, 1, 0,
                SyntheticAssets.materials());
        int half = base.indexCount() / 6 * 3;
        Mesh two = base.toBuilder().clearSubmeshes().addSubmesh(0, half, 0)
                .addSubmesh(half, base.indexCount() - half, 1).build();
        GltfAsset a = GltfAsset.builder(s)
                .addSkinnedMesh(MeshInstance.of("two", List.of(two), Skeleton.NO_PARENT, new Matrix4f())).build();
        byte[] glb = GltfWriter.toGlb(a);
        JsonNode prims = json(glb).get("meshes").get(0).get("primitives");
        assertThat(prims).hasSize(2);
        assertThat(prims.get(0).get("attributes")).isEqualTo(prims.get(1).get("attributes"));
        assertThat(prims.get(0).get("material").asInt()).isNotEqualTo(prims.get(1).get("material").asInt());
        List<Mesh> back = reread(glb).skinnedMeshes().get(0).primitives();
        assertThat(back).hasSize(2);
        assertThat(back.get(0).indexCount() + back.get(1).indexCount()).isEqualTo(two.indexCount());
        assertThat(back.get(1).materials().get(0)).isEqualTo(two.materials().get(1));
    }

    @Test
    void differentPalettesOfOneInstanceMergeIntoOneSkin() {
        SplitMix64 rng = new SplitMix64(12);
        Skeleton s = SyntheticAssets.skeleton(rng, 5);
        Mesh a = SyntheticAssets.skinnedMesh(rng, "p", s, new int[] {0, 1, 2}, 4, 0, 0, List.of());
        Mesh b = SyntheticAssets.skinnedMesh(rng, "p", s, new int[] {2, 3, 4}, 4, 0, 0, List.of());
        GltfAsset asset = GltfAsset.builder(s)
                .addSkinnedMesh(MeshInstance.of("p", List.of(a, b), Skeleton.NO_PARENT, new Matrix4f())).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r;
        try {
            r = GltfWriter.writeGlb(asset, out);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(r.warnings()).containsExactly(
                "mesh instance 'p': primitives have different palettes; merged into one skin of 5 joints");
        Mesh back = reread(out.toByteArray()).skinnedMeshes().get(0).primitives().get(1);
        assertThat(back.skin().paletteSize()).isEqualTo(5);
        for (int v = 0; v < b.vertexCount(); v++) {
            for (int k = 0; k < 4; k++) {
                if (b.skin().weights().weight(v, k) > 0) {
                    assertThat(back.skin().boneName(back.skin().weights().joint(v, k)))
                            .isEqualTo(b.skin().boneName(b.skin().weights().joint(v, k)));
                }
            }
        }
    }

    /**
     * Weights kept as a file stored them are written slot by slot; with a palette merged across
     * primitives every joint is remapped, those of zero-weight slots included, so each names the
     * same bone as before and stays within the merged skin.
     */
    @Test
    void slotsAsStoredAreWrittenWithEveryJointRemapped() {
        SplitMix64 rng = new SplitMix64(13);
        Skeleton s = SyntheticAssets.skeleton(rng, 5);
        Mesh a = SyntheticAssets.skinnedMesh(rng, "p", s, new int[] {0, 1, 2}, 4, 0, 0, List.of());
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
        GltfAsset asset = GltfAsset.builder(s)
                .addSkinnedMesh(MeshInstance.of("p", List.of(a, b), Skeleton.NO_PARENT, new Matrix4f())).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            GltfWriter.writeGlb(asset, out);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        byte[] glb = out.toByteArray();
        JsonNode root = json(glb);
        JsonNode skinJoints = root.get("skins").get(0).get("joints");
        JsonNode accessor = root.get("accessors").get(root.get("meshes").get(0).get("primitives").get(1)
                .get("attributes").get("JOINTS_0").asInt());
        assertThat(accessor.get("componentType").asInt()).isEqualTo(5121);
        JsonNode view = root.get("bufferViews").get(accessor.get("bufferView").asInt());
        int bin = 20 + ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).getInt(12) + 8;
        int offset = bin + view.path("byteOffset").asInt(0);
        for (int i = 0; i < 4 * n; i++) {
            int written = glb[offset + i] & 0xFF;
            assertThat(written).as("joint %d within the merged skin", i).isLessThan(skinJoints.size());
            String bone = root.get("nodes").get(skinJoints.get(written).asInt()).get("name").asText();
            assertThat(bone).as("slot %d names the same bone", i).isEqualTo(b.skin().boneName(joints[i]));
        }
        Mesh back = reread(glb).skinnedMeshes().get(0).primitives().get(1);
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
        GltfAsset a = GltfAsset.builder(s)
                .addRigidMesh(MeshInstance.of("one", List.of(one), Skeleton.NO_PARENT, new Matrix4f())).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly(
                "mesh instance 'one': mesh 'one' has 1 UV channels but material 'body' samples its metallicRoughness "
                        + "texture with TEXCOORD_1; texture left out for this mesh",
                "mesh instance 'one': mesh 'one' has 1 UV channels but material 'body' samples its normal "
                        + "texture with TEXCOORD_1; texture left out for this mesh");
        assertThat(reread(out.toByteArray()).materials().get(0).textures().keySet())
                .containsExactly("baseColor", "occlusion", "emissive");
    }

    @Test
    void anInstanceNamedLikeAnotherBoneIsWrittenWithAWarning() throws IOException {
        GltfAsset a = builderWithBody()
                .addRigidMesh(MeshInstance.of("b1", List.of(rigid()), 0, new Matrix4f())).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GltfWriteResult r = GltfWriter.writeGlb(a, out);
        assertThat(r.warnings()).containsExactly("mesh instance 'b1': named like a bone but not written onto it (it is "
                + "not that bone's instance with an identity local matrix); reading the file back gives the instance "
                + "a unique name");
        GltfAsset back = reread(out.toByteArray());
        assertThat(back.rigidMeshes()).extracting(MeshInstance::name).containsExactly("b1#4");
        assertThat(back.skeleton().boneName(1)).isEqualTo("b1");
    }

    @Test
    void builderRejectsDuplicateInstanceNames() {
        GltfAsset.Builder b = builderWithBody();
        b.addRigidMesh(MeshInstance.of("Body", List.of(rigid()), Skeleton.NO_PARENT, new Matrix4f()));
        assertThatThrownBy(b::build).isInstanceOf(ValidationException.class)
                .hasMessageContaining("rigid mesh instance 'Body': name used by two instances");
    }

    @Test
    void builderRejectsAnAttachBoneOutsideTheSkeleton() {
        GltfAsset.Builder b = builderWithBody();
        b.addRigidMesh(MeshInstance.of("prop", List.of(rigid()), 9, new Matrix4f()));
        assertThatThrownBy(b::build).isInstanceOf(ValidationException.class)
                .hasMessageContaining("mesh instance 'prop': attachBone 9, expected -1..2 (skeleton has 3 bones)");
    }

    @Test
    void builderRejectsAPaletteBoneOutsideTheSkeleton() {
        SplitMix64 rng = new SplitMix64(3);
        Skeleton small = SyntheticAssets.skeleton(rng, 2);
        Skeleton big = SyntheticAssets.skeleton(rng, 4);
        Mesh m = SyntheticAssets.skinnedMesh(rng, "m", big, new int[] {0, 3}, 4, 0, 0, List.of());
        assertThatThrownBy(() -> GltfAsset.builder(small)
                .addSkinnedMesh(MeshInstance.of("m", List.of(m), Skeleton.NO_PARENT, new Matrix4f())).build())
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("palette entry 1 bone 'b3' is not in skeleton 'synthetic'");
    }

    @Test
    void builderRejectsAChannelOnAMissingBone() {
        GltfAsset.Builder b = builderWithBody();
        b.addClip(AnimationClip.of("c", List.of(BoneChannel.of("ghost", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0}, new float[] {0, 0, 0}))));
        assertThatThrownBy(b::build).isInstanceOf(ValidationException.class)
                .hasMessageContaining("clip 'c': channel bone 'ghost' is not in skeleton 'synthetic'");
    }

    @Test
    void builderRejectsAMorphChannelWithTheWrongWeightCount() {
        GltfAsset.Builder b = builderWithBody();
        b.addClip(AnimationClip.of("c", List.of(), List.of(MorphChannel.of("Body", 3, Interpolation.LINEAR,
                new float[] {0}, new float[] {0, 0, 0}))));
        assertThatThrownBy(b::build).isInstanceOf(ValidationException.class)
                .hasMessageContaining("morph channel 'Body' weightCount 3, expected the instance's morph target count 2");
        GltfAsset.Builder c = builderWithBody();
        c.addClip(AnimationClip.of("c", List.of(), List.of(MorphChannel.of("Face", 2, Interpolation.LINEAR,
                new float[] {0}, new float[] {0, 0}))));
        assertThatThrownBy(c::build).isInstanceOf(ValidationException.class)
                .hasMessageContaining("clip 'c': morph channel target 'Face' is not a mesh instance of the asset");
    }

    @Test
    void builderRejectsMixedOrWrongKinds() {
        assertThatThrownBy(() -> builderWithBody().addSkinnedMesh(MeshInstance.of("r", List.of(rigid()),
                Skeleton.NO_PARENT, new Matrix4f()))).isInstanceOf(ValidationException.class)
                .hasMessageContaining("instance 'r' has no skin, expected skinned primitives");
        Mesh skinned = builderWithBody().build().skinnedMeshes().get(0).primitives().get(0);
        assertThatThrownBy(() -> MeshInstance.of("mix", List.of(skinned, rigid()), Skeleton.NO_PARENT,
                new Matrix4f())).isInstanceOf(ValidationException.class)
                .hasMessageContaining("mesh instance 'mix': primitive 1 has no skin while primitive 0 has one");
        assertThatThrownBy(() -> MeshInstance.of("none", List.of(), Skeleton.NO_PARENT, new Matrix4f()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("mesh instance 'none': no primitives, expected at least 1");
        assertThatThrownBy(() -> MeshInstance.of("nan", List.of(rigid()), Skeleton.NO_PARENT,
                new Matrix4f().m30(Float.NaN))).isInstanceOf(ValidationException.class)
                .hasMessageContaining("mesh instance 'nan': matrix 0: local matrix component 12 is NaN");
        assertThatThrownBy(() -> builderWithBody().addRigidMesh(MeshInstance.of("s", List.of(skinned),
                Skeleton.NO_PARENT, new Matrix4f()))).isInstanceOf(ValidationException.class)
                .hasMessage("asset builder: instance 's' is skinned, expected rigid primitives (use addSkinnedMesh)");
        assertThatThrownBy(() -> MeshInstance.of("below", List.of(rigid()), -2, new Matrix4f()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("mesh instance 'below': attachBone -2, expected -1 or a bone index");
    }

    @Test
    void primitivesGivingOneBoneTwoInverseBindMatricesCannotShareASkin() {
        SplitMix64 rng = new SplitMix64(14);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh a = SyntheticAssets.skinnedMesh(rng, "a", s, new int[] {0, 1}, 4, 0, 0, List.of());
        Mesh b = SyntheticAssets.skinnedMesh(rng, "b", s, new int[] {1, 2}, 4, 0, 0, List.of());
        float[] moved = b.skin().inverseBindMatricesInto(new float[32], 0);
        moved[12] += 1;
        Mesh other = b.toBuilder().skin(Skin.of(b.skin().boneNames(), moved, b.skin().weights())).build();
        GltfAsset asset = GltfAsset.builder(s)
                .addSkinnedMesh(MeshInstance.of("p", List.of(a, other), Skeleton.NO_PARENT, new Matrix4f())).build();
        assertThatThrownBy(() -> GltfWriter.toGlb(asset)).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: mesh instance 'p': bone 'b1' has different inverse bind matrices in two "
                        + "primitives; expected one per bone to share a glTF skin");
    }

    @Test
    void builderRejectsPrimitivesWithDifferentMorphTargets() {
        SplitMix64 rng = new SplitMix64(4);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh a = SyntheticAssets.skinnedMesh(rng, "a", s, new int[0], 4, 0, 2, List.of());
        Mesh b = SyntheticAssets.skinnedMesh(rng, "b", s, new int[0], 4, 0, 1, List.of());
        assertThatThrownBy(() -> GltfAsset.builder(s)
                .addRigidMesh(MeshInstance.of("ab", List.of(a, b), Skeleton.NO_PARENT, new Matrix4f())).build())
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("rigid mesh instance 'ab': primitive 1 has 1 morph targets")
                .hasMessageContaining("expected the same as primitive 0 (2,");
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

    private static GltfAsset.Builder builderWithBody() {
        SplitMix64 rng = new SplitMix64(8);
        Skeleton s = SyntheticAssets.skeleton(rng, 3);
        Mesh body = SyntheticAssets.skinnedMesh(rng, "body", s, new int[] {0, 1, 2}, 4, 1, 2, List.of());
        return GltfAsset.builder(s).addSkinnedMesh(MeshInstance.of("Body", List.of(body), 0, new Matrix4f()));
    }
}
