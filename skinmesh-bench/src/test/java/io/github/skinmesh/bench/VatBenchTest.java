package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatResult;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs every {@link VatBench} and {@link VatLbsBench} body once and checks its answer. */
class VatBenchTest {
    static void check(VatBakeBench bench, String encoding, double largestError) {
        bench.encoding = encoding;
        bench.setUp();
        VatResult r = bench.bakeVertices(new CpuTime());
        assertThat(r.encoding()).isEqualTo(VatEncoding.valueOf(encoding));
        assertThat((long) r.elementCount() * r.clips().get(0).frames()).isEqualTo(bench.vertexFrames());
        if (encoding.equals("FLOAT")) {
            assertThat(r.maxError()).isZero();
        } else {
            assertThat(r.maxError()).isPositive().isLessThan(largestError);
        }
        // the floor writes a texture of the bake's size, each frame's texels where the bake puts that frame
        byte[] floor = bench.floorBake(new CpuTime());
        byte[] baked = r.textures().get(0).bytes();
        assertThat(floor).hasSize(baked.length);
        int texels = (int) r.elementCount() * VatEncoding.valueOf(encoding).bytesPerTexel();
        int stride = r.rowsPerFrame() * r.width() * VatEncoding.valueOf(encoding).bytesPerTexel();
        for (int f = 0; f < r.clips().get(0).frames(); f++) {
            assertThat(Arrays.copyOfRange(floor, f * stride, f * stride + texels)).as("frame %d", f)
                    .isEqualTo(Arrays.copyOf(baked, texels));
        }
        // both baselines are the poser's LBS: after each, every part holds the last frame's pose bit for bit
        assertThat(bench.posing(new CpuTime())).isFinite();
        PosedVertices out = bench.out;
        assertThat(bench.baseline(new CpuTime())).isFinite();
        for (int p = 0; p < out.partCount(); p++) {
            assertThat(bench.skinned[p]).as("bound skin, part %d", p).containsExactly(out.positions(p));
        }
        Arrays.stream(bench.skinned).forEach(a -> Arrays.fill(a, Float.NaN));
        assertThat(bench.rawArrays(new CpuTime())).isFinite();
        for (int p = 0; p < out.partCount(); p++) {
            assertThat(bench.skinned[p]).as("raw arrays, part %d", p).containsExactly(out.positions(p));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"FLOAT", "HALF", "UNORM16", "UNORM8"})
    void humanoidBakeBaselineAndPosingCoverTheWorkloadsVertexFrames(String encoding) {
        // the humanoid is 1.7 m tall: a millimetre in half and unorm16, under a centimetre in unorm8
        check(new VatBench(), encoding, "UNORM8".equals(encoding) ? 1e-2 : 1e-3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"FLOAT", "HALF", "UNORM16", "UNORM8"})
    void lbsMeshBakeBaselineAndPosingCoverTheWorkloadsVertexFrames(String encoding) {
        // the lbs mesh spans a few units: half's 11 bits, 8 bits of its range at most
        check(new VatLbsBench(), encoding, "UNORM8".equals(encoding) ? 0.1 : 0.01);
    }
}
