package io.github.skinmesh.bench;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.NormalizeResult;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
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
 * The fixed cost of posing, workload {@code vat}'s character: the testkit humanoid (seed 1, every
 * part, 9,555 vertices) and its walk. One operation is one vertex of the character, the score
 * vertices bound per second.
 *
 * <p>{@link #bind} is a whole {@link CharacterPoser#bind(io.github.skinmesh.core.model.Skeleton,
 * List, AnimationClip, PoserOptions)} with the default options (positions), as every vertex bake,
 * bone bake, key bake and crowd bake runs it once per clip: clip sampler, palettes, the weights
 * normalized, the influences bound, the position bounds. {@link #normalize} times its largest
 * per-vertex part alone, {@link Weights#normalize(BoneWeights, NormalizeOptions)} of every skin's
 * weights with the poser's options (all-zero vertices bound to entry 0), and {@link #bindClip} the
 * clip sampler's binding, which does not depend on the vertices. {@link #baseline} is the least any
 * bind does per vertex: one {@link System#arraycopy} of every skin's weights into a scratch array
 * (normalizing must at least write its result once). Each method also counts its thread's CPU time
 * ({@link CpuTime}).
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("vertices")
@OperationsPerInvocation(PoserBindBench.VERTICES)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PoserBindBench {
    /** The humanoid's vertices (checked by {@link #setUp}). */
    static final int VERTICES = 9555;

    /** The poser's normalization: an all-zero vertex follows palette entry 0. */
    static final NormalizeOptions AS_THE_POSER = NormalizeOptions.DEFAULTS
            .withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(0);

    Character character;
    AnimationClip clip;
    /** The distinct skins' weights, each once. */
    BoneWeights[] weights;
    /** Per entry of {@link #weights}: its raw weights, the baseline's source. */
    float[][] sources;
    float[] scratch;

    /** Builds the humanoid and the baseline's arrays. */
    @Setup
    public void setUp() {
        Humanoid h = Humanoids.generate(1);
        character = h.character();
        clip = h.walk();
        if (character.vertexCount() != VERTICES) {
            throw new IllegalStateException("workload vat: " + character.vertexCount() + " vertices, expected "
                    + VERTICES);
        }
        List<BoneWeights> distinct = new ArrayList<>();
        for (Part p : character.parts()) {
            Skin s = p.mesh().skin();
            if (s != null && distinct.stream().noneMatch(w -> w == s.weights())) {
                distinct.add(s.weights());
            }
        }
        weights = distinct.toArray(new BoneWeights[0]);
        sources = new float[weights.length][];
        int largest = 0;
        for (int i = 0; i < weights.length; i++) {
            sources[i] = weights[i].weights();
            largest = Math.max(largest, sources[i].length);
        }
        scratch = new float[largest];
    }

    /**
     * Binds the humanoid to the walk.
     *
     * @param cpu CPU-time counters
     * @return the poser
     */
    @Benchmark
    public CharacterPoser bind(CpuTime cpu) {
        cpu.call();
        return CharacterPoser.bind(character.skeleton(), character.parts(), clip, PoserOptions.DEFAULTS);
    }

    /**
     * Normalizes every skin's weights as the poser does.
     *
     * @param cpu CPU-time counters
     * @return a value derived from every result
     */
    @Benchmark
    public double normalize(CpuTime cpu) {
        cpu.call();
        double acc = 0;
        for (BoneWeights w : weights) {
            NormalizeResult r = Weights.normalize(w, AS_THE_POSER);
            acc += r.maxSumErrorAfter() + r.weights().weight(0, 0);
        }
        return acc;
    }

    /**
     * Binds the walk to the humanoid's skeleton (no per-vertex work; counted per vertex like the
     * others, so that its share of {@link #bind} reads directly).
     *
     * @param cpu CPU-time counters
     * @return the sampler
     */
    @Benchmark
    public ClipSampler bindClip(CpuTime cpu) {
        cpu.call();
        return ClipSampler.bind(clip, character.skeleton());
    }

    /**
     * Copies every skin's weights once (same-run baseline).
     *
     * @param cpu CPU-time counters
     * @return a value derived from every copy
     */
    @Benchmark
    public float baseline(CpuTime cpu) {
        cpu.call();
        float acc = 0;
        float[] dst = scratch;
        for (float[] src : sources) {
            System.arraycopy(src, 0, dst, 0, src.length);
            acc += dst[src.length - 1];
        }
        return acc;
    }
}
