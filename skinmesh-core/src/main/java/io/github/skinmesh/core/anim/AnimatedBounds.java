package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The axis-aligned box that a character (or some of its parts) occupies while a clip plays: what
 * a renderer needs for culling an animated character without posing it on the CPU.
 *
 * <p>The clip is sampled at {@code sampleCount = ceil((end - start) * samplesPerSecond) + 1}
 * evenly spaced times {@code t_i = start + (end - start) * i / (sampleCount - 1)}, where
 * {@code start} is the clip's {@linkplain AnimationClip#startTime() first key time} and
 * {@code end} its {@linkplain AnimationClip#lastKeyTime() last key time}; both ends are always
 * included and a clip whose keys are all at one time is sampled once. (Before its first key time
 * a clamped clip holds the pose at that time, and after its last, to a longer declared duration,
 * the pose at that one, so sampling the keys' span loses nothing.) Poses between samples are not
 * considered; raise the rate for fast motion.
 *
 * <p>Each sample is posed by {@link CharacterPoser}, the one posing path, so the box is in the
 * character's model space and follows the poser's rules: morph targets at the clip's weights for
 * each part (or the defaults, see {@link AnimatedBoundsOptions#morphWeights()}), the part's
 * transform, linear blend skinning with weights normalized to sum 1 (a vertex without weight
 * follows palette entry 0), rigid parts following their attach bone. Every vertex counts, whether
 * or not a triangle uses it. Normal and tangent deltas play no part.
 *
 * <p>Allocates a poser with its output, the sample times ({@code sampleCount} floats) and, for
 * the conservative method, 6 floats per palette entry of each part (and two corners per vertex of
 * a part with morph targets); per sample the exact method allocates only a few small
 * {@link Bounds} values, the conservative one nothing. With morph targets the conservative method
 * evaluates every sample's pose twice: once for the range of weights, once for the box. Reports
 * each sample of the box to the {@link Progress} and stops with a
 * {@link io.github.skinmesh.core.CancelledException} when it is cancelled. Thread-safe: it only
 * reads its arguments, which are immutable.
 *
 * <pre>{@code
 * AnimatedBoundsResult r = AnimatedBounds.compute(character, walk,
 *         AnimatedBoundsOptions.DEFAULTS.withMethod(AnimatedBoundsOptions.Method.CONSERVATIVE), Progress.NONE);
 * Bounds cullBox = r.bounds();
 * }</pre>
 */
public final class AnimatedBounds {
    /** Largest number of samples one call takes. */
    public static final int MAX_SAMPLE_COUNT = 1 << 20;

    private AnimatedBounds() {
    }

    /**
     * Computes the box of every part of a character over a clip.
     *
     * @param character the character
     * @param clip the clip (need not be one of the character's)
     * @param options sampling rate, method, morph weights and sampling options
     * @param progress receives one update per sample; cancels between samples
     * @return the box, the number of samples, the method and warnings
     * @throws ValidationException as {@link #compute(Skeleton, List, AnimationClip,
     *     AnimatedBoundsOptions, Progress)}
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static AnimatedBoundsResult compute(Character character, AnimationClip clip, AnimatedBoundsOptions options,
            Progress progress) {
        return compute(character.skeleton(), character.parts(), clip, options, progress);
    }

    /**
     * Computes the box of one part over a clip with {@link AnimatedBoundsOptions#DEFAULTS} (30
     * samples per second, exact).
     *
     * @param part the part
     * @param skeleton the skeleton the part and the clip refer to
     * @param clip the clip
     * @return the box, the number of samples, the method and warnings
     * @throws ValidationException as {@link #compute(Skeleton, List, AnimationClip,
     *     AnimatedBoundsOptions, Progress)}
     */
    public static AnimatedBoundsResult compute(Part part, Skeleton skeleton, AnimationClip clip) {
        return compute(skeleton, List.of(part), clip, AnimatedBoundsOptions.DEFAULTS, Progress.NONE);
    }

    /**
     * Computes the box of one part over a clip.
     *
     * @param part the part
     * @param skeleton the skeleton the part and the clip refer to
     * @param clip the clip
     * @param options sampling rate, method, morph weights and sampling options
     * @return the box, the number of samples, the method and warnings
     * @throws ValidationException as {@link #compute(Skeleton, List, AnimationClip,
     *     AnimatedBoundsOptions, Progress)}
     */
    public static AnimatedBoundsResult compute(Part part, Skeleton skeleton, AnimationClip clip,
            AnimatedBoundsOptions options) {
        return compute(skeleton, List.of(part), clip, options, Progress.NONE);
    }

    /**
     * Computes the box of some parts over a clip.
     *
     * @param skeleton the skeleton the parts and the clip refer to
     * @param parts the parts
     * @param clip the clip
     * @param options sampling rate, method, morph weights and sampling options
     * @param progress receives one update per sample; cancels between samples
     * @return the box, the number of samples, the method and warnings
     * @throws ValidationException when a palette or attach bone is not in the skeleton, the
     *     sampling rate asks for more than {@value #MAX_SAMPLE_COUNT} samples, the clip's morph
     *     channel for a part has another weight count than the part has morph targets, or (with
     *     {@link SampleOptions.MissingBones#REJECT}) a channel's bone is not in the skeleton
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static AnimatedBoundsResult compute(Skeleton skeleton, List<Part> parts, AnimationClip clip,
            AnimatedBoundsOptions options, Progress progress) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        String operation = "animatedBounds";
        float start = clip.startTime();
        float end = clip.lastKeyTime(); // a clip declared longer holds its last pose after its last key
        double intervals = end > start ? Math.ceil((end - (double) start) * options.samplesPerSecond()) : 0;
        if (intervals + 1 > MAX_SAMPLE_COUNT) {
            throw new ValidationException(operation + ": clip " + Checks.quote(clip.name()) + " of " + (end - start)
                    + " s at " + options.samplesPerSecond() + " samples/s needs " + (long) (intervals + 1)
                    + " samples, expected at most " + MAX_SAMPLE_COUNT);
        }
        int sampleCount = (int) intervals + 1;
        float[] times = new float[sampleCount];
        for (int i = 0; i < sampleCount; i++) {
            times[i] = i == sampleCount - 1 ? end : (float) (start + (end - (double) start) * i / (sampleCount - 1));
        }
        CharacterPoser poser = CharacterPoser.bind(skeleton, parts, clip, options.poserOptions());
        List<String> warnings = new ArrayList<>(poser.warnings());
        String stage = "bounds of " + Checks.quote(clip.name());
        Bounds bounds = options.method() == AnimatedBoundsOptions.Method.EXACT
                ? exact(poser, times, progress, stage, operation)
                : conservative(poser, times, progress, stage, operation);
        return new AnimatedBoundsResult(bounds, sampleCount, options.method(), warnings);
    }

    private static Bounds exact(CharacterPoser poser, float[] times, Progress progress, String stage, String operation) {
        PosedVertices out = poser.newOutput();
        Bounds box = Bounds.EMPTY;
        for (int i = 0; i < times.length; i++) {
            progress.checkCancelled(operation);
            poser.poseInto(times[i], out);
            box = box.union(out.bounds());
            progress.update(stage, i + 1, times.length);
        }
        return box;
    }

    private static Bounds conservative(CharacterPoser poser, float[] times, Progress progress, String stage,
            String operation) {
        int parts = poser.partCount();
        // pass 1: the range of morph weights each part takes over the samples
        float[][] minWeights = new float[parts][];
        float[][] maxWeights = new float[parts][];
        float[][] weights = new float[parts][];
        for (int p = 0; p < parts; p++) {
            int targets = poser.positionDeltas(p) == null ? 0 : poser.morphTargetCount(p);
            minWeights[p] = new float[targets];
            maxWeights[p] = new float[targets];
            weights[p] = new float[targets];
            Arrays.fill(minWeights[p], Float.POSITIVE_INFINITY);
            Arrays.fill(maxWeights[p], Float.NEGATIVE_INFINITY);
        }
        boolean morphs = false;
        for (int p = 0; p < parts; p++) {
            morphs |= weights[p].length > 0;
        }
        if (morphs) {
            for (float t : times) {
                progress.checkCancelled(operation);
                poser.evaluate(t);
                for (int p = 0; p < parts; p++) {
                    if (weights[p].length > 0) {
                        poser.morphWeightsInto(p, weights[p], 0);
                        for (int w = 0; w < weights[p].length; w++) {
                            minWeights[p][w] = Math.min(minWeights[p][w], weights[p][w]);
                            maxWeights[p][w] = Math.max(maxWeights[p][w], weights[p][w]);
                        }
                    }
                }
            }
        }
        // per part and palette entry, the bind-space box of the vertices it moves
        float[][] entryBoxes = new float[parts][];
        int maxPalette = 1;
        for (int p = 0; p < parts; p++) {
            float[] base = poser.basePositions(p);
            float[] lo = base;
            float[] hi = base;
            float @Nullable [] @Nullable [] deltas = poser.positionDeltas(p);
            if (deltas != null) {
                lo = new float[base.length];
                hi = new float[base.length];
                MorphedPositions.boxesInto(base, deltas, minWeights[p], maxWeights[p], lo, hi);
            }
            entryBoxes[p] = new float[6 * poser.paletteSize(p)];
            ConservativeBounds.bindBoxes(lo, hi, base.length / 3, poser.influences(p), poser.joints(p),
                    poser.weights(p), entryBoxes[p]);
            maxPalette = Math.max(maxPalette, poser.paletteSize(p));
        }
        float[] palette = new float[16 * maxPalette];
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int i = 0; i < times.length; i++) {
            progress.checkCancelled(operation);
            poser.evaluate(times[i]);
            for (int p = 0; p < parts; p++) {
                poser.skinMatricesInto(p, palette, 0);
                ConservativeBounds.accumulate(entryBoxes[p], poser.paletteSize(p), palette, box);
            }
            progress.update(stage, i + 1, times.length);
        }
        return box[0] > box[3] ? Bounds.EMPTY : new Bounds(box[0], box[1], box[2], box[3], box[4], box[5]);
    }
}
