package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.MorphOptions;
import io.github.skinmesh.core.skinning.Morphing;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * The one posing path: binds a character's parts (or some of them) to a clip once, then, per
 * time, writes each part's deformed positions (and normals and tangents) in the character's model
 * space. Everything in skinmesh that poses a character (animated bounds, the CLI, baking, crowds)
 * goes through it.
 *
 * <p>Per part and time, in this order (see {@link Part} for the placement rules):
 * <ol>
 *   <li><b>Morph:</b> the mesh's morph targets at the clip's weights for the part (the clip's
 *       morph-weight channel whose target is the part's name), or the mesh's default weights, see
 *       {@link PoserOptions.MorphWeights};</li>
 *   <li><b>Part transform:</b> the part's transform is baked into its vertex data once, at bind
 *       time ({@link Mesh#transformed}); it is linear in the deltas, so this equals applying it
 *       after morphing;</li>
 *   <li><b>Bones:</b> a skinned part is linear-blend (or dual quaternion, see the options) skinned
 *       by {@code skin_e = model(bone_e) * inverseBind_e} with each vertex's weights normalized to
 *       sum 1 (a vertex whose weights are all 0 follows palette entry 0, as glTF viewers do); a
 *       rigid part follows the model matrix of its attach bone, exactly as if it were skinned to
 *       that bone with weight 1 (which is what combine makes of it), or stays put without one.</li>
 * </ol>
 * Model matrices are evaluated from the sampled pose with the identity root (see
 * {@link PoseEvaluation}). Without a clip every bone is at its rest transform. Time follows the
 * options' {@link SampleOptions.TimeMode} (play-once clamped by default).
 *
 * <p>Allocation: {@link #bind} allocates the normalized weights, scratch arrays for morphing and
 * the palettes; {@link #newOutput()} the output buffers; {@link #poseInto} and {@link #evaluate}
 * allocate nothing (unless the skinning options ask for several threads). Not thread-safe: give
 * each thread its own poser (binding is cheap next to posing a whole clip).
 *
 * <pre>{@code
 * CharacterPoser poser = CharacterPoser.bind(character, walk,
 *         PoserOptions.DEFAULTS.withStreams(PoserOptions.Streams.POSITIONS_NORMALS));
 * PosedVertices out = poser.newOutput();
 * for (int f = 0; f < frames; f++) {
 *     poser.poseInto(f / 30f, out);
 *     upload(out.positions(0), out.normals(0));
 * }
 * }</pre>
 */
public final class CharacterPoser {
    private static final NormalizeOptions FOLLOW_ENTRY_0 =
            NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(0);

    private final Skeleton skeleton;
    private final @Nullable AnimationClip clip;
    private final @Nullable ClipSampler sampler;
    private final PoserOptions options;
    private final List<String> warnings;
    private final Bound[] parts;
    private final Pose pose;
    private final float[] model;
    private boolean evaluated;

    /** One part bound to the skeleton, with its scratch arrays. */
    private static final class Bound {
        final Part part;
        final Mesh mesh;
        final int vertexCount;
        /** Skeleton bone per palette entry; for a rigid part its attach bone, or none. */
        final int[] paletteBones;
        final @Nullable Skin skin;
        final float[] palette;
        final int influences;
        final int[] joints;
        final float[] weights;
        final float[] positions;
        final float @Nullable [] normals;
        final float @Nullable [] tangents;
        /** Position, normal and tangent deltas per morph target; null when the stream is not morphed. */
        final float @Nullable [] @Nullable [] positionDeltas;
        final float @Nullable [] @Nullable [] normalDeltas;
        final float @Nullable [] @Nullable [] tangentDeltas;
        final int morphChannel;
        final float[] defaultWeights;
        final float[] morphWeights;
        final float @Nullable [] morphedPositions;
        final float @Nullable [] morphedNormals;
        final float @Nullable [] morphedTangents;
        boolean morphed;

        Bound(Part part, Mesh mesh, int[] paletteBones, @Nullable Skin skin, int influences, int[] joints,
                float[] weights, PoserOptions options, int morphChannel) {
            ModelAccess.Bridge raw = ModelAccess.get();
            this.part = part;
            this.mesh = mesh;
            this.vertexCount = mesh.vertexCount();
            this.paletteBones = paletteBones;
            this.skin = skin;
            this.palette = new float[16 * Math.max(1, paletteBones.length)];
            this.influences = influences;
            this.joints = joints;
            this.weights = weights;
            this.positions = raw.positions(mesh);
            boolean n = options.streams().normals();
            boolean t = options.streams().tangents();
            this.normals = n ? raw.normals(mesh) : null;
            this.tangents = t ? raw.tangents(mesh) : null;
            List<MorphTarget> targets = options.morphWeights() == PoserOptions.MorphWeights.NONE ? List.of()
                    : mesh.morphTargets();
            this.positionDeltas = deltas(targets, raw, 0);
            this.normalDeltas = n ? deltas(targets, raw, 1) : null;
            this.tangentDeltas = t ? deltas(targets, raw, 2) : null;
            this.morphChannel = morphChannel;
            this.defaultWeights = mesh.morphWeights();
            this.morphWeights = new float[mesh.morphTargets().size()];
            this.morphedPositions = positionDeltas == null ? null : new float[3 * vertexCount];
            this.morphedNormals = normalDeltas == null ? null : new float[3 * vertexCount];
            this.morphedTangents = tangentDeltas == null ? null : new float[4 * vertexCount];
        }

        /** @return per target the deltas of one stream (0 positions, 1 normals, 2 tangents), or null when none has any */
        private static float @Nullable [] @Nullable [] deltas(List<MorphTarget> targets, ModelAccess.Bridge raw,
                int stream) {
            float[] @Nullable [] d = new float[targets.size()][];
            boolean any = false;
            for (int i = 0; i < d.length; i++) {
                MorphTarget target = targets.get(i);
                d[i] = stream == 0 ? raw.positions(target) : stream == 1 ? raw.normals(target) : raw.tangents(target);
                any |= d[i] != null;
            }
            return any ? d : null;
        }
    }

    private CharacterPoser(Skeleton skeleton, List<Part> parts, @Nullable AnimationClip clip, PoserOptions options) {
        this.skeleton = Objects.requireNonNull(skeleton, "skeleton");
        this.clip = clip;
        this.options = Objects.requireNonNull(options, "options");
        this.sampler = clip == null ? null : ClipSampler.bind(clip, skeleton, options.sampling());
        List<String> notes = new ArrayList<>();
        if (sampler != null && sampler.report().ignoredChannelCount() > 0) {
            notes.add("clip " + Checks.quote(clip.name()) + ": " + sampler.report().ignoredChannelCount()
                    + " channels of bones not in skeleton " + Checks.quote(skeleton.name()) + " were ignored: "
                    + sampler.report().missingBones());
        }
        Map<BoneWeights, BoneWeights> normalized = new IdentityHashMap<>();
        this.parts = new Bound[parts.size()];
        for (int i = 0; i < this.parts.length; i++) {
            this.parts[i] = bindPart(Objects.requireNonNull(parts.get(i), "part"), normalized, notes);
        }
        this.warnings = List.copyOf(notes);
        this.pose = Pose.rest(skeleton);
        this.model = new float[16 * skeleton.boneCount()];
    }

    private Bound bindPart(Part part, Map<BoneWeights, BoneWeights> normalized, List<String> notes) {
        String where = "CharacterPoser: part " + Checks.quote(part.name());
        Mesh mesh = part.hasIdentityTransform() ? part.mesh() : part.mesh().transformed(part.transform(new Matrix4f()));
        PoserOptions.Streams streams = options.streams();
        if (streams.normals() && !mesh.hasNormals()) {
            throw new ValidationException(where + ": mesh " + Checks.quote(mesh.name())
                    + " has no normals, expected normals (options ask for " + streams + ")");
        }
        if (streams.tangents() && !mesh.hasTangents()) {
            throw new ValidationException(where + ": mesh " + Checks.quote(mesh.name())
                    + " has no tangents, expected tangents (options ask for " + streams + ")");
        }
        int morphChannel = -1;
        if (sampler != null && options.morphWeights() == PoserOptions.MorphWeights.CLIP
                && morphsPosedStream(mesh, streams)) {
            morphChannel = sampler.morphChannelIndex(part.name());
            if (morphChannel >= 0 && sampler.morphWeightCount(morphChannel) != mesh.morphTargets().size()) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + " morph channel has "
                        + sampler.morphWeightCount(morphChannel) + " weights, expected the mesh's morph target count "
                        + mesh.morphTargets().size());
            }
        }
        Skin skin = mesh.skin();
        int n = mesh.vertexCount();
        if (skin == null) {
            String bone = part.attachBone();
            int[] attach = new int[0];
            if (bone != null) {
                int b = skeleton.indexOf(bone);
                if (b < 0) {
                    throw new ValidationException(where + ": attach bone " + Checks.quote(bone)
                            + " is not in skeleton " + Checks.quote(skeleton.name()));
                }
                attach = new int[] {b};
            }
            float[] ones = new float[n];
            Arrays.fill(ones, 1f);
            return new Bound(part, mesh, attach, null, 1, new int[n], ones, options, morphChannel);
        }
        int[] paletteBones;
        try {
            paletteBones = skin.bind(skeleton);
        } catch (ValidationException e) {
            throw new ValidationException(where + ": palette " + e.getMessage());
        }
        BoneWeights w = normalized.get(skin.weights());
        if (w == null) {
            var result = Weights.normalize(skin.weights(), FOLLOW_ENTRY_0);
            w = result.weights();
            normalized.put(skin.weights(), w);
            for (String warning : result.warnings()) {
                notes.add("part " + Checks.quote(part.name()) + ": " + warning);
            }
            if (result.maxSumErrorBefore() > BoneWeights.SUM_TOLERANCE) {
                notes.add("part " + Checks.quote(part.name()) + ": weights of " + result.rescaledVertices()
                        + " vertices do not sum to 1 (off by up to " + (float) result.maxSumErrorBefore()
                        + "); they were normalized");
            }
        }
        ModelAccess.Bridge raw = ModelAccess.get();
        return new Bound(part, mesh, paletteBones, skin, w.influencesPerVertex(), raw.joints(w), raw.weights(w),
                options, morphChannel);
    }

    /** @return whether a morph target of {@code mesh} has deltas for a stream that is posed */
    private static boolean morphsPosedStream(Mesh mesh, PoserOptions.Streams streams) {
        for (MorphTarget t : mesh.morphTargets()) {
            if (t.hasPositions() || (streams.normals() && t.hasNormals()) || (streams.tangents() && t.hasTangents())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Binds every part of a character to a clip.
     *
     * @param character the character
     * @param clip the clip to play, or {@code null} for the rest pose
     * @param options streams, morph weights, sampling and skinning
     * @return the poser
     * @throws ValidationException when a part lacks a stream the options ask for, or as
     *     {@link #bind(Skeleton, List, AnimationClip, PoserOptions)}
     */
    public static CharacterPoser bind(Character character, @Nullable AnimationClip clip, PoserOptions options) {
        return new CharacterPoser(character.skeleton(), character.parts(), clip, options);
    }

    /**
     * Binds every part of a character to a clip with {@link PoserOptions#DEFAULTS} (positions).
     *
     * @param character the character
     * @param clip the clip, or {@code null} for the rest pose
     * @return the poser
     * @throws ValidationException as {@link #bind(Character, AnimationClip, PoserOptions)}
     */
    public static CharacterPoser bind(Character character, @Nullable AnimationClip clip) {
        return bind(character, clip, PoserOptions.DEFAULTS);
    }

    /**
     * Binds some parts (one, for example) on a skeleton to a clip. The parts need not belong to a
     * {@link Character}; what a character would check is checked here.
     *
     * @param skeleton the skeleton the parts' palettes, attach bones and the clip refer to
     * @param parts the parts, posed in this order
     * @param clip the clip, or {@code null} for the rest pose
     * @param options streams, morph weights, sampling and skinning
     * @return the poser
     * @throws ValidationException when a palette bone or an attach bone is not in the skeleton, a
     *     part lacks a stream the options ask for, the clip's morph channel for a part has another
     *     weight count than the part's morph targets, a vertex has no weight and so cannot be
     *     normalized (never: such vertices follow entry 0), or (with
     *     {@link SampleOptions.MissingBones#REJECT}) a channel names a bone the skeleton lacks
     */
    public static CharacterPoser bind(Skeleton skeleton, List<Part> parts, @Nullable AnimationClip clip,
            PoserOptions options) {
        return new CharacterPoser(skeleton, List.copyOf(parts), clip, options);
    }

    /** @return the skeleton */
    public Skeleton skeleton() {
        return skeleton;
    }

    /** @return the clip, or {@code null} for the rest pose */
    public @Nullable AnimationClip clip() {
        return clip;
    }

    /** @return the options */
    public PoserOptions options() {
        return options;
    }

    /** @return what binding tolerated (ignored channels, vertices without weights), read-only */
    public List<String> warnings() {
        return warnings;
    }

    /** @return the number of posed parts */
    public int partCount() {
        return parts.length;
    }

    /**
     * @param part part index, in the order given to {@code bind}
     * @return that part
     */
    public Part part(int part) {
        return parts[part].part;
    }

    /**
     * @param part part index
     * @return the mesh that is posed: the part's mesh with its transform baked in
     */
    public Mesh posedMesh(int part) {
        return parts[part].mesh;
    }

    /** @return the total number of vertices of the posed parts */
    public long vertexCount() {
        long n = 0;
        for (Bound b : parts) {
            n += b.vertexCount;
        }
        return n;
    }

    /** @return the duration of the clip in seconds, 0 without a clip */
    public float duration() {
        return clip == null ? 0 : clip.duration();
    }

    /**
     * Allocates output buffers for every posed part, with the streams the options ask for.
     *
     * @return new buffers
     */
    public PosedVertices newOutput() {
        int[] counts = new int[parts.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = parts[i].vertexCount;
        }
        return new PosedVertices(counts, options.streams().normals(), options.streams().tangents());
    }

    /**
     * Evaluates the pose at {@code time} without deforming vertices: samples the clip, computes the
     * model matrices, every part's skin matrices and morph weights. {@link #poseInto} calls it;
     * call it alone when only matrices are needed (bone textures, conservative bounds).
     *
     * @param time seconds into the clip, finite (ignored without a clip)
     * @throws ValidationException when a clip is bound and {@code time} is not finite
     */
    public void evaluate(float time) {
        if (sampler != null) {
            if (!Float.isFinite(time)) {
                throw new ValidationException("CharacterPoser: time " + time + ", expected a finite number of seconds");
            }
            sampler.sample(time, pose);
        } else {
            pose.setToRest(skeleton);
        }
        PoseEvaluation.modelMatricesInto(skeleton, pose, model);
        for (Bound b : parts) {
            if (b.skin != null) {
                PoseEvaluation.skinMatricesInto(b.skin, b.paletteBones, model, b.palette);
            } else if (b.paletteBones.length == 1) {
                System.arraycopy(model, 16 * b.paletteBones[0], b.palette, 0, 16);
            } else {
                identity(b.palette);
            }
            morphWeights(b, time);
        }
        evaluated = true;
    }

    private void morphWeights(Bound b, float time) {
        if (b.morphWeights.length == 0) {
            return;
        }
        if (b.morphChannel >= 0) {
            sampler.sampleMorphWeights(b.morphChannel, time, b.morphWeights, 0);
        } else {
            System.arraycopy(b.defaultWeights, 0, b.morphWeights, 0, b.morphWeights.length);
        }
        boolean any = false;
        for (float w : b.morphWeights) {
            any |= w != 0;
        }
        b.morphed = any;
    }

    private static void identity(float[] m) {
        Arrays.fill(m, 0, 16, 0f);
        m[0] = 1;
        m[5] = 1;
        m[10] = 1;
        m[15] = 1;
    }

    /**
     * Poses every part at {@code time} into {@code out}.
     *
     * @param time seconds into the clip, finite (ignored without a clip)
     * @param out buffers from this poser's {@link #newOutput()}
     * @throws ValidationException when a clip is bound and {@code time} is not finite, or
     *     {@code out} was not made by this poser (another part count or size); nothing is written
     *     then
     */
    public void poseInto(float time, PosedVertices out) {
        checkOutput(out);
        evaluate(time);
        boolean n = options.streams().normals();
        boolean t = options.streams().tangents();
        for (int i = 0; i < parts.length; i++) {
            Bound b = parts[i];
            float[] srcPositions = b.positions;
            float[] srcNormals = b.normals;
            float[] srcTangents = b.tangents;
            if (b.morphed) {
                if (b.positionDeltas != null) {
                    Morphing.blendInto(b.positions, 3, b.positionDeltas, b.morphWeights, b.morphedPositions, 0,
                            b.vertexCount, MorphOptions.DEFAULTS);
                    srcPositions = b.morphedPositions;
                }
                if (b.normalDeltas != null) {
                    Morphing.blendInto(b.normals, 3, b.normalDeltas, b.morphWeights, b.morphedNormals, 0,
                            b.vertexCount, MorphOptions.DEFAULTS);
                    srcNormals = b.morphedNormals;
                }
                if (b.tangentDeltas != null) {
                    Morphing.blendInto(b.tangents, 4, b.tangentDeltas, b.morphWeights, b.morphedTangents, 0,
                            b.vertexCount, MorphOptions.DEFAULTS);
                    srcTangents = b.morphedTangents;
                }
            }
            Skinning.skinInto(b.palette, b.influences, b.joints, b.weights, srcPositions, out.positions(i),
                    srcNormals, n ? out.normals(i) : null, srcTangents, t ? out.tangents(i) : null, 0, b.vertexCount,
                    options.skinning());
        }
    }

    private void checkOutput(PosedVertices out) {
        String where = "CharacterPoser.poseInto";
        if (out.partCount() != parts.length || out.hasNormals() != options.streams().normals()
                || out.hasTangents() != options.streams().tangents()) {
            throw new ValidationException(where + ": output holds " + out.partCount() + " parts (normals "
                    + out.hasNormals() + ", tangents " + out.hasTangents() + "), expected " + parts.length
                    + " parts and the streams " + options.streams() + " (use newOutput())");
        }
        for (int i = 0; i < parts.length; i++) {
            if (out.vertexCount(i) != parts[i].vertexCount) {
                throw new ValidationException(where + ": output part " + i + " holds " + out.vertexCount(i)
                        + " vertices, expected " + parts[i].vertexCount + " (use newOutput())");
            }
        }
    }

    /**
     * Copies the model matrices of the last {@link #evaluate}d pose.
     *
     * @param dst destination, at least {@code offset + 16*boneCount} floats
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when nothing was evaluated yet, the offset is negative or
     *     {@code dst} is too short
     */
    public float[] modelMatricesInto(float[] dst, int offset) {
        requireEvaluated("modelMatricesInto");
        checkRange("modelMatricesInto", dst.length, offset, model.length);
        System.arraycopy(model, 0, dst, offset, model.length);
        return dst;
    }

    /**
     * @param part part index
     * @return the number of matrices of that part's palette: its skin's palette size, or 1 for a
     *     rigid part (its attach bone's model matrix, or the identity)
     */
    public int paletteSize(int part) {
        Bound b = parts[part];
        return b.skin != null ? b.skin.paletteSize() : 1;
    }

    /**
     * Copies a part's skin matrices at the last {@link #evaluate}d pose: per palette entry
     * {@code model(bone) * inverseBind}, or for a rigid part the one matrix that places it.
     *
     * @param part part index
     * @param dst destination, at least {@code offset + 16*paletteSize(part)} floats
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when nothing was evaluated yet, the offset is negative or
     *     {@code dst} is too short
     */
    public float[] skinMatricesInto(int part, float[] dst, int offset) {
        requireEvaluated("skinMatricesInto");
        int count = 16 * paletteSize(part);
        checkRange("skinMatricesInto", dst.length, offset, count);
        System.arraycopy(parts[part].palette, 0, dst, offset, count);
        return dst;
    }

    /**
     * Copies a part's morph weights at the last {@link #evaluate}d pose (one per morph target of
     * its mesh; the defaults when the clip does not animate them).
     *
     * @param part part index
     * @param dst destination, at least {@code offset + morphTargetCount} floats
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when nothing was evaluated yet, the offset is negative or
     *     {@code dst} is too short
     */
    public float[] morphWeightsInto(int part, float[] dst, int offset) {
        requireEvaluated("morphWeightsInto");
        float[] w = parts[part].morphWeights;
        checkRange("morphWeightsInto", dst.length, offset, w.length);
        System.arraycopy(w, 0, dst, offset, w.length);
        return dst;
    }

    // package-private views for AnimatedBounds' conservative method (read-only by contract)

    int influences(int part) {
        return parts[part].influences;
    }

    int[] joints(int part) {
        return parts[part].joints;
    }

    float[] weights(int part) {
        return parts[part].weights;
    }

    float[] basePositions(int part) {
        return parts[part].positions;
    }

    float @Nullable [] @Nullable [] positionDeltas(int part) {
        return parts[part].positionDeltas;
    }

    int morphTargetCount(int part) {
        return parts[part].morphWeights.length;
    }

    private void requireEvaluated(String method) {
        if (!evaluated) {
            throw new ValidationException("CharacterPoser." + method + ": no pose evaluated yet, call evaluate or"
                    + " poseInto first");
        }
    }

    private static void checkRange(String method, int length, int offset, int count) {
        String where = "CharacterPoser." + method;
        if (offset < 0) {
            throw new ValidationException(where + ": offset " + offset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", length, (long) offset + count, "offset + " + count);
    }

    @Override
    public String toString() {
        return "CharacterPoser[" + parts.length + " parts on " + skeleton + ", "
                + (clip == null ? "rest pose" : "clip " + Checks.quote(clip.name())) + ", " + options.streams() + "]";
    }
}
