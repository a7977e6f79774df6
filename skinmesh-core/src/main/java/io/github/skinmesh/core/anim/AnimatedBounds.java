package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.MorphOptions;
import io.github.skinmesh.core.skinning.Morphing;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The axis-aligned box that a skinned mesh occupies while a clip plays: what a renderer needs
 * for culling an animated character without skinning it on the CPU.
 *
 * <p>The clip is sampled (clamped, see {@link SampleOptions.TimeMode#CLAMP}) at
 * {@code sampleCount = ceil((end - start) * samplesPerSecond) + 1} evenly spaced times
 * {@code t_i = start + (end - start) * i / (sampleCount - 1)}, where {@code start} is the clip's
 * {@linkplain AnimationClip#startTime() first key time} and {@code end} its
 * {@linkplain AnimationClip#duration() duration}; both ends are always included and a clip of
 * duration 0 is sampled once. (Before its first key time a clamped clip holds the pose at that
 * time, so sampling from there loses nothing.) At each sample the pose is evaluated with the
 * identity root, so the box is in the skeleton's model space: the space its root bones' parent
 * transforms map to. Poses between samples are not considered; raise the rate for fast motion.
 *
 * <p>Skinning is linear blend skinning with each vertex's weights normalized to sum 1 (so a mesh
 * whose weights do not quite sum to 1 still gets a box around its intended shape); a vertex whose
 * weights are all 0 keeps its bind-space position. Weights that keep a file's slots as stored
 * ({@link BoneWeights#ofSlots}) are put in {@linkplain BoneWeights#canonical() canonical form}
 * first, so both forms give the same box bit for bit. Every vertex counts, whether or not a
 * triangle uses it. Morph targets: with {@link AnimatedBoundsOptions.MorphWeights#CLIP} (the default) the
 * positions are first deformed by the clip's morph-weight channel for the mesh, sampled at the
 * same times ({@link AnimatedBoundsOptions.Method#EXACT}) or bounded over the range of weights
 * those samples take ({@link AnimatedBoundsOptions.Method#CONSERVATIVE}); without such a channel
 * the mesh's default weights apply. Normal and tangent deltas play no part.
 *
 * <p>Allocates working arrays proportional to the mesh (positions when morphing, normalized
 * weights) and the skeleton once per call; nothing per sample. Thread-safe: it only reads its
 * arguments, which are immutable.
 *
 * <pre>{@code
 * AnimatedBoundsResult r = AnimatedBounds.compute(mesh, skeleton, walk,
 *         AnimatedBoundsOptions.DEFAULTS.withMethod(AnimatedBoundsOptions.Method.CONSERVATIVE));
 * Bounds cullBox = r.bounds();
 * }</pre>
 */
public final class AnimatedBounds {
    /** Largest number of samples one call takes. */
    public static final int MAX_SAMPLE_COUNT = 1 << 20;

    private AnimatedBounds() {
    }

    /**
     * Computes the animated bounds with {@link AnimatedBoundsOptions#DEFAULTS} (30 samples per
     * second, exact method, the clip's morph weights).
     *
     * @param mesh a skinned mesh whose palette bones are all in {@code skeleton}
     * @param skeleton the skeleton the clip animates
     * @param clip the clip
     * @return the box, the number of samples and the method
     * @throws ValidationException as {@link #compute(Mesh, Skeleton, AnimationClip, AnimatedBoundsOptions)}
     */
    public static AnimatedBoundsResult compute(Mesh mesh, Skeleton skeleton, AnimationClip clip) {
        return compute(mesh, skeleton, clip, AnimatedBoundsOptions.DEFAULTS);
    }

    /**
     * Computes the box of the skinned positions of {@code mesh} over {@code clip}.
     *
     * @param mesh a skinned mesh whose palette bones are all in {@code skeleton}
     * @param skeleton the skeleton the clip animates
     * @param clip the clip
     * @param options sampling rate, method, morph weights and sampling options
     * @return the box, the number of samples, the method and warnings
     * @throws ValidationException when the mesh has no skin, a palette bone is not in the
     *     skeleton, the sampling rate asks for more than {@value #MAX_SAMPLE_COUNT} samples, the
     *     clip's morph channel for the mesh has another weight count than the mesh has morph
     *     targets (with {@link AnimatedBoundsOptions.MorphWeights#CLIP}, when a morph target has
     *     position deltas: otherwise the weights play no part and are not read), or (with
     *     {@link SampleOptions.MissingBones#REJECT}) a channel's bone is not in the skeleton
     */
    public static AnimatedBoundsResult compute(Mesh mesh, Skeleton skeleton, AnimationClip clip,
            AnimatedBoundsOptions options) {
        Objects.requireNonNull(options, "options");
        String where = "animatedBounds: mesh " + Checks.quote(mesh.name());
        Skin skin = mesh.skin();
        if (skin == null) {
            throw new ValidationException(where + " has no skin, expected a skinned mesh");
        }
        int[] paletteBones;
        try {
            paletteBones = skin.bind(skeleton);
        } catch (ValidationException e) {
            throw new ValidationException(where + ": palette " + e.getMessage());
        }
        float start = clip.startTime();
        float end = clip.duration();
        double intervals = end > start ? Math.ceil((end - (double) start) * options.samplesPerSecond()) : 0;
        if (intervals + 1 > MAX_SAMPLE_COUNT) {
            throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + " of " + (end - start)
                    + " s at " + options.samplesPerSecond() + " samples/s needs " + (long) (intervals + 1)
                    + " samples, expected at most " + MAX_SAMPLE_COUNT);
        }
        int sampleCount = (int) intervals + 1;
        ClipSampler sampler = ClipSampler.bind(clip, skeleton, SampleOptions.DEFAULTS
                .withRotationBlend(options.rotationBlend()).withMissingBones(options.missingBones()));
        List<String> warnings = new ArrayList<>();
        SampleReport report = sampler.report();
        if (report.ignoredChannelCount() > 0) {
            warnings.add("clip " + Checks.quote(clip.name()) + ": " + report.ignoredChannelCount()
                    + " channels of bones not in skeleton " + Checks.quote(skeleton.name()) + " were ignored: "
                    + report.missingBones());
        }
        float[] times = new float[sampleCount];
        for (int i = 0; i < sampleCount; i++) {
            times[i] = i == sampleCount - 1 ? end : (float) (start + (end - (double) start) * i / (sampleCount - 1));
        }

        ModelAccess.Bridge raw = ModelAccess.get();
        int vertexCount = mesh.vertexCount();
        float[] positions = raw.positions(mesh);
        float @Nullable [] @Nullable [] deltas = positionDeltas(mesh);
        float @Nullable [][] morphWeights = deltas == null ? null
                : morphWeights(mesh, clip, sampler, options, times, deltas.length, where, warnings);
        if (morphWeights != null && morphWeights.length == 1) {
            // the same weights at every sample: morph once, then skin the morphed positions
            float[] morphedOnce = new float[positions.length];
            Morphing.blendInto(positions, 3, deltas, morphWeights[0], morphedOnce, 0, vertexCount,
                    MorphOptions.DEFAULTS);
            positions = morphedOnce;
            morphWeights = null;
        }

        BoneWeights bw = skin.weights().canonical(); // slots as stored give the same box, bit for bit
        int influences = bw.influencesPerVertex();
        int[] joints = raw.joints(bw);
        float[] weights = new float[vertexCount * influences];
        float[] rigid = new float[vertexCount];
        normalize(raw.weights(bw), influences, vertexCount, weights, rigid, warnings);

        int paletteSize = skin.paletteSize();
        Pose pose = new Pose(skeleton.boneCount());
        float[] model = new float[16 * skeleton.boneCount()];
        float[] palette = new float[16 * paletteSize];
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        boolean exact = options.method() == AnimatedBoundsOptions.Method.EXACT;
        float[] morphed = exact && morphWeights != null ? new float[positions.length] : null;
        float[] entryBoxes = null;
        if (!exact) {
            float[] lo = positions;
            float[] hi = positions;
            if (morphWeights != null) {
                lo = new float[positions.length];
                hi = new float[positions.length];
                float[] minWeights = new float[deltas.length];
                float[] maxWeights = new float[deltas.length];
                columnRanges(morphWeights, minWeights, maxWeights);
                MorphedPositions.boxesInto(positions, deltas, minWeights, maxWeights, lo, hi);
            }
            entryBoxes = new float[6 * paletteSize];
            ConservativeBounds.bindBoxes(lo, hi, vertexCount, influences, joints, weights, rigid, entryBoxes, box);
        }
        for (int i = 0; i < sampleCount; i++) {
            sampler.sample(times[i], pose);
            PoseEvaluation.modelMatricesInto(skeleton, pose, model);
            PoseEvaluation.skinMatricesInto(skin, paletteBones, model, palette);
            if (exact) {
                float[] p = positions;
                if (morphed != null) {
                    Morphing.blendInto(positions, 3, deltas, morphWeights[i], morphed, 0, vertexCount,
                            MorphOptions.DEFAULTS);
                    p = morphed;
                }
                ExactBounds.accumulate(p, vertexCount, influences, joints, weights, rigid, palette, box);
            } else {
                ConservativeBounds.accumulate(entryBoxes, paletteSize, palette, box);
            }
        }
        Bounds bounds = vertexCount == 0 ? Bounds.EMPTY : new Bounds(box[0], box[1], box[2], box[3], box[4], box[5]);
        return new AnimatedBoundsResult(bounds, sampleCount, options.method(), warnings);
    }

    /** @return position deltas per morph target (null entries for targets without), or null when none has any */
    private static float @Nullable [] @Nullable [] positionDeltas(Mesh mesh) {
        List<MorphTarget> targets = mesh.morphTargets();
        float[] @Nullable [] deltas = new float[targets.size()][];
        boolean any = false;
        for (int t = 0; t < deltas.length; t++) {
            if (targets.get(t).hasPositions()) {
                deltas[t] = ModelAccess.get().positions(targets.get(t));
                any = true;
            }
        }
        return any ? deltas : null;
    }

    /**
     * @return the morph weights ({@code targetCount} floats per row): one row per sample from the
     *     clip's channel, a single row when the mesh's default weights apply at every sample, or
     *     null when the options say not to morph
     */
    private static float @Nullable [][] morphWeights(Mesh mesh, AnimationClip clip,
            ClipSampler sampler, AnimatedBoundsOptions options, float[] times, int targetCount, String where,
            List<String> warnings) {
        if (options.morphWeights() == AnimatedBoundsOptions.MorphWeights.NONE) {
            return null;
        }
        int channel = -1;
        if (options.morphWeights() == AnimatedBoundsOptions.MorphWeights.CLIP) {
            String target = options.morphChannel().isEmpty() ? mesh.name() : options.morphChannel();
            channel = sampler.morphChannelIndex(target);
            if (channel < 0) {
                warnings.add("clip " + Checks.quote(clip.name()) + " has no morph weight channel for target "
                        + Checks.quote(target) + "; the mesh's default morph weights were used");
            } else if (sampler.morphWeightCount(channel) != targetCount) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + " morph channel "
                        + Checks.quote(target) + " has " + sampler.morphWeightCount(channel)
                        + " weights, expected the mesh's morph target count " + targetCount);
            }
        }
        if (channel < 0) {
            return new float[][] {mesh.morphWeights()};
        }
        float[][] result = new float[times.length][targetCount];
        for (int i = 0; i < times.length; i++) {
            sampler.sampleMorphWeights(channel, times[i], result[i], 0);
        }
        return result;
    }

    /** Per column {@code j}, the smallest and largest {@code rows[i][j]} into {@code min[j]}, {@code max[j]}. */
    private static void columnRanges(float[][] rows, float[] min, float[] max) {
        java.util.Arrays.fill(min, Float.POSITIVE_INFINITY);
        java.util.Arrays.fill(max, Float.NEGATIVE_INFINITY);
        for (float[] row : rows) {
            for (int j = 0; j < min.length; j++) {
                min[j] = Math.min(min[j], row[j]);
                max[j] = Math.max(max[j], row[j]);
            }
        }
    }

    /** Normalizes each vertex's weights to sum 1; vertices summing to 0 get {@code rigid = 1}. */
    private static void normalize(float[] src, int influences, int vertexCount, float[] dst, float[] rigid,
            List<String> warnings) {
        int rigidCount = 0;
        int offCount = 0;
        for (int v = 0; v < vertexCount; v++) {
            int base = v * influences;
            float sum = 0;
            for (int k = 0; k < influences; k++) {
                sum += src[base + k];
            }
            if (sum == 0) {
                rigid[v] = 1;
                rigidCount++;
                continue;
            }
            if (!(Math.abs(sum - 1) <= BoneWeights.SUM_TOLERANCE)) {
                offCount++;
            }
            float inv = 1 / sum;
            for (int k = 0; k < influences; k++) {
                dst[base + k] = src[base + k] * inv;
            }
        }
        if (rigidCount > 0) {
            warnings.add(rigidCount + " vertices have no bone influence (all weights 0) and were kept at their"
                    + " bind-space position");
        }
        if (offCount > 0) {
            warnings.add(offCount + " vertices have weights that do not sum to 1 within " + BoneWeights.SUM_TOLERANCE
                    + "; they were normalized");
        }
    }
}
