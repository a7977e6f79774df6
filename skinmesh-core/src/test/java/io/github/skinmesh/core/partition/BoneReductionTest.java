package io.github.skinmesh.core.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.validate.MeshValidator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link BoneReduction} on hand-built rigs: which bones fold, where the weight goes, the error, bad input. */
class BoneReductionTest {
    /** Float rounding of a fold that loses no motion, on a rig about 2.5 units tall. */
    private static final double RIGID_TOLERANCE = 1e-5;
    /** Agreement of the reported error with the independent recomputation (both pose in float). */
    private static final double RECOMPUTE_TOLERANCE = 1e-5;

    private final Skeleton skeleton = ReduceFixtures.skeleton();
    private final Mesh mesh = ReduceFixtures.mesh();
    private final List<AnimationClip> clips = List.of(ReduceFixtures.clip());

    @Test
    void bonesThatHoldTheirRestTransformFoldFirstAndCostNothing() {
        ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, 5, clips);
        ReduceReport report = r.report();

        assertThat(report.bonesBefore()).isEqualTo(7);
        assertThat(report.bonesAfter()).isEqualTo(5);
        assertThat(report.folds()).extracting(BoneFold::bone, BoneFold::into)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("hand", "arm"),
                        org.assertj.core.groups.Tuple.tuple("jaw", "head"));
        assertThat(report.sampledPoses()).isEqualTo(61);
        assertThat(report.maxError()).isLessThanOrEqualTo(RIGID_TOLERANCE);
        assertThat(report.rmsError()).isLessThanOrEqualTo(RIGID_TOLERANCE);
        assertThat(MeshValidator.validate(r.mesh(), skeleton).hasErrors()).isFalse();
    }

    @Test
    void foldingAMovingBoneCostsAndTheReportMatchesAnIndependentMeasurement() {
        for (int target = 1; target <= 7; target++) {
            ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, target, clips);
            ReduceFixtures.Error e = ReduceFixtures.independentError(mesh, r.mesh(), skeleton, clips, 30);
            assertThat(r.report().sampledPoses()).isEqualTo(e.poses());
            assertThat(r.report().maxError()).as("target %d", target).isCloseTo(e.max(), within(RECOMPUTE_TOLERANCE));
            assertThat(r.report().rmsError()).as("target %d", target).isCloseTo(e.rms(), within(RECOMPUTE_TOLERANCE));
            assertThat(r.report().bonesAfter()).isLessThanOrEqualTo(target);
            if (target <= 4) {
                assertThat(r.report().maxError()).as("target %d folds a moving bone", target).isGreaterThan(0.01);
            }
        }
    }

    @Test
    void weightGoesToTheNearestKeptAncestorMergedAndRenormalized() {
        Mesh reduced = BoneReduction.reduceBones(mesh, skeleton, 5, clips).mesh();
        Skin skin = reduced.skin();
        assertThat(skin.boneNames()).containsExactly("root", "spine", "head", "arm", "finger");
        BoneWeights before = mesh.skin().weights();
        BoneWeights after = skin.weights();
        int hand = 0; // palette entry of "hand" in the input
        int checked = 0;
        for (int v = 0; v < mesh.vertexCount(); v++) {
            Set<String> bonesBefore = new TreeSet<>();
            for (int s = 0; s < 4; s++) {
                if (before.weight(v, s) > 0) {
                    bonesBefore.add(mesh.skin().boneName(before.joint(v, s)));
                }
            }
            if (before.joint(v, 0) == hand || before.joint(v, 1) == hand && before.weight(v, 1) > 0) {
                checked++;
                if (bonesBefore.equals(Set.of("hand", "arm"))) {
                    // the ring at the hand joint: both halves land on the arm
                    assertThat(skin.boneName(after.joint(v, 0))).isEqualTo("arm");
                    assertThat(after.weight(v, 0)).isEqualTo(1f);
                    assertThat(after.weight(v, 1)).isZero();
                } else if (bonesBefore.equals(Set.of("hand", "finger"))) {
                    assertThat(Set.of(skin.boneName(after.joint(v, 0)), skin.boneName(after.joint(v, 1))))
                            .containsExactlyInAnyOrder("arm", "finger");
                    assertThat(after.weight(v, 0) + after.weight(v, 1)).isCloseTo(1f, within(1e-6f));
                } else {
                    assertThat(skin.boneName(after.joint(v, 0))).isEqualTo("arm");
                    assertThat(after.weight(v, 0)).isEqualTo(1f);
                }
            }
        }
        assertThat(checked).isEqualTo(8 + 4 + 4);
        assertThat(after.isCanonical()).isTrue();
    }

    @Test
    void keepModeLeavesEveryEntryAndTheJointsOfUntouchedVertices() {
        ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, 5, clips,
                ReduceOptions.DEFAULTS.withPalette(PaletteMode.KEEP), Progress.NONE);
        Skin skin = r.mesh().skin();
        assertThat(skin.boneNames()).containsExactly(ReduceFixtures.PALETTE);
        assertThat(r.report().paletteSizeAfter()).isEqualTo(7);
        assertThat(r.report().bonesAfter()).isEqualTo(5);
        BoneWeights before = mesh.skin().weights();
        BoneWeights after = skin.weights();
        for (int v = 0; v < mesh.vertexCount(); v++) {
            boolean touched = false;
            for (int s = 0; s < 4; s++) {
                String bone = mesh.skin().boneName(before.joint(v, s));
                touched |= before.weight(v, s) > 0 && (bone.equals("hand") || bone.equals("jaw"));
            }
            if (!touched) {
                for (int s = 0; s < 4; s++) {
                    assertThat(after.joint(v, s)).isEqualTo(before.joint(v, s));
                    assertThat(after.weight(v, s)).isCloseTo(before.weight(v, s), within(1e-7f));
                }
            }
        }
        assertThat(MeshValidator.validate(r.mesh(), skeleton).hasErrors()).isFalse();
        assertThat(r.report().maxError()).isLessThanOrEqualTo(RIGID_TOLERANCE);
    }

    @Test
    void siblingRootsMergeIntoAnAncestorOutsideThePaletteWithAMatchingBindMatrix() {
        // the armature is not in the palette and is turned and moved at rest; its children hold still
        Skeleton s = Skeleton.of("armature", new String[] {"armature", "left", "right", "tip"},
                new int[] {-1, 0, 0, 2}, new float[] {0.2f, 0.5f, 1, 1, 0, 0, -1, 0, 0, 0, 0.7f, 0},
                new float[] {0, 0.70710677f, 0, 0.70710677f, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1},
                ReduceFixtures.ones(4));
        String[] palette = {"left", "right", "tip"};
        Mesh m = ReduceFixtures.mesh(s, palette);
        List<AnimationClip> clip = List.of(AnimationClip.of("sway", List.of(ReduceFixtures.turn("armature", 1, 0, 0,
                0.8f), ReduceFixtures.turn("tip", 0, 0, 1, 0.5f))));

        ReduceResult r = BoneReduction.reduceBones(m, s, 2, clip);
        assertThat(r.report().folds()).extracting(BoneFold::bone, BoneFold::into)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("left", "armature"),
                        org.assertj.core.groups.Tuple.tuple("right", "armature"));
        assertThat(r.report().addedBones()).containsExactly("armature");
        assertThat(r.mesh().skin().boneNames()).containsExactly("tip", "armature");
        assertThat(r.report().maxError()).isLessThanOrEqualTo(RIGID_TOLERANCE);
        assertThat(MeshValidator.validate(r.mesh(), s).hasErrors()).isFalse();

        ReduceResult one = BoneReduction.reduceBones(m, s, 1, clip);
        assertThat(one.mesh().skin().boneNames()).containsExactly("armature");
        assertThat(one.report().maxError()).isGreaterThan(0.01);
        ReduceFixtures.Error e = ReduceFixtures.independentError(m, one.mesh(), s, clip, 30);
        assertThat(one.report().maxError()).isCloseTo(e.max(), within(RECOMPUTE_TOLERANCE));
    }

    @Test
    void aTargetAtOrAboveTheBoneCountFoldsNothingAndReturnsTheInput() {
        for (int target : new int[] {7, 8, 1000}) {
            ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, target, clips);
            assertThat(r.mesh()).isSameAs(mesh);
            assertThat(r.report().folds()).isEmpty();
            assertThat(r.report().maxError()).isZero();
            assertThat(r.report().rmsError()).isZero();
            assertThat(r.report().limit()).isEqualTo(target);
        }
    }

    @Test
    void aMeshWithoutVerticesIsReturnedAsItIs() {
        Mesh empty = Mesh.builder("empty").positions(new float[0]).skin(Skin.of(new String[] {"head", "arm"},
                ReduceFixtures.inverseBind(skeleton, new String[] {"head", "arm"}),
                BoneWeights.of(4, new int[0], new float[0]))).build();
        ReduceResult r = BoneReduction.reduceBones(empty, skeleton, 1, clips);
        assertThat(r.mesh()).isSameAs(empty);
        assertThat(r.report().bonesBefore()).isZero();
        assertThat(r.report().maxError()).isZero();
        assertThat(r.report().maxErrorVertex()).isEqualTo(-1);
    }

    @Test
    void withoutClipsTheRestEstimateFoldsTheLeavesAndNothingIsMeasured() {
        ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, 5, List.of());
        // leaves carry only their own vertices near their joint; every other bone also half of a
        // ring at its child's joint, far from its own
        assertThat(r.report().folds()).extracting(BoneFold::bone).containsExactlyInAnyOrder("jaw", "finger");
        assertThat(r.report().sampledPoses()).isZero();
        assertThat(r.report().measured()).isFalse();
        assertThat(r.report().maxError()).isNaN();
        assertThat(r.report().rmsError()).isNaN();
        assertThat(r.report().maxErrorVertex()).isEqualTo(-1);
        assertThat(r.report().maxErrorClip()).isNull();
    }

    @Test
    void theReportCountsWhatMoved() {
        ReduceReport report = BoneReduction.reduceBones(mesh, skeleton, 5, clips).report();
        BoneFold hand = report.folds().get(0);
        // eight own vertices with weight 1, its ring (4 x 0.5) and the finger's ring (4 x 0.5)
        assertThat(hand.vertices()).isEqualTo(16);
        assertThat(hand.weightMoved()).isCloseTo(12, within(1e-9));
        assertThat(report.weightMoved()).isCloseTo(hand.weightMoved() + report.folds().get(1).weightMoved(),
                within(1e-12));
        assertThat(report.foldedBones()).isEqualTo(2);
        assertThat(report.foldedInto("jaw")).isEqualTo("head");
        assertThat(report.foldedInto("arm")).isNull();
        assertThat(report.paletteSizeBefore()).isEqualTo(7);
        assertThat(report.paletteSizeAfter()).isEqualTo(5);
        assertThat(report.maxErrorClip()).isEqualTo("wave");
        assertThat(report.maxErrorVertex()).isBetween(0, mesh.vertexCount() - 1);
    }

    @Test
    void theMaxMetricChoosesByTheLargestDisplacement() {
        double previousMax = Double.POSITIVE_INFINITY;
        for (int target = 1; target <= 7; target++) {
            ReduceReport report = BoneReduction.reduceBones(mesh, skeleton, target, clips,
                    ReduceOptions.DEFAULTS.withMetric(ErrorMetric.MAX), Progress.NONE).report();
            assertThat(report.maxError()).as("target %d", target).isLessThanOrEqualTo(previousMax + RIGID_TOLERANCE);
            previousMax = report.maxError();
        }
    }

    @Test
    void drawsAreRewrittenSoTheyStayValidAndNoneGrows() {
        Mesh withDraws = withTwoDrawsPerSubmesh(mesh);
        ReduceResult r = BoneReduction.reduceBones(withDraws, skeleton, 4, clips);
        Mesh out = r.mesh();
        assertThat(out.hasDraws()).isTrue();
        for (int s = 0; s < out.submeshes().size(); s++) {
            List<Draw> before = withDraws.submeshes().get(s).draws();
            List<Draw> after = out.submeshes().get(s).draws();
            assertThat(after).hasSameSizeAs(before);
            for (int d = 0; d < after.size(); d++) {
                assertThat(after.get(d).firstIndex()).isEqualTo(before.get(d).firstIndex());
                assertThat(after.get(d).indexCount()).isEqualTo(before.get(d).indexCount());
                assertThat(after.get(d).paletteEntryCount()).isLessThanOrEqualTo(before.get(d).paletteEntryCount());
            }
        }
        assertThat(MeshValidator.validate(out, skeleton).hasErrors()).isFalse();
    }

    @Test
    void fitOneDrawFoldsUntilEverySubmeshFitsAndGivesEachOneDraw() {
        ReduceReport plain = BoneReduction.fitOneDraw(mesh, skeleton, 100, clips).report();
        int widest = plain.maxDrawBonesBefore();
        assertThat(widest).isLessThan(7); // each submesh uses part of the skeleton
        assertThat(BoneReduction.fitOneDraw(mesh, skeleton, 7, clips).mesh()).isSameAs(mesh);
        // fits already, but binding the whole palette would not: each submesh gets its one draw
        ReduceResult fits = BoneReduction.fitOneDraw(mesh, skeleton, widest, clips);
        assertThat(fits.report().folds()).isEmpty();
        assertThat(fits.report().maxError()).isZero();
        assertThat(fits.mesh().submeshes()).allSatisfy(sub -> assertThat(sub.draws()).hasSize(1));
        assertThat(fits.mesh().skin()).isEqualTo(mesh.skin());

        ReduceResult r = BoneReduction.fitOneDraw(mesh, skeleton, widest - 1, clips);
        assertThat(r.report().maxDrawBonesAfter()).isLessThanOrEqualTo(widest - 1);
        assertThat(r.report().limit()).isEqualTo(widest - 1);
        Mesh out = r.mesh();
        assertThat(MeshValidator.validate(out, skeleton).hasErrors()).isFalse();
        if (out.skin().paletteSize() > widest - 1) {
            for (Submesh sub : out.submeshes()) {
                assertThat(sub.draws()).hasSize(1);
                assertThat(sub.draws().get(0).paletteEntryCount()).isLessThanOrEqualTo(widest - 1);
                int[] entries = sub.draws().get(0).paletteEntries();
                assertThat(entries).isSorted();
            }
        } else {
            assertThat(out.hasDraws()).isFalse();
        }
        // the least reduction: one state fewer would not fit
        assertThat(r.report().bonesAfter()).isGreaterThanOrEqualTo(widest - 1);
    }

    @Test
    void fitOneDrawReplacesDrawsItNoLongerNeeds() {
        Mesh withDraws = withTwoDrawsPerSubmesh(mesh);
        ReduceResult r = BoneReduction.fitOneDraw(withDraws, skeleton, 7, clips);
        assertThat(r.report().folds()).isEmpty();
        assertThat(r.mesh().hasDraws()).isFalse();
        assertThat(r.report().warnings()).anyMatch(w -> w.contains("draws were replaced"));
    }

    @Test
    void theSameInputGivesTheSameResult() {
        ReduceResult a = BoneReduction.reduceBones(mesh, skeleton, 3, clips);
        ReduceResult b = BoneReduction.reduceBones(ReduceFixtures.mesh(), ReduceFixtures.skeleton(), 3,
                List.of(ReduceFixtures.clip()));
        assertThat(a.mesh()).isEqualTo(b.mesh());
        assertThat(a.report()).isEqualTo(b.report());
    }

    @Test
    void theMostPosesBoundsTheSampling() {
        ReduceReport report = BoneReduction.reduceBones(mesh, skeleton, 5, List.of(ReduceFixtures.clip(),
                ReduceFixtures.clip()), ReduceOptions.DEFAULTS.withMaxPoses(9), Progress.NONE).report();
        assertThat(report.sampledPoses()).isEqualTo(8); // 61 each, scaled to 4 each
        report = BoneReduction.reduceBones(mesh, skeleton, 5, clips,
                ReduceOptions.DEFAULTS.withSamplesPerSecond(2), Progress.NONE).report();
        assertThat(report.sampledPoses()).isEqualTo(5);
    }

    @Test
    void progressNamesTheStagesAndCancellationStops() {
        List<String> stages = new ArrayList<>();
        Progress listen = Progress.of((stage, done, total) -> {
            if (stages.isEmpty() || !stages.get(stages.size() - 1).equals(stage)) {
                stages.add(stage);
            }
            assertThat(done).isBetween(0L, total);
        }, () -> false);
        BoneReduction.reduceBones(mesh, skeleton, 3, clips, ReduceOptions.DEFAULTS, listen);
        assertThat(stages).containsExactly("sampling poses", "folding bones", "measuring error");

        int[] calls = {0};
        Progress cancelLater = Progress.of((stage, done, total) -> {
        }, () -> ++calls[0] > 70);
        assertThatThrownBy(() -> BoneReduction.reduceBones(mesh, skeleton, 3, clips, ReduceOptions.DEFAULTS,
                cancelLater)).isInstanceOf(CancelledException.class).hasMessage("reduceBones: cancelled");
    }

    // bad input

    @Test
    void aTargetBelowOneIsRejected() {
        assertThatThrownBy(() -> BoneReduction.reduceBones(mesh, skeleton, 0, clips))
                .isInstanceOf(ValidationException.class)
                .hasMessage("reduceBones: target=0, expected at least 1 bone");
    }

    @Test
    void maxBonesOutsideTheAddressableRangeIsRejected() {
        assertThatThrownBy(() -> BoneReduction.fitOneDraw(mesh, skeleton, 0, clips))
                .isInstanceOf(ValidationException.class).hasMessage("fitOneDraw: maxBones=0, expected 1..65536");
        assertThatThrownBy(() -> BoneReduction.fitOneDraw(mesh, skeleton, 65537, clips))
                .isInstanceOf(ValidationException.class).hasMessage("fitOneDraw: maxBones=65537, expected 1..65536");
    }

    @Test
    void aMeshWithoutSkinIsRejected() {
        Mesh rigid = mesh.toBuilder().skin(null).build();
        assertThatThrownBy(() -> BoneReduction.reduceBones(rigid, skeleton, 3, clips))
                .isInstanceOf(ValidationException.class)
                .hasMessage("reduceBones: mesh 'rig' has no skin, expected a skinned mesh");
        assertThatThrownBy(() -> BoneReduction.fitOneDraw(rigid, skeleton, 3, clips))
                .isInstanceOf(ValidationException.class)
                .hasMessage("fitOneDraw: mesh 'rig' has no skin, expected a skinned mesh");
    }

    @Test
    void aPaletteBoneMissingFromTheSkeletonIsRejected() {
        Skeleton other = Skeleton.of("other", new String[] {"root"}, new int[] {-1}, new float[3],
                ReduceFixtures.identityRotations(1), ReduceFixtures.ones(1));
        assertThatThrownBy(() -> BoneReduction.reduceBones(mesh, other, 3, clips))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("reduceBones: mesh 'rig': palette bone 'hand' is not in skeleton 'other'");
    }

    @Test
    void aTargetBelowWhatTheHierarchyAllowsNamesTheBonesLeft() {
        Skeleton twoRoots = Skeleton.of("two", new String[] {"left", "right", "leftTip"}, new int[] {-1, -1, 0},
                new float[] {1, 0, 0, -1, 0, 0, 0, 1, 0}, ReduceFixtures.identityRotations(3),
                ReduceFixtures.ones(3));
        Mesh m = ReduceFixtures.mesh(twoRoots, new String[] {"left", "right", "leftTip"});
        assertThatThrownBy(() -> BoneReduction.reduceBones(m, twoRoots, 1, List.of()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("reduceBones: mesh 'rig': target=1, but at least 2 bones must keep weight: folding stops"
                        + " at 'left', 'right', which have no common ancestor that can take their weight");
        assertThatThrownBy(() -> BoneReduction.fitOneDraw(m, twoRoots, 1, List.of()))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("fitOneDraw: mesh 'rig': maxBones=1, but submesh ")
                .hasMessageEndingWith(" still weights 2 bones after every fold the hierarchy allows: 'left', 'right'");
        assertThat(BoneReduction.reduceBones(m, twoRoots, 2, List.of()).report().bonesAfter()).isEqualTo(2);
    }

    @Test
    void nanWeightsNeverReachTheReduction() {
        // the model rejects them when the weights are built, naming the vertex and slot
        assertThatThrownBy(() -> BoneWeights.of(2, new int[] {0, 1}, new float[] {1, Float.NaN}))
                .isInstanceOf(ValidationException.class)
                .hasMessage("vertex 0: weight 1 is NaN, expected a finite value >= 0");
    }

    @Test
    void verticesWithoutWeightFollowEntryZeroAsPosingDoesAndAreNoted() {
        float[] w = mesh.skin().weights().weights();
        int[] j = mesh.skin().weights().joints();
        Arrays.fill(w, 0, 4, 0f); // vertex 0 (a hand vertex, entry 0) loses its weight
        Mesh m = mesh.toBuilder().skin(Skin.of(mesh.skin().boneNames(), ReduceFixtures.inverseBind(skeleton,
                ReduceFixtures.PALETTE), BoneWeights.of(4, j, w))).build();
        ReduceResult r = BoneReduction.reduceBones(m, skeleton, 5, clips);
        assertThat(r.report().warnings()).anyMatch(s -> s.contains("1 vertices") || s.contains("vertex 0"));
        assertThat(r.mesh().skin().weights().weight(0, 0)).isEqualTo(1f);
        assertThat(r.report().maxError()).isLessThanOrEqualTo(RIGID_TOLERANCE);
    }

    @Test
    void badOptionsAreRejected() {
        assertThatThrownBy(() -> ReduceOptions.DEFAULTS.withSamplesPerSecond(Float.NaN))
                .isInstanceOf(ValidationException.class)
                .hasMessage("ReduceOptions: samplesPerSecond=NaN, expected a finite rate > 0");
        assertThatThrownBy(() -> ReduceOptions.DEFAULTS.withSamplesPerSecond(0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("ReduceOptions: samplesPerSecond=0.0, expected a finite rate > 0");
        assertThatThrownBy(() -> ReduceOptions.DEFAULTS.withMaxPoses(0))
                .isInstanceOf(ValidationException.class).hasMessage("ReduceOptions: maxPoses=0, expected 1..4096");
        assertThatThrownBy(() -> ReduceOptions.DEFAULTS.withMaxPoses(4097))
                .isInstanceOf(ValidationException.class).hasMessage("ReduceOptions: maxPoses=4097, expected 1..4096");
    }

    /** Splits each submesh in two draws, each listing the entries its vertices weight. */
    static Mesh withTwoDrawsPerSubmesh(Mesh m) {
        BoneWeights w = m.skin().weights();
        int[] idx = m.indices();
        Mesh.Builder b = m.toBuilder().clearSubmeshes();
        for (Submesh sub : m.submeshes()) {
            int tris = sub.triangleCount();
            int split = sub.firstIndex() + 3 * (tris / 2);
            int end = sub.firstIndex() + sub.indexCount();
            b.addSubmesh(sub.withDraws(List.of(draw(sub.firstIndex(), split, idx, w), draw(split, end, idx, w))));
        }
        return b.build();
    }

    private static Draw draw(int from, int to, int[] idx, BoneWeights w) {
        Set<Integer> entries = new HashSet<>();
        for (int i = from; i < to; i++) {
            for (int s = 0; s < w.influencesPerVertex(); s++) {
                if (w.weight(idx[i], s) > 0) {
                    entries.add(w.joint(idx[i], s));
                }
            }
        }
        return Draw.of(from, to - from, entries.stream().mapToInt(Integer::intValue).sorted().toArray());
    }
}
