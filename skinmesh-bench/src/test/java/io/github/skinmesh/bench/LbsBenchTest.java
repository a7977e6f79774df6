package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.testkit.workloads.Checksums;
import io.github.skinmesh.testkit.workloads.LbsWorkload;
import java.util.Arrays;
import java.util.function.Supplier;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs every {@link LbsBench} body once and checks its output against the published checksums. */
class LbsBenchTest {
    @ParameterizedTest
    @EnumSource(LbsBench.Streams.class)
    void everyBodyReproducesTheWorkloadChecksums(LbsBench.Streams streams) {
        assertThat(Skinning.vectorKernelAvailable()).as("tests run with --add-modules jdk.incubator.vector").isTrue();
        LbsBench bench = new LbsBench();
        bench.streams = streams;
        bench.vertices = LbsWorkload.VERTICES;
        bench.setUp();
        CpuTime cpu = new CpuTime();
        cpu.start();
        check(bench, "baselineNaive", () -> bench.baselineNaive(cpu));
        check(bench, "scalar", () -> bench.scalar(cpu));
        check(bench, "vector", () -> bench.vector(cpu));
        check(bench, "bound", () -> bench.bound(cpu));
        check(bench, "bound16", () -> bench.bound16(cpu));
        check(bench, "twoThreads", bench::twoThreads);
        check(bench, "twoThreadsBound", bench::twoThreadsBound);
        cpu.stop();
        assertThat(cpu.cpuCalls).as("counted calls").isEqualTo(5);
        assertThat(cpu.cpuNanos).as("CPU time of the calls").isPositive();
    }

    @ParameterizedTest
    @EnumSource(LbsBench.Streams.class)
    void otherSizesSkinTheWorkloadsFirstVerticesTheSameWayAndCopyTheirBytes(LbsBench.Streams streams) {
        LbsBench small = new LbsBench();
        small.streams = streams;
        small.vertices = 5000;
        small.setUp();
        LbsBench large = new LbsBench();
        large.streams = streams;
        large.vertices = 60_000;
        large.setUp();
        CpuTime cpu = new CpuTime();
        float[] a = small.bound16(cpu).clone();
        float[] b = large.vector(cpu);
        assertThat(a).hasSize(3 * 5000);
        assertThat(Arrays.copyOf(b, a.length)).isEqualTo(a);
        float[] copy = small.copySameBytes(cpu);
        assertThat(copy).hasSize((streams == LbsBench.Streams.POSITIONS_NORMALS ? 10 : 7) * 5000);
    }

    private static void check(LbsBench bench, String name, Supplier<float[]> body) {
        Arrays.fill(bench.dstPositions, Float.NaN);
        Arrays.fill(bench.dstNormals, Float.NaN);
        float[] out = body.get();
        assertThat(out).isSameAs(bench.dstPositions);
        assertThat(Checksums.weighted(out, out.length)).as(name + " positions").isCloseTo(
                LbsWorkload.POSITIONS_CHECKSUM,
                Offset.offset(Math.abs(LbsWorkload.POSITIONS_CHECKSUM) * LbsWorkload.POSITIONS_TOLERANCE));
        if (bench.streams == LbsBench.Streams.POSITIONS_NORMALS) {
            assertThat(Checksums.weighted(bench.dstNormals, bench.dstNormals.length)).as(name + " normals")
                    .isCloseTo(LbsWorkload.NORMALS_CHECKSUM,
                            Offset.offset(Math.abs(LbsWorkload.NORMALS_CHECKSUM) * LbsWorkload.NORMALS_TOLERANCE));
        } else {
            assertThat(bench.dstNormals).as(name + " leaves normals alone").containsOnly(Float.NaN);
        }
    }
}
