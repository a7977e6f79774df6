package io.github.skinmesh.bench;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.testkit.workloads.PartitionWorkload;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link Partition#partition} on workload {@code partition} ({@link PartitionWorkload}: the combined
 * humanoid, about 50,000 vertices and 100,000 triangles) at {@value PartitionWorkload#MAX_BONES}
 * bones, in both modes and both layouts (one submesh per material, or all in one). The score is
 * triangles per second ({@value PartitionWorkload#TRIANGLES} per call).
 *
 * <p>The same-run baseline, {@link #baselineReadJoints}, is one plain pass over the triangles reading
 * every joint of their three vertices (what any partitioning must at least look at), summed so that
 * nothing is optimized away. The workload's goal is {@code OPTIMIZED >= 1M triangles/s}.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("triangles")
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(PartitionWorkload.TRIANGLES)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class PartitionBench {
    @Param({"GREEDY", "OPTIMIZED"})
    PartitionMode mode;

    @Param({"materials", "oneSubmesh"})
    String layout;

    Mesh mesh;
    int[] indices;
    int[] joints;
    int k;
    PartitionOptions options;

    /** Builds the workload. */
    @Setup
    public void setup() {
        PartitionWorkload w = PartitionWorkload.create();
        mesh = "materials".equals(layout) ? w.combined() : w.oneSubmesh();
        indices = mesh.indices();
        BoneWeights bw = mesh.skin().weights();
        joints = bw.joints();
        k = bw.influencesPerVertex();
        options = PartitionOptions.DEFAULTS.withMode(mode);
    }

    /**
     * @param bh sink
     * @return the result, one call partitions every triangle
     */
    @Benchmark
    public PartitionResult partition(Blackhole bh) {
        PartitionResult r = Partition.partition(mesh, PartitionWorkload.MAX_BONES, options);
        bh.consume(r.report().draws());
        return r;
    }

    /** @return the sum of every joint of every triangle's vertices */
    @Benchmark
    public long baselineReadJoints() {
        long sum = 0;
        for (int i = 0; i < indices.length; i++) {
            int base = indices[i] * k;
            for (int s = 0; s < k; s++) {
                sum += joints[base + s];
            }
        }
        return sum;
    }
}
