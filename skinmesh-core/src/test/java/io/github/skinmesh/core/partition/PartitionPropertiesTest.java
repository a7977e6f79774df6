package io.github.skinmesh.core.partition;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Seeded properties of both modes, and GREEDY against a naive transcription of the exporter's steps. */
class PartitionPropertiesTest {
    /** Positions skinned draw by draw agree with the unpartitioned mesh within this fraction of the diagonal. */
    static final double SKIN_TOLERANCE = 1e-6;

    static Mesh mesh(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        if (r.nextInt(4) == 0) {
            int k = 1 + r.nextInt(4);
            return PartitionFixtures.soup(r, 20 + r.nextInt(200), 10 + r.nextInt(300), 2 + r.nextInt(60), k);
        }
        int k = 1 + r.nextInt(4);
        return PartitionFixtures.grid(r, 2 + r.nextInt(30), 1 + r.nextInt(12), 1 + r.nextInt(60), k,
                1 + r.nextInt(3), r.nextBoolean());
    }

    static int maxBones(long seed, Mesh mesh) {
        int k = mesh.skin().weights().influencesPerVertex();
        return 3 * k + new SplittableRandom(seed ^ 0x5EED).nextInt(30);
    }

    @Property(tries = 300, seed = "9001")
    void everyTriangleInOneDrawWithinTheLimitAndSkinningAgrees(@ForAll long seed, @ForAll boolean greedy) {
        Mesh mesh = mesh(seed);
        int maxBones = maxBones(seed, mesh);
        PartitionOptions options = PartitionOptions.DEFAULTS.withMode(greedy ? PartitionMode.GREEDY : PartitionMode.OPTIMIZED);
        PartitionResult result = Partition.partition(mesh, maxBones, options);
        Mesh out = result.mesh();
        PartitionReport report = result.report();

        // counts add up
        assertThat(out.vertexCount()).isEqualTo(mesh.vertexCount() + report.duplicatedVertices());
        assertThat(report.verticesAfter()).isEqualTo(out.vertexCount());
        assertThat(report.draws()).isGreaterThanOrEqualTo(report.lowerBound());
        int[] src = result.sourceVertices();
        for (int v = 0; v < mesh.vertexCount(); v++) {
            assertThat(src[v]).isEqualTo(v);
        }
        int drawCount = 0;
        int[] drawOfVertex = new int[out.vertexCount()];
        Arrays.fill(drawOfVertex, -1);
        int drawId = 0;
        for (int s = 0; s < mesh.submeshes().size(); s++) {
            Submesh before = mesh.submeshes().get(s);
            Submesh after = out.submeshes().get(s);
            assertThat(after.firstIndex()).isEqualTo(before.firstIndex());
            assertThat(after.indexCount()).isEqualTo(before.indexCount());
            assertThat(after.materialIndex()).isEqualTo(before.materialIndex());
            // every triangle exactly once: the source triangles of the submesh, as a sorted multiset
            assertThat(triangles(out, after, src)).isEqualTo(triangles(mesh, before, null));
            assertThat(after.draws()).hasSize(report.submeshes().get(s).draws());
            drawCount += after.draws().size();
            for (Draw d : after.draws()) {
                assertThat(d.paletteEntryCount()).isLessThanOrEqualTo(maxBones);
                for (int i = d.firstIndex(); i < d.firstIndex() + d.indexCount(); i++) {
                    int v = out.index(i);
                    // a vertex is drawn by one draw only, so draw-local joints are well defined
                    assertThat(drawOfVertex[v] == -1 || drawOfVertex[v] == drawId).isTrue();
                    drawOfVertex[v] = drawId;
                }
                drawId++;
            }
        }
        assertThat(drawCount).isEqualTo(report.draws());

        // skinning draw by draw with local palettes gives the unpartitioned positions
        double[][] palette = PartitionFixtures.randomPalette(new SplittableRandom(seed + 1), mesh.skin().paletteSize());
        double diagonal = Math.max(1e-3, mesh.bounds().diagonal());
        double[] expected = new double[3];
        double[] actual = new double[3];
        for (Submesh sub : out.submeshes()) {
            for (Draw d : sub.draws()) {
                double[][] local = new double[d.paletteEntryCount()][];
                for (int slot = 0; slot < local.length; slot++) {
                    local[slot] = palette[d.paletteEntry(slot)];
                }
                for (int i = d.firstIndex(); i < d.firstIndex() + d.indexCount(); i++) {
                    int v = out.index(i);
                    skinLocal(out, v, d, local, actual);
                    skinGlobal(mesh, src[v], palette, expected);
                    for (int c = 0; c < 3; c++) {
                        assertThat(Math.abs(actual[c] - expected[c])).isLessThanOrEqualTo(SKIN_TOLERANCE * diagonal);
                    }
                }
            }
        }

        // same input, same output
        assertThat(Partition.partition(mesh, maxBones, options)).isEqualTo(result);
    }

    @Property(tries = 300, seed = "9002")
    void greedyIsTheExportersGroupingStepByStep(@ForAll long seed) {
        Mesh mesh = mesh(seed);
        int maxBones = maxBones(seed, mesh);
        PartitionResult result = Partition.partition(mesh, maxBones, PartitionOptions.DEFAULTS.withMode(PartitionMode.GREEDY));
        Reference ref = Reference.run(mesh, maxBones);
        assertThat(result.mesh().indices()).isEqualTo(ref.indices);
        assertThat(result.sourceVertices()).isEqualTo(ref.newToOld);
        List<List<Draw>> draws = new ArrayList<>();
        result.mesh().submeshes().forEach(s -> draws.add(s.draws()));
        assertThat(draws).isEqualTo(ref.draws);
    }

    @Property(tries = 200, seed = "9003")
    void optimizedNeverMakesMoreDrawsThanGreedy(@ForAll long seed, @ForAll @IntRange(min = 0, max = 20) int slack) {
        Mesh mesh = mesh(seed);
        int maxBones = 3 * mesh.skin().weights().influencesPerVertex() + slack;
        PartitionReport greedy = Partition.partition(mesh, maxBones, PartitionOptions.DEFAULTS.withMode(PartitionMode.GREEDY)).report();
        PartitionReport optimized = Partition.partition(mesh, maxBones).report();
        assertThat(optimized.draws()).isLessThanOrEqualTo(greedy.draws());
        assertThat(optimized.lowerBound()).isLessThanOrEqualTo(optimized.draws());
    }

    @Property(tries = 150, seed = "9004")
    void droppingInfluencesMakesEveryDrawFitAndKeepsWeightSums(@ForAll long seed, @ForAll boolean greedy,
            @ForAll @IntRange(min = 3, max = 11) int maxBones) {
        Mesh mesh = mesh(seed);
        PartitionOptions options = PartitionOptions.DEFAULTS.withOversize(OversizeTriangles.DROP_INFLUENCES)
                .withMode(greedy ? PartitionMode.GREEDY : PartitionMode.OPTIMIZED);
        PartitionResult result;
        try {
            result = Partition.partition(mesh, maxBones, options);
        } catch (io.github.skinmesh.core.ValidationException e) {
            assertThat(e.getMessage()).contains("no bone can be dropped");
            return;
        }
        for (Submesh s : result.mesh().submeshes()) {
            for (Draw d : s.draws()) {
                assertThat(d.paletteEntryCount()).isLessThanOrEqualTo(maxBones);
            }
        }
        BoneWeights before = mesh.skin().weights();
        BoneWeights after = result.mesh().skin().weights();
        double removed = 0;
        for (int v = 0; v < mesh.vertexCount(); v++) {
            double sumBefore = 0;
            double sumAfter = 0;
            for (int s = 0; s < before.influencesPerVertex(); s++) {
                sumBefore += before.weight(v, s);
                sumAfter += after.weight(v, s);
            }
            assertThat(sumAfter).isCloseTo(sumBefore, org.assertj.core.data.Offset.offset(1e-5));
        }
        PartitionReport r = result.report();
        assertThat(r.weightRemoved() > 0).isEqualTo(r.droppedInfluences() > 0);
        assertThat(r.largestWeightRemoved()).isBetween(0f, 1f);
        assertThat(r.warnings().isEmpty()).isEqualTo(r.changedTriangles() == 0);
        assertThat(removed).isZero();
    }

    /** The source triangles of a submesh (through {@code src} when given), each as a vertex triple, sorted. */
    static List<String> triangles(Mesh mesh, Submesh s, int[] src) {
        List<String> out = new ArrayList<>();
        for (int i = s.firstIndex(); i < s.firstIndex() + s.indexCount(); i += 3) {
            int a = mesh.index(i);
            int b = mesh.index(i + 1);
            int c = mesh.index(i + 2);
            out.add(src == null ? a + "," + b + "," + c : src[a] + "," + src[b] + "," + src[c]);
        }
        out.sort(null);
        return out;
    }

    private static void skinGlobal(Mesh mesh, int v, double[][] palette, double[] out) {
        BoneWeights w = mesh.skin().weights();
        float[] p = mesh.positions();
        Arrays.fill(out, 0);
        for (int s = 0; s < w.influencesPerVertex(); s++) {
            float weight = w.weight(v, s);
            if (weight > 0) {
                add(palette[w.joint(v, s)], weight, p, v, out);
            }
        }
    }

    private static void skinLocal(Mesh mesh, int v, Draw d, double[][] local, double[] out) {
        BoneWeights w = mesh.skin().weights();
        float[] p = mesh.positions();
        Arrays.fill(out, 0);
        for (int s = 0; s < w.influencesPerVertex(); s++) {
            float weight = w.weight(v, s);
            if (weight > 0) {
                int slot = -1;
                for (int e = 0; e < d.paletteEntryCount(); e++) {
                    if (d.paletteEntry(e) == w.joint(v, s)) {
                        slot = e;
                    }
                }
                assertThat(slot).as("vertex %d joint %d bound by its draw", v, w.joint(v, s)).isNotNegative();
                add(local[slot], weight, p, v, out);
            }
        }
    }

    private static void add(double[] m, double w, float[] p, int v, double[] out) {
        double x = p[3 * v];
        double y = p[3 * v + 1];
        double z = p[3 * v + 2];
        out[0] += w * (m[0] * x + m[4] * y + m[8] * z + m[12]);
        out[1] += w * (m[1] * x + m[5] * y + m[9] * z + m[13]);
        out[2] += w * (m[2] * x + m[6] * y + m[10] * z + m[14]);
    }

    /**
     * The exporter's steps transcribed naively from the spec (section 10): lists scanned in full, no
     * index structure. Sets count every slot, in slot order; first draw that contains the set or can
     * take the missing bones; vertices claimed by the first (submesh, draw), copies appended.
     */
    static final class Reference {
        int[] indices;
        int[] newToOld;
        List<List<Draw>> draws = new ArrayList<>();

        static Reference run(Mesh mesh, int maxBones) {
            Reference r = new Reference();
            Skin skin = mesh.skin();
            BoneWeights w = skin.weights();
            int k = w.influencesPerVertex();
            int[] in = mesh.indices();
            r.indices = in.clone();
            List<Integer> newToOld = new ArrayList<>();
            for (int v = 0; v < mesh.vertexCount(); v++) {
                newToOld.add(v);
            }
            String[] owner = new String[mesh.vertexCount()];
            java.util.Map<String, Integer> copies = new java.util.HashMap<>();
            for (int s = 0; s < mesh.submeshes().size(); s++) {
                Submesh sub = mesh.submeshes().get(s);
                List<List<Integer>> dicts = new ArrayList<>();
                List<List<Integer>> tris = new ArrayList<>();
                dicts.add(new ArrayList<>());
                tris.add(new ArrayList<>());
                for (int t = 0; t < sub.triangleCount(); t++) {
                    List<Integer> set = new ArrayList<>();
                    for (int c = 0; c < 3; c++) {
                        int v = in[sub.firstIndex() + 3 * t + c];
                        for (int slot = 0; slot < k; slot++) {
                            if (!set.contains(w.joint(v, slot))) {
                                set.add(w.joint(v, slot));
                            }
                        }
                    }
                    boolean added = false;
                    for (int m = 0; m < dicts.size() && !added; m++) {
                        List<Integer> missing = new ArrayList<>(set);
                        missing.removeAll(dicts.get(m));
                        if (dicts.get(m).size() + missing.size() <= maxBones) {
                            dicts.get(m).addAll(missing);
                            tris.get(m).add(t);
                            added = true;
                        }
                    }
                    if (!added) {
                        dicts.add(new ArrayList<>(set));
                        tris.add(new ArrayList<>(List.of(t)));
                    }
                }
                List<Draw> ds = new ArrayList<>();
                int out = sub.firstIndex();
                for (int m = 0; m < dicts.size() && sub.triangleCount() > 0; m++) {
                    int first = out;
                    for (int t : tris.get(m)) {
                        for (int c = 0; c < 3; c++) {
                            int v = in[sub.firstIndex() + 3 * t + c];
                            String key = s + "," + m;
                            int nv;
                            if (owner[v] == null || owner[v].equals(key)) {
                                owner[v] = key;
                                nv = v;
                            } else {
                                nv = copies.computeIfAbsent(v + "@" + key, x -> {
                                    newToOld.add(v);
                                    return newToOld.size() - 1;
                                });
                            }
                            r.indices[out++] = nv;
                        }
                    }
                    ds.add(Draw.of(first, out - first, dicts.get(m).stream().mapToInt(Integer::intValue).toArray()));
                }
                r.draws.add(ds);
            }
            r.newToOld = newToOld.stream().mapToInt(Integer::intValue).toArray();
            return r;
        }
    }
}
