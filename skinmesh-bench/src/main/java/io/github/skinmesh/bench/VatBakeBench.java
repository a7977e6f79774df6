package io.github.skinmesh.bench;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.skinning.BoundSkin;
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
import io.github.skinmesh.vat.VatStreams;
import java.util.Arrays;
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
 * our own LBS on the same frames, as fast as core skins them on one thread: every part's influences
 * bound once in the setup ({@link BoundSkin}, 16-bit joints; the weights normalized as the poser
 * does), then per frame {@link Skinning#skinInto(BoundSkin, float[], float[], float[], float[],
 * float[], float[], float[], int, int, SkinningOptions)} of every part at that frame's skin matrices
 * (evaluated in the setup) into reused buffers, with the streams the bake poses (positions; normals
 * and tangents too when the bake asks for them). {@link #rawArrays} is the baseline of the figures
 * from 2026-12-01: the raw-array {@link Skinning#skinInto(float[], int, int[], float[], float[],
 * float[], float[], float[], float[], float[], int, int, SkinningOptions)}, which scans every joint
 * index on every call. {@link #posing} poses the same frames with {@link CharacterPoser} alone (clip
 * sampling, skin matrices, the checks and LBS), the baseline of the figures before those.
 * {@link #floorBake} is a floor under any bake of the workload: what every bake must do, and
 * nothing else (see there). The fork
 * runs with {@code --add-modules jdk.incubator.vector}, so that core's vector LBS kernel skins both
 * the baselines and the bake's poses (the bake's own vector loops run too where it has them).
 * Goal: bake {@code >= 0.7x} the baseline. Each method also counts its thread's CPU time
 * ({@link CpuTime}), so that the scores per CPU-second stay comparable when other processes share
 * the cores.
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
    /** Per part: the influences bound once, as a user skinning every frame binds them. */
    BoundSkin[] bound;
    float[][] bindNormals;
    float[][] skinnedNormals;
    float[][] bindTangents;
    float[][] skinnedTangents;
    /** The bake's texture size in bytes, and one frame's texels as the bake wrote them (frame 0). */
    int textureBytes;
    byte[] frameTexels;
    int frameStride;
    /** Written by {@link #floorBake} from every pose, so that no pose is optimized away. */
    float floorSink;

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
        VatResult bake = Vat.bakeVertexTextures(character, List.of(clip), options, Progress.NONE);
        frames = bake.clips().get(0).frames();
        byte[] texture = bake.textures().get(0).bytes();
        textureBytes = texture.length;
        int bytesPerTexel = VatEncoding.valueOf(encoding).bytesPerTexel();
        frameStride = bake.rowsPerFrame() * bake.width() * bytesPerTexel;
        frameTexels = Arrays.copyOf(texture, (int) character.vertexCount() * bytesPerTexel);
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
        VatStreams streams = options.streams();
        bound = new BoundSkin[parts];
        bindNormals = streams.normals() ? new float[parts][] : null;
        skinnedNormals = streams.normals() ? new float[parts][] : null;
        bindTangents = streams.tangents() ? new float[parts][] : null;
        skinnedTangents = streams.tangents() ? new float[parts][] : null;
        for (int p = 0; p < parts; p++) {
            Mesh m = poser.posedMesh(p);
            int n = m.vertexCount();
            if (m.skin() != null) {
                BoneWeights w = Weights.normalize(m.skin().weights(), asThePoser).weights();
                influences[p] = w.influencesPerVertex();
                joints[p] = w.joints();
                weights[p] = w.weights();
            } else {
                // a rigid part: one influence of weight 1 on its one placement matrix, as the poser skins it
                influences[p] = 1;
                joints[p] = new int[n];
                weights[p] = new float[n];
                Arrays.fill(weights[p], 1f);
            }
            int paletteSize = poser.paletteSize(p);
            bound[p] = BoundSkin.of(paletteSize, influences[p], joints[p], weights[p],
                    paletteSize <= BoundSkin.MAX_PALETTE_16 ? BoundSkin.JointWidth.BITS_16
                            : BoundSkin.JointWidth.BITS_32);
            bindPositions[p] = m.positions();
            skinned[p] = new float[bindPositions[p].length];
            if (bindNormals != null && skinnedNormals != null) {
                bindNormals[p] = m.normals();
                skinnedNormals[p] = new float[3 * n];
            }
            if (bindTangents != null && skinnedTangents != null) {
                bindTangents[p] = m.tangents();
                skinnedTangents[p] = new float[4 * n];
            }
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
     * Our own LBS on the same frames (the same-run baseline): each part's bound skin at each frame's
     * skin matrices, the streams the bake poses.
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
                Skinning.skinInto(bound[p], palettes[f][p], bindPositions[p], skinned[p],
                        bindNormals == null ? null : bindNormals[p], skinnedNormals == null ? null : skinnedNormals[p],
                        bindTangents == null ? null : bindTangents[p],
                        skinnedTangents == null ? null : skinnedTangents[p], 0, bound[p].vertexCount(),
                        SkinningOptions.DEFAULTS);
                acc += skinned[p][0];
            }
        }
        return acc;
    }

    /**
     * The baseline of the figures from 2026-12-01: the raw-array {@code skinInto} (the joints
     * scanned on every call), positions only.
     *
     * @param cpu CPU-time counters
     * @return a value derived from every frame
     */
    @Benchmark
    public float rawArrays(CpuTime cpu) {
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
     * A floor under any bake of this workload: the work every bake must do, and nothing else. It
     * binds a poser to the clip as the bake does ({@link CharacterPoser#bind} with the bake's
     * options: the weights normalized and bound), poses every frame through it (sampling, skin
     * matrices, LBS, the finite checks: core's one posing path, which a bake must use), and writes
     * every vertex-frame's texel into a new texture of the bake's size, with
     * {@link System#arraycopy} of one frame's texels encoded at setup and kept in cache. It does not
     * encode, decode, measure errors, box, detect loops, or build meshes and the manifest, all of
     * which the bake must also do.
     *
     * @param cpu CPU-time counters
     * @return the texture
     */
    @Benchmark
    public byte[] floorBake(CpuTime cpu) {
        cpu.call();
        CharacterPoser bound = CharacterPoser.bind(character, clip, PoserOptions.BAKE);
        PosedVertices posed = bound.newOutput();
        byte[] texture = new byte[textureBytes];
        float acc = 0;
        for (int f = 0; f < frames; f++) {
            bound.poseInto(time(f), posed);
            acc += posed.positions(0)[0];
            System.arraycopy(frameTexels, 0, texture, f * frameStride, frameTexels.length);
        }
        floorSink = acc; // every pose is used
        return texture;
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
