package io.github.skinmesh.bench;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import io.github.skinmesh.testkit.workloads.VatWorkload;
import io.github.skinmesh.vat.PositionMode;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatOptions;
import io.github.skinmesh.vat.VatResult;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Workload {@code vat}, shared by {@link VatBench} (the humanoid's walk) and {@link VatLbsBench} (the
 * {@code lbs} mesh): one operation is one vertex-frame, the score vertex-frames per second.
 *
 * <p>{@link #bakeVertices} is a whole {@link Vat#bakeVertexTextures} call (posing every frame,
 * encoding, decoding it again and measuring the error, clip table, meshes with their texel
 * attribute) per encoding, positions only, absolute. {@link #baseline} is what the workload names,
 * our own LBS on the same frames: {@link Skinning#skinInto} of every part at every frame's skin
 * matrices (evaluated in the setup), with the weights normalized as the poser does, positions only,
 * into reused buffers. {@link #posing} poses the same frames with {@link CharacterPoser} alone
 * (clip sampling, skin matrices, the checks and LBS): the baseline of the figures before 2026-12-01,
 * kept so that those stay comparable. Both use the skinning kernel the fork has (the scalar one:
 * the fork does not add the incubator module). Goal: bake {@code >= 0.7x} the baseline. Each method
 * also counts its thread's CPU time ({@link CpuTime}), so that the scores per CPU-second stay
 * comparable when other processes share the cores.
 */
@State(Scope.Thread)
public abstract class VatBakeBench {
    /** Texel encoding of {@link #bakeVertices}. */
    @Param({"FLOAT", "HALF", "UNORM16", "UNORM8"})
    public String encoding;

    Character character;
    AnimationClip clip;
    VatOptions options;
    CharacterPoser poser;
    PosedVertices out;
    int frames;
    /** Per frame, per part: the skin matrices. */
    float[][][] palettes;
    float[][] bindPositions;
    int[] influences;
    int[][] joints;
    float[][] weights;
    float[][] skinned;

    /** @return the character baked */
    abstract Character character();

    /** @return the clip baked */
    abstract AnimationClip clip();

    /** @return vertex-frames of one bake, as the operations per invocation declare */
    abstract int vertexFrames();

    /** Builds the input, the options, the baseline's palettes and the poser. */
    @Setup
    public void setUp() {
        character = character();
        clip = clip();
        options = VatOptions.DEFAULTS.withFps(VatWorkload.FPS).withEncoding(VatEncoding.valueOf(encoding))
                .withPositionMode(PositionMode.ABSOLUTE);
        poser = CharacterPoser.bind(character, clip);
        out = poser.newOutput();
        frames = Vat.bakeVertexTextures(character, List.of(clip), options, Progress.NONE).clips().get(0).frames();
        if (character.vertexCount() * frames != vertexFrames()) {
            throw new IllegalStateException("workload vat: " + character.vertexCount() + " vertices x " + frames
                    + " frames, expected " + vertexFrames() + " vertex-frames");
        }
        int parts = poser.partCount();
        palettes = new float[frames][parts][];
        for (int f = 0; f < frames; f++) {
            poser.evaluate(time(f));
            for (int p = 0; p < parts; p++) {
                palettes[f][p] = poser.skinMatricesInto(p, new float[16 * poser.paletteSize(p)], 0);
            }
        }
        NormalizeOptions asThePoser = NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY)
                .withFallbackEntry(0);
        bindPositions = new float[parts][];
        influences = new int[parts];
        joints = new int[parts][];
        weights = new float[parts][];
        skinned = new float[parts][];
        for (int p = 0; p < parts; p++) {
            Mesh m = poser.posedMesh(p);
            BoneWeights w = Weights.normalize(m.skin().weights(), asThePoser).weights();
            bindPositions[p] = m.positions();
            influences[p] = w.influencesPerVertex();
            joints[p] = w.joints();
            weights[p] = w.weights();
            skinned[p] = new float[bindPositions[p].length];
        }
    }

    /** @return the clip time of frame {@code f}, as the bake samples it */
    float time(int f) {
        return f == frames - 1 ? clip.duration() : Math.min(f / VatWorkload.FPS, clip.duration());
    }

    /**
     * Bakes the clip into a vertex animation texture.
     *
     * @param cpu CPU-time counters
     * @return the bake
     */
    @Benchmark
    public VatResult bakeVertices(CpuTime cpu) {
        cpu.call();
        return Vat.bakeVertexTextures(character, List.of(clip), options, Progress.NONE);
    }

    /**
     * Our own LBS on the same frames (the same-run baseline).
     *
     * @param cpu CPU-time counters
     * @return a value derived from every frame
     */
    @Benchmark
    public float baseline(CpuTime cpu) {
        cpu.call();
        float acc = 0;
        for (int f = 0; f < frames; f++) {
            for (int p = 0; p < skinned.length; p++) {
                int n = bindPositions[p].length / 3;
                Skinning.skinInto(palettes[f][p], influences[p], joints[p], weights[p], bindPositions[p], skinned[p],
                        null, null, null, null, 0, n, SkinningOptions.DEFAULTS);
                acc += skinned[p][0];
            }
        }
        return acc;
    }

    /**
     * Poses the same frames with the poser alone (the baseline of the earlier figures).
     *
     * @param cpu CPU-time counters
     * @return a value derived from every frame
     */
    @Benchmark
    public float posing(CpuTime cpu) {
        cpu.call();
        float acc = 0;
        for (int f = 0; f < frames; f++) {
            poser.poseInto(time(f), out);
            acc += out.positions(0)[0];
        }
        return acc;
    }
}
