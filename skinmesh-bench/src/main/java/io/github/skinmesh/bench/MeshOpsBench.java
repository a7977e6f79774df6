package io.github.skinmesh.bench;

import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.workloads.CombineWorkload;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The vertex operations of {@link Meshes} on the six parts of workload {@code combine}
 * (W-COMBINE-6, see {@link CombineWorkload}): one operation is one output vertex, so the score is
 * vertices per second. {@link #concat} appends the six parts (palettes united by name, 61,452
 * vertices); {@link #selectVertices} gathers every stream of the concatenated mesh through a
 * random permutation (SplitMix64 seed 1, Fisher-Yates). Both build a whole validated mesh,
 * allocating its arrays.
 *
 * <p>The same-run baseline is {@code System.arraycopy} of as many bytes as the output mesh's
 * streams and indices hold (positions, normals, UVs, joints and weights: 64 bytes per vertex, plus
 * 4 per index), so a ratio is a fraction of copy bandwidth; the workload's goal for combine is
 * 0.5.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("vertices")
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(CombineWorkload.VERTICES)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class MeshOpsBench {
    /** Bytes of an output vertex: positions, normals, one UV set, 4 joints and 4 weights. */
    static final int BYTES_PER_VERTEX = 4 * (3 + 3 + 2 + 4 + 4);

    List<Mesh> parts;
    Mesh combined;
    int[] permutation;
    byte[] source;
    byte[] copy;

    /** Builds the parts, their concatenation, the permutation and the baseline's arrays. */
    @Setup
    public void setup() {
        parts = CombineWorkload.create().parts();
        combined = Meshes.concat(parts).mesh();
        permutation = new int[combined.vertexCount()];
        for (int i = 0; i < permutation.length; i++) {
            permutation[i] = i;
        }
        SplitMix64 rng = new SplitMix64(1);
        for (int i = permutation.length - 1; i > 0; i--) {
            int j = rng.nextInt(0, i);
            int t = permutation[i];
            permutation[i] = permutation[j];
            permutation[j] = t;
        }
        source = new byte[BYTES_PER_VERTEX * combined.vertexCount() + 4 * combined.indexCount()];
        copy = new byte[source.length];
    }

    /** @return the six parts appended */
    @Benchmark
    public Mesh concat() {
        return Meshes.concat(parts).mesh();
    }

    /** @return the concatenated mesh with its vertices permuted */
    @Benchmark
    public Mesh selectVertices() {
        return Meshes.selectVertices(combined, permutation);
    }

    /** @return the copy of the output's bytes; the same-run baseline */
    @Benchmark
    public byte[] baselineArraycopy() {
        System.arraycopy(source, 0, copy, 0, source.length);
        return copy;
    }
}
