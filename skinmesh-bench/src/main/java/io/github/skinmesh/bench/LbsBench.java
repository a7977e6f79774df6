package io.github.skinmesh.bench;

import io.github.skinmesh.core.skinning.BoundSkin;
import io.github.skinmesh.core.skinning.Renormalization;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningKernel;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.testkit.workloads.LbsWorkload;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload {@code lbs} (W-SKIN-50K, and the same generator at other vertex counts): linear blend
 * skinning with 4 influences over 64 skin matrices; the score is in vertices per second (one JMH
 * operation is one call, scaled by {@code vertices} through {@link BenchUnit#perParam()}). Normals
 * are skinned by the upper 3x3 and not renormalized, as the workload defines.
 *
 * <p>The same-run baseline is the naive loop (per influence: transform and accumulate, float
 * arithmetic, no {@code Math.fma}). The fork runs with {@code --add-modules jdk.incubator.vector}
 * so that the vector kernel is present. {@code vector} skins the raw arrays (which scans the
 * joints on every call), {@code bound} and {@code bound16} a {@link BoundSkin} with 32- and 16-bit
 * joints (validated once), {@code twoThreads} the raw arrays and {@code twoThreadsBound} the bound
 * skin with {@code parallelism = 2}: the calling thread and a common-pool thread claim chunks of
 * the vertices. {@code copySameBytes}
 * moves, with {@code System.arraycopy}, as many bytes as skinning with 32-bit joints reads and
 * writes together: with normals 80 per vertex (the kernels read 56 and write 24; the copy reads 40
 * and writes 40), positions only 56 (44 and 12; the copy 28 and 28), one pass over arrays as large
 * as the workload's: from DRAM (5M vertices) its traffic in GB/s is the bandwidth the kernels are
 * held against. Single-thread methods also count the thread's CPU time ({@link CpuTime}), so that
 * {@link BenchMain} prints throughput per CPU-second (the median of the measurement iterations).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
@BenchUnit(value = "vertices", perParam = "vertices")
public class LbsBench {
    /** Which streams are skinned. */
    public enum Streams {
        /** Positions only. */
        POSITIONS,
        /** Positions and normals (the workload's headline figure). */
        POSITIONS_NORMALS
    }

    private static final SkinningOptions OPTIONS = SkinningOptions.DEFAULTS.withRenormalization(Renormalization.NONE);
    private static final SkinningOptions SCALAR = OPTIONS.withKernel(SkinningKernel.SCALAR);
    private static final SkinningOptions VECTOR = OPTIONS.withKernel(SkinningKernel.VECTOR);
    private static final SkinningOptions TWO_THREADS = OPTIONS.withParallelism(2);

    /** The streams skinned. */
    @Param({"POSITIONS_NORMALS", "POSITIONS"})
    public Streams streams;

    /** Vertices per call: 50,000 is W-SKIN-50K; 5000, 500000 and 5000000 scale it. */
    @Param({"50000"})
    public int vertices;

    /** Influences per vertex, read at run time as by a library loop. */
    private int influences = LbsWorkload.INFLUENCES;
    LbsWorkload workload;
    float[] dstPositions;
    float[] dstNormals;
    private float[] srcNormals;
    private float[] outNormals;
    private BoundSkin bound;
    private BoundSkin bound16;
    private float[] copySource;
    private float[] copyTarget;

    /** Builds the workload, the bound skins and the destination arrays. */
    @Setup(Level.Trial)
    public void setUp() {
        workload = new LbsWorkload(vertices);
        dstPositions = new float[3 * vertices];
        dstNormals = new float[3 * vertices];
        boolean normals = streams == Streams.POSITIONS_NORMALS;
        srcNormals = normals ? workload.normals() : null;
        outNormals = normals ? dstNormals : null;
        bound = BoundSkin.of(LbsWorkload.JOINTS, LbsWorkload.INFLUENCES, workload.joints(), workload.weights(),
                BoundSkin.JointWidth.BITS_32);
        bound16 = BoundSkin.of(LbsWorkload.JOINTS, LbsWorkload.INFLUENCES, workload.joints(), workload.weights(),
                BoundSkin.JointWidth.BITS_16);
        // per vertex the kernels read positions (3), normals (3), joints (4 ints), weights (4) and write positions (3)
        // and normals (3): 20 floats with normals, 14 without; a copy reads and writes each float, so half of them
        int floatsCopied = normals ? 10 : 7;
        copySource = new float[floatsCopied * vertices];
        copyTarget = new float[copySource.length];
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the naive loop, the same-run baseline
     */
    @Benchmark
    public float[] baselineNaive(CpuTime cpu) {
        cpu.call();
        LbsWorkload w = workload;
        naive(w.palette(), influences, w.joints(), w.weights(), w.positions(), dstPositions, srcNormals, outNormals,
                vertices);
        return dstPositions;
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the scalar kernel, the fallback without the incubator module
     */
    @Benchmark
    public float[] scalar(CpuTime cpu) {
        cpu.call();
        return skin(SCALAR);
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the Vector API kernel on the raw arrays
     */
    @Benchmark
    public float[] vector(CpuTime cpu) {
        cpu.call();
        return skin(VECTOR);
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the automatic kernel through a bound skin with 32-bit joints
     */
    @Benchmark
    public float[] bound(CpuTime cpu) {
        cpu.call();
        return skinBound(bound);
    }

    /**
     * @param cpu CPU-time counters
     * @return the positions; the automatic kernel through a bound skin with 16-bit joints
     */
    @Benchmark
    public float[] bound16(CpuTime cpu) {
        cpu.call();
        return skinBound(bound16);
    }

    /** @return the positions; the automatic kernel on the calling thread and a common-pool thread */
    @Benchmark
    public float[] twoThreads() {
        return skin(TWO_THREADS);
    }

    /** @return the positions; {@link #twoThreads} through the bound skin with 32-bit joints (no joint scan) */
    @Benchmark
    public float[] twoThreadsBound() {
        LbsWorkload w = workload;
        Skinning.skinInto(bound, w.palette(), w.positions(), dstPositions, srcNormals, outNormals, null, null, 0,
                vertices, TWO_THREADS);
        return dstPositions;
    }

    /**
     * @param cpu CPU-time counters
     * @return the copy; {@code System.arraycopy} of the bytes the kernels read, into as many bytes
     */
    @Benchmark
    public float[] copySameBytes(CpuTime cpu) {
        cpu.call();
        System.arraycopy(copySource, 0, copyTarget, 0, copySource.length);
        return copyTarget;
    }

    private float[] skin(SkinningOptions options) {
        LbsWorkload w = workload;
        Skinning.skinInto(w.palette(), LbsWorkload.INFLUENCES, w.joints(), w.weights(), w.positions(), dstPositions,
                srcNormals, outNormals, null, null, 0, vertices, options);
        return dstPositions;
    }

    private float[] skinBound(BoundSkin skin) {
        LbsWorkload w = workload;
        Skinning.skinInto(skin, w.palette(), w.positions(), dstPositions, srcNormals, outNormals, null, null, 0,
                vertices, OPTIONS);
        return dstPositions;
    }

    /**
     * The naive loop: for each influence, transform the point (and normal) by its matrix and
     * accumulate, in float arithmetic without fused multiply-adds.
     */
    static void naive(float[] palette, int k4, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float[] srcN, float[] dstN, int vertexCount) {
        boolean normals = srcN != null;
        for (int v = 0; v < vertexCount; v++) {
            int p = 3 * v;
            float px = srcP[p], py = srcP[p + 1], pz = srcP[p + 2];
            float x = 0, y = 0, z = 0;
            float nx = 0, ny = 0, nz = 0;
            for (int k = 0; k < k4; k++) {
                int m = 16 * joints[k4 * v + k];
                float w = weights[k4 * v + k];
                x += w * (palette[m] * px + palette[m + 4] * py + palette[m + 8] * pz + palette[m + 12]);
                y += w * (palette[m + 1] * px + palette[m + 5] * py + palette[m + 9] * pz + palette[m + 13]);
                z += w * (palette[m + 2] * px + palette[m + 6] * py + palette[m + 10] * pz + palette[m + 14]);
                if (normals) {
                    float qx = srcN[p], qy = srcN[p + 1], qz = srcN[p + 2];
                    nx += w * (palette[m] * qx + palette[m + 4] * qy + palette[m + 8] * qz);
                    ny += w * (palette[m + 1] * qx + palette[m + 5] * qy + palette[m + 9] * qz);
                    nz += w * (palette[m + 2] * qx + palette[m + 6] * qy + palette[m + 10] * qz);
                }
            }
            dstP[p] = x;
            dstP[p + 1] = y;
            dstP[p + 2] = z;
            if (normals) {
                dstN[p] = nx;
                dstN[p + 1] = ny;
                dstN[p + 2] = nz;
            }
        }
    }
}
