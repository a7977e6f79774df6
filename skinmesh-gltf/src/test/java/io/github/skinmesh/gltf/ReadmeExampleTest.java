package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.combine.CombineResult;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.partition.BoneReduction;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.core.partition.ReduceReport;
import io.github.skinmesh.core.partition.ReduceResult;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.core.weights.QuantizeResult;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.testkit.SharedFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's API examples, kept compiling and checked on a real asset. */
class ReadmeExampleTest {
    @Test
    void shortReadmeExampleSkinsTheWalkLikeTheLowLevelOne() throws Exception {
        Optional<Path> file = SharedFiles.file("assets/Fox.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        Path foxGlb = file.get();

        // --- README short example starts (Path.of("Fox.glb") there)
        GltfAsset fox = GltfReader.read(foxGlb);
        AssetPoser poser = AssetPoser.bind(fox);                   // once per asset; reusable
        List<float[]> positions = poser.pose(fox.clips().get(1), 0.35f, PoseSpace.MODEL); // xyz per vertex
        // --- README short example ends

        assertThat(fox.clips().get(1).name()).isEqualTo("Walk");
        assertThat(positions).hasSize(1);
        float[] walk = positions.get(0);
        float[] lowLevel = lowLevelWalk(fox);
        assertThat(walk).hasSize(lowLevel.length);
        float largest = 0;
        for (int i = 0; i < walk.length; i++) {
            largest = Math.max(largest, Math.abs(walk[i] - lowLevel[i]));
        }
        // the fox is about 155 units long; the two paths differ only by weight normalization
        assertThat(largest).isLessThan(0.01f);
        float[] rest = poser.pose(null, 0f, PoseSpace.MODEL).get(0);
        float moved = 0;
        for (int i = 0; i < walk.length; i++) {
            moved = Math.max(moved, Math.abs(walk[i] - rest[i]));
        }
        assertThat(moved).isGreaterThan(1f);
    }

    /** The low-level example's steps: the Walk at 0.35 s skinned by {@code Skinning.skinInto}. */
    private static float[] lowLevelWalk(GltfAsset asset) {
        Skeleton skeleton = asset.skeleton();
        Mesh fox = asset.parts().get(0).mesh();
        ClipSampler sampler = ClipSampler.bind(asset.clips().get(1), skeleton);
        Pose pose = Pose.rest(skeleton);
        int[] paletteBones = fox.skin().bind(skeleton);
        float[] model = new float[16 * skeleton.boneCount()];
        float[] palette = new float[16 * fox.skin().paletteSize()];
        float[] positions = new float[3 * fox.vertexCount()];
        sampler.sample(0.35f, pose);
        PoseEvaluation.modelMatricesInto(skeleton, pose, model);
        PoseEvaluation.skinMatricesInto(fox.skin(), paletteBones, model, palette);
        Skinning.skinInto(fox, palette, positions, null, null, SkinningOptions.DEFAULTS);
        return positions;
    }

    @Test
    void readmeGltfExampleWritesACharacterThatReadsBackEqual(@TempDir Path dir) throws Exception {
        Optional<Path> file = SharedFiles.file("assets/Fox.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        Path foxCopy = dir.resolve("fox-copy.glb");

        // --- README glTF example starts (Path.of("Fox.glb") and Path.of("fox-copy.glb") there)
        Character hero = GltfReader.read(file.get()).character();
        GltfWriter.writeGlb(hero, foxCopy);                          // reads back equal to hero
        // --- README glTF example ends

        assertThat(GltfReader.read(foxCopy).character()).isEqualTo(hero);
    }

    @Test
    void readmeCombineExampleCombinesTheFoxIntoOneDrawCall() throws Exception {
        Optional<Path> file = SharedFiles.file("assets/Fox.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        Character hero = GltfReader.read(file.get()).character();
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        CombineResult r;
        try {
            // --- README combine example starts
            r = Combine.combine(CombineInput.allOf(hero), CombineOptions.DEFAULTS);
            System.out.println(r.report().drawCallsBefore() + " -> " + r.report().drawCallsAfter() + " draw calls");
            // --- README combine example ends
        } finally {
            System.setOut(stdout);
        }
        assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("1 -> 1 draw calls"
                + System.lineSeparator());
        assertThat(r.mesh().vertexCount()).isEqualTo(hero.parts().get(0).mesh().vertexCount());
    }

    @Test
    void readmeReduceExampleReducesTheFoxToSixteenBones() throws Exception {
        Optional<Path> file = SharedFiles.file("assets/Fox.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        GltfAsset asset = GltfReader.read(file.get());
        Skeleton skeleton = asset.skeleton();
        Mesh fox = asset.parts().get(0).mesh();
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        ReduceResult lod;
        try {
            // --- README reduce example starts
            lod = BoneReduction.reduceBones(fox, skeleton, 16, asset.clips());  // the crowd level of detail
            ReduceReport r = lod.report();
            System.out.println(r.bonesBefore() + " -> " + r.bonesAfter() + " bones, max error " + (float) r.maxError());
            // --- README reduce example ends
        } finally {
            System.setOut(stdout);
        }
        assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8)).startsWith("22 -> 16 bones, max error 12.");
        assertThat(lod.mesh().skin().paletteSize()).isEqualTo(16);
        // the figures the README's text gives for the Fox: at most 12.3 units, RMS 1.0
        assertThat(String.format(java.util.Locale.ROOT, "%.1f %.1f", lod.report().maxError(), lod.report().rmsError()))
                .isEqualTo("12.3 1.0");
    }

    @Test
    void readmeReduceFiguresForCesiumManAtTwelveBones() throws Exception {
        Optional<Path> file = SharedFiles.file("assets/CesiumMan.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        GltfAsset asset = GltfReader.read(file.get());
        Mesh man = asset.parts().get(0).mesh();
        ReduceReport r = BoneReduction.reduceBones(man, asset.skeleton(), 12, asset.clips()).report();
        // the README: CesiumMan (19 bones) reduced to 12 by at most 0.14 (RMS 0.011)
        assertThat(r.bonesBefore()).isEqualTo(19);
        assertThat(String.format(java.util.Locale.ROOT, "%.2f %.3f", r.maxError(), r.rmsError())).isEqualTo("0.14 0.011");
    }

    @Test
    void readmePartitionExampleSplitsCesiumManAtSixteenBonesAsItsTableSays() throws Exception {
        Optional<Path> file = SharedFiles.file("assets/CesiumMan.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        Mesh body = GltfReader.read(file.get()).parts().get(0).mesh();
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (int maxBones : new int[] {24, 16}) {
                // --- README partition example starts (24 there)
                PartitionResult r = Partition.partition(body, maxBones, PartitionOptions.DEFAULTS);
                System.out.println(r.report().draws() + " draws (at least " + r.report().lowerBound() + "), "
                        + r.report().duplicatedVertices() + " vertices duplicated");
                // --- README partition example ends
            }
        } finally {
            System.setOut(stdout);
        }
        // the README's table: CesiumMan.glb optimized, 1 draw at 24 bones and 2 at 16, none duplicated
        String nl = System.lineSeparator();
        assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(
                "1 draws (at least 1), 0 vertices duplicated" + nl + "2 draws (at least 2), 0 vertices duplicated" + nl);
    }

    @Test
    void readmeExampleSkinsTheFoxWalk() throws Exception {
        Optional<Path> file = SharedFiles.file("assets/Fox.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);

        // --- README example starts
        GltfAsset asset = GltfReader.read(file.get());
        Skeleton skeleton = asset.skeleton();
        Mesh fox = asset.parts().get(0).mesh();
        AnimationClip walk = asset.clip("Walk");

        ClipSampler sampler = ClipSampler.bind(walk, skeleton);     // resolves bone names once
        Pose pose = Pose.rest(skeleton);                            // reusable, no per-frame allocation
        int[] paletteBones = fox.skin().bind(skeleton);             // palette entry -> skeleton bone
        float[] model = new float[16 * skeleton.boneCount()];
        float[] palette = new float[16 * fox.skin().paletteSize()];
        float[] positions = new float[3 * fox.vertexCount()];

        sampler.sample(0.35f, pose);                                // play-once, clamped
        PoseEvaluation.modelMatricesInto(skeleton, pose, model);
        PoseEvaluation.skinMatricesInto(fox.skin(), paletteBones, model, palette);
        Skinning.skinInto(fox, palette, positions, null, null, SkinningOptions.DEFAULTS);

        // weights for a GPU that takes 4 influences as 8-bit values summing to 255
        QuantizeResult bytes = Weights.quantize(Weights.limit(fox.skin().weights()).weights());
        // --- README example ends

        Bounds posed = Bounds.of(positions, 0, fox.vertexCount());
        assertThat(posed.diagonal()).isBetween(100f, 300f); // the fox is about 155 units long
        assertThat(bytes.influencesPerVertex()).isEqualTo(4);
        for (int v = 0; v < fox.vertexCount(); v++) {
            int sum = 0;
            for (int k = 0; k < 4; k++) {
                sum += bytes.value(v, k);
            }
            assertThat(sum).isEqualTo(255);
        }
    }
}
