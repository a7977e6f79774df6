package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.pack.PackResult;
import io.github.skinmesh.testkit.workloads.PackWorkload;
import org.junit.jupiter.api.Test;

class AtlasPackBenchTest {
    @Test
    void benchmarkBodiesComputeTheRightResults() {
        for (PackWorkload set : PackWorkload.all()) {
            AtlasPackBench bench = new AtlasPackBench();
            bench.set = set.name();
            bench.setup();
            PackResult r = bench.pack();
            assertThat(r.pageCount()).isOne();
            assertThat(r.contentArea()).isEqualTo(set.area());
            assertThat(r.fill()).as(set.name()).isGreaterThanOrEqualTo(set.anchorFill());
            long[] keys = bench.baselineSort();
            assertThat(keys).hasSize(set.count()).isSorted();
            // the first key is the tallest rectangle, widest among the tallest
            int first = (int) (keys[0] & ((1 << 29) - 1));
            for (int i = 0; i < set.count(); i++) {
                assertThat(set.height(i)).isLessThanOrEqualTo(set.height(first));
            }
        }
    }
}
