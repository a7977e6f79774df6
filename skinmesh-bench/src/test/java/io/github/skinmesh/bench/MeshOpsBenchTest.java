package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.testkit.workloads.CombineWorkload;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class MeshOpsBenchTest {
    @Test
    void workloadHasTheDefinedShape() {
        List<Mesh> parts = CombineWorkload.create().parts();
        assertThat(parts).hasSize(CombineWorkload.PARTS);
        for (int p = 0; p < parts.size(); p++) {
            Mesh m = parts.get(p);
            assertThat(m.vertexCount()).isEqualTo(CombineWorkload.PART_VERTICES);
            assertThat(m.triangleCount()).isEqualTo(CombineWorkload.PART_TRIANGLES);
            assertThat(m.skin().paletteSize()).isEqualTo(CombineWorkload.PALETTE);
            assertThat(new HashSet<>(List.of(m.skin().boneNames()))).hasSize(CombineWorkload.PALETTE);
            assertThat(m.skin().weights().influencesPerVertex()).isEqualTo(CombineWorkload.INFLUENCES);
            assertThat(m.materials().get(0).name()).isEqualTo("m" + p % 2);
            assertThat(m.bounds().minX()).isCloseTo(3 * p - 1, Offset.offset(1e-5f));
            float[] n = m.normals();
            float[] pos = m.positions();
            double worstLength = 0;
            double worstOffset = 0;
            for (int v = 0; v < m.vertexCount(); v++) {
                double l = Math.sqrt(n[3 * v] * n[3 * v] + n[3 * v + 1] * n[3 * v + 1] + n[3 * v + 2] * n[3 * v + 2]);
                worstLength = Math.max(worstLength, Math.abs(l - 1));
                worstOffset = Math.max(worstOffset, Math.abs(pos[3 * v] - 3 * p - n[3 * v]));
            }
            assertThat(worstLength).as("normals of unit length").isLessThan(1e-6);
            assertThat(worstOffset).as("positions shifted by 3p in x").isLessThan(1e-5);
        }
        // every edge of a closed icosphere is shared by exactly two triangles
        Mesh m = parts.get(0);
        Set<Long> edges = new HashSet<>();
        for (int t = 0; t < m.triangleCount(); t++) {
            for (int k = 0; k < 3; k++) {
                long a = m.index(3 * t + k);
                long b = m.index(3 * t + (k + 1) % 3);
                assertThat(edges.add(a << 32 | b)).as("directed edge %d-%d once", a, b).isTrue();
            }
        }
        long unpaired = edges.stream().filter(e -> !edges.contains((e & 0xFFFFFFFFL) << 32 | e >>> 32)).count();
        assertThat(unpaired).as("directed edges without their opposite").isZero();
    }

    @Test
    void benchmarkBodiesComputeTheRightMeshes() {
        MeshOpsBench bench = new MeshOpsBench();
        bench.setup();
        Mesh concat = bench.concat();
        assertThat(concat.vertexCount()).isEqualTo(CombineWorkload.VERTICES);
        assertThat(concat.submeshes()).hasSize(CombineWorkload.PARTS);
        assertThat(concat).isEqualTo(bench.combined);
        float[] expected = Arrays.copyOfRange(concat.positions(), 3 * CombineWorkload.PART_VERTICES,
                6 * CombineWorkload.PART_VERTICES);
        assertThat(expected).containsExactly(bench.parts.get(1).positions());

        Mesh selected = bench.selectVertices();
        float[] before = concat.positions();
        float[] after = selected.positions();
        for (int i = 0; i < bench.permutation.length; i += 97) {
            int old = bench.permutation[i];
            assertThat(new float[] {after[3 * i], after[3 * i + 1], after[3 * i + 2]})
                    .containsExactly(before[3 * old], before[3 * old + 1], before[3 * old + 2]);
        }
        int[] sorted = bench.permutation.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            assertThat(sorted[i]).isEqualTo(i);
        }
        assertThat(bench.source).hasSize(MeshOpsBench.BYTES_PER_VERTEX * CombineWorkload.VERTICES
                + 4 * concat.indexCount());
        bench.source[5] = 7;
        assertThat(bench.baselineArraycopy()[5]).isEqualTo((byte) 7);
    }
}
