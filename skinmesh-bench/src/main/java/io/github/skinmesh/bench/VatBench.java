package io.github.skinmesh.bench;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.vat.PositionMode;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatOptions;
import io.github.skinmesh.vat.VatResult;
import java.util.List;
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

/**
 * Workload {@code vat}: the testkit humanoid (seed 1, every part) and its walk cycle at 30 fps. One
 * operation is one vertex-frame; the score is vertex-frames per second.
 *
 * <p>{@link #bakeVertices} is a whole {@link Vat#bakeVertexTextures} call (posing every frame,
 * encoding, decoding it again and measuring the error) per encoding; {@link #bakeBones} a whole
 * {@link Vat#bakeBoneTexture} of the combined humanoid, scored per vertex-frame measured.
 * {@link #baseline} is our own LBS on the same frames: the {@link CharacterPoser} posing every
 * frame into its buffers and nothing else. Goal: {@code >= 0.7x} the baseline.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("vertex-frames")
@OperationsPerInvocation(VatBench.VERTEX_FRAMES)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class VatBench {
    /** Frames per second of the bake. */
    static final float FPS = 30;
    /** The humanoid's 9,555 vertices times the walk's 32 frames at 30 fps (checked by {@link #setUp}). */
    static final int VERTEX_FRAMES = 9555 * 32;

    /** Texel encoding of {@link #bakeVertices}. */
    @Param({"HALF", "UNORM16", "UNORM8"})
    public String encoding;

    Character character;
    AnimationClip walk;
    VatOptions options;
    CharacterPoser poser;
    PosedVertices out;
    int frames;

    /** Builds the humanoid, the options and the baseline's poser. */
    @Setup
    public void setUp() {
        Humanoid h = Humanoids.generate(1);
        character = h.character();
        walk = h.walk();
        options = VatOptions.DEFAULTS.withFps(FPS).withEncoding(VatEncoding.valueOf(encoding))
                .withPositionMode(PositionMode.ABSOLUTE);
        poser = CharacterPoser.bind(character, walk);
        out = poser.newOutput();
        frames = Vat.bakeVertexTextures(character, List.of(walk), options, Progress.NONE).clips().get(0).frames();
        if (character.vertexCount() * frames != VERTEX_FRAMES) {
            throw new IllegalStateException("workload vat: " + character.vertexCount() + " vertices x " + frames
                    + " frames, expected " + VERTEX_FRAMES + " vertex-frames");
        }
    }

    /**
     * Bakes the walk into a vertex animation texture.
     *
     * @return the bake
     */
    @Benchmark
    public VatResult bakeVertices() {
        return Vat.bakeVertexTextures(character, List.of(walk), options, Progress.NONE);
    }

    /**
     * Poses the same frames with the poser only (same-run baseline).
     *
     * @return a value derived from every frame
     */
    @Benchmark
    public float baseline() {
        float acc = 0;
        for (int f = 0; f < frames; f++) {
            poser.poseInto(f == frames - 1 ? walk.duration() : Math.min(f / FPS, walk.duration()), out);
            acc += out.positions(0)[0];
        }
        return acc;
    }
}
