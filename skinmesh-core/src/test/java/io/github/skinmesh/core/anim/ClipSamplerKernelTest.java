package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * The sampler with the Vector API kernel and with the plain-loop kernel (channels sharing key
 * times blended several at a time from key rows, single-key channels sampled once at binding)
 * against the per-channel scalar loops and against a naive double-precision reference, on seeded random clips with many
 * channels per key timeline, non-uniform key times, single-key channels, all three
 * interpolations, and times before, inside and after the clip in forward, backward and random
 * order.
 */
class ClipSamplerKernelTest {
    /** Float kernel vs double reference, for values of magnitude about 1 (tangents up to 2). */
    private static final double VALUE_TOLERANCE = 2e-5;

    /**
     * A clip in which most bone properties are LINEAR channels on one of two shared timelines (so
     * they form vector groups), the others undriven, single-key, STEP or CUBICSPLINE, or on their
     * own key times.
     */
    static AnimationClip groupedClip(SplittableRandom r, Skeleton skeleton, double maxAngle) {
        float start = r.nextBoolean() ? 0 : AnimFixtures.range(r, 0, 0.4);
        float[][] shared = {AnimFixtures.keyTimes(r, 2 + r.nextInt(40), start),
            AnimFixtures.keyTimes(r, 2 + r.nextInt(8), start + AnimFixtures.range(r, 0, 0.3))};
        List<BoneChannel> channels = new ArrayList<>();
        for (int b = 0; b < skeleton.boneCount(); b++) {
            for (ChannelPath path : ChannelPath.values()) {
                int kind = r.nextInt(16);
                Interpolation in = Interpolation.LINEAR;
                float[] times;
                if (kind == 0) {
                    continue; // undriven: rest value
                } else if (kind == 1) {
                    times = new float[] {AnimFixtures.range(r, 0, 1)}; // single key
                    in = Interpolation.values()[r.nextInt(3)];
                } else if (kind == 2) {
                    times = AnimFixtures.keyTimes(r, 1 + r.nextInt(10), start + AnimFixtures.range(r, 0, 0.5));
                } else {
                    times = shared[kind < 12 ? 0 : 1];
                    if (kind == 3) {
                        in = Interpolation.STEP;
                    } else if (kind == 4) {
                        in = Interpolation.CUBICSPLINE;
                    }
                }
                channels.add(AnimFixtures.randomChannel(r, skeleton.boneName(b), path, in, times, maxAngle));
            }
        }
        return AnimationClip.of("grouped", channels);
    }

    /** Times in the given order: 0 forward in small steps, 1 backward, 2 random; some outside the clip. */
    static float[] times(SplittableRandom r, float duration, int order, int count) {
        float[] ts = new float[count];
        float lo = -0.3f;
        float hi = duration + 0.3f;
        for (int i = 0; i < count; i++) {
            float forward = lo + (hi - lo) * i / (count - 1);
            ts[i] = order == 0 ? forward : order == 1 ? hi - (forward - lo) : AnimFixtures.range(r, lo, hi);
        }
        return ts;
    }

    private static SampleOptions options(boolean nlerp, boolean loop) {
        return SampleOptions.DEFAULTS
                .withRotationBlend(nlerp ? SampleOptions.RotationBlend.NLERP : SampleOptions.RotationBlend.SLERP)
                .withTimeMode(loop ? SampleOptions.TimeMode.LOOP : SampleOptions.TimeMode.CLAMP);
    }

    @Test
    void samplersUseTheVectorKernelFromJdk25AndTheLoopKernelBefore() {
        AnimKernel expected = Runtime.version().feature() >= 25 && AnimKernels.VECTOR != null ? AnimKernels.VECTOR
                : AnimKernels.LOOP;
        assertThat(AnimKernels.DEFAULT).isSameAs(expected);
        assertThat(AnimKernels.LOOP).isInstanceOf(LoopAnimKernel.class);
    }

    @Test
    void vectorKernelIsAvailableExactlyWhenTheIncubatorModuleIs() {
        String module = System.getProperty("skinmesh.test.vectorModule", "");
        if (module.equals("present")) {
            assertThat(AnimKernels.VECTOR).isNotNull();
            assertThat(AnimKernels.VECTOR.lanes()).isGreaterThanOrEqualTo(4);
        } else if (module.equals("absent")) {
            assertThat(AnimKernels.VECTOR).isNull();
        }
    }

    @Property(tries = 120, seed = "6161")
    void vectorKernelGivesTheScalarLoopsBits(@ForAll long seed, @ForAll @IntRange(min = 1, max = 70) int bones,
            @ForAll boolean nlerp, @ForAll boolean loop, @ForAll @IntRange(min = 0, max = 2) int order) {
        kernelGivesTheScalarLoopsBits(AnimKernels.VECTOR, seed, bones, nlerp, loop, order);
    }

    @Property(tries = 120, seed = "6363")
    void loopKernelGivesTheScalarLoopsBits(@ForAll long seed, @ForAll @IntRange(min = 1, max = 70) int bones,
            @ForAll boolean nlerp, @ForAll boolean loop, @ForAll @IntRange(min = 0, max = 2) int order) {
        kernelGivesTheScalarLoopsBits(AnimKernels.LOOP, seed, bones, nlerp, loop, order);
    }

    private static void kernelGivesTheScalarLoopsBits(AnimKernel kernel, long seed, int bones, boolean nlerp,
            boolean loop, int order) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        // up to 2.5 rad per key: keys more than the series' arc apart take the scalar formula inside a vector step
        AnimationClip clip = groupedClip(r, skeleton, r.nextBoolean() ? 0.4 : 2.5);
        SampleOptions options = options(nlerp, loop);
        ClipSampler scalar = ClipSampler.bind(clip, skeleton, options, null);
        ClipSampler grouped = ClipSampler.bind(clip, skeleton, options, kernel);
        assertThat(scalar.soaGroupCount()).isZero();
        if (kernel != null && bones >= 24) {
            // 7 in 16 properties are LINEAR on the first shared timeline: with 24 bones, 4 or more of each kind
            assertThat(grouped.soaGroupCount()).isPositive();
        }
        Pose a = new Pose(bones);
        Pose b = new Pose(bones);
        // the scalar sampler is fed random times in between, so that its cursors come from elsewhere
        for (float t : times(r, clip.duration(), order, 80)) {
            grouped.sample(t, a);
            scalar.sample(AnimFixtures.range(r, -1, clip.duration() + 1), b);
            scalar.sample(t, b);
            assertBitsEqual(a, b, bones, t);
        }
    }

    /**
     * Keys chosen for the loop kernel's edge cases, in one group of rotations: a dot product of
     * exactly 0 (the scalar formula's branch), negative dot products inside and outside the
     * series' range, equal keys, opposite keys, and -0 components; every blend factor of a fine
     * grid.
     */
    @Test
    void loopKernelGivesTheScalarBitsOnEdgeKeys() {
        float s = (float) Math.sqrt(0.5);
        float[][] pairs = {
            {0, 0, 0, 1, 1, 0, 0, 0}, // dot 0
            {0, 0, 0, 1, 0, 0, 0.3f, -0.954f}, // dot -0.954: series, negated
            {0, 0, 0, 1, 0, 0, 0.8f, -0.6f}, // dot -0.6: outside the series
            {s, 0, 0, s, s, 0, 0, s}, // equal keys
            {s, 0, 0, s, -s, 0, 0, -s}, // opposite keys, dot -1
            {-0f, 0, -0f, 1, 0, -0f, 0, 1}, // -0 components, dot 1
            {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0.5f}, // dot 0.5
        };
        int bones = pairs.length;
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(3), bones);
        List<BoneChannel> channels = new ArrayList<>();
        for (int b = 0; b < bones; b++) {
            channels.add(BoneChannel.of(skeleton.boneName(b), ChannelPath.ROTATION, Interpolation.LINEAR,
                    new float[] {0, 1}, pairs[b]));
        }
        AnimationClip clip = AnimationClip.of("edges", channels);
        ClipSampler scalar = ClipSampler.bind(clip, skeleton, SampleOptions.DEFAULTS, null);
        ClipSampler grouped = ClipSampler.bind(clip, skeleton, SampleOptions.DEFAULTS, AnimKernels.LOOP);
        assertThat(grouped.soaGroupCount()).isEqualTo(1);
        Pose a = new Pose(bones);
        Pose b = new Pose(bones);
        for (int i = 0; i <= 256; i++) {
            float t = i / 256f;
            assertBitsEqual(grouped.sample(t, a), scalar.sample(t, b), bones, t);
        }
    }

    @Test
    void loopKernelSamplesWithoutAllocating() {
        SplittableRandom r = new SplittableRandom(21);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, 48);
        AnimationClip clip = groupedClip(r, skeleton, 0.4);
        ClipSampler sampler = ClipSampler.bind(clip, skeleton, SampleOptions.DEFAULTS, AnimKernels.LOOP);
        assertThat(sampler.soaGroupCount()).isPositive();
        Pose pose = new Pose(48);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        float step = clip.duration() / 500;
        long least = Long.MAX_VALUE;
        // up to 20 rounds until one allocates nothing: a loaded machine compiles late, and code not yet
        // compiled may allocate where the compiled loop does not; a call that allocates does so every round
        for (int round = 0; round < 20 && least != 0; round++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < 2000; i++) {
                sampler.sample(i * step, pose);
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(id) - before);
        }
        assertThat(least).isZero();
    }

    @Property(tries = 80, seed = "6262")
    void groupedClipsMatchTheDoubleReference(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int bones,
            @ForAll boolean nlerp, @ForAll @IntRange(min = 0, max = 2) int order) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        AnimationClip clip = groupedClip(r, skeleton, r.nextBoolean() ? 0.4 : 2.5);
        ClipSampler sampler = ClipSampler.bind(clip, skeleton, options(nlerp, false), AnimKernels.VECTOR);
        Pose pose = new Pose(bones);
        Pose rest = Pose.rest(skeleton);
        for (float t : times(r, clip.duration(), order, 25)) {
            sampler.sample(t, pose);
            boolean[][] driven = new boolean[3][bones];
            for (BoneChannel c : clip.channels()) {
                int bone = skeleton.indexOf(c.bone());
                driven[c.path().ordinal()][bone] = true;
                double[] expected = AnimFixtures.referenceSample(c, t, nlerp);
                double[] actual = sampled(pose, c.path(), bone);
                for (int j = 0; j < expected.length; j++) {
                    assertThat(actual[j]).as("%s at t=%s component %d", c, t, j)
                            .isCloseTo(expected[j], offset(VALUE_TOLERANCE));
                }
            }
            for (int bone = 0; bone < bones; bone++) {
                if (!driven[0][bone]) {
                    assertThat(pose.translation(bone, new Vector3f())).isEqualTo(rest.translation(bone, new Vector3f()));
                }
                if (!driven[1][bone]) {
                    assertThat(pose.rotation(bone, new Quaternionf())).isEqualTo(rest.rotation(bone, new Quaternionf()));
                }
                if (!driven[2][bone]) {
                    assertThat(pose.scale(bone, new Vector3f())).isEqualTo(rest.scale(bone, new Vector3f()));
                }
            }
        }
    }

    @Test
    void singleKeyChannelsHoldTheirKeyAtEveryTime() {
        SplittableRandom r = new SplittableRandom(12);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, 3);
        float[] q = AnimFixtures.randomQuat(r);
        float[] cubic = {0.5f, -2f, 1f, 0.25f, 0.1f, -0.2f, 0.3f, 0.4f, 1.5f, 0f, 0f, 2f};
        AnimationClip clip = AnimationClip.of("single", List.of(
                BoneChannel.of("b0", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0.7f}, q),
                BoneChannel.of("b1", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0.2f},
                        new float[] {-0f, 2f, 3f}),
                BoneChannel.of("b1", ChannelPath.SCALE, Interpolation.STEP, new float[] {1f},
                        new float[] {-0f, 1f, 1f}),
                BoneChannel.of("b2", ChannelPath.ROTATION, Interpolation.CUBICSPLINE, new float[] {0f}, cubic),
                BoneChannel.of("b2", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0f, 2f},
                        new float[] {0, 0, 0, 2, 4, 6})));
        ClipSampler sampler = ClipSampler.bind(clip, skeleton);
        Pose pose = new Pose(3);
        for (float t : new float[] {-1f, 0f, 0.2f, 0.7f, 1f, 1.5f, 2f, 5f}) {
            sampler.sample(t, pose);
            assertThat(pose.rotation(0, new Quaternionf())).isEqualTo(new Quaternionf(q[0], q[1], q[2], q[3]));
            // a linear blend of a key with itself: -0 + 0 is +0, as the per-channel loop gives
            assertThat(pose.translation(1, new Vector3f())).isEqualTo(new Vector3f(0f, 2f, 3f));
            assertThat(pose.scale(1, new Vector3f())).isEqualTo(new Vector3f(-0f, 1f, 1f)); // STEP copies the key
            Quaternionf c = pose.rotation(2, new Quaternionf());
            double len = Math.sqrt(0.1 * 0.1 + 0.2 * 0.2 + 0.3 * 0.3 + 0.4 * 0.4);
            assertThat(c.x).isCloseTo((float) (0.1 / len), offset(1e-6f));
            assertThat(c.y).isCloseTo((float) (-0.2 / len), offset(1e-6f));
            assertThat(c.w).isCloseTo((float) (0.4 / len), offset(1e-6f));
            float expected = Math.min(Math.max(t, 0), 2);
            Vector3f v = pose.translation(2, new Vector3f());
            assertThat(v.x).isCloseTo(expected, offset(1e-6f));
            assertThat(v.y).isCloseTo(2 * expected, offset(1e-6f));
            assertThat(v.z).isCloseTo(3 * expected, offset(1e-6f));
        }
    }

    private static double[] sampled(Pose pose, ChannelPath path, int bone) {
        if (path == ChannelPath.ROTATION) {
            Quaternionf q = pose.rotation(bone, new Quaternionf());
            return new double[] {q.x, q.y, q.z, q.w};
        }
        Vector3f v = path == ChannelPath.TRANSLATION ? pose.translation(bone, new Vector3f())
                : pose.scale(bone, new Vector3f());
        return new double[] {v.x, v.y, v.z};
    }

    private static void assertBitsEqual(Pose a, Pose b, int bones, float t) {
        for (int i = 0; i < 3 * bones; i++) {
            assertThat(Float.floatToRawIntBits(a.translations[i])).as("translation float %d at t=%s", i, t)
                    .isEqualTo(Float.floatToRawIntBits(b.translations[i]));
            assertThat(Float.floatToRawIntBits(a.scales[i])).as("scale float %d at t=%s", i, t)
                    .isEqualTo(Float.floatToRawIntBits(b.scales[i]));
        }
        for (int i = 0; i < 4 * bones; i++) {
            assertThat(Float.floatToRawIntBits(a.rotations[i])).as("rotation float %d at t=%s", i, t)
                    .isEqualTo(Float.floatToRawIntBits(b.rotations[i]));
        }
    }
}
