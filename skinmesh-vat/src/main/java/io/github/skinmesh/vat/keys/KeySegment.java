package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.ValidationException;
import java.util.Arrays;
import java.util.Objects;

/**
 * One entry of a keyframe segment table: the segment's frames of the dense sampling, its 4 key
 * times and its measured errors.
 *
 * <p>The segment covers clip time {@code start() = keyTime(0)} to {@code end() = keyTime(3)}; its
 * mesh holds the poses at the 4 key times, and a position at time {@code t} is their cubic
 * interpolation ({@link KeyframeDecoder#weightsInto}). The errors are distances in model units
 * between decoded and exactly skinned positions over the segment's frames, both ends included.
 *
 * <p>Immutable and thread-safe; the constructor copies the key times.
 */
public final class KeySegment {
    private final int index;
    private final int firstFrame;
    private final int lastFrame;
    private final float[] keyTimes;
    private final double maxError;
    private final double rmsError;
    private final double thirdsMaxError;
    private final double thirdsRmsError;
    private final double normalMaxErrorDegrees;

    /**
     * Creates a table entry.
     *
     * @param index the segment's position in the table, {@code >= 0}
     * @param firstFrame the first frame of the dense sampling it covers, {@code >= 0}
     * @param lastFrame its last frame, {@code > firstFrame}
     * @param keyTimes the 4 key times in seconds, finite and strictly increasing; the first is the
     *     segment's start, the last its end
     * @param maxError the largest position error over its frames, finite, {@code >= 0}
     * @param rmsError the root mean square of those errors, finite, {@code >= 0}
     * @param thirdsMaxError the largest error with the inner keys at the thirds, finite, {@code >= 0}
     * @param thirdsRmsError the root mean square error with the inner keys at the thirds, finite,
     *     {@code >= 0}
     * @param normalMaxErrorDegrees the largest angle between a decoded and an exact normal, in
     *     {@code [0, 180]}, or NaN when the keys hold no normals
     * @throws ValidationException when a value is out of its range (naming the segment and the value)
     * @throws NullPointerException when {@code keyTimes} is null
     */
    public KeySegment(int index, int firstFrame, int lastFrame, float[] keyTimes, double maxError, double rmsError,
            double thirdsMaxError, double thirdsRmsError, double normalMaxErrorDegrees) {
        String where = "KeySegment " + index;
        if (index < 0) {
            throw new ValidationException("KeySegment: index " + index + ", expected >= 0");
        }
        if (firstFrame < 0 || lastFrame <= firstFrame) {
            throw new ValidationException(where + ": frames " + firstFrame + ".." + lastFrame
                    + ", expected 0 <= firstFrame < lastFrame");
        }
        Objects.requireNonNull(keyTimes, "keyTimes");
        if (keyTimes.length != Keyframes.KEYS) {
            throw new ValidationException(where + ": " + keyTimes.length + " key times, expected " + Keyframes.KEYS);
        }
        for (int k = 0; k < Keyframes.KEYS; k++) {
            if (!Float.isFinite(keyTimes[k]) || (k > 0 && !(keyTimes[k] > keyTimes[k - 1]))) {
                throw new ValidationException(where + ": key times " + Arrays.toString(keyTimes)
                        + ", expected finite and strictly increasing");
            }
        }
        requireError(where, "maxError", maxError);
        requireError(where, "rmsError", rmsError);
        requireError(where, "thirdsMaxError", thirdsMaxError);
        requireError(where, "thirdsRmsError", thirdsRmsError);
        if (!Double.isNaN(normalMaxErrorDegrees) && !(normalMaxErrorDegrees >= 0 && normalMaxErrorDegrees <= 180)) {
            throw new ValidationException(where + ": normalMaxErrorDegrees=" + normalMaxErrorDegrees
                    + ", expected 0..180 or NaN");
        }
        this.index = index;
        this.firstFrame = firstFrame;
        this.lastFrame = lastFrame;
        this.keyTimes = keyTimes.clone();
        this.maxError = maxError;
        this.rmsError = rmsError;
        this.thirdsMaxError = thirdsMaxError;
        this.thirdsRmsError = thirdsRmsError;
        this.normalMaxErrorDegrees = normalMaxErrorDegrees;
    }

    private static void requireError(String where, String name, double value) {
        if (!(value >= 0 && value < Double.POSITIVE_INFINITY)) {
            throw new ValidationException(where + ": " + name + "=" + value + ", expected a finite distance >= 0");
        }
    }

    /** @return the segment's position in the table */
    public int index() {
        return index;
    }

    /** @return the first frame of the dense sampling the segment covers */
    public int firstFrame() {
        return firstFrame;
    }

    /** @return the last frame it covers (the next segment's first) */
    public int lastFrame() {
        return lastFrame;
    }

    /** @return the frames it covers, both ends included: {@code lastFrame - firstFrame + 1} */
    public int frameCount() {
        return lastFrame - firstFrame + 1;
    }

    /** @return the start time in seconds, {@code keyTime(0)} */
    public float start() {
        return keyTimes[0];
    }

    /** @return the end time in seconds, {@code keyTime(3)} */
    public float end() {
        return keyTimes[Keyframes.KEYS - 1];
    }

    /**
     * @param key 0..3
     * @return that key's time in seconds
     * @throws IndexOutOfBoundsException when {@code key} is not 0..3
     */
    public float keyTime(int key) {
        return keyTimes[Objects.checkIndex(key, Keyframes.KEYS)];
    }

    /**
     * Copies the 4 key times.
     *
     * @param dst destination, at least {@code offset + 4} floats
     * @param offset first float written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short
     */
    public float[] keyTimesInto(float[] dst, int offset) {
        Objects.checkFromIndexSize(offset, Keyframes.KEYS, dst.length);
        System.arraycopy(keyTimes, 0, dst, offset, Keyframes.KEYS);
        return dst;
    }

    /** @return the largest distance in model units between a decoded and an exact position over its frames */
    public double maxError() {
        return maxError;
    }

    /** @return the root mean square of those distances */
    public double rmsError() {
        return rmsError;
    }

    /** @return the largest error the inner keys at the thirds of the segment would give (a bake's is {@code >= maxError()}) */
    public double thirdsMaxError() {
        return thirdsMaxError;
    }

    /** @return the root mean square error the inner keys at the thirds would give */
    public double thirdsRmsError() {
        return thirdsRmsError;
    }

    /** @return the largest angle in degrees between a decoded and an exact normal, NaN without normals */
    public double normalMaxErrorDegrees() {
        return normalMaxErrorDegrees;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof KeySegment)) {
            return false;
        }
        KeySegment s = (KeySegment) o;
        return index == s.index && firstFrame == s.firstFrame && lastFrame == s.lastFrame
                && Arrays.equals(keyTimes, s.keyTimes) && Double.compare(maxError, s.maxError) == 0
                && Double.compare(rmsError, s.rmsError) == 0 && Double.compare(thirdsMaxError, s.thirdsMaxError) == 0
                && Double.compare(thirdsRmsError, s.thirdsRmsError) == 0
                && Double.compare(normalMaxErrorDegrees, s.normalMaxErrorDegrees) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, firstFrame, lastFrame, Arrays.hashCode(keyTimes), maxError, rmsError,
                thirdsMaxError, thirdsRmsError, normalMaxErrorDegrees);
    }

    @Override
    public String toString() {
        return "KeySegment[" + index + ", frames " + firstFrame + ".." + lastFrame + ", keys " + Arrays.toString(keyTimes)
                + ", maxError " + maxError + "]";
    }
}
