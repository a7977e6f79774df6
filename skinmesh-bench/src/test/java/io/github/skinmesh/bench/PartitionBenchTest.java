package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.testkit.workloads.PartitionWorkload;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

class PartitionBenchTest {
    @Test
    void benchmarkBodiesComputeTheRightResults() {
        Blackhole bh = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        int[] draws = new int[2];
        int[] duplicates = new int[2];
        for (PartitionMode mode : PartitionMode.values()) {
            PartitionBench bench = new PartitionBench();
            bench.mode = mode;
            bench.layout = "oneSubmesh";
            bench.setup();
            assertThat(bench.mesh.vertexCount()).isEqualTo(PartitionWorkload.VERTICES);
            assertThat(bench.mesh.triangleCount()).isEqualTo(PartitionWorkload.TRIANGLES);
            PartitionResult r = bench.partition(bh);
            assertThat(r.report().maxBonesPerDraw()).isLessThanOrEqualTo(PartitionWorkload.MAX_BONES);
            assertThat(r.mesh().vertexCount()).isEqualTo(PartitionWorkload.VERTICES + r.report().duplicatedVertices());
            draws[mode.ordinal()] = r.report().draws();
            duplicates[mode.ordinal()] = r.report().duplicatedVertices();
            long expected = 0;
            for (int i = 0; i < bench.mesh.indexCount(); i++) {
                for (int s = 0; s < bench.k; s++) {
                    expected += bench.mesh.skin().weights().joint(bench.mesh.index(i), s);
                }
            }
            assertThat(bench.baselineReadJoints()).isEqualTo(expected);
        }
        assertThat(draws[PartitionMode.OPTIMIZED.ordinal()]).isLessThanOrEqualTo(draws[PartitionMode.GREEDY.ordinal()]);
        assertThat(2 * duplicates[PartitionMode.OPTIMIZED.ordinal()]).isLessThanOrEqualTo(duplicates[PartitionMode.GREEDY.ordinal()]);
    }
}
