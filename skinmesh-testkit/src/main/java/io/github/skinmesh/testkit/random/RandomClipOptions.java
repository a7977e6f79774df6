package io.github.skinmesh.testkit.random;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.testkit.internal.Arguments;
import io.github.skinmesh.core.model.Interpolation;
import java.util.Objects;

/**
 * Options of {@link RandomModels#clip(io.github.skinmesh.testkit.SplitMix64,
 * io.github.skinmesh.core.model.Skeleton, RandomClipOptions)}.
 *
 * @param duration time of the last key in seconds, greater than 0 and at most
 *     {@value #MAX_DURATION}; default 2
 * @param keyCount keys per channel, 1..{@value #MAX_KEYS}; a single key sits at time 0 (a constant
 *     clip of duration 0); with two or more, the spacing {@code duration / (keyCount - 1)} must be
 *     at least {@value #MIN_KEY_SPACING} s; default 61
 * @param interpolation interpolation of every channel; default {@link Interpolation#LINEAR}
 * @param keyTiming how keys are spaced; default {@link KeyTiming#UNIFORM}
 * @param channels which properties of each bone are animated; default {@link ChannelSet#ALL}
 * @param morphWeights weights per key of one morph-weight channel targeting
 *     {@value RandomModels#MESH_NAME}, 0 (no channel)..{@value #MAX_MORPH_WEIGHTS}; default 0
 */
public record RandomClipOptions(float duration, int keyCount, Interpolation interpolation, KeyTiming keyTiming,
        ChannelSet channels, int morphWeights) {
    /** Largest duration in seconds. */
    public static final float MAX_DURATION = 3600f;
    /** Largest key count. */
    public static final int MAX_KEYS = 100_000;
    /** Smallest even key spacing in seconds. */
    public static final float MIN_KEY_SPACING = 1e-3f;
    /** Largest number of morph weights per key. */
    public static final int MAX_MORPH_WEIGHTS = 64;

    /** 2 s, 61 keys (30 Hz), LINEAR, uniform times, translation, rotation and scale channels, no morph weights. */
    public static final RandomClipOptions DEFAULTS = new RandomClipOptions(2f, 61, Interpolation.LINEAR,
            KeyTiming.UNIFORM, ChannelSet.ALL, 0);

    /**
     * Validates the options.
     *
     * @param duration last key time in seconds
     * @param keyCount keys per channel
     * @param interpolation interpolation
     * @param keyTiming key spacing
     * @param channels animated properties
     * @param morphWeights morph weights per key
     * @throws ValidationException naming the first field out of its range, or the key spacing
     *     when it is too small
     */
    public RandomClipOptions {
        Objects.requireNonNull(interpolation, "interpolation");
        Objects.requireNonNull(keyTiming, "keyTiming");
        Objects.requireNonNull(channels, "channels");
        String where = "RandomClipOptions";
        if (!(duration > 0 && duration <= MAX_DURATION)) {
            throw new ValidationException(where + ": duration=" + duration + ", expected greater than 0 and at most "
                    + MAX_DURATION + " s");
        }
        Arguments.requireRange(where, "keyCount", keyCount, 1, MAX_KEYS);
        if (keyCount > 1 && duration / (keyCount - 1) < MIN_KEY_SPACING) {
            throw new ValidationException(where + ": key spacing duration/(keyCount-1) = " + duration / (keyCount - 1)
                    + " s, expected at least " + MIN_KEY_SPACING + " s");
        }
        Arguments.requireRange(where, "morphWeights", morphWeights, 0, MAX_MORPH_WEIGHTS);
    }

    /**
     * @param value last key time in seconds
     * @return a copy with that duration
     * @throws ValidationException when the result is invalid
     */
    public RandomClipOptions withDuration(float value) {
        return new RandomClipOptions(value, keyCount, interpolation, keyTiming, channels, morphWeights);
    }

    /**
     * @param value keys per channel
     * @return a copy with that key count
     * @throws ValidationException when the result is invalid
     */
    public RandomClipOptions withKeyCount(int value) {
        return new RandomClipOptions(duration, value, interpolation, keyTiming, channels, morphWeights);
    }

    /**
     * @param value interpolation of every channel
     * @return a copy with that interpolation
     */
    public RandomClipOptions withInterpolation(Interpolation value) {
        return new RandomClipOptions(duration, keyCount, value, keyTiming, channels, morphWeights);
    }

    /**
     * @param value key spacing
     * @return a copy with that timing
     */
    public RandomClipOptions withKeyTiming(KeyTiming value) {
        return new RandomClipOptions(duration, keyCount, interpolation, value, channels, morphWeights);
    }

    /**
     * @param value animated properties
     * @return a copy with that channel set
     */
    public RandomClipOptions withChannels(ChannelSet value) {
        return new RandomClipOptions(duration, keyCount, interpolation, keyTiming, value, morphWeights);
    }

    /**
     * @param value morph weights per key, 0 for no morph channel
     * @return a copy with that count
     * @throws ValidationException when the result is invalid
     */
    public RandomClipOptions withMorphWeights(int value) {
        return new RandomClipOptions(duration, keyCount, interpolation, keyTiming, channels, value);
    }
}
