package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.MorphChannel;
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

class ClipSamplerTest {
    /** Float kernel vs double reference, for values of magnitude about 1 (tangents up to 2). */
    private static final double VALUE_TOLERANCE = 2e-5;
    /** Interpolated rotations must have length 1 within this. */
    private static final double UNIT_TOLERANCE = 1e-6;
    /** A rotation sampled at a key time may differ from the key by renormalization rounding. */
    private static final double KEY_TOLERANCE = 1e-6;

    private static final Interpolation[] INTERPOLATIONS = Interpolation.values();

    private static double[] sampled(Pose pose, BoneChannel c, int bone) {
        if (c.path() == ChannelPath.ROTATION) {
            Quaternionf q = pose.rotation(bone, new Quaternionf());
            return new double[] {q.x, q.y, q.z, q.w};
        }
        Vector3f v = c.path() == ChannelPath.TRANSLATION ? pose.translation(bone, new Vector3f())
                : pose.scale(bone, new Vector3f());
        return new double[] {v.x, v.y, v.z};
    }

    private static void assertClose(double[] actual, double[] expected, double tolerance, String what) {
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int j = 0; j < expected.length; j++) {
            assertThat(actual[j]).as("%s component %d", what, j).isCloseTo(expected[j], offset(tolerance));
        }
    }

    private static double length(double[] q) {
        return Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    }

    @Property(tries = 150, seed = "31337")
    void matchesNaiveReferenceAtRandomTimes(@ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int bones,
            @ForAll boolean nlerp) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        // up to 2.5 rad per key: keys up to 5 rad apart exercise slerp's trigonometric branch too
        AnimationClip clip = AnimFixtures.randomClip(r, skeleton, r.nextBoolean() ? 0.3 : 2.5, 0, r.nextBoolean());
        SampleOptions options = SampleOptions.DEFAULTS.withRotationBlend(
                nlerp ? SampleOptions.RotationBlend.NLERP : SampleOptions.RotationBlend.SLERP);
        ClipSampler sampler = ClipSampler.bind(clip, skeleton, options);
        Pose pose = new Pose(bones);
        Pose rest = Pose.rest(skeleton);
        for (int i = 0; i < 20; i++) {
            float t = AnimFixtures.range(r, -0.5, clip.duration() + 0.5);
            sampler.sample(t, pose);
            boolean[][] driven = new boolean[3][bones];
            for (BoneChannel c : clip.channels()) {
                int bone = skeleton.indexOf(c.bone());
                if (bone < 0) {
                    continue;
                }
                driven[c.path().ordinal()][bone] = true;
                assertClose(sampled(pose, c, bone), AnimFixtures.referenceSample(c, t, nlerp), VALUE_TOLERANCE,
                        c + " at t=" + t);
            }
            for (int b = 0; b < bones; b++) {
                if (!driven[0][b]) {
                    assertThat(pose.translation(b, new Vector3f())).isEqualTo(rest.translation(b, new Vector3f()));
                }
                if (!driven[1][b]) {
                    assertThat(pose.rotation(b, new Quaternionf())).isEqualTo(rest.rotation(b, new Quaternionf()));
                }
                if (!driven[2][b]) {
                    assertThat(pose.scale(b, new Vector3f())).isEqualTo(rest.scale(b, new Vector3f()));
                }
            }
        }
    }

    @Property(tries = 300, seed = "4242")
    void interpolatedRotationsStayUnitLength(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int mode) {
        SplittableRandom r = new SplittableRandom(seed);
        Interpolation interpolation = mode == 2 ? Interpolation.CUBICSPLINE : Interpolation.LINEAR;
        SampleOptions options = SampleOptions.DEFAULTS.withRotationBlend(
                mode == 1 ? SampleOptions.RotationBlend.NLERP : SampleOptions.RotationBlend.SLERP);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, 1);
        double maxAngle = r.nextDouble() * Math.PI; // from nearly equal keys to opposite orientations
        BoneChannel c = AnimFixtures.randomChannel(r, "b0", ChannelPath.ROTATION, interpolation,
                AnimFixtures.keyTimes(r, 2 + r.nextInt(6), 0), maxAngle);
        ClipSampler sampler = ClipSampler.bind(AnimationClip.of("c", List.of(c)), skeleton, options);
        Pose pose = new Pose(1);
        for (int i = 0; i <= 200; i++) {
            float t = c.endTime() * i / 200;
            Quaternionf q = sampler.sample(t, pose).rotation(0, new Quaternionf());
            assertThat(length(new double[] {q.x, q.y, q.z, q.w})).as("|q| at t=%s", t)
                    .isCloseTo(1.0, offset(UNIT_TOLERANCE));
        }
    }

    @Property(tries = 100, seed = "777")
    void cubicSplineReturnsKeyValuesAtKeyTimes(@ForAll long seed, @ForAll boolean rotation) {
        SplittableRandom r = new SplittableRandom(seed);
        ChannelPath path = rotation ? ChannelPath.ROTATION : ChannelPath.TRANSLATION;
        BoneChannel c = AnimFixtures.randomChannel(r, "b0", path, Interpolation.CUBICSPLINE,
                AnimFixtures.keyTimes(r, 2 + r.nextInt(10), AnimFixtures.range(r, 0, 1)), 1.0);
        ClipSampler sampler = ClipSampler.bind(AnimationClip.of("c", List.of(c)), AnimFixtures.randomSkeleton(r, 1));
        Pose pose = new Pose(1);
        float[] values = c.values();
        int comps = path.components();
        for (int k = 0; k < c.keyCount(); k++) {
            double[] expected = new double[comps];
            for (int j = 0; j < comps; j++) {
                expected[j] = values[(3 * k + 1) * comps + j];
            }
            assertClose(sampled(sampler.sample(c.time(k), pose), c, 0), expected, KEY_TOLERANCE, "key " + k);
        }
    }

    @Property(tries = 100, seed = "8080")
    void stepHoldsEachKeyUntilTheNext(@ForAll long seed, @ForAll boolean rotation) {
        SplittableRandom r = new SplittableRandom(seed);
        ChannelPath path = rotation ? ChannelPath.ROTATION : ChannelPath.SCALE;
        BoneChannel c = AnimFixtures.randomChannel(r, "b0", path, Interpolation.STEP,
                AnimFixtures.keyTimes(r, 2 + r.nextInt(10), 0), 1.0);
        ClipSampler sampler = ClipSampler.bind(AnimationClip.of("c", List.of(c)), AnimFixtures.randomSkeleton(r, 1));
        Pose pose = new Pose(1);
        float[] values = c.values();
        int comps = path.components();
        for (int k = 0; k < c.keyCount() - 1; k++) {
            double[] key = new double[comps];
            for (int j = 0; j < comps; j++) {
                key[j] = values[k * comps + j];
            }
            float t0 = c.time(k);
            float t1 = c.time(k + 1);
            for (float t : new float[] {t0, (t0 + t1) / 2, Math.nextDown(t1)}) {
                assertClose(sampled(sampler.sample(t, pose), c, 0), key, 0, "key " + k + " held at t=" + t);
            }
        }
    }

    @Property(tries = 100, seed = "9090")
    void clampedSamplingHoldsEndKeysOutsideTheKeyRange(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 2) int interpolation) {
        SplittableRandom r = new SplittableRandom(seed);
        Interpolation in = INTERPOLATIONS[interpolation];
        BoneChannel rot = AnimFixtures.randomChannel(r, "b0", ChannelPath.ROTATION, in,
                AnimFixtures.keyTimes(r, 1 + r.nextInt(8), AnimFixtures.range(r, 0, 1)), 1.0);
        BoneChannel tr = AnimFixtures.randomChannel(r, "b0", ChannelPath.TRANSLATION, in,
                AnimFixtures.keyTimes(r, 1 + r.nextInt(8), AnimFixtures.range(r, 0, 1)), 1.0);
        ClipSampler sampler = ClipSampler.bind(AnimationClip.of("c", List.of(rot, tr)),
                AnimFixtures.randomSkeleton(r, 1));
        Pose pose = new Pose(1);
        for (BoneChannel c : List.of(rot, tr)) {
            int comps = c.path().components();
            int valueOffset = in == Interpolation.CUBICSPLINE ? comps : 0;
            int stride = comps * in.elementsPerKey();
            float[] v = c.values();
            double[] first = new double[comps];
            double[] last = new double[comps];
            for (int j = 0; j < comps; j++) {
                first[j] = v[valueOffset + j];
                last[j] = v[(c.keyCount() - 1) * stride + valueOffset + j];
            }
            for (float t : new float[] {-3, 0, Math.nextDown(c.startTime()), c.startTime()}) {
                assertClose(sampled(sampler.sample(t, pose), c, 0), first, KEY_TOLERANCE, c + " before start t=" + t);
            }
            for (float t : new float[] {c.endTime(), Math.nextUp(c.endTime()), c.endTime() + 10}) {
                assertClose(sampled(sampler.sample(t, pose), c, 0), last, KEY_TOLERANCE, c + " after end t=" + t);
            }
        }
    }

    /**
     * A clip declared longer than its keys holds every channel's last value to its end and loops
     * at that end: in clamp mode any time past the last key samples as the last key, in loop mode
     * {@code t + k * duration} samples as {@code t}.
     */
    @Property(tries = 50, seed = "2222")
    void aDeclaredDurationHoldsTheLastValuesAndLoopsAtItsEnd(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, 3);
        AnimationClip keys = AnimFixtures.randomClip(r, skeleton, 1.0, AnimFixtures.range(r, 0, 0.5), false);
        float d = keys.lastKeyTime() * 2.5f + 0.25f;
        AnimationClip clip = keys.withDuration(d);
        ClipSampler clamped = ClipSampler.bind(clip, skeleton);
        ClipSampler looping = ClipSampler.bind(clip, skeleton,
                SampleOptions.DEFAULTS.withTimeMode(SampleOptions.TimeMode.LOOP));
        ClipSampler keysOnly = ClipSampler.bind(keys, skeleton);
        assertThat(clamped.duration()).isEqualTo(d);
        Pose a = new Pose(3);
        Pose b = new Pose(3);
        for (int i = 0; i < 10; i++) {
            float t = (float) (r.nextDouble() * d);
            clamped.sample(t, a);
            keysOnly.sample(t, b);
            for (BoneChannel c : clip.channels()) {
                int bone = skeleton.indexOf(c.bone());
                assertClose(sampled(a, c, bone), sampled(b, c, bone), 0, c + " t=" + t);
            }
        }
        for (int i = 0; i < 10; i++) {
            float t = (float) (r.nextDouble() * d);
            float shifted = (float) (t + 2.0 * d);
            looping.sample(shifted, a);
            clamped.sample((float) (shifted - 2.0 * d), b);
            for (BoneChannel c : clip.channels()) {
                int bone = skeleton.indexOf(c.bone());
                assertClose(sampled(a, c, bone), sampled(b, c, bone), 0, c + " looped t=" + t);
            }
        }
    }

    @Property(tries = 100, seed = "1111")
    void loopingWrapsTimeIntoTheClip(@ForAll long seed, @ForAll @IntRange(min = -4, max = 4) int cycles) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, 3);
        AnimationClip clip = AnimFixtures.randomClip(r, skeleton, 1.0, AnimFixtures.range(r, 0, 0.5), false);
        ClipSampler looping = ClipSampler.bind(clip, skeleton,
                SampleOptions.DEFAULTS.withTimeMode(SampleOptions.TimeMode.LOOP));
        ClipSampler clamped = ClipSampler.bind(clip, skeleton);
        Pose a = new Pose(3);
        Pose b = new Pose(3);
        float d = clip.duration();
        for (int i = 0; i < 10; i++) {
            float t = (float) (r.nextDouble() * d);
            float shifted = (float) (t + cycles * (double) d);
            looping.sample(shifted, a);
            // the shifted time was rounded to float: wrap exactly what was passed
            clamped.sample((float) (shifted - cycles * (double) d), b);
            for (BoneChannel c : clip.channels()) {
                int bone = skeleton.indexOf(c.bone());
                assertClose(sampled(a, c, bone), sampled(b, c, bone), 0, c + " t=" + t + " cycles=" + cycles);
            }
        }
        // exactly one duration later is the start again, not the end
        looping.sample((float) d, a);
        clamped.sample(0, b);
        for (BoneChannel c : clip.channels()) {
            int bone = skeleton.indexOf(c.bone());
            assertClose(sampled(a, c, bone), sampled(b, c, bone), 0, c + " at t=duration");
        }
    }

    @Property(tries = 100, seed = "2222")
    void sequentialCursorSamplingEqualsRandomAccess(@ForAll long seed, @ForAll boolean loop) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, 6);
        AnimationClip clip = AnimFixtures.randomClip(r, skeleton, 1.5, 0, false);
        SampleOptions options = SampleOptions.DEFAULTS.withTimeMode(
                loop ? SampleOptions.TimeMode.LOOP : SampleOptions.TimeMode.CLAMP);
        ClipSampler sequential = ClipSampler.bind(clip, skeleton, options);
        ClipSampler fresh = ClipSampler.bind(clip, skeleton, options);
        ClipSampler shuffled = sequential.copy();
        Pose a = new Pose(6);
        Pose b = new Pose(6);
        Pose c = new Pose(6);
        float step = clip.duration() / AnimFixtures.range(r, 7, 200);
        List<Float> times = new ArrayList<>();
        for (float t = -step; t < 2.5f * clip.duration() + step; t += step) {
            times.add(t);
        }
        for (float t : times) {
            sequential.sample(t, a);
            fresh.resetCursors();
            fresh.sample(t, b);
            assertPosesEqual(a, b, t);
        }
        java.util.Collections.shuffle(times, new java.util.Random(seed));
        for (float t : times) {
            sequential.resetCursors();
            sequential.sample(t, a);
            shuffled.sample(t, c);
            assertPosesEqual(a, c, t);
        }
    }

    private static void assertPosesEqual(Pose a, Pose b, float t) {
        for (int i = 0; i < a.boneCount(); i++) {
            assertThat(a.translation(i, new Vector3f())).as("translation %d t=%s", i, t)
                    .isEqualTo(b.translation(i, new Vector3f()));
            assertThat(a.rotation(i, new Quaternionf())).as("rotation %d t=%s", i, t)
                    .isEqualTo(b.rotation(i, new Quaternionf()));
            assertThat(a.scale(i, new Vector3f())).as("scale %d t=%s", i, t).isEqualTo(b.scale(i, new Vector3f()));
        }
    }

    @Property(tries = 50, seed = "3333")
    void clipWhoseKeysStartAfterZero(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float start = AnimFixtures.range(r, 0.5, 2);
        BoneChannel late = AnimFixtures.randomChannel(r, "b0", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                AnimFixtures.keyTimes(r, 2 + r.nextInt(5), start), 1.0);
        BoneChannel later = AnimFixtures.randomChannel(r, "b0", ChannelPath.ROTATION, Interpolation.LINEAR,
                AnimFixtures.keyTimes(r, 2 + r.nextInt(5), start + 1), 1.0);
        AnimationClip clip = AnimationClip.of("late", List.of(late, later));
        ClipSampler sampler = ClipSampler.bind(clip, AnimFixtures.randomSkeleton(r, 1));
        assertThat(sampler.duration()).isEqualTo(Math.max(late.endTime(), later.endTime()));
        assertThat(clip.startTime()).isEqualTo(start);
        Pose pose = new Pose(1);
        for (float t = 0; t <= start + 1; t += 0.05f) {
            sampler.sample(t, pose);
            assertClose(sampled(pose, late, 0), AnimFixtures.referenceSample(late, t, false), VALUE_TOLERANCE,
                    "translation t=" + t);
            assertClose(sampled(pose, later, 0), AnimFixtures.referenceSample(later, t, false), VALUE_TOLERANCE,
                    "rotation t=" + t);
        }
        ClipSampler looping = ClipSampler.bind(clip, AnimFixtures.randomSkeleton(r, 1),
                SampleOptions.DEFAULTS.withTimeMode(SampleOptions.TimeMode.LOOP));
        float shifted = AnimFixtures.range(r, 0, sampler.duration()) + sampler.duration();
        Pose wrapped = looping.sample(shifted, new Pose(1));
        assertClose(sampled(wrapped, late, 0),
                AnimFixtures.referenceSample(late, (float) ((double) shifted - sampler.duration()), false),
                VALUE_TOLERANCE, "looping wraps at the last key over all channels");
    }

    @Test
    void slerpKeepsConstantAngularSpeedAndNlerpDoesNot() {
        // 0 and 120 degrees about z: slerp at a = 0.25 is exactly 30 degrees
        float h = (float) Math.sin(Math.toRadians(60));
        BoneChannel c = BoneChannel.of("b0", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                new float[] {0, 0, 0, 1, 0, 0, h, 0.5f});
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(3), 1);
        AnimationClip clip = AnimationClip.of("c", List.of(c));
        Quaternionf slerp = ClipSampler.bind(clip, skeleton).sample(0.25f, new Pose(1)).rotation(0, new Quaternionf());
        Quaternionf nlerp = ClipSampler.bind(clip, skeleton,
                SampleOptions.DEFAULTS.withRotationBlend(SampleOptions.RotationBlend.NLERP))
                .sample(0.25f, new Pose(1)).rotation(0, new Quaternionf());
        assertThat((double) slerp.z).isCloseTo(Math.sin(Math.toRadians(15)), offset(1e-7));
        assertThat((double) slerp.w).isCloseTo(Math.cos(Math.toRadians(15)), offset(1e-7));
        assertThat(Math.abs(nlerp.z - slerp.z)).isGreaterThan(1e-3f);
    }

    @Test
    void shortestArcIsTakenWhateverTheKeysSign() {
        float h = (float) Math.sin(Math.toRadians(30));
        float c30 = (float) Math.cos(Math.toRadians(30));
        // second key is -q(60 degrees about x): the same rotation, opposite hemisphere
        BoneChannel c = BoneChannel.of("b0", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                new float[] {0, 0, 0, 1, -h, 0, 0, -c30});
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(3), 1);
        Quaternionf q = ClipSampler.bind(AnimationClip.of("c", List.of(c)), skeleton)
                .sample(0.5f, new Pose(1)).rotation(0, new Quaternionf());
        assertThat((double) q.x).isCloseTo(Math.sin(Math.toRadians(15)), offset(1e-7));
        assertThat((double) q.w).isCloseTo(Math.cos(Math.toRadians(15)), offset(1e-7));
    }

    @Test
    void reportsAndSkipsChannelsOfMissingBones() {
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(4), 2);
        float[] times = {0, 1};
        AnimationClip clip = AnimationClip.of("walk", List.of(
                BoneChannel.of("b1", ChannelPath.TRANSLATION, Interpolation.LINEAR, times, new float[] {0, 0, 0, 1, 1, 1}),
                BoneChannel.of("tail", ChannelPath.ROTATION, Interpolation.LINEAR, times,
                        new float[] {0, 0, 0, 1, 0, 0, 0, 1}),
                BoneChannel.of("tail", ChannelPath.SCALE, Interpolation.STEP, new float[] {0.5f},
                        new float[] {2, 2, 2}),
                BoneChannel.of("b0", ChannelPath.SCALE, Interpolation.STEP, times, new float[] {2, 2, 2, 3, 3, 3})));
        ClipSampler sampler = ClipSampler.bind(clip, skeleton);
        SampleReport report = sampler.report();
        assertThat(report.boundChannelCount()).isEqualTo(2);
        assertThat(report.ignoredChannels()).containsExactly("bone 'tail' rotation", "bone 'tail' scale");
        assertThat(report.ignoredChannelCount()).isEqualTo(2);
        assertThat(report.missingBones()).containsExactly("tail");
        assertThat(report.keyTimelineCount()).isEqualTo(1);
        Pose pose = sampler.sample(0.5f, new Pose(2));
        assertThat(pose.translation(1, new Vector3f())).isEqualTo(new Vector3f(0.5f, 0.5f, 0.5f));
        assertThat(pose.scale(0, new Vector3f())).isEqualTo(new Vector3f(2, 2, 2));
        assertThat(pose.rotation(0, new Quaternionf())).isEqualTo(skeleton.restRotation(0, new Quaternionf()));
        assertThat(sampler.duration()).isEqualTo(1);
    }

    @Test
    void clipWithoutChannelsSamplesTheRestPose() {
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(8), 5);
        Pose pose = AnimFixtures.randomPose(new SplittableRandom(9), 5);
        for (SampleOptions.TimeMode mode : SampleOptions.TimeMode.values()) {
            ClipSampler.bind(AnimationClip.of("empty", List.of()), skeleton, SampleOptions.DEFAULTS.withTimeMode(mode))
                    .sample(3, pose);
            assertPosesEqual(pose, Pose.rest(skeleton), 3);
        }
    }

    @Property(tries = 100, seed = "5555")
    void morphWeightsMatchTheReference(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int interpolation,
            @ForAll @IntRange(min = 1, max = 9) int weightCount) {
        SplittableRandom r = new SplittableRandom(seed);
        Interpolation in = INTERPOLATIONS[interpolation];
        float[] times = AnimFixtures.keyTimes(r, 1 + r.nextInt(8), AnimFixtures.range(r, 0, 0.5));
        float[] values = new float[times.length * weightCount * in.elementsPerKey()];
        for (int i = 0; i < values.length; i++) {
            values[i] = AnimFixtures.range(r, -1, 1);
        }
        MorphChannel m = MorphChannel.of("face", weightCount, in, times, values);
        // the same data as a translation channel per weight component gives the reference
        AnimationClip clip = AnimationClip.of("c", List.of(), List.of(MorphChannel.of("other", 1, Interpolation.STEP,
                new float[] {0}, new float[] {7}), m));
        ClipSampler sampler = ClipSampler.bind(clip, AnimFixtures.randomSkeleton(r, 1));
        assertThat(sampler.morphChannelCount()).isEqualTo(2);
        assertThat(sampler.morphChannelIndex("face")).isEqualTo(1);
        assertThat(sampler.morphChannelIndex("nobody")).isEqualTo(-1);
        assertThat(sampler.morphWeightCount(1)).isEqualTo(weightCount);
        float[] dst = new float[weightCount + 3];
        for (int i = 0; i < 10; i++) {
            float t = AnimFixtures.range(r, -0.2, times[times.length - 1] + 0.2);
            sampler.sampleMorphWeights("face", t, dst, 2);
            for (int j = 0; j < weightCount; j++) {
                double expected = referenceWeight(times, values, weightCount, in, j, t);
                assertThat((double) dst[2 + j]).as("weight %d at t=%s", j, t).isCloseTo(expected, offset(VALUE_TOLERANCE));
            }
            assertThat(dst[0]).isZero();
            assertThat(dst[weightCount + 2]).isZero();
        }
        assertThat(sampler.sampleMorphWeights(0, 5, new float[1], 0)).containsExactly(7);
    }

    /** Weight {@code j} of a morph channel via the bone-channel reference on a 3-component copy. */
    private static double referenceWeight(float[] times, float[] values, int n, Interpolation in, int j, float t) {
        int e = in.elementsPerKey();
        float[] v3 = new float[times.length * e * 3];
        for (int k = 0; k < times.length * e; k++) {
            v3[3 * k] = values[k * n + j];
        }
        BoneChannel c = BoneChannel.of("x", ChannelPath.TRANSLATION, in, times, v3);
        return AnimFixtures.referenceSample(c, t, false)[0];
    }

    // ---- invalid input, one case each ----

    private static final Skeleton SKELETON = AnimFixtures.randomSkeleton(new SplittableRandom(11), 3);
    private static final AnimationClip CLIP = AnimationClip.of("walk", List.of(
            BoneChannel.of("tail", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                    new float[] {0, 0, 0, 1, 0, 1, 0, 0})),
            List.of(MorphChannel.of("face", 2, Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 0, 1, 1})));

    @Test
    void rejectsPoseOfAnotherBoneCount() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        assertThatThrownBy(() -> sampler.sample(0, new Pose(4)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("ClipSampler.sample").hasMessageContaining("pose boneCount 4")
                .hasMessageContaining("boneCount 3");
    }

    @Test
    void rejectsNonFiniteTime() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        Pose pose = AnimFixtures.randomPose(new SplittableRandom(1), 3);
        Pose before = new Pose(3).set(pose);
        assertThatThrownBy(() -> sampler.sample(Float.NaN, pose))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("ClipSampler.sample").hasMessageContaining("time NaN")
                .hasMessageContaining("expected a finite time");
        assertPosesEqual(pose, before, Float.NaN);
    }

    @Test
    void rejectsMissingBoneWhenStrict() {
        assertThatThrownBy(() -> ClipSampler.bind(CLIP, SKELETON,
                SampleOptions.DEFAULTS.withMissingBones(SampleOptions.MissingBones.REJECT)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("ClipSampler.bind").hasMessageContaining("clip 'walk'")
                .hasMessageContaining("rotation channel of bone 'tail'")
                .hasMessageContaining("not in skeleton 'random' (3 bones)");
    }

    @Test
    void rejectsMorphChannelIndexOutOfRange() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        assertThatThrownBy(() -> sampler.sampleMorphWeights(1, 0, new float[2], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("sampleMorphWeights").hasMessageContaining("morphChannel 1")
                .hasMessageContaining("expected 0..0");
    }

    @Test
    void rejectsMorphWeightCountOfChannelOutOfRange() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        assertThatThrownBy(() -> sampler.morphWeightCount(-1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("ClipSampler.morphWeightCount: morphChannel -1, expected 0..0 (clip 'walk' has 1 morph"
                        + " channels)");
    }

    @Test
    void rejectsShortMorphDestination() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        float[] dst = new float[3];
        assertThatThrownBy(() -> sampler.sampleMorphWeights(0, 0, dst, 2))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("sampleMorphWeights").hasMessageContaining("dst length 3")
                .hasMessageContaining("offset + weightCount = 4");
        assertThat(dst).containsOnly(0f);
    }

    @Test
    void rejectsNegativeMorphOffset() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        assertThatThrownBy(() -> sampler.sampleMorphWeights(0, 0, new float[3], -1))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("sampleMorphWeights").hasMessageContaining("offset -1")
                .hasMessageContaining(">= 0");
    }

    @Test
    void rejectsUnknownMorphTarget() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        assertThatThrownBy(() -> sampler.sampleMorphWeights("body", 0, new float[2], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("sampleMorphWeights").hasMessageContaining("target 'body'")
                .hasMessageContaining("clip 'walk' (1 morph channels)");
    }

    @Test
    void rejectsNonFiniteMorphTime() {
        ClipSampler sampler = ClipSampler.bind(CLIP, SKELETON);
        assertThatThrownBy(() -> sampler.sampleMorphWeights(0, Float.POSITIVE_INFINITY, new float[2], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("sampleMorphWeights").hasMessageContaining("time Infinity")
                .hasMessageContaining("expected a finite time");
    }
}
