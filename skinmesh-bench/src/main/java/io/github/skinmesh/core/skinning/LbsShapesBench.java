package io.github.skinmesh.core.skinning;

import io.github.skinmesh.bench.BenchUnit;
import io.github.skinmesh.bench.CpuTime;
import io.github.skinmesh.testkit.workloads.LbsWorkload;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The alternatives of the vector kernel's four-influence loops on workload {@code lbs}
 * (W-SKIN-50K, positions and normals): each {@link VectorLbsKernel.Shape} called directly, with
 * 32- and 16-bit joints, one shape per fork (JMH forks per parameter set; several Vector API
 * shapes in one JVM slowed each other down in earlier measurements). This is how the default
 * shape per JDK was chosen: compare the rows of one JDK. The baseline is the scalar kernel, the
 * fallback without the incubator module. Lives in the kernels' package to reach them (the bench
 * module runs on the class path).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(LbsWorkload.VERTICES)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
@BenchUnit("vertices")
public class LbsShapesBench {
    /** The vector kernel's shape, a {@link VectorLbsKernel.Shape} name (JMH's generated code cannot name the type). */
    @Param({"COLUMNS_128", "PAIRS_256", "MATRIX_512"})
    public String shape;

    LbsWorkload workload;
    char[] joints16;
    float[] dstPositions;
    float[] dstNormals;
    private LbsKernel kernel;

    /** Builds the workload, the 16-bit joints and the kernel of the shape. */
    @Setup(Level.Trial)
    public void setUp() {
        workload = new LbsWorkload();
        int[] joints = workload.joints();
        joints16 = new char[joints.length];
        for (int i = 0; i < joints.length; i++) {
            joints16[i] = (char) joints[i];
        }
        dstPositions = new float[3 * LbsWorkload.VERTICES];
        dstNormals = new float[3 * LbsWorkload.VERTICES];
        kernel = new VectorLbsKernel(VectorLbsKernel.Shape.valueOf(shape));
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the scalar kernel
     */
    @Benchmark
    public float[] baselineScalar(CpuTime cpu) {
        cpu.call();
        LbsWorkload w = workload;
        ScalarLbsKernel.INSTANCE.skin(w.palette(), LbsWorkload.INFLUENCES, w.joints(), w.weights(), w.positions(),
                dstPositions, w.normals(), dstNormals, null, null, 0, LbsWorkload.VERTICES, false, false);
        return dstPositions;
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the shape with 32-bit joints
     */
    @Benchmark
    public float[] joints32(CpuTime cpu) {
        cpu.call();
        LbsWorkload w = workload;
        kernel.skin(w.palette(), LbsWorkload.INFLUENCES, w.joints(), w.weights(), w.positions(), dstPositions,
                w.normals(), dstNormals, null, null, 0, LbsWorkload.VERTICES, false, false);
        return dstPositions;
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the shape with 16-bit joints
     */
    @Benchmark
    public float[] joints16(CpuTime cpu) {
        cpu.call();
        LbsWorkload w = workload;
        kernel.skin(w.palette(), LbsWorkload.INFLUENCES, joints16, w.weights(), w.positions(), dstPositions,
                w.normals(), dstNormals, null, null, 0, LbsWorkload.VERTICES, false, false);
        return dstPositions;
    }
}
