package io.github.skinmesh.core.model;

import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * Keyframes of the morph target weights of one target (a mesh or the node that instances it,
 * named by {@code target}).
 *
 * <p>Each element holds {@code weightCount} floats (one per morph target); one element per key,
 * or three (in-tangent, value, out-tangent) with {@link Interpolation#CUBICSPLINE}. Times as in
 * {@link BoneChannel}.
 *
 * <p>Immutable and thread-safe; the factory copies the arrays once.
 */
public final class MorphChannel {
    private final String target;
    private final int weightCount;
    private final Interpolation interpolation;
    private final float[] times;
    private final float[] values;

    private MorphChannel(String target, int weightCount, Interpolation interpolation, float[] times, float[] values) {
        this.target = Objects.requireNonNull(target, "target");
        this.interpolation = Objects.requireNonNull(interpolation, "interpolation");
        String where = "morph channel " + Checks.quote(target);
        Checks.requireRange(where, "weightCount", weightCount, 1, Integer.MAX_VALUE);
        Keys.check(where, times, values, weightCount, interpolation);
        this.weightCount = weightCount;
        this.times = times;
        this.values = values;
    }

    /**
     * Creates a channel, copying the arrays.
     *
     * @param target name of the animated mesh or node
     * @param weightCount weights per element ({@code >= 1}, the number of morph targets)
     * @param interpolation how to interpolate
     * @param times key times in seconds
     * @param values {@code keyCount * weightCount} floats (times 3 for cubic splines)
     * @return the channel
     * @throws io.github.skinmesh.core.ValidationException on a {@code weightCount} below 1, no keys,
     *     negative, non-finite or non-increasing times, a wrong value count or non-finite values
     */
    public static MorphChannel of(String target, int weightCount, Interpolation interpolation, float[] times,
            float[] values) {
        return new MorphChannel(target, weightCount, interpolation, times.clone(), values.clone());
    }

    static MorphChannel adopt(String target, int weightCount, Interpolation interpolation, float[] times,
            float[] values) {
        return new MorphChannel(target, weightCount, interpolation, times, values);
    }

    /** @return the animated mesh or node name */
    public String target() {
        return target;
    }

    /** @return the number of weights per element */
    public int weightCount() {
        return weightCount;
    }

    /** @return the interpolation */
    public Interpolation interpolation() {
        return interpolation;
    }

    /** @return the number of keys */
    public int keyCount() {
        return times.length;
    }

    /** @return the first key time */
    public float startTime() {
        return times[0];
    }

    /** @return the last key time */
    public float endTime() {
        return times[times.length - 1];
    }

    /** @return a copy of the key times */
    public float[] times() {
        return times.clone();
    }

    /** @return a copy of the values */
    public float[] values() {
        return values.clone();
    }

    float[] rawTimes() {
        return times;
    }

    float[] rawValues() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof MorphChannel && ((MorphChannel) o).target.equals(target)
                && ((MorphChannel) o).weightCount == weightCount && ((MorphChannel) o).interpolation == interpolation
                && Arrays.equals(((MorphChannel) o).times, times) && Arrays.equals(((MorphChannel) o).values, values));
    }

    @Override
    public int hashCode() {
        return Objects.hash(target, weightCount, interpolation, Arrays.hashCode(times));
    }

    @Override
    public String toString() {
        return "MorphChannel[" + Checks.quote(target) + ", " + weightCount + " weights, " + interpolation + ", "
                + times.length + " keys]";
    }
}
