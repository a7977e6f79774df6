package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs every {@link VatBench} body once and checks its answer. */
class VatBenchTest {
    @ParameterizedTest
    @ValueSource(strings = {"HALF", "UNORM16", "UNORM8"})
    void bakeAndBaselineCoverTheWorkloadsVertexFrames(String encoding) {
        VatBench bench = new VatBench();
        bench.encoding = encoding;
        bench.setUp();
        VatResult r = bench.bakeVertices();
        assertThat(r.encoding()).isEqualTo(VatEncoding.valueOf(encoding));
        assertThat((long) r.elementCount() * r.clips().get(0).frames()).isEqualTo(VatBench.VERTEX_FRAMES);
        // the humanoid is 1.7 m tall: a millimetre in half and unorm16, under a centimetre in unorm8
        assertThat(r.maxError()).isPositive().isLessThan("UNORM8".equals(encoding) ? 1e-2 : 1e-3);
        assertThat(bench.baseline()).isFinite();
    }
}
