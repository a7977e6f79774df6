package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.partition.DrawMesh;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionReport;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * Partitioned meshes skinned draw by draw with each draw's own palette (as a renderer with a bone
 * limit binds them) against the unpartitioned mesh, with a skinning and a pose written here from
 * the definitions (weighted sum of {@code world(bone) * inverseBind}), on the shared assets and the
 * humanoid at 24, 16, 8 and 4 bones in both modes; and the triangles and copies counted from the
 * draws.
 */
class PartitionSkinningTest {
    static final int[] LIMITS = {24, 16, 8, 4};

    /** A skinned mesh, the skeleton it binds to and the poses to compare at (bone world matrices). */
    record Case(String name, Mesh mesh, Skeleton skeleton, List<Matrix4f[]> poses) {
    }

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        for (String name : List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb")) {
            Optional<GltfAsset> a = GltfWriterTest.shared(name);
            if (a.isPresent()) {
                Character c = a.get().character();
                for (Part p : c.skinnedParts()) {
                    out.add(new Case(name + "/" + p.name(), p.mesh(), c.skeleton(), poses(c, 3)));
                }
            }
        }
        Character hero = Humanoids.generate(1).character();
        Mesh combined = Combine.combineCharacters(List.of(hero), CombineOptions.DEFAULTS).mesh();
        List<Matrix4f[]> heroPoses = poses(hero, 3);
        out.add(new Case("humanoid", combined, hero.skeleton(), heroPoses));
        out.add(new Case("humanoid in one submesh", PartitionAssetsTest.oneSubmesh(combined), hero.skeleton(),
                heroPoses));
        out.add(new Case("humanoid with morph targets", withMorphTargets(combined, 11), hero.skeleton(), heroPoses));
        return out;
    }

    /** The mesh with two random morph targets (positions and normals) at weights 0.7 and -0.4. */
    static Mesh withMorphTargets(Mesh m, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Mesh.Builder b = m.toBuilder().clearMorphTargets();
        for (int t = 0; t < 2; t++) {
            float[] dp = new float[3 * m.vertexCount()];
            float[] dn = new float[3 * m.vertexCount()];
            for (int i = 0; i < dp.length; i++) {
                dp[i] = (float) r.nextDouble(-0.05, 0.05);
                dn[i] = (float) r.nextDouble(-0.2, 0.2);
            }
            b.addMorphTarget(MorphTarget.of("t" + t, dp, m.hasNormals() ? dn : null, null));
        }
        return b.morphWeights(new float[] {0.7f, -0.4f}).build();
    }

    /** Bone world matrices at {@code samples} times of every clip, and one random pose. */
    static List<Matrix4f[]> poses(Character c, int samples) {
        Skeleton s = c.skeleton();
        List<Matrix4f[]> out = new ArrayList<>();
        for (AnimationClip clip : c.clips()) {
            ClipSampler sampler = ClipSampler.bind(clip, s);
            for (int i = 0; i < samples; i++) {
                float time = clip.startTime() + clip.duration() * (i + 0.37f) / samples;
                Pose pose = sampler.sample(time, Pose.rest(s));
                Matrix4f[] local = new Matrix4f[s.boneCount()];
                for (int b = 0; b < local.length; b++) {
                    local[b] = pose.localMatrix(b, new Matrix4f());
                }
                out.add(world(s, local));
            }
        }
        SplittableRandom r = new SplittableRandom(5);
        Matrix4f[] local = new Matrix4f[s.boneCount()];
        for (int b = 0; b < local.length; b++) {
            local[b] = s.restLocalMatrix(b, new Matrix4f()).rotateXYZ((float) r.nextDouble(-1, 1),
                    (float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1));
        }
        out.add(world(s, local));
        return out;
    }

    static Matrix4f[] world(Skeleton s, Matrix4f[] local) {
        Matrix4f[] w = new Matrix4f[local.length];
        for (int b = 0; b < local.length; b++) {
            resolve(s, local, w, b);
        }
        return w;
    }

    static Matrix4f resolve(Skeleton s, Matrix4f[] local, Matrix4f[] w, int b) {
        if (w[b] == null) {
            int p = s.parent(b);
            w[b] = p == Skeleton.NO_PARENT ? new Matrix4f(local[b]) : new Matrix4f(resolve(s, local, w, p)).mul(local[b]);
        }
        return w[b];
    }

    /**
     * Skins every vertex with the mesh's own palette: positions then normals ({@code 6} doubles per
     * vertex), after applying the mesh's morph targets at its morph weights.
     */
    static double[] skin(Mesh m, Skeleton s, Matrix4f[] world) {
        Skin skin = m.skin();
        int n = m.vertexCount();
        double[] out = new double[6 * n];
        float[] p = m.positions();
        float[] nr = m.hasNormals() ? m.normals() : new float[3 * n];
        float[] mw = m.morphWeights();
        for (int t = 0; t < m.morphTargets().size(); t++) {
            MorphTarget target = m.morphTargets().get(t);
            float[] dp = target.positions();
            float[] dn = target.normals();
            for (int i = 0; i < 3 * n; i++) {
                if (dp != null) {
                    p[i] += mw[t] * dp[i];
                }
                if (dn != null) {
                    nr[i] += mw[t] * dn[i];
                }
            }
        }
        if (skin == null) {
            for (int v = 0; v < n; v++) {
                for (int c = 0; c < 3; c++) {
                    out[6 * v + c] = p[3 * v + c];
                    out[6 * v + 3 + c] = nr[3 * v + c];
                }
            }
            return out;
        }
        Matrix4f[] palette = new Matrix4f[skin.paletteSize()];
        for (int e = 0; e < palette.length; e++) {
            int bone = s.requireIndex(skin.boneName(e));
            palette[e] = new Matrix4f(world[bone]).mul(skin.inverseBindMatrix(e, new Matrix4f()));
        }
        BoneWeights w = skin.weights();
        float[] a = new float[16];
        for (int v = 0; v < n; v++) {
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                float weight = w.weight(v, k);
                if (weight == 0) {
                    continue;
                }
                palette[w.joint(v, k)].get(a);
                double x = p[3 * v];
                double y = p[3 * v + 1];
                double z = p[3 * v + 2];
                double nx = nr[3 * v];
                double ny = nr[3 * v + 1];
                double nz = nr[3 * v + 2];
                for (int c = 0; c < 3; c++) {
                    out[6 * v + c] += weight * (a[c] * x + a[4 + c] * y + a[8 + c] * z + a[12 + c]);
                    out[6 * v + 3 + c] += weight * (a[c] * nx + a[4 + c] * ny + a[8 + c] * nz);
                }
            }
        }
        return out;
    }

    @Test
    void drawsSkinnedWithTheirOwnPalettesMatchTheWholeMeshAndHoldEveryTriangleOnce() throws IOException {
        int checked = 0;
        for (Case c : cases()) {
            List<double[]> reference = new ArrayList<>();
            for (Matrix4f[] pose : c.poses) {
                reference.add(skin(c.mesh, c.skeleton, pose));
            }
            for (PartitionMode mode : PartitionMode.values()) {
                for (int maxBones : LIMITS) {
                    PartitionOptions options = PartitionOptions.DEFAULTS.withMode(mode)
                            .withOversize(OversizeTriangles.DROP_INFLUENCES);
                    PartitionResult r;
                    try {
                        r = Partition.partition(c.mesh, maxBones, options);
                    } catch (io.github.skinmesh.core.ValidationException e) {
                        assertThat(e.getMessage()).contains("no bone can be dropped");
                        continue;
                    }
                    String where = c.name + " " + mode + " at " + maxBones;
                    check(where, c, r, maxBones, reference);
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(16);
    }

    static void check(String where, Case c, PartitionResult r, int maxBones, List<double[]> reference) {
        Mesh src = c.mesh;
        Mesh out = r.mesh();
        PartitionReport report = r.report();
        // with influences dropped, the partitioned mesh's own weights are the reference
        List<double[]> ref = reference;
        if (report.changedVertices() > 0) {
            ref = new ArrayList<>();
            for (Matrix4f[] pose : c.poses) {
                ref.add(skin(out, c.skeleton, pose));
            }
        } else {
            assertThat(out.skin().weights().vertexCount()).isEqualTo(out.vertexCount());
        }
        List<DrawMesh> draws = Partition.drawMeshes(out);
        // every vertex of every draw, skinned with the draw's palette, equals its original
        for (DrawMesh d : draws) {
            assertThat(d.mesh().skin() == null ? 0 : d.mesh().skin().paletteSize()).as(where).isLessThanOrEqualTo(maxBones);
            for (int p = 0; p < c.poses.size(); p++) {
                double[] got = skin(d.mesh(), c.skeleton, c.poses.get(p));
                double[] want = ref.get(p);
                for (int v = 0; v < d.mesh().vertexCount(); v++) {
                    int o = d.sourceVertex(v);
                    int orig = report.changedVertices() > 0 ? o : r.sourceVertex(o);
                    for (int k = 0; k < 6; k++) {
                        double tol = 1e-4 * (1 + Math.abs(want[6 * orig + k]));
                        assertThat(Math.abs(got[6 * v + k] - want[6 * orig + k])).as("%s draw %d.%d vertex %d (of %d) pose %d component %d",
                                where, d.submesh(), d.draw(), v, orig, p, k).isLessThanOrEqualTo(tol);
                    }
                }
            }
        }
        // triangles: each original triangle (as an ordered source-vertex triple, per submesh) exactly once
        Map<String, Integer> want = new HashMap<>();
        for (int s = 0; s < src.submeshes().size(); s++) {
            Submesh sub = src.submeshes().get(s);
            for (int t = 0; t < sub.triangleCount(); t++) {
                int i = sub.firstIndex() + 3 * t;
                want.merge(s + ":" + src.index(i) + "," + src.index(i + 1) + "," + src.index(i + 2), 1, Integer::sum);
            }
        }
        Map<String, Integer> got = new HashMap<>();
        Map<String, java.util.Set<Integer>> usedPerDraw = new LinkedHashMap<>();
        for (DrawMesh d : draws) {
            Mesh m = d.mesh();
            java.util.Set<Integer> used = usedPerDraw.computeIfAbsent(d.submesh() + "." + d.draw(), x -> new java.util.HashSet<>());
            for (int i = 0; i < m.indexCount(); i += 3) {
                int a = r.sourceVertex(d.sourceVertex(m.index(i)));
                int b = r.sourceVertex(d.sourceVertex(m.index(i + 1)));
                int e = r.sourceVertex(d.sourceVertex(m.index(i + 2)));
                got.merge(d.submesh() + ":" + a + "," + b + "," + e, 1, Integer::sum);
                used.add(a);
                used.add(b);
                used.add(e);
            }
        }
        assertThat(got).as(where).isEqualTo(want);
        // copies: each source vertex once per draw that uses it, minus its first
        java.util.Set<Integer> all = new java.util.HashSet<>();
        long sum = 0;
        for (java.util.Set<Integer> u : usedPerDraw.values()) {
            sum += u.size();
            all.addAll(u);
        }
        long duplicates = sum - all.size();
        assertThat(report.duplicatedVertices()).as(where).isEqualTo(duplicates);
        assertThat(out.vertexCount() - src.vertexCount()).as(where).isEqualTo((int) duplicates);
        assertThat(report.draws()).as(where).isEqualTo(draws.size());
        assertThat(report.lowerBound()).as(where).isLessThanOrEqualTo(report.draws());
        int largest = 0;
        for (Submesh s : out.submeshes()) {
            for (Draw d : s.draws()) {
                largest = Math.max(largest, d.paletteEntryCount());
            }
        }
        assertThat(report.maxBonesPerDraw()).as(where).isEqualTo(largest).isLessThanOrEqualTo(maxBones);
    }
}
