package io.github.skinmesh.bench;

import io.github.skinmesh.atlas.image.ColorBleed;
import io.github.skinmesh.atlas.image.CompositeOptions;
import io.github.skinmesh.atlas.image.CompositeResult;
import io.github.skinmesh.atlas.image.Compositor;
import io.github.skinmesh.atlas.image.ImageSize;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Rgba8Image;
import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.testkit.SplitMix64;
import java.util.ArrayList;
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
 * Compositing of workload {@code atlas}'s set A1 (one 1024x1024 map, one 1024x512, three 512x512, four
 * 256x256: 2,621,440 texels) into one 2048x2048 RGBA8 page with an 8-texel gutter, origins on the
 * 8-texel grid, so mip levels 0 to 3 stay clean. One operation is one source texel, so the score is
 * composited pixels per second. The placements are fixed by hand ({@link #PLACEMENTS}) so that the
 * figure measures compositing alone; the images are seeded noise (SplitMix64 seed 10), a quarter of
 * their texels transparent in 4x4 blocks.
 *
 * <p>{@link #composite} copies, extrudes gutters and allocates the page; {@link #compositeRotated}
 * turns the seven square maps (their placements keep their size); {@link #compositeBleed} adds
 * {@link ColorBleed#NEAREST}. The same-run baseline is {@code System.arraycopy} of the images' bytes
 * (4 per texel) into a preallocated array: the least a composite must move.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("pixels")
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(AtlasCompositeBench.TEXELS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class AtlasCompositeBench {
    /** Texels of set A1. */
    static final int TEXELS = 2_621_440;
    /** Page side. */
    static final int PAGE = 2048;
    /** Gutter around each rectangle. */
    static final int GUTTER = 8;
    /** Set A1 as x, y, width, height on the page, in the workload's order (every origin a multiple of 8). */
    static final int[][] PLACEMENTS = {
        {0, 0, 1024, 1024}, {0, 1040, 1024, 512},
        {1040, 0, 512, 512}, {1040, 528, 512, 512}, {1040, 1056, 512, 512},
        {1568, 0, 256, 256}, {1568, 272, 256, 256}, {1568, 544, 256, 256}, {1568, 816, 256, 256}};

    List<PixelImage> images;
    List<Placement> placements;
    List<Placement> rotated;
    List<ImageSize> pages;
    CompositeOptions options;
    CompositeOptions bleed;
    byte[] source;
    byte[] copy;

    /** Builds the images, the placements and the baseline's arrays. */
    @Setup
    public void setup() {
        SplitMix64 rng = new SplitMix64(10);
        images = new ArrayList<>();
        placements = new ArrayList<>();
        rotated = new ArrayList<>();
        for (int i = 0; i < PLACEMENTS.length; i++) {
            int[] p = PLACEMENTS[i];
            int w = p[2];
            int h = p[3];
            byte[] rgba = new byte[4 * w * h];
            for (int k = 0; k < rgba.length; k++) {
                rgba[k] = (byte) rng.nextInt(0, 255);
            }
            for (int by = 0; by < h; by += 4) {
                for (int bx = 0; bx < w; bx += 4) {
                    if (rng.nf() < 0.25f) {
                        for (int y = by; y < by + 4; y++) {
                            for (int x = bx; x < bx + 4; x++) {
                                rgba[4 * (y * w + x) + 3] = 0;
                            }
                        }
                    }
                }
            }
            images.add(Rgba8Image.of("a1-" + i, w, h, rgba));
            placements.add(new Placement(i, 0, p[0], p[1], w, h, false));
            rotated.add(new Placement(i, 0, p[0], p[1], w, h, w == h));
        }
        pages = List.of(new ImageSize(PAGE, PAGE));
        options = CompositeOptions.DEFAULTS.withGutter(GUTTER).withMinCleanLevel(3);
        bleed = options.withColorBleed(ColorBleed.NEAREST);
        source = new byte[4 * TEXELS];
        copy = new byte[source.length];
    }

    /** @return set A1 composited */
    @Benchmark
    public CompositeResult composite() {
        return Compositor.composite(images, placements, pages, options, Progress.NONE);
    }

    /** @return set A1 composited with its square maps turned */
    @Benchmark
    public CompositeResult compositeRotated() {
        return Compositor.composite(images, rotated, pages, options, Progress.NONE);
    }

    /** @return set A1 composited with nearest-color bleed */
    @Benchmark
    public CompositeResult compositeBleed() {
        return Compositor.composite(images, placements, pages, bleed, Progress.NONE);
    }

    /** @return the copy of the images' bytes; the same-run baseline */
    @Benchmark
    public byte[] baselineArraycopy() {
        System.arraycopy(source, 0, copy, 0, source.length);
        return copy;
    }
}
