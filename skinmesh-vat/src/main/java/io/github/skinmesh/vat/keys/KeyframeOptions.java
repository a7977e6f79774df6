package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Options of {@link Keyframes#bake}. Immutable; start from {@link #DEFAULTS} and change fields with
 * the {@code with...} methods.
 *
 * @param fps the rate of the dense sampling, in frames per second of clip time, finite and
 *     {@code > 0}; default 30. Frame {@code f} is the pose at {@code min(f / fps, duration)} and the
 *     last frame the pose at the duration exactly, as vertex animation textures sample. Errors are
 *     measured at every frame, segments start and end on frames, and key times are searched on the
 *     frames and between them.
 * @param segments the number of segments, {@code 1..}{@value #MAX_SEGMENTS}, or
 *     {@link #AUTO_SEGMENTS} (the default) to choose them by {@code tolerance}. A forced count
 *     splits the frames into that many segments of equal frame counts (within one frame); every
 *     segment spans at least {@value Keyframes#MIN_SEGMENT_INTERVALS} frame intervals.
 * @param tolerance for {@link #AUTO_SEGMENTS}: the largest position error a segment may have, as a
 *     fraction of the diagonal of the box of every sampled position of the clip, in
 *     {@code (0, 1]}; default 0.005 (1 cm when the diagonal is 2 m). Ignored for a forced count.
 * @param streams the streams of the key poses; default {@link KeyStreams#AUTO}
 */
public record KeyframeOptions(float fps, int segments, float tolerance, KeyStreams streams) {
    /** The value of {@link #segments()} that chooses the segments by the tolerance. */
    public static final int AUTO_SEGMENTS = 0;
    /** Largest forced segment count. */
    public static final int MAX_SEGMENTS = 1 << 16;
    /** 30 fps, automatic segments within 0.5 % of the clip box's diagonal, normals when present. */
    public static final KeyframeOptions DEFAULTS = new KeyframeOptions(30, AUTO_SEGMENTS, 0.005f, KeyStreams.AUTO);

    /**
     * @param fps sampling rate, finite and {@code > 0}
     * @param segments {@link #AUTO_SEGMENTS} or {@code 1..}{@value #MAX_SEGMENTS}
     * @param tolerance relative tolerance, {@code (0, 1]}
     * @param streams key pose streams
     * @throws ValidationException when a value is out of its range (the message names it)
     * @throws NullPointerException when {@code streams} is null
     */
    public KeyframeOptions {
        if (!(fps > 0 && fps < Float.POSITIVE_INFINITY)) {
            throw new ValidationException("KeyframeOptions: fps=" + fps + ", expected a finite rate > 0");
        }
        if (segments < AUTO_SEGMENTS || segments > MAX_SEGMENTS) {
            throw new ValidationException("KeyframeOptions: segments=" + segments + ", expected "
                    + AUTO_SEGMENTS + " (automatic) or 1.." + MAX_SEGMENTS);
        }
        if (!(tolerance > 0 && tolerance <= 1)) {
            throw new ValidationException("KeyframeOptions: tolerance=" + tolerance
                    + ", expected a fraction of the clip box's diagonal in (0, 1]");
        }
        Objects.requireNonNull(streams, "streams");
    }

    /**
     * @param value sampling rate, finite and {@code > 0}
     * @return these options with {@code fps} replaced
     * @throws ValidationException when out of range
     */
    public KeyframeOptions withFps(float value) {
        return new KeyframeOptions(value, segments, tolerance, streams);
    }

    /**
     * @param value {@link #AUTO_SEGMENTS} or {@code 1..}{@value #MAX_SEGMENTS}
     * @return these options with {@code segments} replaced
     * @throws ValidationException when out of range
     */
    public KeyframeOptions withSegments(int value) {
        return new KeyframeOptions(fps, value, tolerance, streams);
    }

    /**
     * @param value relative tolerance, {@code (0, 1]}
     * @return these options with {@code tolerance} replaced
     * @throws ValidationException when out of range
     */
    public KeyframeOptions withTolerance(float value) {
        return new KeyframeOptions(fps, segments, value, streams);
    }

    /**
     * @param value key pose streams
     * @return these options with {@code streams} replaced
     */
    public KeyframeOptions withStreams(KeyStreams value) {
        return new KeyframeOptions(fps, segments, tolerance, value);
    }

    /** @return whether the segment count is chosen by the tolerance */
    public boolean autoSegments() {
        return segments == AUTO_SEGMENTS;
    }
}
