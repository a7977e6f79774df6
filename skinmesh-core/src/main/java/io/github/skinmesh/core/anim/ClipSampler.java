package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Samples an {@link AnimationClip} bound to a {@link Skeleton} into {@link Pose}s and morph
 * weights, allocating nothing per sample.
 *
 * <p>{@link #bind} resolves the clip's channel bone names to skeleton indices once; channels
 * naming bones the skeleton lacks are skipped and listed in {@link #report()} (or rejected, see
 * {@link SampleOptions.MissingBones}). {@link #sample} then writes a whole pose: every bone
 * property that no channel drives gets the skeleton's rest value, every channel writes its
 * property. Interpolation follows glTF: STEP holds a key's value until the next key; LINEAR lerps
 * translations and scales and blends rotations along the shortest arc (spherical by default, see
 * {@link SampleOptions.RotationBlend}); CUBICSPLINE is the Hermite spline with in- and out-tangents
 * scaled by the key interval, rotations normalized afterwards. Time handling follows
 * {@link SampleOptions.TimeMode}: clamped play-once by default, where the clip's
 * {@linkplain AnimationClip#duration() duration} is the last key time over all channels unless the
 * clip declares a longer one (every channel then holds its last value to that end), a channel
 * that starts later holds its first key's value until then, and looping wraps at the duration.
 *
 * <p>Key lookup keeps a cursor per key timeline (channels whose key times are equal share one),
 * so playback that moves forward finds its keys in O(1) per timeline, while any other time falls
 * back to a binary search. Both give identical results: the output depends only on the time, not
 * on the sampling history.
 *
 * <p><b>Not thread-safe</b>: the cursors are mutable. The bound clip itself is immutable and
 * {@link #copy()} gives another sampler over it with its own cursors, one per thread. The sampler
 * reads the clip's and the skeleton's arrays in place (they are immutable) and keeps them
 * reachable.
 *
 * <pre>{@code
 * ClipSampler sampler = ClipSampler.bind(clip, skeleton,
 *         SampleOptions.DEFAULTS.withTimeMode(SampleOptions.TimeMode.LOOP));
 * Pose pose = Pose.rest(skeleton);
 * float[] model = new float[16 * skeleton.boneCount()];
 * for (float t = 0; t < 10; t += 1 / 60f) {
 *     sampler.sample(t, pose);
 *     PoseEvaluation.modelMatricesInto(skeleton, pose, model);
 * }
 * }</pre>
 */
public final class ClipSampler {
    private final BoundClip bound;
    private final KeyCursors cursors;
    private final boolean loop;
    private final boolean slerp;
    private final ChannelBatch translationStep;
    private final ChannelBatch translationLinear;
    private final ChannelBatch translationCubic;
    private final ChannelBatch rotationStep;
    private final ChannelBatch rotationLinear;
    private final ChannelBatch rotationCubic;
    private final ChannelBatch scaleStep;
    private final ChannelBatch scaleLinear;
    private final ChannelBatch scaleCubic;

    private final SoaGroup[] translationGroups;
    private final SoaGroup[] rotationGroups;
    private final SoaGroup[] scaleGroups;
    private final @Nullable AnimKernel kernel;
    /** Per-sampler scratch rows of the SoA kernel. */
    private final float[][] scratch;

    private ClipSampler(BoundClip bound, KeyCursors cursors) {
        this.bound = bound;
        this.cursors = cursors;
        this.kernel = bound.soaKernel;
        this.scratch = new float[AnimKernel.SCRATCH_ROWS][bound.soaScratch];
        this.translationGroups = bound.soaGroups[ChannelPath.TRANSLATION.ordinal()];
        this.rotationGroups = bound.soaGroups[ChannelPath.ROTATION.ordinal()];
        this.scaleGroups = bound.soaGroups[ChannelPath.SCALE.ordinal()];
        this.loop = bound.options.timeMode() == SampleOptions.TimeMode.LOOP;
        this.slerp = bound.options.rotationBlend() == SampleOptions.RotationBlend.SLERP;
        translationStep = bound.batch(ChannelPath.TRANSLATION, Interpolation.STEP);
        translationLinear = bound.batch(ChannelPath.TRANSLATION, Interpolation.LINEAR);
        translationCubic = bound.batch(ChannelPath.TRANSLATION, Interpolation.CUBICSPLINE);
        rotationStep = bound.batch(ChannelPath.ROTATION, Interpolation.STEP);
        rotationLinear = bound.batch(ChannelPath.ROTATION, Interpolation.LINEAR);
        rotationCubic = bound.batch(ChannelPath.ROTATION, Interpolation.CUBICSPLINE);
        scaleStep = bound.batch(ChannelPath.SCALE, Interpolation.STEP);
        scaleLinear = bound.batch(ChannelPath.SCALE, Interpolation.LINEAR);
        scaleCubic = bound.batch(ChannelPath.SCALE, Interpolation.CUBICSPLINE);
    }

    /**
     * Binds a clip to a skeleton with {@link SampleOptions#DEFAULTS}.
     *
     * @param clip the clip
     * @param skeleton the skeleton whose poses are sampled
     * @return a new sampler
     * @see #bind(AnimationClip, Skeleton, SampleOptions)
     */
    public static ClipSampler bind(AnimationClip clip, Skeleton skeleton) {
        return bind(clip, skeleton, SampleOptions.DEFAULTS);
    }

    /**
     * Binds a clip to a skeleton: resolves channel bone names to indices, groups the channels for
     * sampling and shares one key timeline between channels with equal key times.
     *
     * <p>Allocates tables proportional to the number of channels and bones. LINEAR channels of one
     * property that share their key times (four or more of them; rotations only when slerped) are
     * copied into a table with one array per key and component holding that value of every such
     * channel, so that one vector instruction blends several channels: with the Vector API kernel
     * on JDK 25 or later and {@code --add-modules jdk.incubator.vector}, otherwise in plain loops
     * the JIT vectorizes. This copies those channels' key values once (4 bytes per float, plus an
     * array header per key and component). Other channels' key arrays are referenced, not copied.
     * The samples are the same bits with either kernel and without the table. Runs in time linear
     * in the clip's key count.
     *
     * @param clip the clip
     * @param skeleton the skeleton whose poses are sampled
     * @param options time mode, rotation blend and missing-bone policy
     * @return a new sampler with fresh cursors
     * @throws ValidationException with {@link SampleOptions.MissingBones#REJECT}, naming the first
     *     channel whose bone the skeleton lacks
     */
    public static ClipSampler bind(AnimationClip clip, Skeleton skeleton, SampleOptions options) {
        return bind(clip, skeleton, options, AnimKernels.DEFAULT);
    }

    /**
     * As {@link #bind(AnimationClip, Skeleton, SampleOptions)} with the given kernel (null: the
     * per-channel loops only, as without the incubator module).
     */
    static ClipSampler bind(AnimationClip clip, Skeleton skeleton, SampleOptions options,
            @Nullable AnimKernel kernel) {
        Objects.requireNonNull(clip, "clip");
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(options, "options");
        BoundClip b = new BoundClip(clip, skeleton, options, kernel);
        return new ClipSampler(b, new KeyCursors(b.timelineTimes));
    }

    /**
     * Returns a sampler over the same bound clip with its own cursors, for use by another thread.
     * Allocates only the cursor arrays.
     *
     * @return a new sampler
     */
    public ClipSampler copy() {
        return new ClipSampler(bound, cursors.copy());
    }

    /** @return the number of channel groups the kernel samples (0 without one); for tests */
    int soaGroupCount() {
        int n = 0;
        for (SoaGroup[] groups : bound.soaGroups) {
            n += groups.length;
        }
        return n;
    }

    /** Forgets the cursors; only speed can differ afterwards, never results. */
    public void resetCursors() {
        cursors.reset();
    }

    /** @return the clip */
    public AnimationClip clip() {
        return bound.clip;
    }

    /** @return the skeleton */
    public Skeleton skeleton() {
        return bound.skeleton;
    }

    /** @return the options the clip was bound with */
    public SampleOptions options() {
        return bound.options;
    }

    /** @return what binding found: bound and ignored channels, missing bones, key timelines */
    public SampleReport report() {
        return bound.report;
    }

    /** @return the clip's {@linkplain AnimationClip#duration() duration} in seconds */
    public float duration() {
        return bound.duration;
    }

    /**
     * Samples every bone at {@code time} into {@code dst}.
     *
     * <p>Writes all of {@code dst}: rest values for properties no channel drives, sampled values
     * for the others. Allocates nothing; advances the cursors. Rotations are unit quaternions (to
     * float rounding) as long as the clip's keys are (the model normalizes them).
     *
     * @param time the time in seconds, finite; mapped by {@link SampleOptions#timeMode()}
     * @param dst the pose to fill, with the skeleton's bone count
     * @return {@code dst}
     * @throws ValidationException when {@code dst} has another bone count than the skeleton or
     *     {@code time} is not finite; {@code dst} is then unchanged
     */
    public Pose sample(float time, Pose dst) {
        if (dst.boneCount() != bound.boneCount) {
            throw new ValidationException("ClipSampler.sample: pose boneCount " + dst.boneCount()
                    + ", expected the boneCount " + bound.boneCount + " of skeleton "
                    + Checks.quote(bound.skeleton.name()));
        }
        float t = clipTime("ClipSampler.sample", time);
        cursors.seek(0, bound.boneTimelineCount, t);
        float[] translations = dst.translations;
        float[] rotations = dst.rotations;
        float[] scales = dst.scales;
        copyRest(bound.baseTranslationBones, bound.baseTranslations, translations, 3);
        copyRest(bound.baseRotationBones, bound.baseRotations, rotations, 4);
        copyRest(bound.baseScaleBones, bound.baseScales, scales, 3);
        Vec3Sampling.step(translationStep, cursors, translations);
        Vec3Sampling.linear(translationLinear, cursors, translations);
        Vec3Sampling.cubic(translationCubic, cursors, translations);
        QuatSampling.step(rotationStep, cursors, rotations);
        if (slerp) {
            QuatSampling.slerp(rotationLinear, cursors, rotations);
        } else {
            QuatSampling.nlerp(rotationLinear, cursors, rotations);
        }
        QuatSampling.cubic(rotationCubic, cursors, rotations);
        Vec3Sampling.step(scaleStep, cursors, scales);
        Vec3Sampling.linear(scaleLinear, cursors, scales);
        Vec3Sampling.cubic(scaleCubic, cursors, scales);
        AnimKernel k = kernel;
        if (k != null) {
            lerpGroups(k, translationGroups, translations);
            for (SoaGroup g : rotationGroups) {
                int l = g.timeline;
                k.slerp(g, cursors.key0[l], cursors.key1[l], cursors.alpha[l], scratch, rotations);
            }
            lerpGroups(k, scaleGroups, scales);
        }
        return dst;
    }

    private void lerpGroups(AnimKernel k, SoaGroup[] groups, float[] dst) {
        for (SoaGroup g : groups) {
            int l = g.timeline;
            k.lerp3(g, cursors.key0[l], cursors.key1[l], cursors.alpha[l], scratch, dst);
        }
    }

    private static void copyRest(int[] bones, float[] rest, float[] dst, int components) {
        if (bones.length == 0) {
            return;
        }
        if (components * bones.length == dst.length) {
            System.arraycopy(rest, 0, dst, 0, dst.length);
            return;
        }
        for (int bone : bones) {
            int o = components * bone;
            for (int j = 0; j < components; j++) {
                dst[o + j] = rest[o + j];
            }
        }
    }

    private float clipTime(String where, float time) {
        if (!Float.isFinite(time)) {
            throw new ValidationException(where + ": time " + time + ", expected a finite time in seconds");
        }
        if (!loop) {
            return time;
        }
        float d = bound.duration;
        if (!(d > 0)) {
            return 0;
        }
        float wrapped = (float) (time - d * Math.floor(time / (double) d));
        if (wrapped >= d) {
            wrapped = Math.nextDown(d); // rounding of a time just below a multiple of the duration
        }
        return wrapped < 0 ? 0 : wrapped;
    }

    /** @return the number of morph-weight channels of the clip */
    public int morphChannelCount() {
        return bound.morphChannels.length;
    }

    /**
     * Finds a morph-weight channel by its target name.
     *
     * @param target the channel's {@linkplain MorphChannel#target() target}
     * @return its index (the clip's order), or {@code -1} when the clip has no such channel
     */
    public int morphChannelIndex(String target) {
        return bound.morphIndex(target);
    }

    /**
     * @param morphChannel morph channel index, {@code 0 <= morphChannel < morphChannelCount()}
     * @return how many weights the channel holds per key (its number of morph targets)
     * @throws ValidationException when the index is out of range
     */
    public int morphWeightCount(int morphChannel) {
        return morphChannel("ClipSampler.morphWeightCount", morphChannel).weightCount();
    }

    /**
     * Samples the weights of one morph-weight channel at {@code time} into
     * {@code dst[offset .. offset + morphWeightCount(morphChannel) - 1]}, with the same time
     * mapping and interpolation rules as {@link #sample}. Weights are not clamped (glTF allows any
     * value). Allocates nothing.
     *
     * @param morphChannel morph channel index, {@code 0 <= morphChannel < morphChannelCount()}
     * @param time the time in seconds, finite
     * @param dst destination, at least {@code offset + morphWeightCount(morphChannel)} floats
     * @param offset first float written, {@code >= 0}
     * @return {@code dst}
     * @throws ValidationException when the channel index is out of range, {@code time} is not
     *     finite or {@code dst} is too short for the offset; {@code dst} is then unchanged
     */
    public float[] sampleMorphWeights(int morphChannel, float time, float[] dst, int offset) {
        String where = "ClipSampler.sampleMorphWeights";
        MorphChannel c = morphChannel(where, morphChannel);
        int n = c.weightCount();
        if (offset < 0) {
            throw new ValidationException(where + ": offset " + offset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", dst.length, (long) offset + n, "offset + weightCount");
        float t = clipTime(where, time);
        int l = bound.morphTimeline[morphChannel];
        cursors.seek(l, t);
        WeightSampling.sample(bound.morphValues[morphChannel], n, c.interpolation(), cursors.key0[l],
                cursors.key1[l], cursors.alpha[l], cursors.interval[l], dst, offset);
        return dst;
    }

    /**
     * Samples the weights of the morph-weight channel of {@code target}; see
     * {@link #sampleMorphWeights(int, float, float[], int)}.
     *
     * @param target the channel's target name
     * @param time the time in seconds, finite
     * @param dst destination, at least {@code offset + weightCount} floats
     * @param offset first float written, {@code >= 0}
     * @return {@code dst}
     * @throws ValidationException when the clip has no channel for {@code target}, or as
     *     {@link #sampleMorphWeights(int, float, float[], int)}
     */
    public float[] sampleMorphWeights(String target, float time, float[] dst, int offset) {
        int m = bound.morphIndex(target);
        if (m < 0) {
            throw new ValidationException("ClipSampler.sampleMorphWeights: target " + Checks.quote(target)
                    + " has no morph weight channel in clip " + Checks.quote(bound.clip.name()) + " ("
                    + bound.morphChannels.length + " morph channels)");
        }
        return sampleMorphWeights(m, time, dst, offset);
    }

    private MorphChannel morphChannel(String where, int morphChannel) {
        int count = bound.morphChannels.length;
        if (morphChannel < 0 || morphChannel >= count) {
            throw new ValidationException(where + ": morphChannel " + morphChannel + ", expected 0.." + (count - 1)
                    + " (clip " + Checks.quote(bound.clip.name()) + " has " + count + " morph channels)");
        }
        return bound.morphChannels[morphChannel];
    }

    @Override
    public String toString() {
        return "ClipSampler[" + bound.clip + " on " + bound.skeleton + ", " + bound.options + "]";
    }
}
