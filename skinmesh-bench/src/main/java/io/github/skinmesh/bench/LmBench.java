package io.github.skinmesh.bench;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.laya.LayaModels;
import io.github.skinmesh.laya.LmConvention;
import io.github.skinmesh.laya.LmReadOptions;
import io.github.skinmesh.laya.LmReadResult;
import io.github.skinmesh.laya.LmWriteOptions;
import io.github.skinmesh.laya.LmWriteResult;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.workloads.LmWorkload;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Workload {@code lm} ({@link LmWorkload}): writing a mesh as a {@code .lm} file and reading the
 * file back into a mesh, in memory, against the same-run baseline of copying the file's bytes with
 * {@code System.arraycopy}.
 *
 * <p>Inputs: {@code character}, the combined testkit humanoid partitioned at 24 bones, written
 * from glTF conventions (winding reversed, tangent w negated) with its draws kept and read back
 * into glTF conventions; and each official fixture, read as stored and written back with
 * {@link LmReadResult#rewriteOptions()} (the same bytes). The primary score is files per second;
 * the secondary {@code bytes} counter is the file's bytes per second (divide by 1e6 for MB/s).
 * Every method handles the file's bytes once per operation, so the ratio of the scores is the ratio
 * of the MB/s. Fails at setup, naming the file and the shared folder, when a fixture is absent.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@BenchUnit("files")
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class LmBench {
    /** The input: {@code character} or one of {@link LmWorkload#FIXTURES}. */
    @Param({"character", "unity_default_resources-Cube.lm", "light_celing_1-light_celing_1.lm",
            "dajia-business01_m_lowpoly.lm", "LayaMonkey-LayaMonkey.lm"})
    public String input;

    Mesh mesh;
    LmWriteOptions writeOptions;
    LmReadOptions readOptions;
    byte[] bytes;
    byte[] copy;

    /** File bytes handled, reported by JMH as a rate. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Bytes {
        public long bytes;

        @Setup(Level.Iteration)
        public void reset() {
            bytes = 0;
        }
    }

    @Setup
    public void load() throws IOException {
        if ("character".equals(input)) {
            mesh = LmWorkload.character();
            writeOptions = LmWriteOptions.DEFAULTS;
            readOptions = LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF);
            bytes = LayaModels.write(mesh, writeOptions).bytes();
        } else {
            bytes = LmWorkload.fixture(input).orElseThrow(() -> new IllegalStateException("LmBench needs fixtures/laya/"
                    + input + ": " + SharedFiles.locate().map(folder -> "not in " + folder).orElse(SharedFiles.ABSENT)));
            readOptions = LmReadOptions.DEFAULTS;
            LmReadResult r = LayaModels.read(bytes, readOptions);
            mesh = r.mesh();
            writeOptions = r.rewriteOptions();
        }
        copy = new byte[bytes.length];
    }

    @Benchmark
    public LmWriteResult write(Bytes counter) {
        LmWriteResult r = LayaModels.write(mesh, writeOptions);
        counter.bytes += r.size();
        return r;
    }

    @Benchmark
    public LmReadResult read(Bytes counter) {
        counter.bytes += bytes.length;
        return LayaModels.read(bytes, readOptions);
    }

    @Benchmark
    public byte[] baselineArraycopy(Bytes counter) {
        counter.bytes += bytes.length;
        System.arraycopy(bytes, 0, copy, 0, bytes.length);
        return copy;
    }
}
