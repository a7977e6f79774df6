package io.github.skinmesh.core.model;

import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * Keyframes of one property (translation, rotation or scale) of one bone, named by bone.
 *
 * <p>{@code times} are in seconds, finite, {@code >= 0} and strictly increasing. {@code values}
 * hold {@code path.components()} floats per element and one element per key, or three (in-tangent,
 * value, out-tangent) with {@link Interpolation#CUBICSPLINE}. Rotation values are quaternions
 * {@code (x, y, z, w)}; the factory normalizes the key values (not the tangents) and rejects a
 * zero-length one.
 *
 * <p>Immutable and thread-safe; the factory copies the arrays once.
 */
public final class BoneChannel {
    private final String bone;
    private final ChannelPath path;
    private final Interpolation interpolation;
    private final float[] times;
    private final float[] values;

    private BoneChannel(String bone, ChannelPath path, Interpolation interpolation, float[] times, float[] values) {
        this.bone = Objects.requireNonNull(bone, "bone");
        this.path = Objects.requireNonNull(path, "path");
        this.interpolation = Objects.requireNonNull(interpolation, "interpolation");
        String where = "channel " + Checks.quote(bone) + " " + path.name().toLowerCase(java.util.Locale.ROOT);
        Keys.check(where, times, values, path.components(), interpolation);
        if (path == ChannelPath.ROTATION) {
            int stride = 4 * interpolation.elementsPerKey();
            Quaternions.requireNonZeroAndNormalize(where, "key", "rotation", values, stride,
                    interpolation == Interpolation.CUBICSPLINE ? 4 : 0);
        }
        this.times = times;
        this.values = values;
    }

    /**
     * Creates a channel, copying the arrays.
     *
     * @param bone the bone's name
     * @param path the property
     * @param interpolation how to interpolate
     * @param times key times in seconds
     * @param values key values, see the class description for the layout
     * @return the channel
     * @throws io.github.skinmesh.core.ValidationException on negative, non-finite or non-increasing
     *     times, a wrong value count, non-finite values or a zero-length rotation
     */
    public static BoneChannel of(String bone, ChannelPath path, Interpolation interpolation, float[] times,
            float[] values) {
        return new BoneChannel(bone, path, interpolation, times.clone(), values.clone());
    }

    static BoneChannel adopt(String bone, ChannelPath path, Interpolation interpolation, float[] times, float[] values) {
        return new BoneChannel(bone, path, interpolation, times, values);
    }

    /** @return the bone's name */
    public String bone() {
        return bone;
    }

    /** @return the property */
    public ChannelPath path() {
        return path;
    }

    /** @return the interpolation */
    public Interpolation interpolation() {
        return interpolation;
    }

    /** @return the number of keys */
    public int keyCount() {
        return times.length;
    }

    /**
     * @param key key index
     * @return its time in seconds
     */
    public float time(int key) {
        return times[key];
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
        return o == this || (o instanceof BoneChannel && ((BoneChannel) o).bone.equals(bone) && ((BoneChannel) o).path == path
                && ((BoneChannel) o).interpolation == interpolation && Arrays.equals(((BoneChannel) o).times, times)
                && Arrays.equals(((BoneChannel) o).values, values));
    }

    @Override
    public int hashCode() {
        return Objects.hash(bone, path, interpolation, Arrays.hashCode(times));
    }

    @Override
    public String toString() {
        return "BoneChannel[" + Checks.quote(bone) + " " + path + " " + interpolation + ", " + times.length + " keys]";
    }
}
