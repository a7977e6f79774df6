package io.github.skinmesh.testkit.partition;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.partition.BoneReduction;
import io.github.skinmesh.core.partition.ErrorMetric;
import io.github.skinmesh.core.partition.PaletteMode;
import io.github.skinmesh.core.partition.ReduceOptions;
import io.github.skinmesh.core.partition.ReduceReport;
import io.github.skinmesh.core.partition.ReduceResult;
import io.github.skinmesh.core.validate.MeshValidator;
import io.github.skinmesh.core.validate.ValidationReport;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.testkit.random.ChannelSet;
import io.github.skinmesh.testkit.random.KeyTiming;
import io.github.skinmesh.testkit.random.PaletteSelection;
import io.github.skinmesh.testkit.random.RandomClipOptions;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.VertexStreams;
import io.github.skinmesh.core.model.Interpolation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * Seeded properties of {@link BoneReduction} on random characters of the testkit and on the
 * procedural humanoid: the error never grows as the target grows, the result validates and keeps
 * at most the target's bones with weight, and folding bones that the clips never move relative to
 * their ancestors costs nothing.
 */
class BoneReductionPropertiesTest {
    /**
     * Slack for "never grows": the selection is exact on the search's own measurement; the
     * reported error is measured again on the built mesh, whose merged and renormalized weights
     * differ from the search's in the last float bits.
     */
    private static final double MONOTONE_SLACK = 1e-5;
    /** Float rounding of folds that lose no motion, for coordinates of magnitude about 1-10. */
    private static final double RIGID_TOLERANCE = 1e-4;

    @Property(tries = 40, seed = "4242")
    void theErrorNeverGrowsAsTheTargetGrowsAndTheResultValidates(@ForAll long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton skeleton = RandomModels.skeleton(rng, rng.nextInt(2, 14));
        boolean all = rng.nextInt(0, 1) == 0;
        Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, new RandomMeshOptions(rng.nextInt(20, 120),
                rng.nextInt(10, 120), rng.nextInt(1, 4), 0, 0, rng.nextInt(1, 3), VertexStreams.POSITIONS,
                all ? PaletteSelection.ALL_SHUFFLED : PaletteSelection.RANDOM_SUBSET));
        AnimationClip clip = RandomModels.clip(rng, skeleton, new RandomClipOptions(1.5f, rng.nextInt(2, 5),
                Interpolation.LINEAR, KeyTiming.UNIFORM, ChannelSet.ROTATIONS, 0));
        ErrorMetric metric = rng.nextInt(0, 1) == 0 ? ErrorMetric.RMS : ErrorMetric.MAX;
        PaletteMode palette = rng.nextInt(0, 1) == 0 ? PaletteMode.COMPACT : PaletteMode.KEEP;
        ReduceOptions options = ReduceOptions.DEFAULTS.withMetric(metric).withPalette(palette).withMaxPoses(24);

        int bones = BoneReduction.reduceBones(mesh, skeleton, Integer.MAX_VALUE, List.of(clip)).report().bonesBefore();
        double previous = Double.POSITIVE_INFINITY;
        for (int target = 1; target <= bones; target++) {
            ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, target, List.of(clip), options, Progress.NONE);
            ReduceReport report = r.report();
            double error = metric == ErrorMetric.RMS ? report.rmsError() : report.maxError();
            assertThat(error).as("seed %d target %d", seed, target).isLessThanOrEqualTo(previous + MONOTONE_SLACK);
            previous = error;
            assertThat(report.bonesAfter()).isLessThanOrEqualTo(target).isEqualTo(weightedBones(r.mesh()));
            assertThat(report.maxError()).isFinite().isGreaterThanOrEqualTo(report.rmsError());
            ValidationReport validation = MeshValidator.validate(r.mesh(), skeleton);
            assertThat(validation.hasErrors()).as("%s", validation.errors()).isFalse();
            if (palette == PaletteMode.COMPACT) {
                assertThat(r.mesh().skin().paletteSize()).isEqualTo(report.bonesAfter());
            }
        }
    }

    @Property(tries = 40, seed = "4343")
    void foldingBonesTheClipsNeverMoveRelativeToTheirAncestorsCostsNothing(@ForAll long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton skeleton = RandomModels.skeleton(rng, rng.nextInt(3, 14));
        Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, new RandomMeshOptions(rng.nextInt(20, 120),
                rng.nextInt(10, 120), rng.nextInt(1, 4), 0, 0, 1, VertexStreams.POSITIONS,
                PaletteSelection.ALL_SHUFFLED));
        // the clip moves some bones; the others keep their rest transform (no channel)
        Set<String> moving = new HashSet<>();
        for (int b = 0; b < skeleton.boneCount(); b++) {
            if (rng.nextInt(0, 2) == 0) {
                moving.add(skeleton.boneName(b));
            }
        }
        AnimationClip full = RandomModels.clip(rng, skeleton, new RandomClipOptions(1f, 3, Interpolation.LINEAR,
                KeyTiming.UNIFORM, ChannelSet.ROTATIONS_TRANSLATIONS, 0));
        List<BoneChannel> kept = new ArrayList<>();
        for (BoneChannel c : full.channels()) {
            if (moving.contains(c.bone())) {
                kept.add(c);
            }
        }
        AnimationClip clip = AnimationClip.of("partly", kept);
        // every weighted bone but the root that does not move can go without losing motion
        int weighted = weightedBones(mesh);
        int still = 0;
        for (String name : mesh.skin().boneNames()) {
            int b = skeleton.indexOf(name);
            if (b != 0 && !moving.contains(name) && hasWeight(mesh, name)) {
                still++;
            }
        }
        int target = weighted - still;
        ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, target, List.of(clip),
                ReduceOptions.DEFAULTS.withMaxPoses(16), Progress.NONE);
        assertThat(r.report().bonesAfter()).isLessThanOrEqualTo(target);
        assertThat(r.report().maxError()).as("seed %d, %d still bones folded", seed, still)
                .isLessThanOrEqualTo(RIGID_TOLERANCE);
        // and each folded bone that does not move went to an ancestor
        for (var fold : r.report().folds()) {
            assertThat(isAncestor(skeleton, fold.into(), fold.bone())).isTrue();
        }
    }

    @Test
    void theHumanoidReducesToCrowdBudgetsWithAnErrorThatShrinksAsTheBudgetGrows() {
        Humanoid h = Humanoids.generate(7);
        Mesh combined = Combine.combine(CombineInput.allOf(h.character())).mesh();
        List<AnimationClip> clips = h.clips();
        int bones = weightedBones(combined);
        double previousRms = Double.POSITIVE_INFINITY;
        double previousMax = Double.POSITIVE_INFINITY;
        for (int target : new int[] {8, 16, 24, 32, bones}) {
            ReduceReport rms = BoneReduction.reduceBones(combined, h.skeleton(), target, clips).report();
            ReduceResult byMax = BoneReduction.reduceBones(combined, h.skeleton(), target, clips,
                    ReduceOptions.DEFAULTS.withMetric(ErrorMetric.MAX), Progress.NONE);
            assertThat(rms.bonesAfter()).isLessThanOrEqualTo(target);
            assertThat(rms.rmsError()).as("target %d", target).isLessThanOrEqualTo(previousRms + MONOTONE_SLACK);
            assertThat(byMax.report().maxError()).as("target %d", target)
                    .isLessThanOrEqualTo(previousMax + MONOTONE_SLACK);
            previousRms = rms.rmsError();
            previousMax = byMax.report().maxError();
            assertThat(MeshValidator.validate(byMax.mesh(), h.skeleton()).hasErrors()).isFalse();
        }
        assertThat(previousRms).isZero();
    }

    private static int weightedBones(Mesh mesh) {
        BoneWeights w = mesh.skin().weights();
        Set<Integer> used = new HashSet<>();
        for (int v = 0; v < w.vertexCount(); v++) {
            for (int s = 0; s < w.influencesPerVertex(); s++) {
                if (w.weight(v, s) > 0) {
                    used.add(w.joint(v, s));
                }
            }
        }
        return used.size();
    }

    private static boolean hasWeight(Mesh mesh, String bone) {
        BoneWeights w = mesh.skin().weights();
        for (int v = 0; v < w.vertexCount(); v++) {
            for (int s = 0; s < w.influencesPerVertex(); s++) {
                if (w.weight(v, s) > 0 && mesh.skin().boneName(w.joint(v, s)).equals(bone)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isAncestor(Skeleton skeleton, String ancestor, String bone) {
        int a = skeleton.requireIndex(ancestor);
        for (int b = skeleton.parent(skeleton.requireIndex(bone)); b != Skeleton.NO_PARENT; b = skeleton.parent(b)) {
            if (b == a) {
                return true;
            }
        }
        return false;
    }
}
