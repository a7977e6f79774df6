package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionReport;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.humanoid.HumanoidOptions;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The optimized mode's goal on real and generated characters, at 24 and 16 bones: never more draws
 * than the greedy (exporter's) mode, and at most half its duplicated vertices wherever it
 * duplicates any; and the lower bound never above the draws.
 */
class PartitionAssetsTest {
    static final int[] LIMITS = {24, 16};

    /** The skinned meshes of the shared assets, by asset and part. */
    static Map<String, Mesh> sharedMeshes() throws IOException {
        Map<String, Mesh> out = new LinkedHashMap<>();
        for (String name : List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb")) {
            Optional<GltfAsset> a = GltfWriterTest.shared(name);
            if (a.isPresent()) {
                for (Part p : a.get().character().parts()) {
                    if (p.isSkinned()) {
                        out.put(name + "/" + p.name(), p.mesh());
                    }
                }
            }
        }
        return out;
    }

    /**
     * Seeded random characters: testkit humanoids of random seed, detail (0.25-1.75) and influences
     * (1-5), combined (one submesh per material), and the same combined into one submesh (as an atlas
     * would leave it), which needs several draws at 24 bones.
     */
    static Map<String, Mesh> randomCharacters(int count) {
        Map<String, Mesh> out = new LinkedHashMap<>();
        for (long seed = 1; seed <= count; seed++) {
            SplitMix64 rng = new SplitMix64(seed * 7919);
            HumanoidOptions options = HumanoidOptions.DEFAULTS.withDetail(0.25f + rng.nf() * 1.5f)
                    .withInfluencesPerVertex(1 + rng.nextInt(0, 4));
            Mesh combined = Combine.combineCharacters(List.of(Humanoids.generate(seed, options).character()),
                    CombineOptions.DEFAULTS).mesh();
            out.put("humanoid " + seed + " " + options.influencesPerVertex() + " influences", combined);
            out.put("humanoid " + seed + " one submesh", oneSubmesh(combined));
        }
        return out;
    }

    static Mesh oneSubmesh(Mesh m) {
        return m.toBuilder().clearSubmeshes().addSubmesh(0, m.indexCount(), 0).build();
    }

    static void assertGoal(String name, Mesh mesh) {
        for (int maxBones : LIMITS) {
            PartitionReport greedy = Partition.partition(mesh, maxBones, PartitionOptions.DEFAULTS
                    .withMode(PartitionMode.GREEDY)).report();
            PartitionReport optimized = Partition.partition(mesh, maxBones).report();
            String where = name + " at " + maxBones + " bones: greedy " + greedy.draws() + " draws, "
                    + greedy.duplicatedVertices() + " duplicates; optimized " + optimized.draws() + ", "
                    + optimized.duplicatedVertices();
            assertThat(optimized.draws()).as(where).isLessThanOrEqualTo(greedy.draws());
            if (greedy.duplicatedVertices() > 0) {
                assertThat(2L * optimized.duplicatedVertices()).as(where).isLessThanOrEqualTo(greedy.duplicatedVertices());
            }
            assertThat(optimized.lowerBound()).as(where).isLessThanOrEqualTo(optimized.draws());
            assertThat(optimized.maxBonesPerDraw()).as(where).isLessThanOrEqualTo(maxBones);
        }
    }

    @Test
    void optimizedMeetsItsGoalOnTheSharedAssets() throws IOException {
        Map<String, Mesh> meshes = sharedMeshes();
        assumeTrue(!meshes.isEmpty(), SharedFiles.ABSENT);
        meshes.forEach(PartitionAssetsTest::assertGoal);
    }

    @Test
    void optimizedMeetsItsGoalOnTheCombinedHumanoid() {
        Mesh combined = Combine.combineCharacters(List.of(Humanoids.generate(1).character()), CombineOptions.DEFAULTS)
                .mesh();
        assertGoal("humanoid", combined);
        assertGoal("humanoid in one submesh", oneSubmesh(combined));
    }

    @Test
    void optimizedMeetsItsGoalOnSeededRandomCharacters() {
        randomCharacters(12).forEach(PartitionAssetsTest::assertGoal);
    }

    @Test
    void eachDrawWrittenAsItsOwnNodeAndSkinReadsBackWithThatPalette() throws IOException {
        Character hero = Combine.combineCharacters(List.of(Humanoids.generate(1).character()), CombineOptions.DEFAULTS)
                .character();
        Character split = drawCharacter(hero, 16);
        GltfAsset back = GltfWriterTest.reread(GltfWriter.toGlb(split));
        assertThat(back.character().parts()).hasSameSizeAs(split.parts());
        for (int i = 0; i < split.parts().size(); i++) {
            Mesh written = split.parts().get(i).mesh();
            Mesh read = back.character().parts().get(i).mesh();
            assertThat(read.skin().paletteSize()).isEqualTo(written.skin().paletteSize()).isLessThanOrEqualTo(16);
            assertThat(read.skin().boneNames()).containsExactly(written.skin().boneNames());
            assertThat(read.vertexCount()).isEqualTo(written.vertexCount());
        }
    }

    /** The character with each skinned part partitioned and replaced by one part per draw. */
    static Character drawCharacter(Character c, int maxBones) {
        Character.Builder b = Character.builder(c.name(), c.skeleton());
        for (Part p : c.parts()) {
            b.addPart(p.isSkinned() ? Part.of(p.name(), Partition.partition(p.mesh(), maxBones).mesh(), p.attachBone(),
                    p.transform(new org.joml.Matrix4f())) : p);
        }
        c.clips().forEach(b::addClip);
        return Partition.splitDraws(b.build());
    }

    /** Partitioned characters for the validator: the humanoid and the shared assets, at 16 bones. */
    static Map<String, Character> partitioned() throws IOException {
        Map<String, Character> out = new LinkedHashMap<>();
        out.put("humanoid", drawCharacter(Combine.combineCharacters(List.of(Humanoids.generate(1).character()),
                CombineOptions.DEFAULTS).character(), 16));
        List<String> names = new ArrayList<>(List.of("CesiumMan.glb", "Fox.glb"));
        for (String name : names) {
            Optional<GltfAsset> a = GltfWriterTest.shared(name);
            if (a.isPresent()) {
                out.put(name.replace(".glb", ""), drawCharacter(a.get().character(), 8));
            }
        }
        return out;
    }
}
