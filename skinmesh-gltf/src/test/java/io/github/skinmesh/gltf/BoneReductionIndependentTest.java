package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.partition.BoneReduction;
import io.github.skinmesh.core.partition.PaletteMode;
import io.github.skinmesh.core.partition.ReduceOptions;
import io.github.skinmesh.core.partition.ReduceReport;
import io.github.skinmesh.core.partition.ReduceResult;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/**
 * Bone reduction checked with a skinning, a pose walk and a fold written here: nothing changes at
 * or above the weighted bone count; the reported error is the displacement measured here at the
 * documented pose times; every vertex's weight lands on the nearest ancestor (or the bone itself)
 * that the result keeps.
 */
class BoneReductionIndependentTest {
    static final ReduceOptions OPTIONS = ReduceOptions.DEFAULTS.withSamplesPerSecond(6).withMaxPoses(ReduceOptions.MAX_POSES);

    record Case(String name, Mesh mesh, Skeleton skeleton, List<AnimationClip> clips) {
    }

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        for (String name : List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb")) {
            Optional<GltfAsset> a = GltfWriterTest.shared(name);
            if (a.isPresent()) {
                Character c = a.get().character();
                for (Part p : c.skinnedParts()) {
                    out.add(new Case(name + "/" + p.name(), p.mesh(), c.skeleton(), c.clips()));
                }
            }
        }
        Character hero = Humanoids.generate(3).character();
        out.add(new Case("humanoid", Combine.combineCharacters(List.of(hero), CombineOptions.DEFAULTS).mesh(),
                hero.skeleton(), hero.clips()));
        return out;
    }

    static int weightedBones(Mesh m) {
        BoneWeights w = m.skin().weights();
        Set<Integer> bones = new HashSet<>();
        for (int v = 0; v < w.vertexCount(); v++) {
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                if (w.weight(v, k) > 0) {
                    bones.add(w.joint(v, k));
                }
            }
        }
        return bones.size();
    }

    @Test
    void atOrAboveTheWeightedBonesNothingChanges() throws IOException {
        for (Case c : cases()) {
            int weighted = weightedBones(c.mesh);
            for (int target : new int[] {weighted, weighted + 1, 1000}) {
                for (PaletteMode mode : PaletteMode.values()) {
                    ReduceResult r = BoneReduction.reduceBones(c.mesh, c.skeleton, target, c.clips,
                            OPTIONS.withPalette(mode), io.github.skinmesh.core.Progress.NONE);
                    String where = c.name + " at " + target + " " + mode;
                    if (mode == PaletteMode.KEEP || c.mesh.skin().paletteSize() == weighted) {
                        assertThat(r.mesh()).as(where).isSameAs(c.mesh);
                    } else {
                        // COMPACT drops the entries without weight and nothing else
                        assertThat(r.mesh().skin().paletteSize()).as(where).isEqualTo(weighted);
                        assertFolded(where, c, r.mesh());
                        for (Matrix4f[] pose : poses(c.skeleton, c.clips)) {
                            double[] a = skin(c.mesh, c.skeleton, pose);
                            double[] b = skin(r.mesh(), c.skeleton, pose);
                            for (int i = 0; i < a.length; i++) {
                                assertThat(b[i]).as(where).isCloseTo(a[i], within(1e-6 * (1 + Math.abs(a[i]))));
                            }
                        }
                    }
                    assertThat(r.report().folds()).as(c.name).isEmpty();
                    assertThat(r.report().bonesAfter()).as(c.name).isEqualTo(weighted);
                    if (!c.clips.isEmpty()) {
                        assertThat(r.report().maxError()).as(c.name).isZero();
                    }
                }
            }
        }
    }

    @Test
    void foldsLandOnTheNearestKeptAncestorAndTheErrorIsTheMeasuredOne() throws IOException {
        int checked = 0;
        for (Case c : cases()) {
            int weighted = weightedBones(c.mesh);
            List<Matrix4f[]> poses = poses(c.skeleton, c.clips);
            double diagonal = diagonal(c.mesh);
            for (int target : new int[] {weighted - 1, Math.max(1, weighted / 2), 6, 3}) {
                if (target < 1 || target >= weighted) {
                    continue;
                }
                for (PaletteMode mode : PaletteMode.values()) {
                    ReduceResult r;
                    try {
                        r = BoneReduction.reduceBones(c.mesh, c.skeleton, target, c.clips, OPTIONS.withPalette(mode),
                                io.github.skinmesh.core.Progress.NONE);
                    } catch (io.github.skinmesh.core.ValidationException e) {
                        assertThat(e.getMessage()).as(c.name).contains("fewest");
                        continue;
                    }
                    String where = c.name + " at " + target + " " + mode;
                    assertFolded(where, c, r.mesh());
                    assertThat(weightedBones(r.mesh())).as(where).isLessThanOrEqualTo(target);
                    if (!c.clips.isEmpty()) {
                        ReduceReport report = r.report();
                        double max = 0;
                        double sum = 0;
                        long n = 0;
                        for (Matrix4f[] pose : poses) {
                            double[] a = skin(c.mesh, c.skeleton, pose);
                            double[] b = skin(r.mesh(), c.skeleton, pose);
                            for (int v = 0; v < a.length / 3; v++) {
                                double dx = a[3 * v] - b[3 * v];
                                double dy = a[3 * v + 1] - b[3 * v + 1];
                                double dz = a[3 * v + 2] - b[3 * v + 2];
                                double d2 = dx * dx + dy * dy + dz * dz;
                                max = Math.max(max, Math.sqrt(d2));
                                sum += d2;
                                n++;
                            }
                        }
                        assertThat(report.sampledPoses()).as(where).isEqualTo(poses.size());
                        assertThat(report.maxError()).as(where).isCloseTo(max, within(1e-5 * diagonal));
                        assertThat(report.rmsError()).as(where).isCloseTo(Math.sqrt(sum / n), within(1e-5 * diagonal));
                    }
                    checked++;
                }
            }
        }
        assertThat(checked).isPositive();
    }

    @Test
    void fitOneDrawLeavesEachSubmeshWithinTheLimitAndItsDrawListsExactlyItsBones() throws IOException {
        int checked = 0;
        for (Case c : cases()) {
            for (int maxBones : new int[] {16, 8, 4}) {
                ReduceResult r;
                try {
                    r = BoneReduction.fitOneDraw(c.mesh, c.skeleton, maxBones, c.clips, OPTIONS,
                            io.github.skinmesh.core.Progress.NONE);
                } catch (io.github.skinmesh.core.ValidationException e) {
                    assertThat(e.getMessage()).as(c.name).contains("fewest");
                    continue;
                }
                String where = c.name + " fitting " + maxBones;
                Mesh out = r.mesh();
                BoneWeights w = out.skin().weights();
                boolean needsDraws = out.skin().paletteSize() > maxBones;
                for (io.github.skinmesh.core.model.Submesh s : out.submeshes()) {
                    java.util.TreeSet<Integer> bones = new java.util.TreeSet<>();
                    for (int i = s.firstIndex(); i < s.firstIndex() + s.indexCount(); i++) {
                        int v = out.index(i);
                        for (int k = 0; k < w.influencesPerVertex(); k++) {
                            if (w.weight(v, k) > 0) {
                                bones.add(w.joint(v, k));
                            }
                        }
                    }
                    assertThat(bones.size()).as(where).isLessThanOrEqualTo(maxBones);
                    if (needsDraws && s.indexCount() > 0) {
                        assertThat(s.draws()).as(where).hasSize(1);
                        assertThat(s.draws().get(0).paletteEntries()).as(where)
                                .containsExactly(bones.stream().mapToInt(Integer::intValue).toArray());
                    } else {
                        assertThat(s.hasDraws()).as(where).isFalse();
                    }
                }
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }

    /**
     * A bone folded into its parent can later take weight again through a merge (its weighted
     * children merged into it); its own vertices must then come back to it, and it must not be
     * reported as folded. On the humanoid fitted to 16 bones per draw the search folds LeftHand
     * into LeftForeArm and later merges the fingers into LeftHand; vertex 2522 (LeftForeArm 0.986,
     * LeftHand 0.014) must keep its LeftHand share.
     */
    @Test
    void aBoneThatTakesWeightAgainGetsItsOwnWeightBack() {
        Character hero = Humanoids.generate(3).character();
        Case c = new Case("humanoid", Combine.combineCharacters(List.of(hero), CombineOptions.DEFAULTS).mesh(),
                hero.skeleton(), hero.clips());
        ReduceResult r = BoneReduction.fitOneDraw(c.mesh, c.skeleton, 16, c.clips, OPTIONS,
                io.github.skinmesh.core.Progress.NONE);
        assertFolded("humanoid fitting 16", c, r.mesh());
        Skin out = r.mesh().skin();
        int[] bone = out.bind(c.skeleton);
        Set<String> weighted = new HashSet<>();
        BoneWeights w = out.weights();
        for (int v = 0; v < w.vertexCount(); v++) {
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                if (w.weight(v, k) > 0) {
                    weighted.add(c.skeleton.boneName(bone[w.joint(v, k)]));
                }
            }
        }
        assertThat(weighted).contains("LeftHand");
        for (io.github.skinmesh.core.partition.BoneFold f : r.report().folds()) {
            assertThat(weighted).as("folded %s", f.bone()).doesNotContain(f.bone()).contains(f.into());
        }
        assertThat(r.report().foldedInto("LeftHand")).isNull();
    }

    static double diagonal(Mesh m) {
        float[] p = m.positions();
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < p.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], p[i]);
            hi[i % 3] = Math.max(hi[i % 3], p[i]);
        }
        return Math.sqrt(Math.pow(hi[0] - lo[0], 2) + Math.pow(hi[1] - lo[1], 2) + Math.pow(hi[2] - lo[2], 2));
    }

    /** Every vertex's normalized weight, per skeleton bone, moved to the nearest kept ancestor-or-self. */
    static void assertFolded(String where, Case c, Mesh out) {
        Skeleton s = c.skeleton;
        Skin in = c.mesh.skin();
        Skin res = out.skin();
        int[] inBone = in.bind(s);
        int[] outBone = res.bind(s);
        Set<Integer> kept = new HashSet<>();
        BoneWeights ow = res.weights();
        for (int v = 0; v < ow.vertexCount(); v++) {
            for (int k = 0; k < ow.influencesPerVertex(); k++) {
                if (ow.weight(v, k) > 0) {
                    kept.add(outBone[ow.joint(v, k)]);
                }
            }
        }
        BoneWeights iw = in.weights();
        for (int v = 0; v < iw.vertexCount(); v++) {
            Map<Integer, Double> want = new HashMap<>();
            double total = 0;
            for (int k = 0; k < iw.influencesPerVertex(); k++) {
                total += iw.weight(v, k);
            }
            for (int k = 0; k < iw.influencesPerVertex(); k++) {
                float w = iw.weight(v, k);
                if (w > 0) {
                    int b = inBone[iw.joint(v, k)];
                    while (!kept.contains(b)) {
                        b = s.parent(b);
                        assertThat(b).as("%s vertex %d: no kept ancestor", where, v).isNotEqualTo(Skeleton.NO_PARENT);
                    }
                    want.merge(b, w / total, Double::sum);
                }
            }
            if (total == 0) {
                continue;
            }
            Map<Integer, Double> got = new HashMap<>();
            for (int k = 0; k < ow.influencesPerVertex(); k++) {
                if (ow.weight(v, k) > 0) {
                    got.merge(outBone[ow.joint(v, k)], (double) ow.weight(v, k), Double::sum);
                }
            }
            assertThat(got.keySet()).as("%s vertex %d bones", where, v).isEqualTo(want.keySet());
            for (Map.Entry<Integer, Double> e : want.entrySet()) {
                assertThat(got.get(e.getKey())).as("%s vertex %d bone %s", where, v, s.boneName(e.getKey()))
                        .isCloseTo(e.getValue(), within(1e-5));
            }
        }
    }

    /** World matrices at the documented pose times: per clip {@code ceil(span * rate) + 1}, evenly spaced. */
    static List<Matrix4f[]> poses(Skeleton s, List<AnimationClip> clips) {
        List<Matrix4f[]> out = new ArrayList<>();
        for (AnimationClip clip : clips) {
            double span = (double) clip.duration() - clip.startTime();
            int n = span > 0 ? (int) Math.ceil(span * OPTIONS.samplesPerSecond()) + 1 : 1;
            ClipSampler sampler = ClipSampler.bind(clip, s);
            for (int i = 0; i < n; i++) {
                float t = n == 1 ? clip.startTime() : i == n - 1 ? clip.duration()
                        : (float) (clip.startTime() + span * i / (n - 1));
                Pose pose = sampler.sample(t, Pose.rest(s));
                Matrix4f[] world = new Matrix4f[s.boneCount()];
                for (int b = 0; b < world.length; b++) {
                    resolve(s, pose, world, b);
                }
                out.add(world);
            }
        }
        return out;
    }

    static Matrix4f resolve(Skeleton s, Pose pose, Matrix4f[] world, int b) {
        if (world[b] == null) {
            Matrix4f local = pose.localMatrix(b, new Matrix4f());
            int p = s.parent(b);
            world[b] = p == Skeleton.NO_PARENT ? local : new Matrix4f(resolve(s, pose, world, p)).mul(local);
        }
        return world[b];
    }

    /** Positions skinned with normalized weights (a vertex without weight follows entry 0). */
    static double[] skin(Mesh m, Skeleton s, Matrix4f[] world) {
        Skin skin = m.skin();
        int[] bone = skin.bind(s);
        float[][] palette = new float[skin.paletteSize()][];
        for (int e = 0; e < palette.length; e++) {
            palette[e] = new Matrix4f(world[bone[e]]).mul(skin.inverseBindMatrix(e, new Matrix4f())).get(new float[16]);
        }
        float[] p = m.positions();
        BoneWeights w = skin.weights();
        double[] out = new double[p.length];
        for (int v = 0; v < m.vertexCount(); v++) {
            double total = 0;
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                total += w.weight(v, k);
            }
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                double weight = total > 0 ? w.weight(v, k) / total : (k == 0 ? 1 : 0);
                int joint = total > 0 ? w.joint(v, k) : 0;
                if (weight == 0) {
                    continue;
                }
                float[] a = palette[joint];
                for (int c = 0; c < 3; c++) {
                    out[3 * v + c] += weight * (a[c] * p[3 * v] + a[4 + c] * p[3 * v + 1] + a[8 + c] * p[3 * v + 2] + a[12 + c]);
                }
            }
        }
        return out;
    }
}
