package io.github.skinmesh.laya;

import io.github.skinmesh.bench.BenchUnit;
import io.github.skinmesh.bench.CpuTime;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.workloads.LmWorkload;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * {@code System.arraycopy}. In the laya package so that the writer's and the reader's general paths
 * (package-private routes) are measured beside the fast ones in the same run.
 *
 * <p>Inputs: {@code character}, the combined testkit humanoid partitioned at 24 bones, written
 * from glTF conventions (winding reversed, tangent w negated) with its draws kept and read back
 * into glTF conventions; and each official fixture, read as stored and written back with
 * {@link LmReadResult#rewriteOptions()} (the same bytes).
 *
 * <p>Methods: {@code write} encodes each file into a fresh array ({@link LmWriteResult#bytes()});
 * {@code layout} is the write's first step alone ({@link LayaModels#write} without encoding: the
 * checks, the local bone slots and every offset), {@code writeInto} encodes into one reused array
 * ({@link LmWriteResult#writeInto(byte[], int)}), its vertex buffer packed by the vector codec
 * (the fork runs with {@code --add-modules jdk.incubator.vector}, as the command line does),
 * {@code writeIntoScalar} the same through the scalar codec, the fallback without the incubator
 * module;
 * {@code writeIntoGeneral} likewise through the writer's general layout (owner of each vertex found
 * per index, the slots packed by draw), which every mesh took before the vertex-range layout;
 * {@code read} is {@link LayaModels#read(byte[], LmReadOptions)}, its clean vertex pass in the
 * vector codec, {@code readScalar} the same in the scalar codec, {@code readChecked} the same
 * through the checked vertex pass only (the reader before its clean pass); the floors allocate
 * alone what a write ({@code floorAllocateFile}: the file's array) or a read
 * ({@code floorAllocateReadArrays}: the mesh's streams, indices and weights) allocates, and
 * {@code floorReadOutput} is less than any reader that returns a new mesh must do: allocate the
 * arrays a read returns for the mesh's streams, custom attributes, indices, joints and weights
 * (not the few hundred bytes of bind matrices and names) and fill each one with
 * {@code System.arraycopy} from the values decoded at setup, nothing parsed, checked or converted.
 * The
 * primary score is files per second; the secondary {@code bytes} counter is the file's bytes per
 * second (divide by 1e6 for MB/s). Every method counts the file's bytes once per operation, so the
 * ratio of the scores is the ratio of the MB/s. Every method also counts its calls in {@link CpuTime},
 * so that the report gives each score per CPU-second of the measuring thread, which a loaded machine
 * disturbs less than the wall-clock score. Fails at setup, naming the file and the shared
 * folder, when a fixture is absent.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@BenchUnit("files")
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
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
    byte[] buffer;
    /** The arrays a read of the file returns, decoded once at setup ({@link #floorReadOutput} copies them). */
    Object[] readOutputs;

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
        buffer = new byte[bytes.length];
        readOutputs = outputsOf(LayaModels.read(bytes, readOptions).mesh());
    }

    /** The arrays of {@code m}'s streams, custom attributes, indices, joints and weights. */
    static Object[] outputsOf(Mesh m) {
        List<Object> out = new ArrayList<>();
        out.add(m.positions());
        for (float[] stream : new float[][] {m.normals(), m.tangents(), m.colors()}) {
            if (stream != null) {
                out.add(stream);
            }
        }
        for (int c = 0; c < m.uvChannelCount(); c++) {
            out.add(m.uvs(c));
        }
        for (VertexAttribute a : m.attributes()) {
            out.add(a.values());
        }
        out.add(m.indices());
        if (m.skin() != null) {
            out.add(m.skin().weights().joints());
            out.add(m.skin().weights().weights());
        }
        return out.toArray();
    }

    @Benchmark
    public byte[] write(Bytes counter, CpuTime cpu) {
        cpu.call();
        byte[] file = LayaModels.write(mesh, writeOptions).bytes();
        counter.bytes += file.length;
        return file;
    }

    /** The write's first step alone: the layout (checks, local bone slots, every offset), no bytes encoded. */
    @Benchmark
    public LmWriteResult layout(Bytes counter, CpuTime cpu) {
        cpu.call();
        LmWriteResult w = LayaModels.write(mesh, writeOptions);
        counter.bytes += w.size();
        return w;
    }

    @Benchmark
    public byte[] writeInto(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += LayaModels.write(mesh, writeOptions).writeInto(buffer, 0);
        return buffer;
    }

    @Benchmark
    public byte[] writeIntoScalar(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += LayaModels.write(mesh, writeOptions).writeInto(buffer, 0, ScalarLmCodec.INSTANCE);
        return buffer;
    }

    @Benchmark
    public byte[] writeIntoGeneral(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += LmWriter.write(mesh, writeOptions, LmWriter.Route.GENERAL).writeInto(buffer, 0);
        return buffer;
    }

    @Benchmark
    public LmReadResult read(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += bytes.length;
        return LayaModels.read(bytes, readOptions);
    }

    @Benchmark
    public LmReadResult readScalar(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += bytes.length;
        return LmReader.read(bytes, readOptions.convention(), LmReader.Route.AUTO, ScalarLmCodec.INSTANCE);
    }

    @Benchmark
    public LmReadResult readChecked(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += bytes.length;
        return LmReader.read(bytes, readOptions.convention(), LmReader.Route.CHECKED);
    }

    @Benchmark
    public byte[] floorAllocateFile(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += bytes.length;
        return new byte[bytes.length];
    }

    /** The arrays a read of the file allocates for the mesh: its streams, indices and four weight slots. */
    @Benchmark
    public Object[] floorAllocateReadArrays(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += bytes.length;
        int n = mesh.vertexCount();
        Object[] out = new Object[8];
        out[0] = new float[3 * n];
        out[1] = mesh.hasNormals() ? new float[3 * n] : null;
        out[2] = mesh.hasTangents() ? new float[4 * n] : null;
        out[3] = mesh.hasColors() ? new float[4 * n] : null;
        out[4] = mesh.uvChannelCount() > 0 ? new float[2 * n * mesh.uvChannelCount()] : null;
        out[5] = new int[mesh.indexCount()];
        out[6] = mesh.skin() != null ? new float[4 * n] : null;
        out[7] = mesh.skin() != null ? new int[4 * n] : null;
        return out;
    }

    /**
     * A floor under {@link #read}: the arrays it returns, each allocated and filled with
     * {@code System.arraycopy} from the values decoded at setup.
     */
    @Benchmark
    public Object[] floorReadOutput(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += bytes.length;
        Object[] src = readOutputs;
        Object[] out = new Object[src.length];
        for (int i = 0; i < src.length; i++) {
            Object a = src[i];
            out[i] = a instanceof float[] ? Arrays.copyOf((float[]) a, ((float[]) a).length)
                    : Arrays.copyOf((int[]) a, ((int[]) a).length);
        }
        return out;
    }

    @Benchmark
    public byte[] baselineArraycopy(Bytes counter, CpuTime cpu) {
        cpu.call();
        counter.bytes += bytes.length;
        System.arraycopy(bytes, 0, copy, 0, bytes.length);
        return copy;
    }
}
