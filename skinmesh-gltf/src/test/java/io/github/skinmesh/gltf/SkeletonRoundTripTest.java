package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.ChannelSet;
import io.github.skinmesh.testkit.random.KeyTiming;
import io.github.skinmesh.testkit.random.RandomClipOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.RestScale;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * What the writer writes, the reader reads back whole: every bone (name, parent, rest transform)
 * and every channel, while each mesh's palette, joints and inverse bind matrices stay as they
 * were, for skeletons with unweighted helper bones, several roots and parts on bones.
 */
class SkeletonRoundTripTest {
    static GltfAsset reread(byte[] glb) {
        return GltfReader.read(glb, "back.glb", ResourceResolver.none());
    }

    /**
     * A seeded random character: a random skeleton of 2..64 bones (sometimes with extra roots cut
     * out of it, none of them above a weighted bone), 1..3 skinned parts each weighting a random
     * subset of one root's bones (4 or 8 influences, morph targets), rigid parts on random bones
     * (one sometimes named like its bone with the identity transform, so written onto the bone's
     * node), and a clip that animates every bone, a random part of them, or none.
     */
    static Character character(long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        int bones = rng.nextInt(2, 64);
        RestScale scale = RestScale.values()[rng.nextInt(0, RestScale.values().length - 1)];
        Skeleton tree = RandomModels.skeleton(rng, bones, scale);
        List<Mesh> meshes = new ArrayList<>();
        Set<Integer> weighted = new HashSet<>();
        int skinnedCount = rng.nextInt(1, 3);
        for (int m = 0; m < skinnedCount; m++) {
            int k = rng.nf() < 0.5f ? 4 : 8;
            Mesh mesh = RandomModels.skinnedMesh(rng, tree, rng.nextInt(3, 30), rng.nextInt(1, 20), k,
                    rng.nextInt(0, 2), rng.nextInt(0, 2));
            meshes.add(mesh);
            Skin skin = mesh.skin();
            for (int e = 0; e < skin.paletteSize(); e++) {
                weighted.add(tree.indexOf(skin.boneName(e)));
            }
        }
        Skeleton skeleton = rng.nf() < 0.5f ? tree : cutExtraRoots(rng, tree, weighted);
        Character.Builder b = Character.builder(skeleton.name(), skeleton);
        for (int m = 0; m < meshes.size(); m++) {
            b.addPart(Part.of("Body" + m, meshes.get(m)));
        }
        int rigidCount = rng.nextInt(0, 3);
        for (int r = 0; r < rigidCount; r++) {
            int bone = rng.nextInt(0, bones - 1);
            Mesh prop = RandomModels.skinnedMesh(rng, skeleton, 3, 1, 4, 1, 0).toBuilder().skin(null).build();
            boolean onBone = r == 0 && rng.nf() < 0.5f;
            Matrix4f local = onBone ? new Matrix4f() : new Matrix4f().translationRotateScale(rng.range(-1, 1),
                    rng.range(-1, 1), rng.range(-1, 1), 0, 0, 0.38268343f, 0.9238795f, 1, 1, 1);
            b.addPart(Part.of(onBone ? skeleton.boneName(bone) : "Prop" + r, prop, skeleton.boneName(bone), local));
        }
        float animatedShare = rng.nf() < 0.3f ? 0 : rng.nf() < 0.5f ? 1 : rng.nf();
        if (animatedShare > 0) {
            Interpolation interpolation = Interpolation.values()[rng.nextInt(0, Interpolation.values().length - 1)];
            // glTF needs two keys for CUBICSPLINE (the writer turns one into STEP, see GltfWriterTest)
            int keys = rng.nextInt(interpolation == Interpolation.CUBICSPLINE ? 2 : 1, 6);
            AnimationClip all = RandomModels.clip(rng, skeleton, new RandomClipOptions(1.5f, keys,
                    interpolation, KeyTiming.JITTERED, ChannelSet.ALL, 0));
            List<BoneChannel> kept = new ArrayList<>();
            for (BoneChannel c : all.channels()) {
                if (rng.nf() < animatedShare) {
                    kept.add(c);
                }
            }
            if (!kept.isEmpty()) {
                b.addClip(AnimationClip.of("walk", kept));
            }
        }
        return b.build();
    }

    /**
     * Detaches random bones that are neither weighted nor above a weighted bone: each becomes the
     * root of its own tree, keeping its rest transform (so the weighted bones' bind pose holds).
     */
    private static Skeleton cutExtraRoots(SplitMix64 rng, Skeleton tree, Set<Integer> weighted) {
        int n = tree.boneCount();
        boolean[] aboveWeighted = new boolean[n];
        for (int w : weighted) {
            for (int x = w; x != Skeleton.NO_PARENT; x = tree.parent(x)) {
                aboveWeighted[x] = true;
            }
        }
        String[] names = new String[n];
        int[] parents = new int[n];
        for (int i = 0; i < n; i++) {
            names[i] = tree.boneName(i);
            parents[i] = !aboveWeighted[i] && rng.nf() < 0.3f ? Skeleton.NO_PARENT : tree.parent(i);
        }
        return Skeleton.of(tree.name(), names, parents, tree.restTranslationsInto(new float[3 * n], 0),
                tree.restRotationsInto(new float[4 * n], 0), tree.restScalesInto(new float[3 * n], 0));
    }

    @Property(tries = 60, seed = "13")
    void randomCharactersReadBackWhole(@ForAll @LongRange(min = 1, max = 1_000_000_000) long seed) {
        Character asset = character(seed);
        byte[] glb = GltfWriter.toGlb(asset);
        GltfAsset back = reread(glb);
        assertThat(back.skeleton()).isEqualTo(asset.skeleton());
        assertThat(back.parts()).isEqualTo(asset.parts());
        assertThat(back.clips()).isEqualTo(asset.clips());
        assertThat(back.character()).isEqualTo(asset);
        assertThat(back.warnings()).isEmpty();
        assertThat(GltfWriter.toGlb(back.character())).as("written again, the same bytes").isEqualTo(glb);
    }

    /** The case the reader used to cut down: a 64-bone skeleton whose mesh weights 25 bones, 192 channels. */
    @Test
    void aSixtyFourBoneSkeletonWithTwentyFiveWeightedBonesKeepsEveryBoneAndChannel() {
        SplitMix64 rng = new SplitMix64(64);
        Skeleton skeleton = RandomModels.skeleton(rng, 64);
        int[] palette = new int[25];
        String[] names = new String[25];
        for (int e = 0; e < 25; e++) {
            palette[e] = 2 * e + 7;
            names[e] = skeleton.boneName(palette[e]);
        }
        Mesh body = RandomModels.skinnedMesh(rng, skeleton, 200, 300, 4, 1, 0);
        Skin skin = Skin.of(names, SyntheticAssets.inverseBinds(skeleton, palette),
                RandomModels.boneWeights(rng, body.vertexCount(), 4, 25));
        body = body.toBuilder().skin(skin).build();
        AnimationClip walk = RandomModels.clip(rng, skeleton, 1f, 5, Interpolation.LINEAR);
        assertThat(walk.channels()).hasSize(192);
        Character asset = Character.builder(skeleton.name(), skeleton).addPart(Part.of("Body", body)).addClip(walk)
                .build();
        GltfAsset back = reread(GltfWriter.toGlb(asset));
        assertThat(back.skeleton().boneCount()).isEqualTo(64);
        assertThat(back.skeleton()).isEqualTo(skeleton);
        assertThat(back.clips().get(0).channels()).hasSize(192);
        assertThat(back.parts().get(0).mesh().skin()).isEqualTo(skin);
        assertThat(back.character()).isEqualTo(asset);
    }

    /** A skeleton without any mesh: before, nothing marked its nodes as bones and it read back empty. */
    @Test
    void aSkeletonWithoutMeshesReadsBack() {
        SplitMix64 rng = new SplitMix64(5);
        Skeleton skeleton = RandomModels.skeleton(rng, 12, RestScale.NON_UNIFORM);
        AnimationClip clip = RandomModels.clip(rng, skeleton, 2f, 3, Interpolation.CUBICSPLINE);
        Character asset = Character.builder(skeleton.name(), skeleton).addClip(clip).build();
        byte[] glb = GltfWriter.toGlb(asset);
        assertThat(reread(glb).character()).isEqualTo(asset);
        JsonNode skins = GltfWriterTest.json(glb).get("skins");
        assertThat(skins).as("one skin declares the bones").hasSize(1);
        assertThat(skins.get(0).get("joints")).hasSize(12);
        assertThat(skins.get(0).get("skeleton").asInt()).isZero();
    }

    /**
     * A rigid part with a node of its own, followed by a part written onto an earlier bone: the first
     * part's node then comes before the node of the bone it hangs from (node order is what a reader
     * sees, parts in part order). The plan's node graph takes such an order: before, an assertion
     * that parents come first failed, so writing threw an AssertionError wherever assertions run.
     */
    @Test
    void aPartWhoseNodeComesBeforeItsBonesNodeReadsBack() {
        SplitMix64 rng = new SplitMix64(11);
        Skeleton.Builder sb = Skeleton.builder("chain");
        int parent = Skeleton.NO_PARENT;
        for (String name : new String[] {"root", "a", "b", "c", "d", "e"}) {
            parent = sb.addBone(name, parent, new Vector3f(0, 1, 0), new Quaternionf(), new Vector3f(1));
        }
        Skeleton skeleton = sb.build();
        Mesh prop = RandomModels.skinnedMesh(rng, skeleton, 3, 1, 4, 1, 0).toBuilder().skin(null).build();
        Mesh cap = RandomModels.skinnedMesh(rng, skeleton, 3, 1, 4, 1, 0).toBuilder().skin(null).build();
        Character asset = Character.builder("chain", skeleton)
                .addPart(Part.of("Prop", prop, "e", new Matrix4f().translation(0.5f, 0, 0)))
                .addPart(Part.of("c", cap, "c", new Matrix4f())).build();
        byte[] glb = GltfWriter.toGlb(asset);
        JsonNode nodes = GltfWriterTest.json(glb).get("nodes");
        assertThat(nodes.get(3).get("name").asText()).as("the prop's own node").isEqualTo("Prop");
        assertThat(nodes.get(6).get("name").asText()).isEqualTo("e");
        assertThat(nodes.get(6).get("children").get(0).asInt()).as("bone e's node holds the prop's").isEqualTo(3);
        assertThat(reread(glb).character()).isEqualTo(asset);
    }

    /** No skin is added when the mesh skins already reach every bone (the files of before stay as they were). */
    @Test
    void noSkinIsAddedWhenTheHierarchyAlreadyHoldsEveryBone() {
        Character asset = SyntheticAssets.character(3);
        JsonNode json = GltfWriterTest.json(GltfWriter.toGlb(asset));
        assertThat(json.get("skins")).hasSize(2);
    }

    /** Rest matrices of a zero scale have no inverse: the declaring skin gives those bones the identity. */
    @Test
    void aBoneWithAZeroRestScaleIsDeclaredWithAnIdentityInverseBind() {
        Skeleton.Builder sb = Skeleton.builder("flat");
        sb.addBone("root", Skeleton.NO_PARENT);
        sb.addBone("flat", 0, new Vector3f(1, 0, 0), new Quaternionf(), new Vector3f(0, 1, 1));
        Skeleton skeleton = sb.build();
        Character asset = Character.builder(skeleton.name(), skeleton).build();
        byte[] glb = GltfWriter.toGlb(asset);
        assertThat(reread(glb).character()).isEqualTo(asset);
        Exporter.Exported e = Exporter.export(asset, GltfWriteOptions.DEFAULTS);
        ByteBuffer bin = ByteBuffer.wrap(e.bin().toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        float[] second = new float[16];
        for (int i = 0; i < 16; i++) {
            second[i] = bin.getFloat(64 + 4 * i);
        }
        assertThat(second).containsExactly(new Matrix4f().get(new float[16]));
        assertThat(bin.getFloat(4 * 12)).as("root at the origin: its inverse is the identity too").isZero();
    }

    static Stream<Path> sharedAssets() throws IOException {
        Optional<Path> dir = SharedFiles.file("assets");
        if (dir.isEmpty()) {
            return Stream.empty();
        }
        try (Stream<Path> files = Files.list(dir.get())) {
            return files.filter(p -> {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return n.endsWith(".glb") || n.endsWith(".gltf");
            }).sorted().toList().stream();
        }
    }

    /**
     * For every shared asset, read(write(read(file))) equals read(file): the same character, and the
     * same primitives with the same submeshes and vertex ranges.
     */
    @Test
    void everySharedAssetReadsBackAsItWasRead() throws IOException {
        List<Path> files = sharedAssets().toList();
        assumeTrue(!files.isEmpty(), SharedFiles.ABSENT);
        for (Path file : files) {
            GltfAsset read = GltfReader.read(file);
            GltfAsset back = reread(GltfWriter.toGlb(read.character()));
            assertThat(back.character()).as(file.getFileName().toString()).isEqualTo(read.character());
            for (int p = 0; p < read.parts().size(); p++) {
                assertThat(back.source(p).primitives()).isEqualTo(read.source(p).primitives());
            }
            assertThat(back.skeleton()).as(file.getFileName().toString()).isEqualTo(read.skeleton());
            assertThat(back.clips()).as(file.getFileName().toString()).isEqualTo(read.clips());
        }
    }
}
