package io.github.skinmesh.core.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.validate.MeshValidator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The rule of {@link BoneReduction}: every original influence of a bone lands on its nearest
 * ancestor-or-self that keeps weight in the result, also when a bone folded early in the search
 * takes weight again later (its fingers merged into it).
 */
class BoneReductionRegainTest {
    private static final String[] BONES = {"root", "arm", "hand", "f1", "f2"};

    /**
     * root -> arm -> hand -> f1, f2. The hand's own vertices sit on its joint, so folding it costs
     * nothing (turning the hand does not move them); the fingers' vertices sit near their joints
     * and a hand's length from the hand's, so once the hand is folded, merging both fingers into it
     * (losing their small curl) is cheaper than folding either into the arm (losing the hand's
     * large turn too).
     */
    static Skeleton skeleton() {
        float[] t = {0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0.2f, 0, 1, -0.2f, 0};
        return Skeleton.of("hand rig", BONES, new int[] {-1, 0, 1, 2, 2}, t,
                ReduceFixtures.identityRotations(5), ReduceFixtures.ones(5));
    }

    static Mesh mesh(Skeleton s) {
        String[] palette = {"arm", "hand", "f1", "f2"};
        List<float[]> pos = new ArrayList<>();
        List<int[]> joints = new ArrayList<>();
        List<float[]> weights = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // the arm: around its joint
            pos.add(new float[] {1.5f, 0.3f * (i % 2 == 0 ? 1 : -1), 0.3f * (i < 2 ? 1 : -1)});
            joints.add(new int[] {0, 0});
            weights.add(new float[] {1, 0});
        }
        pos.add(new float[] {2, 0, 0}); // on the hand alone, at its joint
        joints.add(new int[] {1, 0});
        weights.add(new float[] {1, 0});
        pos.add(new float[] {2, 0, 0}); // mostly the arm, a little the hand (a seam vertex)
        joints.add(new int[] {0, 1});
        weights.add(new float[] {0.9f, 0.1f});
        for (int f = 2; f <= 3; f++) {
            float y = f == 2 ? 0.2f : -0.2f;
            for (int i = 0; i < 2; i++) {
                pos.add(new float[] {3.05f, y, i == 0 ? 0.05f : -0.05f});
                joints.add(new int[] {f, 0});
                weights.add(new float[] {1, 0});
            }
        }
        int n = pos.size();
        float[] p = new float[3 * n];
        int[] j = new int[2 * n];
        float[] w = new float[2 * n];
        for (int v = 0; v < n; v++) {
            System.arraycopy(pos.get(v), 0, p, 3 * v, 3);
            System.arraycopy(joints.get(v), 0, j, 2 * v, 2);
            System.arraycopy(weights.get(v), 0, w, 2 * v, 2);
        }
        int[] idx = new int[3 * (n - 2)];
        for (int t = 0; t < n - 2; t++) {
            idx[3 * t] = t;
            idx[3 * t + 1] = t + 1;
            idx[3 * t + 2] = t + 2;
        }
        Skin skin = Skin.of(palette, ReduceFixtures.inverseBind(s, palette), BoneWeights.of(2, j, w));
        return Mesh.builder("hand").positions(p).indices(idx).addSubmesh(0, idx.length, 0).skin(skin).build();
    }

    /** A hand that turns far relative to the arm, and fingers that curl a little in opposite directions. */
    static AnimationClip clip() {
        return AnimationClip.of("wave", List.of(ReduceFixtures.turn("arm", 0, 0, 1, 0.7f),
                ReduceFixtures.turn("hand", 0, 0, 1, 1.2f), ReduceFixtures.turn("f1", 0, 0, 1, 0.15f),
                ReduceFixtures.turn("f2", 0, 0, 1, -0.15f)));
    }

    /**
     * The search folds the hand first (free), then merges the fingers into it: the hand keeps
     * weight again, and its own influences come back to it from the arm.
     */
    @Test
    void aFoldedHandThatTakesItsFingersKeepsItsOwnWeight() {
        Skeleton s = skeleton();
        Mesh m = mesh(s);
        List<AnimationClip> clips = List.of(clip());
        ReduceResult r = BoneReduction.reduceBones(m, s, 2, clips);
        ReduceReport report = r.report();
        assertThat(report.bonesAfter()).isEqualTo(2);
        // the hand keeps weight, so it is not reported as folded; the fingers went to it
        assertThat(report.folds()).extracting(BoneFold::bone, BoneFold::into)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("f1", "hand"),
                        org.assertj.core.groups.Tuple.tuple("f2", "hand"));
        assertThat(report.foldedInto("hand")).isNull();
        Skin skin = r.mesh().skin();
        BoneWeights w = skin.weights();
        // vertex 4 weighted the hand alone; vertex 5 the arm 0.9 and the hand 0.1: both keep their hand weight
        assertThat(skin.boneName(w.joint(4, 0))).isEqualTo("hand");
        assertThat(w.weight(4, 0)).isEqualTo(1f);
        assertThat(weightsOf(r.mesh(), 5)).containsOnlyKeys("arm", "hand");
        assertThat(weightsOf(r.mesh(), 5).get("hand")).isCloseTo(0.1, within(1e-6));
        assertRule("target 2", m, r.mesh(), s);
        assertThat(MeshValidator.validate(r.mesh(), s).hasErrors()).isFalse();
        // only the fingers' curl is lost (0.15 rad at 0.05 from their joints, about 0.0075); losing
        // the hand's turn too (1.2 rad at a hand's length) would cost about 1
        ReduceFixtures.Error e = ReduceFixtures.independentError(m, r.mesh(), s, clips, 30);
        assertThat(report.maxError()).isCloseTo(e.max(), within(1e-5));
        assertThat(report.maxError()).isGreaterThan(0.005).isLessThan(0.01);
    }

    @Test
    void everyTargetWithAndWithoutClipsSendsEachInfluenceToItsNearestKeptAncestor() {
        Skeleton s = skeleton();
        Mesh m = mesh(s);
        for (List<AnimationClip> clips : List.of(List.<AnimationClip>of(), List.of(clip()))) {
            double previous = Double.POSITIVE_INFINITY;
            for (int target = 1; target <= 4; target++) {
                String where = "target " + target + (clips.isEmpty() ? " at rest" : " with clips");
                ReduceResult r = BoneReduction.reduceBones(m, s, target, clips);
                assertRule(where, m, r.mesh(), s);
                assertThat(r.report().bonesAfter()).as(where).isLessThanOrEqualTo(target);
                Set<String> weighted = weightedBones(r.mesh());
                for (BoneFold f : r.report().folds()) {
                    assertThat(weighted).as(where).doesNotContain(f.bone()).contains(f.into());
                }
                if (!clips.isEmpty()) {
                    ReduceFixtures.Error e = ReduceFixtures.independentError(m, r.mesh(), s, clips, 30);
                    assertThat(r.report().maxError()).as(where).isCloseTo(e.max(), within(1e-5));
                    assertThat(r.report().maxError()).as(where).isLessThanOrEqualTo(previous + 1e-7);
                    previous = r.report().maxError();
                }
            }
        }
    }

    /** Each vertex's weights, by bone name, summed over slots. */
    static Map<String, Double> weightsOf(Mesh m, int v) {
        Skin skin = m.skin();
        BoneWeights w = skin.weights();
        Map<String, Double> out = new TreeMap<>();
        for (int k = 0; k < w.influencesPerVertex(); k++) {
            if (w.weight(v, k) > 0) {
                out.merge(skin.boneName(w.joint(v, k)), (double) w.weight(v, k), Double::sum);
            }
        }
        return out;
    }

    static Set<String> weightedBones(Mesh m) {
        Set<String> out = new HashSet<>();
        for (int v = 0; v < m.vertexCount(); v++) {
            out.addAll(weightsOf(m, v).keySet());
        }
        return out;
    }

    /** The rule, recomputed here: each input influence moves to the nearest ancestor-or-self the result weights. */
    static void assertRule(String where, Mesh in, Mesh out, Skeleton s) {
        Set<String> kept = weightedBones(out);
        for (int v = 0; v < in.vertexCount(); v++) {
            Map<String, Double> want = new TreeMap<>();
            for (Map.Entry<String, Double> e : weightsOf(in, v).entrySet()) {
                int b = s.requireIndex(e.getKey());
                while (!kept.contains(s.boneName(b))) {
                    b = s.parent(b);
                    assertThat(b).as("%s vertex %d: no kept ancestor", where, v).isNotEqualTo(Skeleton.NO_PARENT);
                }
                want.merge(s.boneName(b), e.getValue(), Double::sum);
            }
            Map<String, Double> got = weightsOf(out, v);
            assertThat(got.keySet()).as("%s vertex %d", where, v).isEqualTo(want.keySet());
            for (Map.Entry<String, Double> e : want.entrySet()) {
                assertThat(got.get(e.getKey())).as("%s vertex %d %s", where, v, e.getKey())
                        .isCloseTo(e.getValue(), within(1e-6));
            }
        }
    }
}
