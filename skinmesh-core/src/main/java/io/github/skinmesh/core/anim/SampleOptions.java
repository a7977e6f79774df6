package io.github.skinmesh.core.anim;

import java.util.Objects;

/**
 * Options of {@link ClipSampler}.
 *
 * @param timeMode how a sample time maps onto the clip; default {@link TimeMode#CLAMP}
 * @param rotationBlend how LINEAR rotation channels blend between keys; default
 *     {@link RotationBlend#SLERP}
 * @param missingBones what to do with channels naming bones the skeleton lacks; default
 *     {@link MissingBones#IGNORE}
 */
public record SampleOptions(TimeMode timeMode, RotationBlend rotationBlend, MissingBones missingBones) {
    /** Clamped play-once time, spherical interpolation, channels of missing bones ignored. */
    public static final SampleOptions DEFAULTS = new SampleOptions(TimeMode.CLAMP, RotationBlend.SLERP,
            MissingBones.IGNORE);

    /** How a sample time maps onto the clip's keys. */
    public enum TimeMode {
        /**
         * Play once (glTF, three.js): each channel holds its first key's value at or before its
         * first key time and its last key's value at or after its last key time. Times before 0
         * and after the clip's duration are allowed.
         */
        CLAMP,
        /**
         * Loop: the time is first wrapped into {@code [0, duration)} ({@code t - duration *
         * floor(t / duration)}, negative times included), then each channel is sampled as with
         * {@link #CLAMP}. A clip of duration 0 always samples at time 0.
         */
        LOOP
    }

    /** How LINEAR rotation channels blend between two keys; both take the shortest arc. */
    public enum RotationBlend {
        /** Spherical linear interpolation: constant angular speed between keys (glTF). */
        SLERP,
        /**
         * Normalized linear interpolation: cheaper, same end points, slightly non-uniform angular
         * speed; the difference is negligible for keys a few degrees apart.
         */
        NLERP
    }

    /** What binding does with a channel whose bone is not in the skeleton. */
    public enum MissingBones {
        /** Skip the channel and list it in {@link SampleReport#ignoredChannels()}. */
        IGNORE,
        /** Throw a {@link io.github.skinmesh.core.ValidationException} naming the bone and the skeleton. */
        REJECT
    }

    /**
     * @param timeMode how a sample time maps onto the clip
     * @param rotationBlend how LINEAR rotation channels blend
     * @param missingBones what to do with channels of bones the skeleton lacks
     * @throws NullPointerException when an argument is null
     */
    public SampleOptions {
        Objects.requireNonNull(timeMode, "timeMode");
        Objects.requireNonNull(rotationBlend, "rotationBlend");
        Objects.requireNonNull(missingBones, "missingBones");
    }

    /**
     * @param mode the time mode
     * @return these options with {@code timeMode} replaced
     */
    public SampleOptions withTimeMode(TimeMode mode) {
        return new SampleOptions(mode, rotationBlend, missingBones);
    }

    /**
     * @param blend the rotation blend
     * @return these options with {@code rotationBlend} replaced
     */
    public SampleOptions withRotationBlend(RotationBlend blend) {
        return new SampleOptions(timeMode, blend, missingBones);
    }

    /**
     * @param policy the missing-bone policy
     * @return these options with {@code missingBones} replaced
     */
    public SampleOptions withMissingBones(MissingBones policy) {
        return new SampleOptions(timeMode, rotationBlend, policy);
    }
}
