package io.github.skinmesh.bench;

import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.ResourceResolver;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.workloads.GltfWorkload;
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
 * Workload {@code gltf}: import of each shared glTF asset from bytes already in memory (GLB
 * container, JSON, accessors, skeleton, parts with their meshes, materials with image copies, clips,
 * into a {@link GltfAsset}), against the
 * same-run baseline of copying the same bytes with {@code System.arraycopy}.
 *
 * <p>The primary score is files per second; the secondary {@code bytes} counter is the input rate
 * in bytes per second (divide by 1e6 for MB/s). Both methods handle the same bytes per operation,
 * so the ratio of their scores is the ratio of their MB/s. Fails at setup, naming the file it
 * needs and the shared folder it looked in (or that none was found), when the asset is absent.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@BenchUnit("files")
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class GltfImportBench {
    @Param({"CesiumMan.glb", "Fox.glb", "RiggedSimple.glb"})
    public String asset;

    byte[] bytes;
    byte[] copy;

    /** Input bytes handled, reported by JMH as a rate. */
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
        bytes = GltfWorkload.bytes(asset).orElseThrow(() -> new IllegalStateException("GltfImportBench needs assets/"
                + asset + ": " + SharedFiles.locate().map(folder -> "not in " + folder).orElse(SharedFiles.ABSENT)));
        copy = new byte[bytes.length];
    }

    @Benchmark
    public GltfAsset importGlb(Bytes counter) {
        counter.bytes += bytes.length;
        return GltfReader.read(bytes, asset, ResourceResolver.none());
    }

    @Benchmark
    public byte[] baselineArraycopy(Bytes counter) {
        counter.bytes += bytes.length;
        System.arraycopy(bytes, 0, copy, 0, bytes.length);
        return copy;
    }
}
