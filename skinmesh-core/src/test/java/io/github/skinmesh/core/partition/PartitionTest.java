package io.github.skinmesh.core.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/** Hand-made cases: the exporter's steps one by one, the optimized mode, the lower bound, bad input. */
class PartitionTest {
    static final PartitionOptions GREEDY = PartitionOptions.DEFAULTS.withMode(PartitionMode.GREEDY);

    /**
     * A mesh whose vertex {@code v} has the slots {@code slots[v]} as (joint, weight) pairs, kept as
     * stored; triangles as given; one submesh per entry of {@code submeshTriangles}.
     */
    static Mesh mesh(int bones, float[][] slots, int[] triangles, int... submeshTriangles) {
        int k = slots[0].length / 2;
        int n = slots.length;
        int[] joints = new int[n * k];
        float[] weights = new float[n * k];
        float[] p = new float[3 * n];
        for (int v = 0; v < n; v++) {
            for (int s = 0; s < k; s++) {
                joints[v * k + s] = (int) slots[v][2 * s];
                weights[v * k + s] = slots[v][2 * s + 1];
            }
            p[3 * v] = v;
            p[3 * v + 1] = v % 3;
        }
        String[] names = new String[bones];
        float[] ibm = new float[16 * bones];
        for (int b = 0; b < bones; b++) {
            names[b] = "b" + b;
            new Matrix4f().get(ibm, 16 * b);
        }
        Mesh.Builder m = Mesh.builder("hand").positions(p).indices(triangles)
                .skin(Skin.of(names, ibm, BoneWeights.ofSlots(k, joints, weights)));
        int[] counts = submeshTriangles.length == 0 ? new int[] {triangles.length / 3} : submeshTriangles;
        int first = 0;
        for (int s = 0; s < counts.length; s++) {
            m.addSubmesh(3 * first, 3 * counts[s], s);
            m.addMaterial(Material.builder("m" + s).build());
            first += counts[s];
        }
        return m.build();
    }

    /** One influence per vertex: vertex v weights bone {@code bone[v]} fully. */
    static float[][] single(int... bone) {
        float[][] s = new float[bone.length][];
        for (int v = 0; v < bone.length; v++) {
            s[v] = new float[] {bone[v], 1};
        }
        return s;
    }

    /**
     * A collapsed mesh: 200,000 triangles over the 20 triples of 6 vertices, vertex {@code v} on bones
     * {@code 2v} and {@code 2v+1}, 6 bones per draw. Each draw holds one triple (two triples span 8
     * bones), so both modes need exactly 20. The optimized mode used to scan every triangle of a
     * shared vertex for each triangle it placed (minutes here); the bound only guards against that.
     */
    @Test
    void trianglesThatAllShareAFewVerticesNeedNoScanPerTriangle() {
        float[][] slots = new float[6][];
        for (int v = 0; v < 6; v++) {
            slots[v] = new float[] {2 * v, 0.5f, 2 * v + 1, 0.5f};
        }
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        int triangles = 200_000;
        int[] indices = new int[3 * triangles];
        for (int t = 0; t < triangles; t++) {
            int a = r.nextInt(6);
            int b = (a + 1 + r.nextInt(5)) % 6;
            int c;
            do {
                c = r.nextInt(6);
            } while (c == a || c == b);
            indices[3 * t] = a;
            indices[3 * t + 1] = b;
            indices[3 * t + 2] = c;
        }
        Mesh m = mesh(12, slots, indices);
        for (PartitionOptions o : List.of(PartitionOptions.DEFAULTS, GREEDY)) {
            PartitionResult p = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                    java.time.Duration.ofSeconds(60), () -> Partition.partition(m, 6, o));
            List<Draw> draws = p.mesh().submeshes().get(0).draws();
            assertThat(draws).as("%s", o.mode()).hasSize(20).allSatisfy(d -> assertThat(d.paletteEntryCount())
                    .isLessThanOrEqualTo(6));
            assertThat(draws.stream().mapToInt(Draw::indexCount).sum()).isEqualTo(3 * triangles);
        }
    }

    @Test
    void greedyTakesTheFirstDrawThatFitsNotTheBestOne() {
        // t0 {0,1,2}; t1 {3,4,5} does not fit draw 0 (6 > 4): draw 1; t2 {0,3} fits draw 0 (4 bones): draw 0,
        // although draw 1 would hold it as well; t3 {5} no longer fits draw 0: draw 1
        Mesh m = mesh(6, single(0, 1, 2, 3, 4, 5, 0, 3, 3, 5, 5, 5),
                new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
        PartitionResult r = Partition.partition(m, 4, GREEDY);
        List<Draw> draws = r.mesh().submeshes().get(0).draws();
        assertThat(draws).containsExactly(Draw.of(0, 6, 0, 1, 2, 3), Draw.of(6, 6, 3, 4, 5));
        assertThat(r.mesh().indices()).containsExactly(0, 1, 2, 6, 7, 8, 3, 4, 5, 9, 10, 11);
        assertThat(r.report().duplicatedVertices()).isZero();
    }

    @Test
    void greedyCountsZeroWeightSlotsAndOptimizedDoesNot() {
        // two influences per vertex; the second slot of every vertex has weight 0 but joint 7 (as stored)
        float[][] slots = {{0, 1, 7, 0}, {1, 1, 7, 0}, {2, 1, 7, 0}, {3, 1, 7, 0}, {1, 1, 7, 0}, {2, 1, 7, 0}};
        Mesh m = mesh(8, slots, new int[] {0, 1, 2, 3, 4, 5});
        PartitionResult greedy = Partition.partition(m, 4, GREEDY);
        // t0's set is {0,7,1,2} in slot order; t1 {3,7,1,2} misses 3: 5 > 4, so a second draw
        assertThat(greedy.mesh().submeshes().get(0).draws()).containsExactly(Draw.of(0, 3, 0, 7, 1, 2),
                Draw.of(3, 3, 3, 7, 1, 2));
        PartitionResult optimized = Partition.partition(m, 4);
        // weighted bones only: {0,1,2} and {1,2,3} unite to 4 bones, one draw, palette ascending
        assertThat(optimized.mesh().submeshes().get(0).draws()).containsExactly(Draw.of(0, 6, 0, 1, 2, 3));
    }

    @Test
    void greedyDictionariesAreInFirstUseOrder() {
        float[][] slots = {{5, 0.5f, 2, 0.5f}, {2, 0.7f, 9, 0.3f}, {9, 1, 5, 0}};
        Mesh m = mesh(10, slots, new int[] {0, 1, 2});
        assertThat(Partition.partition(m, 24, GREEDY).mesh().submeshes().get(0).draws())
                .containsExactly(Draw.of(0, 3, 5, 2, 9));
        assertThat(Partition.partition(m, 24).mesh().submeshes().get(0).draws())
                .containsExactly(Draw.of(0, 3, 2, 5, 9));
    }

    @Test
    void aVertexBelongsToItsFirstDrawAndLaterDrawsGetCopiesInOrder() {
        // submesh 0: t0 (0,1,2) bones {0,1}; t1 (2,3,4) bones {1,2,3}: with 3 bones a second draw, sharing vertex 2
        // submesh 1: t2 (4,0,5): vertices 4 and 0 were claimed by submesh 0's draws
        Mesh m = mesh(4, single(0, 1, 1, 2, 3, 0), new int[] {0, 1, 2, 2, 3, 4, 4, 0, 5}, 2, 1);
        PartitionResult r = Partition.partition(m, 3, GREEDY);
        assertThat(r.mesh().submeshes().get(0).draws()).containsExactly(Draw.of(0, 3, 0, 1), Draw.of(3, 3, 1, 2, 3));
        // vertex 2 copied for draw 1 (as 6), then vertices 4 and 0 for submesh 1's draw (as 7, 8)
        assertThat(r.mesh().indices()).containsExactly(0, 1, 2, 6, 3, 4, 7, 8, 5);
        assertThat(r.sourceVertices()).containsExactly(0, 1, 2, 3, 4, 5, 2, 4, 0);
        assertThat(r.report().duplicatedVertices()).isEqualTo(3);
        assertThat(r.report().submeshes()).containsExactly(new SubmeshPartition(0, 2, 2, 5, 6, 1, 3, 2),
                new SubmeshPartition(1, 1, 1, 3, 3, 2, 2, 1));
        assertThat(r.mesh().vertexCount()).isEqualTo(9);
    }

    @Test
    void theLowerBoundCountsBonesPerDrawAndConflictingTriangles() {
        // 6 bones at 2 per draw: at least 3 draws
        Mesh spread = mesh(6, single(0, 1, 0, 2, 3, 2, 4, 5, 4), new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8});
        assertThat(Partition.partition(spread, 2).report().lowerBound()).isEqualTo(3);
        // {0,1}, {1,2}, {2,0} and {3} pairwise unite to 3 bones > 2: four draws, although ceil(4 bones / 2) is 2
        Mesh clique = mesh(4, single(0, 1, 0, 1, 2, 1, 2, 0, 2, 3, 3, 3), new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
        PartitionReport r = Partition.partition(clique, 2).report();
        assertThat(r.lowerBound()).isEqualTo(4);
        assertThat(r.draws()).isEqualTo(4);
        // at 3 bones per draw {3} joins any of them: 2 draws by bones, and {0,1} with {2,0} needs 3 bones, so 2
        assertThat(Partition.partition(clique, 3).report().lowerBound()).isEqualTo(2);
    }

    @Test
    void drawMeshesHaveTheDrawsPalettesAndLocalJoints() {
        Mesh m = mesh(4, single(0, 1, 1, 2, 3, 0), new int[] {0, 1, 2, 2, 3, 4, 4, 0, 5}, 2, 1);
        PartitionResult r = Partition.partition(m, 3, GREEDY);
        List<DrawMesh> draws = Partition.drawMeshes(r.mesh());
        assertThat(draws).hasSize(3);
        DrawMesh second = draws.get(1);
        assertThat(second.submesh()).isZero();
        assertThat(second.draw()).isEqualTo(1);
        assertThat(second.mesh().skin().boneNames()).containsExactly("b1", "b2", "b3");
        assertThat(second.mesh().vertexCount()).isEqualTo(3);
        // vertices 6 (a copy of 2, bone 1), 3 (bone 2), 4 (bone 3) in order of first use: local slots 0, 1, 2
        assertThat(second.sourceVertices()).containsExactly(6, 3, 4);
        assertThat(second.mesh().skin().weights().joints()).containsExactly(0, 1, 2);
        assertThat(second.mesh().indices()).containsExactly(0, 1, 2);
        assertThatThrownBy(() -> Partition.drawMeshes(m)).isInstanceOf(ValidationException.class)
                .hasMessage("drawMeshes: mesh 'hand' has no draws, expected a partitioned mesh (see Partition.partition)");
    }

    @Test
    void anOversizeTriangleFailsNamingItOrHasItsSmallestInfluencesDropped() {
        float[][] slots = {{0, 0.9f, 1, 0.1f}, {2, 0.8f, 3, 0.2f}, {4, 0.6f, 5, 0.4f}, {0, 1, 0, 0}};
        Mesh m = mesh(6, slots, new int[] {3, 3, 3, 0, 1, 2});
        assertThatThrownBy(() -> Partition.partition(m, 4)).isInstanceOf(ValidationException.class)
                .hasMessage("partition: mesh 'hand' submesh 0 triangle 1 (vertices 0, 1, 2) uses 6 bones ['b0', 'b1', 'b2',"
                        + " 'b3', 'b4', 'b5'], expected at most maxBones 4; OversizeTriangles.DROP_INFLUENCES drops its"
                        + " smallest influences until it fits");
        PartitionResult r = Partition.partition(m, 4, PartitionOptions.DEFAULTS.withOversize(OversizeTriangles.DROP_INFLUENCES));
        // b1 (0.1) goes first, then b3 (0.2)
        PartitionReport report = r.report();
        assertThat(report.droppedInfluences()).isEqualTo(2);
        assertThat(report.changedVertices()).isEqualTo(2);
        assertThat(report.changedTriangles()).isEqualTo(1);
        assertThat(report.weightRemoved()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(report.largestWeightRemoved()).isCloseTo(0.2f, org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(report.largestWeightRemovedVertex()).isEqualTo(1);
        assertThat(report.warnings()).singleElement().asString().contains("triangle 1 of submesh 0 (6 bones)");
        BoneWeights w = r.mesh().skin().weights();
        assertThat(w.joint(0, 0)).isZero();
        assertThat(w.weight(0, 0)).isEqualTo(1f);
        assertThat(w.weight(0, 1)).isZero();
        assertThat(r.mesh().submeshes().get(0).draws()).containsExactly(Draw.of(0, 6, 0, 2, 4, 5));
    }

    @Test
    void greedyDropsZeroWeightSlotsFirstAtNoCost() {
        float[][] slots = {{0, 1, 6, 0}, {1, 1, 7, 0}, {2, 1, 8, 0}};
        Mesh m = mesh(9, slots, new int[] {0, 1, 2});
        PartitionResult r = Partition.partition(m, 3, GREEDY.withOversize(OversizeTriangles.DROP_INFLUENCES));
        assertThat(r.report().weightRemoved()).isZero();
        assertThat(r.report().droppedInfluences()).isZero();
        assertThat(r.mesh().submeshes().get(0).draws()).containsExactly(Draw.of(0, 3, 0, 1, 2));
    }

    @Test
    void aTriangleThatCannotBeMadeToFitFails() {
        Mesh m = mesh(3, single(0, 1, 2), new int[] {0, 1, 2});
        assertThatThrownBy(() -> Partition.partition(m, 2, PartitionOptions.DEFAULTS.withOversize(OversizeTriangles.DROP_INFLUENCES)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("partition: mesh 'hand' submesh 0 triangle 0 (vertices 0, 1, 2) still uses 3 bones ['b0', 'b1',"
                        + " 'b2'], expected at most maxBones 2, and no bone can be dropped without leaving one of its"
                        + " vertices without an influence");
    }

    @Test
    void maxBonesOutOfRangeFails() {
        Mesh m = mesh(2, single(0, 1, 1), new int[] {0, 1, 2});
        assertThatThrownBy(() -> Partition.partition(m, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("partition: maxBones=0, expected 1..65536");
        assertThatThrownBy(() -> Partition.partition(m, 65537)).isInstanceOf(ValidationException.class)
                .hasMessage("partition: maxBones=65537, expected 1..65536");
    }

    @Test
    void aMeshWithoutSkinFails() {
        Mesh m = Mesh.builder("static").positions(new float[9]).indices(new int[] {0, 1, 2}).build();
        assertThatThrownBy(() -> Partition.partition(m, 24)).isInstanceOf(ValidationException.class)
                .hasMessage("partition: mesh 'static' has no skin, expected a skinned mesh (bone palettes partition bone weights)");
    }

    @Test
    void nanWeightsNeverReachAMesh() {
        assertThatThrownBy(() -> BoneWeights.of(1, new int[] {0, 0}, new float[] {1, Float.NaN}))
                .isInstanceOf(ValidationException.class).hasMessage("vertex 1: weight 0 is NaN, expected a finite value >= 0");
    }

    @Test
    void cancellingStops() {
        Mesh m = mesh(2, single(0, 1, 1), new int[] {0, 1, 2});
        Progress stop = Progress.of((stage, done, total) -> { }, () -> true);
        assertThatThrownBy(() -> Partition.partition(m, 24, PartitionOptions.DEFAULTS, stop))
                .isInstanceOf(CancelledException.class);
    }

    @Test
    void existingDrawsAreReplacedAndEmptySubmeshesGetNone() {
        Mesh m = mesh(4, single(0, 1, 2, 3), new int[] {0, 1, 2, 1, 2, 3}, 2, 0);
        PartitionResult once = Partition.partition(m, 3, GREEDY);
        PartitionResult twice = Partition.partition(once.mesh(), 24, GREEDY);
        assertThat(twice.mesh().submeshes().get(0).draws()).hasSize(1);
        assertThat(twice.mesh().submeshes().get(1).draws()).isEmpty();
        assertThat(twice.report().submeshes().get(1)).isEqualTo(new SubmeshPartition(1, 0, 0, 0, 0, 0, 0, 0));
    }

    /** Splitting draws rebuilds the clips (their morph channels follow the draws) and keeps each clip's duration. */
    @Test
    void splittingDrawsKeepsADeclaredDuration() {
        Mesh grid = PartitionFixtures.grid(new SplittableRandom(5), 4, 4, 3, 2, 1, true);
        Skeleton.Builder sb = Skeleton.builder("s");
        for (int b = 0; b < 3; b++) {
            sb.addBone("bone" + b, b - 1, new org.joml.Vector3f(0, 1, 0), new org.joml.Quaternionf(),
                    new org.joml.Vector3f(1));
        }
        AnimationClip clip = AnimationClip.of("wave", List.of(BoneChannel.of("bone1", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 1, 0, 0, 2, 0}))).withDuration(4);
        Character c = Character.of("c", sb.build(), List.of(Part.of("grid", grid)), List.of(clip));
        assertThat(Partition.splitDraws(c).clips()).containsExactly(clip);
    }
}
