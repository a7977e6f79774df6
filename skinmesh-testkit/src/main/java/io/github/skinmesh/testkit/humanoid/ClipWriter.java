package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.MorphChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples periodic motions of a looping clip into channels: rotations (STEP, LINEAR or
 * CUBICSPLINE with exact tangents), translations and scales keyed at the clip's key rate.
 */
final class ClipWriter {
    /** The turns of one bone at a phase (radians, one period = 2 pi). */
    interface Turns {
        void apply(double phase, Motion motion);
    }

    /** A three-component value of one bone at a phase. */
    interface Vector {
        void apply(double phase, double[] dest);
    }

    /** Step in seconds of the central difference that gives cubic spline tangents. */
    private static final double TANGENT_STEP = 1e-4;

    private final Rig rig;
    private final Motion motion;
    private final ClipTiming timing;
    private final List<BoneChannel> channels = new ArrayList<>();
    private final List<MorphChannel> morphChannels = new ArrayList<>();
    private final double[] quaternion = new double[4];
    private final double[] vector = new double[3];

    ClipWriter(Rig rig, ClipTiming timing) {
        this.rig = rig;
        this.motion = new Motion(rig);
        this.timing = timing;
    }

    /** Adds a LINEAR rotation channel keyed at the key rate. */
    void rotation(int bone, Turns turns) {
        rotation(bone, turns, Interpolation.LINEAR);
    }

    /**
     * Adds a rotation channel: STEP and LINEAR keyed at the key rate; CUBICSPLINE with
     * {@code cubicKeys} intervals per loop and tangents {@code dq/dt} per second (glTF scales them
     * by the key interval when evaluating), taken by central differences of the motion itself.
     */
    void rotation(int bone, Turns turns, Interpolation interpolation, int cubicKeys) {
        if (interpolation != Interpolation.CUBICSPLINE) {
            rotation(bone, turns, interpolation);
            return;
        }
        int count = Math.max(2, cubicKeys);
        float[] values = new float[12 * (count + 1)];
        double[] ahead = new double[4];
        double[] behind = new double[4];
        double dPhase = 2 * Math.PI * TANGENT_STEP / timing.duration;
        for (int k = 0; k <= count; k++) {
            double phase = ClipTiming.phase(k, count);
            sample(bone, turns, phase, quaternion);
            sample(bone, turns, phase + dPhase, ahead);
            sample(bone, turns, phase - dPhase, behind);
            for (int c = 0; c < 4; c++) {
                float tangent = (float) ((ahead[c] - behind[c]) / (2 * TANGENT_STEP));
                values[12 * k + c] = tangent;
                values[12 * k + 4 + c] = (float) quaternion[c];
                values[12 * k + 8 + c] = tangent;
            }
        }
        channels.add(BoneChannel.of(rig.names[bone], ChannelPath.ROTATION, Interpolation.CUBICSPLINE,
                timing.times(count), values));
    }

    private void rotation(int bone, Turns turns, Interpolation interpolation) {
        int count = timing.frames;
        float[] values = new float[4 * (count + 1)];
        for (int k = 0; k <= count; k++) {
            sample(bone, turns, ClipTiming.phase(k, count), quaternion);
            for (int c = 0; c < 4; c++) {
                values[4 * k + c] = (float) quaternion[c];
            }
            assert k == 0 || dot4(values, 4 * k, 4 * (k - 1)) > 0 : "keys on opposite hemispheres";
        }
        channels.add(BoneChannel.of(rig.names[bone], ChannelPath.ROTATION, interpolation, timing.times(count),
                values));
    }

    private void sample(int bone, Turns turns, double phase, double[] dest) {
        motion.reset();
        turns.apply(phase, motion);
        motion.rotation(bone, dest, 0);
    }

    /** Adds a LINEAR translation channel: the rest translation plus a model-space offset per phase. */
    void translation(int bone, Vector offset) {
        int count = timing.frames;
        float[] values = new float[3 * (count + 1)];
        for (int k = 0; k <= count; k++) {
            offset.apply(ClipTiming.phase(k, count), vector);
            motion.translation(bone, vector[0], vector[1], vector[2], values, 3 * k);
        }
        channels.add(BoneChannel.of(rig.names[bone], ChannelPath.TRANSLATION, Interpolation.LINEAR,
                timing.times(count), values));
    }

    /**
     * Adds LINEAR translation channels holding the rest translation of each bone that has no
     * translation channel yet, as exporters of motion capture key every bone's translation.
     */
    void restTranslations(int... bones) {
        for (int bone : bones) {
            boolean present = false;
            for (BoneChannel c : channels) {
                present |= c.path() == ChannelPath.TRANSLATION && c.bone().equals(rig.names[bone]);
            }
            if (!present) {
                translation(bone, (phase, d) -> java.util.Arrays.fill(d, 0));
            }
        }
    }

    /** Adds a LINEAR scale channel: the local scale per phase. */
    void scale(int bone, Vector scale) {
        int count = timing.frames;
        float[] values = new float[3 * (count + 1)];
        for (int k = 0; k <= count; k++) {
            scale.apply(ClipTiming.phase(k, count), vector);
            for (int c = 0; c < 3; c++) {
                values[3 * k + c] = (float) vector[c];
            }
        }
        channels.add(BoneChannel.of(rig.names[bone], ChannelPath.SCALE, Interpolation.LINEAR, timing.times(count),
                values));
    }

    /** Adds a LINEAR morph-weight channel of {@code weightCount} weights per key. */
    void morphWeights(String target, int weightCount, MorphWeights weights) {
        int count = timing.frames;
        float[] values = new float[weightCount * (count + 1)];
        for (int k = 0; k <= count; k++) {
            weights.apply(ClipTiming.phase(k, count), values, weightCount * k);
        }
        morphChannels.add(MorphChannel.of(target, weightCount, Interpolation.LINEAR, timing.times(count),
                values));
    }

    /** Morph weights at a phase, written at an offset. */
    interface MorphWeights {
        void apply(double phase, float[] dest, int offset);
    }

    AnimationClip build(String name) {
        return AnimationClip.of(name, channels, morphChannels);
    }

    private static double dot4(float[] v, int a, int b) {
        return v[a] * v[b] + v[a + 1] * v[b + 1] + v[a + 2] * v[b + 2] + v[a + 3] * v[b + 3];
    }
}
