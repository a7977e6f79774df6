package io.github.skinmesh.bench;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.PaletteSelection;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.VertexStreams;
import io.github.skinmesh.testkit.workloads.SampleWorkload;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatResult;
import io.github.skinmesh.vat.crowd.Crowd;
import io.github.skinmesh.vat.crowd.CrowdFrames;
import io.github.skinmesh.vat.crowd.CrowdLoop;
import io.github.skinmesh.vat.crowd.CrowdOptions;
import java.util.List;
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
 * Workload {@code vat}, crowd part: 1000 instances of a 64-bone character, each playing the
 * {@code sample} workload's 2 s clip (64 joints, keys at 30 Hz) baked into float bone frames at
 * 30 fps (61 frames), with its own seeded phase and speed, played in a loop, so that every
 * instance blends two frames. One operation is one instance-bone (one 3x4 matrix written); a crowd frame is
 * {@value #INSTANCE_BONES} of them, so its time is {@code 64000 / score}.
 *
 * <p>{@link #palettes} writes the whole crowd's palettes (float or half, on 1 or 2 threads) at a
 * crowd time that advances by 1/60 s per call. {@link #baselineArraycopy} is the same-run
 * baseline: {@code System.arraycopy} of an output buffer of the same type and length (3 MB of
 * floats, 1.5 MB of halves). Goal: {@code >= 0.5x} the copy, and a crowd frame well under 1 ms on
 * one core. The fork runs with {@code --add-modules jdk.incubator.vector}, so that palettes
 * use the vector kernel. Both methods also count the measuring thread's CPU time
 * ({@link CpuTime}), so that {@link BenchMain} prints throughput per CPU-second, which stays
 * comparable when other processes share the cores; it means something on one thread only (with
 * 2 threads the pool's thread is not counted).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(CrowdBench.INSTANCE_BONES)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
@BenchUnit("instance-bones")
public class CrowdBench {
    /** Instances of the crowd. */
    static final int INSTANCES = 1000;
    /** Bones of the character. */
    static final int BONES = SampleWorkload.JOINTS;
    /** Matrices per crowd frame. */
    static final int INSTANCE_BONES = INSTANCES * BONES;
    /** Seed of the instances' phases and speeds. */
    static final long SEED = 0xC40DL;

    /** Palette encoding: {@code FLOAT} (48 bytes per matrix) or {@code HALF} (24). */
    @Param({"FLOAT", "HALF"})
    public String encoding;

    /** Threads writing one crowd frame, the calling thread included. */
    @Param({"1", "2"})
    public int threads;

    CrowdFrames frames;
    Crowd crowd;
    float[] floats;
    short[] halves;
    private float[] floatSource;
    private short[] halfSource;
    double time;

    /** Bakes the clip, places the instances and allocates the buffers. */
    @Setup(Level.Trial)
    public void setUp() {
        SampleWorkload workload = SampleWorkload.create();
        Mesh mesh = RandomModels.skinnedMesh(new SplitMix64(SEED), workload.skeleton(), RandomMeshOptions.DEFAULTS
                .withVertexCount(500).withTriangleCount(500).withUvChannels(0).withStreams(VertexStreams.POSITIONS)
                .withPalette(PaletteSelection.ALL_IN_ORDER));
        Character character = Character.of("crowd", workload.skeleton(), List.of(Part.of("body", mesh)),
                List.of(workload.clip()));
        VatResult bake = Vat.bakeBoneTexture(character, character.clips(),
                BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT).withFps(30), Progress.NONE);
        frames = CrowdFrames.of(bake);
        if (frames.boneCount() != BONES) {
            throw new IllegalStateException("workload vat: " + frames.boneCount() + " bones, expected " + BONES);
        }
        crowd = Crowd.create(frames, INSTANCES, CrowdOptions.DEFAULTS.withParallelism(threads));
        SplitMix64 rng = new SplitMix64(SEED);
        for (int i = 0; i < INSTANCES; i++) {
            crowd.setInstance(i, 0, rng.range(0, SampleWorkload.DURATION), rng.range(0.8f, 1.2f));
            crowd.setLoop(i, CrowdLoop.WRAP); // the clip does not close its loop; wrapped, every call keeps blending
        }
        floats = new float[12 * INSTANCE_BONES];
        halves = new short[12 * INSTANCE_BONES];
        floatSource = new float[floats.length];
        halfSource = new short[halves.length];
        crowd.palettesInto(INSTANCES, 0.5, floatSource, 0);
        crowd.palettesInto(INSTANCES, 0.5, halfSource, 0);
    }

    /**
     * Writes one crowd frame.
     *
     * @param cpu CPU-time counters
     * @return the written buffer
     */
    @Benchmark
    public Object palettes(CpuTime cpu) {
        cpu.call();
        time += 1 / 60.0;
        if ("HALF".equals(encoding)) {
            crowd.palettesInto(INSTANCES, time, halves, 0);
            return halves;
        }
        crowd.palettesInto(INSTANCES, time, floats, 0);
        return floats;
    }

    /**
     * Copies a buffer of the output's type and length (same-run baseline).
     *
     * @param cpu CPU-time counters
     * @return the written buffer
     */
    @Benchmark
    public Object baselineArraycopy(CpuTime cpu) {
        cpu.call();
        if ("HALF".equals(encoding)) {
            System.arraycopy(halfSource, 0, halves, 0, halves.length);
            return halves;
        }
        System.arraycopy(floatSource, 0, floats, 0, floats.length);
        return floats;
    }
}
