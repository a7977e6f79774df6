package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.internal.SkinningAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.BoundSkin;
import io.github.skinmesh.core.skinning.MorphOptions;
import io.github.skinmesh.core.skinning.Morphing;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningMethod;
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
 * <p><b>Results are finite or an error.</b> Every input of the model is finite, but finite
 * values can still overflow: a scale of 3e38, keys of 1e38 on nested bones, a bone far from its
 * bind pose. {@link #evaluate} checks every model matrix, skin matrix and morph weight, and
 * {@link #poseInto} every posed value, and throws a {@link ValidationException} naming the bone
 * (its local transform and its parent's magnitude) or the part and vertex, never writing NaN or
 * infinity as a result. The positions check costs nothing per vertex in the common case: with
 * linear blend skinning a bound on the output computed from the largest palette element and the
 * largest vertex coordinate proves them finite; only when it does not (huge values, dual
 * quaternions) are they checked. Normals and tangents are checked by one sum over them (about 4%
 * of a pose with normals). A scale of zero is not an error: the vertices it reaches collapse to a
 * point, as glTF viewers show them.
 *
 * <p>Allocation: {@link #bind} allocates the normalized weights (one copy per distinct
 * {@link BoneWeights}, which skinning then binds without another copy), one palette per distinct {@link Skin} (parts sharing a mesh share it and
 * it is evaluated once per pose), one set of morph scratch arrays sized for the largest morphed
 * part, and for a part with a transform its transformed mesh; {@link #newOutput()} the output
 * buffers, {@code 12} bytes per vertex of every part for positions (normals {@code 12},
 * tangents {@code 16} more); {@link #poseInto} and {@link #evaluate} allocate nothing (unless the
 * skinning options ask for several threads, or a message is built). Not thread-safe: give each
 * thread its own poser (binding is cheap next to posing a whole clip).
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
    /**
     * Largest bound on a posed coordinate accepted without checking the output: a quarter of the
     * float maximum, so that the rounding of a few dozen operations cannot reach it.
     */
    private static final double SAFE_MAGNITUDE = 0x1p126;
    private static final NormalizeOptions FOLLOW_ENTRY_0 =
            NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(0);

    private final Skeleton skeleton;
    private final @Nullable AnimationClip clip;
    private final @Nullable ClipSampler sampler;
    private final PoserOptions options;
    private final List<String> warnings;
    private final Bound[] parts;
    /** The distinct palettes of the parts, each evaluated once per pose. */
    private final Palette[] palettes;
    /** Morph scratch shared by all parts, sized for the largest morphed one. */
    private final float[] morphedPositions;
    private final float[] morphedNormals;
    private final float[] morphedTangents;
    private final Pose pose;
    private final float[] model;
    private boolean evaluated;

    /**
     * The skin matrices of one palette, evaluated once per pose and shared by every part bound to
     * the same {@link Skin} (a mesh used by many parts, as glTF nodes instancing one mesh are).
     */
    private static final class Palette {
        /** Skeleton bone per palette entry; for a rigid part its attach bone, or none. */
        final int[] bones;
        final @Nullable Skin skin;
        final float[] matrices;
        /** The first part using it, named by messages. */
        final Part firstPart;
        /** Largest magnitude among the affine (3x4) elements of the matrices at the last pose. */
        float maxAbs;

        Palette(int[] bones, @Nullable Skin skin, Part firstPart) {
            this.bones = bones;
            this.skin = skin;
            this.matrices = new float[16 * Math.max(1, bones.length)];
            this.firstPart = firstPart;
        }

        int size() {
            return skin != null ? skin.paletteSize() : 1;
        }
    }

    /** One part bound to the skeleton; its palette and morph scratch arrays may be shared with other parts. */
    private static final class Bound {
        final Part part;
        final Mesh mesh;
        final int vertexCount;
        final Palette palette;
        final int influences;
        final int[] joints;
        final float[] weights;
        /** The joints and weights bound once: skinning does not scan the joints on every pose. */
        final BoundSkin bound;
        final float[] positions;
        final float @Nullable [] normals;
        final float @Nullable [] tangents;
        /** Position, normal and tangent deltas per morph target; null when the stream is not morphed. */
        final float @Nullable [] @Nullable [] positionDeltas;
        final float @Nullable [] @Nullable [] normalDeltas;
        final float @Nullable [] @Nullable [] tangentDeltas;
        /** Largest magnitude of a bind-pose position coordinate, and of each target's position deltas. */
        final float positionMax;
        final float @Nullable [] positionDeltaMax;
        final int morphChannel;
        final float[] defaultWeights;
        final float[] morphWeights;
        boolean morphed;

        Bound(Part part, Mesh mesh, Palette palette, int influences, int[] joints, float[] weights, BoundSkin bound,
                PoserOptions options, int morphChannel, Map<float[], Float> maxima) {
            ModelAccess.Bridge raw = ModelAccess.get();
            this.part = part;
            this.mesh = mesh;
            this.vertexCount = mesh.vertexCount();
            this.palette = palette;
            this.influences = influences;
            this.joints = joints;
            this.weights = weights;
            this.bound = bound;
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
            this.positionMax = maxAbs(positions, maxima);
            if (positionDeltas == null) {
                this.positionDeltaMax = null;
            } else {
                this.positionDeltaMax = new float[positionDeltas.length];
                for (int i = 0; i < positionDeltas.length; i++) {
                    float[] d = positionDeltas[i];
                    positionDeltaMax[i] = d == null ? 0 : maxAbs(d, maxima);
                }
            }
            this.morphChannel = morphChannel;
            // under NONE no weight is applied: the pose reports (and morphs by) zeros
            this.defaultWeights = options.morphWeights() == PoserOptions.MorphWeights.NONE
                    ? new float[mesh.morphTargets().size()] : mesh.morphWeights();
            this.morphWeights = new float[mesh.morphTargets().size()];
        }

        /** The largest magnitude in a (finite, model-owned) array, computed once per array. */
        private static float maxAbs(float[] a, Map<float[], Float> maxima) {
            Float known = maxima.get(a);
            if (known != null) {
                return known;
            }
            float max = 0;
            for (float v : a) {
                max = Math.max(max, Math.abs(v));
            }
            maxima.put(a, max);
            return max;
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
        Shared shared = new Shared(parts);
        this.parts = new Bound[parts.size()];
        for (int i = 0; i < this.parts.length; i++) {
            this.parts[i] = bindPart(Objects.requireNonNull(parts.get(i), "part"), shared, notes);
        }
        this.palettes = shared.palettes.toArray(new Palette[0]);
        this.warnings = List.copyOf(notes);
        this.pose = Pose.rest(skeleton);
        this.model = new float[16 * skeleton.boneCount()];
        // one set of morph scratch arrays serves every part: parts are morphed and skinned one after the other
        int morphP = 0;
        int morphN = 0;
        int morphT = 0;
        for (Bound b : this.parts) {
            morphP = Math.max(morphP, b.positionDeltas == null ? 0 : b.vertexCount);
            morphN = Math.max(morphN, b.normalDeltas == null ? 0 : b.vertexCount);
            morphT = Math.max(morphT, b.tangentDeltas == null ? 0 : b.vertexCount);
        }
        this.morphedPositions = new float[3 * morphP];
        this.morphedNormals = new float[3 * morphN];
        this.morphedTangents = new float[4 * morphT];
    }

    /**
     * What parts bound by one poser share: normalized weights per {@link BoneWeights}, a palette per
     * {@link Skin}, the magnitude bound of each model array, and the joints and weights of rigid
     * parts (one joint, weight 1), sized for the largest.
     */
    private static final class Shared {
        final Map<BoneWeights, BoneWeights> normalized = new IdentityHashMap<>();
        final Map<Skin, Palette> paletteOfSkin = new IdentityHashMap<>();
        final List<Palette> palettes = new ArrayList<>();
        final Map<float[], Float> maxima = new IdentityHashMap<>();
        /** Bound influences per joints array (normalized weights or the rigid arrays), with their palette size. */
        final Map<int[], BoundSkin> bound = new IdentityHashMap<>();
        final int[] rigidJoints;
        final float[] rigidWeights;

        Shared(List<Part> parts) {
            int rigid = 0;
            for (Part p : parts) {
                if (!p.isSkinned()) {
                    rigid = Math.max(rigid, p.mesh().vertexCount());
                }
            }
            rigidJoints = new int[rigid];
            rigidWeights = new float[rigid];
            Arrays.fill(rigidWeights, 1f);
        }

        /**
         * The influences bound once, shared by the parts that share the arrays and the palette size.
         * The arrays are the poser's own and never change: the normalized weights' (whose joints the
         * owning {@link Skin} checked against its palette; normalizing gives only joint 0 to slots
         * it empties or binds) or the rigid ones (joint 0, palette size 1). So they are adopted
         * without a copy and without scanning the joints again.
         */
        BoundSkin bound(int paletteSize, int influences, int[] joints, float[] weights) {
            BoundSkin b = bound.get(joints);
            if (b == null || b.paletteSize() != paletteSize) {
                b = SkinningAccess.get().trustedBound(paletteSize, influences, joints, weights);
                bound.put(joints, b);
            }
            return b;
        }

        Palette palette(int[] bones, @Nullable Skin skin, Part part) {
            Palette p = skin == null ? null : paletteOfSkin.get(skin);
            if (p == null) {
                p = new Palette(bones, skin, part);
                palettes.add(p);
                if (skin != null) {
                    paletteOfSkin.put(skin, p);
                }
            }
            return p;
        }
    }

    private Bound bindPart(Part part, Shared shared, List<String> notes) {
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
        if (sampler != null && options.morphWeights() == PoserOptions.MorphWeights.CLIP) {
            morphChannel = sampler.morphChannelIndex(part.name());
            if (morphChannel >= 0 && sampler.morphWeightCount(morphChannel) != mesh.morphTargets().size()) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + " morph channel has "
                        + sampler.morphWeightCount(morphChannel) + " weights, expected the mesh's morph target count "
                        + mesh.morphTargets().size());
            }
        }
        Skin skin = mesh.skin();
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
            Palette rigid = shared.palette(attach, null, part);
            return new Bound(part, mesh, rigid, 1, shared.rigidJoints, shared.rigidWeights,
                    shared.bound(rigid.size(), 1, shared.rigidJoints, shared.rigidWeights), options, morphChannel,
                    shared.maxima);
        }
        Palette palette = shared.paletteOfSkin.get(skin);
        if (palette == null) {
            int[] paletteBones;
            try {
                paletteBones = skin.bind(skeleton);
            } catch (ValidationException e) {
                throw new ValidationException(where + ": palette " + e.getMessage());
            }
            palette = shared.palette(paletteBones, skin, part);
        }
        BoneWeights w = shared.normalized.get(skin.weights());
        if (w == null) {
            var result = Weights.normalize(skin.weights(), FOLLOW_ENTRY_0);
            w = result.weights();
            shared.normalized.put(skin.weights(), w);
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
        int[] joints = raw.joints(w);
        float[] weights = raw.weights(w);
        return new Bound(part, mesh, palette, w.influencesPerVertex(), joints, weights,
                shared.bound(palette.size(), w.influencesPerVertex(), joints, weights), options, morphChannel,
                shared.maxima);
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
     * @throws ValidationException when a clip is bound and {@code time} is not finite; when a
     *     bone's model matrix, a skin matrix or a morph weight overflows the float range at this
     *     pose (naming the bone with its local transform, or the part and palette entry); the
     *     matrix queries then fail until a pose is evaluated
     */
    public void evaluate(float time) {
        if (sampler != null && !Float.isFinite(time)) {
            throw new ValidationException("CharacterPoser: time " + time + ", expected a finite number of seconds");
        }
        evaluated = false;
        if (sampler != null) {
            sampler.sample(time, pose);
        } else {
            pose.setToRest(skeleton);
        }
        PoseEvaluation.modelMatricesInto(skeleton, pose, model);
        int bones = skeleton.boneCount();
        for (int bone = 0; bone < bones; bone++) {
            if (!Float.isFinite(maxAbs(model, 16 * bone, 16))) {
                throw new ValidationException(boneOutOfRange(bone, time));
            }
        }
        for (Palette p : palettes) {
            if (p.skin != null) {
                PoseEvaluation.skinMatricesInto(p.skin, p.bones, model, p.matrices);
            } else if (p.bones.length == 1) {
                System.arraycopy(model, 16 * p.bones[0], p.matrices, 0, 16);
            } else {
                identity(p.matrices);
            }
            float max = 0;
            for (int e = 0; e < p.size(); e++) {
                float m = maxAbs(p.matrices, 16 * e, 12); // the affine 3x4 part; row 3 is (0, 0, 0, 1)
                if (!Float.isFinite(m)) {
                    throw new ValidationException(entryOutOfRange(p, e, time));
                }
                max = Math.max(max, m);
            }
            p.maxAbs = max;
        }
        for (Bound b : parts) {
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
        for (int i = 0; i < b.morphWeights.length; i++) {
            float w = b.morphWeights[i];
            if (!Float.isFinite(w)) { // finite keys can still overflow when interpolated
                throw new ValidationException("CharacterPoser: " + at(time) + ": part " + Checks.quote(b.part.name())
                        + ": morph weight " + i + " is " + w + ", outside the float range");
            }
            any |= w != 0;
        }
        b.morphed = any;
    }

    /**
     * The largest magnitude among {@code count} floats of {@code m} from {@code from} (for a matrix
     * of 16 floats, every element; of 12, the affine 3x4 part); NaN or infinite when one of them is.
     */
    private static float maxAbs(float[] m, int from, int count) {
        float max = 0;
        for (int i = from; i < from + count; i++) {
            float a = Math.abs(m[i]);
            if (!(a <= max)) { // larger, or NaN
                if (!Float.isFinite(a)) {
                    return a;
                }
                max = a;
            }
        }
        return max;
    }

    /** @return the pose a message is about: the rest pose, or the clip and time */
    private String at(float time) {
        return clip == null ? "rest pose" : "clip " + Checks.quote(clip.name()) + " at " + time + " s";
    }

    /** Message for a bone whose model matrix is not finite: its local transform and its parent's magnitude. */
    private String boneOutOfRange(int bone, float time) {
        int parent = skeleton.parent(bone);
        return "CharacterPoser: " + at(time) + ": bone " + Checks.quote(skeleton.boneName(bone))
                + " has a model matrix outside the float range (" + firstNonFinite(model, 16 * bone, 16)
                + "): its local translation " + vector(pose.translations, 3 * bone, 3) + ", rotation "
                + vector(pose.rotations, 4 * bone, 4) + ", scale " + vector(pose.scales, 3 * bone, 3)
                + (parent == Skeleton.NO_PARENT ? "" : ", under bone " + Checks.quote(skeleton.boneName(parent))
                        + " whose model matrix reaches " + maxAbs(model, 16 * parent, 16));
    }

    /** Message for a skin matrix that is not finite although its bone's model matrix is. */
    private String entryOutOfRange(Palette p, int entry, float time) {
        assert p.skin != null : "rigid palettes copy finite model matrices";
        int bone = p.bones[entry];
        float[] ibm = new float[16];
        p.skin.inverseBindMatrix(entry, new Matrix4f()).get(ibm);
        return "CharacterPoser: " + at(time) + ": part " + Checks.quote(p.firstPart.name()) + ": the skin matrix of "
                + "palette entry " + entry + " (bone " + Checks.quote(skeleton.boneName(bone)) + ") is outside the "
                + "float range (" + firstNonFinite(p.matrices, 16 * entry, 16) + "): its model matrix reaches "
                + maxAbs(model, 16 * bone, 16) + ", its inverse bind matrix " + maxAbs(ibm, 0, 16);
    }

    private static String firstNonFinite(float[] m, int from, int count) {
        for (int i = from; i < from + count; i++) {
            if (!Float.isFinite(m[i])) {
                return "a value of " + m[i];
            }
        }
        return "no value";
    }

    private static String vector(float[] a, int from, int count) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < count; i++) {
            sb.append(i == 0 ? "" : ", ").append(a[from + i]);
        }
        return sb.append(')').toString();
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
     *     {@code out} was not made by this poser (another part count or size), or a matrix or
     *     morph weight overflows as {@link #evaluate} says: nothing is written then; when a posed
     *     value is not finite (naming the part, the vertex, the largest palette element and the
     *     largest local translation or scale above it): {@code out} then holds the parts before
     *     it and that part's unchecked values, which must not be used
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
                    Morphing.blendInto(b.positions, 3, b.positionDeltas, b.morphWeights, morphedPositions, 0,
                            b.vertexCount, MorphOptions.DEFAULTS);
                    srcPositions = morphedPositions;
                }
                if (b.normalDeltas != null) {
                    Morphing.blendInto(b.normals, 3, b.normalDeltas, b.morphWeights, morphedNormals, 0,
                            b.vertexCount, MorphOptions.DEFAULTS);
                    srcNormals = morphedNormals;
                }
                if (b.tangentDeltas != null) {
                    Morphing.blendInto(b.tangents, 4, b.tangentDeltas, b.morphWeights, morphedTangents, 0,
                            b.vertexCount, MorphOptions.DEFAULTS);
                    srcTangents = morphedTangents;
                }
            }
            Skinning.skinInto(b.bound, b.palette.matrices, srcPositions, out.positions(i), srcNormals,
                    n ? out.normals(i) : null, srcTangents, t ? out.tangents(i) : null, 0, b.vertexCount,
                    options.skinning());
            if (!positionsProvablyFinite(b)) {
                requireFinite(b, "position", out.positions(i), 3, time);
            }
            if (n) {
                requireFinite(b, "normal", out.normals(i), 3, time);
            }
            if (t) {
                requireFinite(b, "tangent", out.tangents(i), 4, time);
            }
        }
    }

    /**
     * Whether a part's posed positions are finite without looking at them: with linear blend
     * skinning {@code |p'| <= (3 P + 1) M} per coordinate (weights non-negative, summing to 1) for
     * {@code P} the largest source coordinate (bind pose plus the morph deltas at their weights)
     * and {@code M} the largest affine palette element; when that is far enough below the float
     * maximum that rounding cannot reach it, they are. Otherwise (huge values, dual quaternions)
     * they are checked. Normals and tangents are always checked: the cofactor transform squares the
     * palette's magnitude, and renormalizing a vector shorter than the smallest normal float
     * overflows, so no bound from the largest values settles them.
     */
    private boolean positionsProvablyFinite(Bound b) {
        if (options.skinning().method() != SkinningMethod.LINEAR_BLEND) {
            return false;
        }
        double p = b.positionMax;
        if (b.morphed && b.positionDeltaMax != null) {
            for (int i = 0; i < b.positionDeltaMax.length; i++) {
                p += Math.abs((double) b.morphWeights[i]) * b.positionDeltaMax[i];
            }
        }
        return (3 * p + 1) * b.palette.maxAbs <= SAFE_MAGNITUDE;
    }

    /**
     * Checks one posed stream of a part; throws naming the part, the first vertex out of range and
     * the magnitudes. The first pass only sums {@code 0 * x}, which is 0 for every finite
     * {@code x} and NaN for an infinity or NaN, in four independent sums that the processor
     * overlaps; only a stream that fails is scanned again to find the vertex. Measured on the
     * procedural humanoid (9,555 vertices, walk clip, positions and normals, JDK 17, best of ten
     * runs of 2,000 poses): 125 us a pose without any check, 142 us testing every position and
     * normal with {@code Float.isFinite}, 130 us with the positions proved and this sum over the
     * normals. Positions alone: 114 us without and with the checks.
     */
    private void requireFinite(Bound b, String stream, float[] a, int stride, float time) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int i = 0;
        for (int end = a.length - 3; i < end; i += 4) {
            s0 += 0f * a[i];
            s1 += 0f * a[i + 1];
            s2 += 0f * a[i + 2];
            s3 += 0f * a[i + 3];
        }
        for (; i < a.length; i++) {
            s0 += 0f * a[i];
        }
        if (s0 + s1 + s2 + s3 == 0) {
            return;
        }
        for (int k = 0; k < a.length; k++) {
            if (!Float.isFinite(a[k])) {
                int v = k / stride;
                throw new ValidationException(vertexOutOfRange(b, stream, v, vector(a, stride * v, stride), time));
            }
        }
        throw new AssertionError("a sum of zeros and NaN was neither"); // unreachable: the sum was NaN
    }

    private String vertexOutOfRange(Bound b, String stream, int vertex, String value, float time) {
        Palette p = b.palette;
        int entry = 0;
        float max = -1;
        for (int e = 0; e < p.size(); e++) {
            float m = maxAbs(p.matrices, 16 * e, 12);
            if (m > max) {
                max = m;
                entry = e;
            }
        }
        StringBuilder sb = new StringBuilder("CharacterPoser: ").append(at(time)).append(": part ")
                .append(Checks.quote(b.part.name())).append(": vertex ").append(vertex).append(' ').append(stream)
                .append(" is ").append(value).append(", outside the float range: its ")
                .append(p.skin != null ? "skin matrices reach " : "placement matrix reaches ").append(max);
        if (p.bones.length > 0) {
            int bone = p.bones[entry];
            sb.append(" (").append(p.skin != null ? "palette entry " + entry + ", " : "").append("bone ")
                    .append(Checks.quote(skeleton.boneName(bone))).append(')');
            int largest = bone;
            float largestValue = 0;
            for (int x = bone; x != Skeleton.NO_PARENT; x = skeleton.parent(x)) {
                float m = Math.max(maxAbs(pose.translations, 3 * x, 3), maxAbs(pose.scales, 3 * x, 3));
                if (m >= largestValue) {
                    largestValue = m;
                    largest = x;
                }
            }
            sb.append("; largest local translation or scale from that bone up: bone ")
                    .append(Checks.quote(skeleton.boneName(largest))).append(", translation ")
                    .append(vector(pose.translations, 3 * largest, 3)).append(", scale ")
                    .append(vector(pose.scales, 3 * largest, 3));
        }
        sb.append("; bind-pose coordinates reach ").append(b.positionMax)
                .append(b.morphed && b.positionDeltas != null ? " before morphing" : "");
        return sb.toString();
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
        return parts[part].palette.size();
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
        System.arraycopy(parts[part].palette.matrices, 0, dst, offset, count);
        return dst;
    }

    /**
     * Copies the morph weights a part takes at the last {@link #evaluate}d pose, one per morph
     * target of its mesh, as {@link PoserOptions#morphWeights()} chooses them: the clip's where it
     * animates the part (whichever streams are posed), else the mesh's defaults; all 0 under
     * {@link PoserOptions.MorphWeights#NONE}.
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
