package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.AtlasOptions;
import io.github.skinmesh.atlas.Atlases;
import io.github.skinmesh.bench.AtlasCompositeBench;
import io.github.skinmesh.bench.BenchUnit;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The deflate stage of PNG encoding: skinmesh's encoder ({@link Deflate}) against the runtime's zlib
 * ({@link Deflater}) on the same filtered image data. One operation compresses every image of the
 * workload once; the score is workloads per second.
 *
 * <p>Workloads ({@link #workload}): {@code humanoid}, the six base color textures of the testkit
 * humanoid (seed 42; 541,568 filtered bytes, unfiltered rows as the testkit writes them);
 * {@code humanoidAtlas}, the page that atlasing the humanoid's five opaque parts composites (the
 * demo's {@code atlas0.baseColor.png}, adaptive filtering as the atlas writes it); {@code atlasA1},
 * workload {@code atlas}'s set A1 composited into a 2048x2048 page as {@link AtlasCompositeBench}
 * does (seeded noise with transparent blocks, adaptive filtering: mostly incompressible).
 *
 * <p>{@link #deflate6} and {@link #deflate1} run skinmesh's encoder at levels 6 (the PNG default)
 * and 1; the same-run baseline {@link #baselineZlib6} runs the runtime's zlib at level 6 through one
 * {@link Deflater} reset per image (its fastest use). Compressed sizes of one pass are in
 * {@link #compressedSize(int)} and {@link #zlibSize(int)}.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("workloads")
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class PngDeflateBench {
    /** Which images: {@code humanoid}, {@code humanoidAtlas} or {@code atlasA1}. */
    @Param({"humanoid", "humanoidAtlas", "atlasA1"})
    public String workload;

    /** Filtered image data (what the PNG encoder hands to deflate), one array per image. */
    List<byte[]> filtered;
    private Deflater deflater;
    private byte[] scratch;

    /** Builds the workload's images and filters them. */
    @Setup(Level.Trial)
    public void setup() {
        filtered = new ArrayList<>();
        switch (workload) {
            case "humanoid": {
                for (Image image : humanoidTextures(Humanoids.generate(42))) {
                    filtered.add(filter((Rgba8Image) Png.decode(image), PngFilter.NONE));
                }
                break;
            }
            case "humanoidAtlas": {
                Humanoid h = Humanoids.generate(42);
                for (Image page : Atlases.atlasCharacter(h.character(), AtlasOptions.DEFAULTS, Progress.NONE).images()) {
                    filtered.add(filter((Rgba8Image) Png.decode(page), PngFilter.ADAPTIVE));
                }
                break;
            }
            case "atlasA1": {
                AtlasCompositeBench composite = new AtlasCompositeBench();
                composite.setup();
                filtered.add(filter((Rgba8Image) composite.composite().page(0), PngFilter.ADAPTIVE));
                break;
            }
            default:
                throw new IllegalArgumentException("workload " + workload + ", expected humanoid, humanoidAtlas or atlasA1");
        }
        deflater = new Deflater(6);
        int largest = 0;
        for (byte[] f : filtered) {
            largest = Math.max(largest, f.length);
        }
        scratch = new byte[largest + largest / 8 + 1024];
    }

    /** Releases the baseline's native zlib state. */
    @TearDown(Level.Trial)
    public void tearDown() {
        deflater.end();
    }

    static List<Image> humanoidTextures(Humanoid humanoid) {
        List<Image> images = new ArrayList<>();
        for (Mesh part : humanoid.parts()) {
            for (var material : part.materials()) {
                for (TextureRef t : material.textures().values()) {
                    images.add(t.image());
                }
            }
        }
        return images;
    }

    private static byte[] filter(Rgba8Image image, PngFilter mode) {
        return ScanlineFilter.filter(image.raw(), 4, image.width(), image.height(), mode);
    }

    /** @return total compressed bytes at level 6 */
    @Benchmark
    public int deflate6() {
        return compressedSize(6);
    }

    /** @return total compressed bytes at level 1 */
    @Benchmark
    public int deflate1() {
        return compressedSize(1);
    }

    /** @return total bytes the runtime's zlib writes at level 6; the same-run baseline */
    @Benchmark
    public int baselineZlib6() {
        return zlibSize(6);
    }

    /**
     * @param level 1..9
     * @return total length of skinmesh's zlib streams of the workload's images
     */
    int compressedSize(int level) {
        int total = 0;
        for (byte[] f : filtered) {
            total += Deflate.zlib(f, level).length;
        }
        return total;
    }

    /**
     * @param level 1..9
     * @return total length of the runtime zlib's streams of the workload's images
     */
    int zlibSize(int level) {
        deflater.setLevel(level);
        int total = 0;
        for (byte[] f : filtered) {
            deflater.reset();
            deflater.setInput(f);
            deflater.finish();
            while (!deflater.finished()) {
                total += deflater.deflate(scratch);
            }
        }
        return total;
    }
}
