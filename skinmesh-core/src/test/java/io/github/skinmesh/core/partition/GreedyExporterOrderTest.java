package io.github.skinmesh.core.partition;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import java.util.List;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/**
 * {@link PartitionMode#GREEDY} against the exporter's rule as its source has it: the draws are
 * scanned once, in creation order, and a triangle goes into the first draw whose dictionary holds
 * its whole set or can take the missing bones within the limit (so an earlier draw with room wins
 * over a later draw holding the whole set; the format notes' two-scan wording differs from the
 * source); zero-weight slots count.
 */
class GreedyExporterOrderTest {
    static final PartitionOptions GREEDY = PartitionOptions.DEFAULTS.withMode(PartitionMode.GREEDY);

    /**
     * One vertex per (triangle, corner); {@code slots[t]} lists the (joint, weight) slots every corner
     * of triangle {@code t} carries, kept as given (lossless), two slots per vertex.
     */
    static Mesh triangles(int bones, int[][] joints, float[][] weights) {
        int n = 3 * joints.length;
        float[] p = new float[3 * n];
        int[] j = new int[2 * n];
        float[] w = new float[2 * n];
        int[] indices = new int[n];
        for (int v = 0; v < n; v++) {
            int t = v / 3;
            p[3 * v] = v;
            p[3 * v + 1] = v % 3;
            j[2 * v] = joints[t][0];
            j[2 * v + 1] = joints[t][1];
            w[2 * v] = weights[t][0];
            w[2 * v + 1] = weights[t][1];
            indices[v] = v;
        }
        String[] names = new String[bones];
        float[] ibm = new float[16 * bones];
        for (int b = 0; b < bones; b++) {
            names[b] = "b" + b;
            new Matrix4f().get(ibm, 16 * b);
        }
        return Mesh.builder("hand").positions(p).indices(indices)
                .skin(Skin.of(names, ibm, BoneWeights.ofSlots(2, j, w))).build();
    }

    static Mesh perVertexBones(int bones, int[][] cornerJoints) {
        int n = 3 * cornerJoints.length;
        float[] p = new float[3 * n];
        int[] j = new int[n];
        float[] w = new float[n];
        int[] indices = new int[n];
        for (int v = 0; v < n; v++) {
            p[3 * v] = v;
            p[3 * v + 1] = v % 3;
            j[v] = cornerJoints[v / 3][v % 3];
            w[v] = 1;
            indices[v] = v;
        }
        String[] names = new String[bones];
        float[] ibm = new float[16 * bones];
        for (int b = 0; b < bones; b++) {
            names[b] = "b" + b;
            new Matrix4f().get(ibm, 16 * b);
        }
        return Mesh.builder("hand").positions(p).indices(indices)
                .skin(Skin.of(names, ibm, BoneWeights.of(1, j, w))).build();
    }

    @Test
    void anEarlierDrawWithRoomWinsOverALaterDrawHoldingTheWholeSet() {
        // t0 {0,1,2} opens draw 0; t1 {3,4,5} cannot join it (6 > 4) and opens draw 1; t2 {3}: draw 0
        // comes first and can take bone 3 (4 <= 4), so it goes there although draw 1 holds it whole.
        Mesh m = perVertexBones(6, new int[][] {{0, 1, 2}, {3, 4, 5}, {3, 3, 3}});
        List<Draw> draws = Partition.partition(m, 4, GREEDY).mesh().submeshes().get(0).draws();
        assertThat(draws).hasSize(2);
        assertThat(draws.get(0).paletteEntries()).containsExactly(0, 1, 2, 3);
        assertThat(draws.get(0).triangleCount()).isEqualTo(2);
        assertThat(draws.get(1).paletteEntries()).containsExactly(3, 4, 5);
        assertThat(draws.get(1).triangleCount()).isEqualTo(1);
    }

    @Test
    void zeroWeightSlotsCountAndMissingBonesAreAppendedInSlotOrder() {
        // t0 {0,1} (bone 1 only in a zero-weight slot) opens draw 0 = [0, 1]; t1 weighs bone 2 only
        // but carries bone 5 in a zero-weight slot: {2,5} fits draw 0 (4 bones) -> [0, 1, 2, 5];
        // t2 {3, 4} no longer fits (6 > 4): draw 1 = [3, 4]; t3 {5, 3}: draw 0 holds 5 but not 3,
        // draw 1 holds 3 but not 5; neither holds the whole set, draw 0 has no room (5 > 4), draw 1
        // takes 5 -> [3, 4, 5].
        Mesh m = triangles(6, new int[][] {{0, 1}, {2, 5}, {3, 4}, {5, 3}},
                new float[][] {{1, 0}, {1, 0}, {0.5f, 0.5f}, {1, 0}});
        List<Draw> draws = Partition.partition(m, 4, GREEDY).mesh().submeshes().get(0).draws();
        assertThat(draws).hasSize(2);
        assertThat(draws.get(0).paletteEntries()).containsExactly(0, 1, 2, 5);
        assertThat(draws.get(1).paletteEntries()).containsExactly(3, 4, 5);
        assertThat(draws.get(1).triangleCount()).isEqualTo(2);
        // the optimized mode ignores the zero-weight slots: every bone set fits one draw of 4
        assertThat(Partition.partition(m, 4).report().draws()).isEqualTo(2);
    }
}
