package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.bench.CpuTime;
import io.github.skinmesh.testkit.workloads.Checksums;
import io.github.skinmesh.testkit.workloads.LbsWorkload;
import java.util.Arrays;
import java.util.function.Supplier;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs every {@link LbsShapesBench} body once per shape and checks the published checksums. */
class LbsShapesBenchTest {
    @ParameterizedTest
    @EnumSource(VectorLbsKernel.Shape.class)
    void everyBodyReproducesTheWorkloadChecksums(VectorLbsKernel.Shape shape) {
        LbsShapesBench bench = new LbsShapesBench();
        bench.shape = shape.name();
        bench.setUp();
        CpuTime cpu = new CpuTime();
        check(bench, "baselineScalar", () -> bench.baselineScalar(cpu));
        check(bench, shape + " joints32", () -> bench.joints32(cpu));
        check(bench, shape + " joints16", () -> bench.joints16(cpu));
    }

    private static void check(LbsShapesBench bench, String name, Supplier<float[]> body) {
        Arrays.fill(bench.dstPositions, Float.NaN);
        Arrays.fill(bench.dstNormals, Float.NaN);
        float[] out = body.get();
        assertThat(Checksums.weighted(out, out.length)).as(name + " positions").isCloseTo(
                LbsWorkload.POSITIONS_CHECKSUM,
                Offset.offset(Math.abs(LbsWorkload.POSITIONS_CHECKSUM) * LbsWorkload.POSITIONS_TOLERANCE));
        assertThat(Checksums.weighted(bench.dstNormals, bench.dstNormals.length)).as(name + " normals").isCloseTo(
                LbsWorkload.NORMALS_CHECKSUM,
                Offset.offset(Math.abs(LbsWorkload.NORMALS_CHECKSUM) * LbsWorkload.NORMALS_TOLERANCE));
    }
}
