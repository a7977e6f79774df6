package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.testkit.SplitMix64;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code sample} workload (W-POSE-64): clip sampling plus local-to-model matrices.
 *
 * <p>Skeleton: {@value #JOINTS} joints named {@code joint0..joint63}, {@code parent(i) = (i - 1) / 2}
 * (joint 0 is the root), rest translation {@code (0, 0.1, 0)}, identity rest rotation, unit rest
 * scale. Clip {@code "sample"} of {@value #DURATION} s: per joint a LINEAR rotation channel and a
 * LINEAR translation channel of {@value #KEYS} keys at {@code k / 30} s, and a one-key scale
 * channel {@code (1, 1, 1)} at time 0.
 *
 * <p>Values come from {@link SplitMix64} seeded {@value #SEED}, drawn joint by joint: first the
 * 61 rotation keys, each {@code z = nf()*2-1}, {@code phi = 2 pi nf()}, axis
 * {@code (sqrt(1-z^2) cos phi, sqrt(1-z^2) sin phi, z)}, angle {@code (nf()*2-1) * 0.5} rad
 * (quaternion {@code (axis sin(angle/2), cos(angle/2))}); then the 61 translation keys, each the
 * rest translation plus {@code (nf()*2-1) * 0.02} per component.
 *
 * <p>Access patterns: {@code seq} samples {@code t = (i mod 120) * duration / 120} for pose
 * {@code i} (a looping playback advancing 1/120 of the clip per pose); {@code random} samples the
 * {@value #RANDOM_TIME_COUNT} times {@code nf() * duration} of a {@link SplitMix64} seeded
 * {@value #RANDOM_SEED}, in order.
 *
 * <p>Immutable.
 */
public final class SampleWorkload {
    /** Number of joints. */
    public static final int JOINTS = 64;
    /** Clip duration in seconds. */
    public static final float DURATION = 2.0f;
    /** Keys per rotation and translation channel (30 Hz over the duration, both ends). */
    public static final int KEYS = 61;
    /** Poses per clip in the sequential pattern. */
    public static final int SEQUENTIAL_STEPS = 120;
    /** Number of times in the random pattern. */
    public static final int RANDOM_TIME_COUNT = 4096;
    /** Seed of the clip's values. */
    public static final long SEED = 0xA11A;
    /** Seed of the random times. */
    public static final long RANDOM_SEED = 7;
    /** Largest rotation angle of a key, radians. */
    public static final double MAX_ANGLE = 0.5;
    /** Largest offset of a translation key from the rest translation, per component. */
    public static final float MAX_OFFSET = 0.02f;

    private final Skeleton skeleton;
    private final AnimationClip clip;
    private final float[] randomTimes;

    private SampleWorkload(Skeleton skeleton, AnimationClip clip, float[] randomTimes) {
        this.skeleton = skeleton;
        this.clip = clip;
        this.randomTimes = randomTimes;
    }

    /**
     * Builds the workload (deterministic: equal on every call and machine).
     *
     * @return the workload
     */
    public static SampleWorkload create() {
        String[] names = new String[JOINTS];
        int[] parents = new int[JOINTS];
        float[] restT = new float[3 * JOINTS];
        float[] restR = new float[4 * JOINTS];
        float[] restS = new float[3 * JOINTS];
        for (int i = 0; i < JOINTS; i++) {
            names[i] = "joint" + i;
            parents[i] = i == 0 ? Skeleton.NO_PARENT : (i - 1) / 2;
            restT[3 * i + 1] = 0.1f;
            restR[4 * i + 3] = 1;
            restS[3 * i] = 1;
            restS[3 * i + 1] = 1;
            restS[3 * i + 2] = 1;
        }
        Skeleton skeleton = Skeleton.of("sample", names, parents, restT, restR, restS);

        float[] times = new float[KEYS];
        for (int k = 0; k < KEYS; k++) {
            times[k] = k / 30f;
        }
        SplitMix64 rng = new SplitMix64(SEED);
        List<BoneChannel> channels = new ArrayList<>();
        for (int i = 0; i < JOINTS; i++) {
            float[] rotations = new float[4 * KEYS];
            for (int k = 0; k < KEYS; k++) {
                double z = rng.nf() * 2.0 - 1;
                double phi = 2 * Math.PI * rng.nf();
                double angle = (rng.nf() * 2.0 - 1) * MAX_ANGLE;
                double r = Math.sqrt(Math.max(0, 1 - z * z));
                double s = Math.sin(angle / 2);
                rotations[4 * k] = (float) (r * Math.cos(phi) * s);
                rotations[4 * k + 1] = (float) (r * Math.sin(phi) * s);
                rotations[4 * k + 2] = (float) (z * s);
                rotations[4 * k + 3] = (float) Math.cos(angle / 2);
            }
            float[] translations = new float[3 * KEYS];
            for (int k = 0; k < KEYS; k++) {
                for (int c = 0; c < 3; c++) {
                    translations[3 * k + c] = restT[3 * i + c] + (rng.nf() * 2 - 1) * MAX_OFFSET;
                }
            }
            channels.add(BoneChannel.of(names[i], ChannelPath.ROTATION, Interpolation.LINEAR, times, rotations));
            channels.add(BoneChannel.of(names[i], ChannelPath.TRANSLATION, Interpolation.LINEAR, times, translations));
            channels.add(BoneChannel.of(names[i], ChannelPath.SCALE, Interpolation.LINEAR, new float[] {0},
                    new float[] {1, 1, 1}));
        }
        AnimationClip clip = AnimationClip.of("sample", channels);

        SplitMix64 timeRng = new SplitMix64(RANDOM_SEED);
        float[] randomTimes = new float[RANDOM_TIME_COUNT];
        for (int i = 0; i < RANDOM_TIME_COUNT; i++) {
            randomTimes[i] = timeRng.nf() * DURATION;
        }
        return new SampleWorkload(skeleton, clip, randomTimes);
    }

    /** @return the 64-joint skeleton */
    public Skeleton skeleton() {
        return skeleton;
    }

    /** @return the 2 s clip */
    public AnimationClip clip() {
        return clip;
    }

    /**
     * @param pose pose number, {@code >= 0}
     * @return the time of that pose in the {@code seq} pattern, {@code (pose mod 120) * duration / 120}
     */
    public static float sequentialTime(int pose) {
        return (pose % SEQUENTIAL_STEPS) * (DURATION / SEQUENTIAL_STEPS);
    }

    /** @return a copy of the {@value #RANDOM_TIME_COUNT} times of the {@code random} pattern */
    public float[] randomTimes() {
        return randomTimes.clone();
    }
}
