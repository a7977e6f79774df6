package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;

/**
 * Options of a {@link Crowd}. Immutable; start from {@link #DEFAULTS} and change fields with the
 * {@code with...} methods.
 *
 * @param parallelism largest number of threads that write one call's palettes, the calling thread
 *     included, 1..{@value #MAX_PARALLELISM}; 1 (the default) runs on the calling thread only.
 *     Helpers run on the common {@link java.util.concurrent.ForkJoinPool}. The output is the same,
 *     bit for bit, for every value.
 * @param minInstanceBonesPerTask instance-bones (one 3x4 matrix of one instance) per additional
 *     thread at least: a call writing {@code n} matrices uses at most
 *     {@code n / minInstanceBonesPerTask} threads, so that small crowds stay on the calling thread;
 *     1..2^30, default {@value #DEFAULT_MIN_INSTANCE_BONES_PER_TASK}
 * @param boundsPadding model units by which {@link Crowd#boundsInto} grows each clip's baked box
 *     before placing it, finite and {@code >= 0}; default 0. The baked boxes hold every vertex of
 *     every frame and, in exact arithmetic, every blend of two frames; a padding of
 *     {@link CrowdFrames#roundingPadding} also covers the rounding of the written palettes.
 */
public record CrowdOptions(int parallelism, int minInstanceBonesPerTask, float boundsPadding) {
    /** Largest {@link #parallelism()}. */
    public static final int MAX_PARALLELISM = 256;
    /** Default {@link #minInstanceBonesPerTask()}: about 20 to 50 microseconds of work. */
    public static final int DEFAULT_MIN_INSTANCE_BONES_PER_TASK = 8192;
    /** One thread, {@value #DEFAULT_MIN_INSTANCE_BONES_PER_TASK} instance-bones per task, no padding. */
    public static final CrowdOptions DEFAULTS = new CrowdOptions(1, DEFAULT_MIN_INSTANCE_BONES_PER_TASK, 0);

    /**
     * Validates the options.
     *
     * @param parallelism threads, 1..{@value #MAX_PARALLELISM}
     * @param minInstanceBonesPerTask instance-bones per additional thread, 1..2^30
     * @param boundsPadding model units, finite and {@code >= 0}
     * @throws ValidationException when a value is out of its range
     */
    public CrowdOptions {
        Checks.requireRange("CrowdOptions", "parallelism", parallelism, 1, MAX_PARALLELISM);
        Checks.requireRange("CrowdOptions", "minInstanceBonesPerTask", minInstanceBonesPerTask, 1, 1 << 30);
        if (!(boundsPadding >= 0 && boundsPadding < Float.POSITIVE_INFINITY)) {
            throw new ValidationException("CrowdOptions: boundsPadding=" + boundsPadding
                    + ", expected a finite number of model units >= 0");
        }
    }

    /**
     * @param value largest number of threads, 1..{@value #MAX_PARALLELISM}
     * @return a copy with {@code parallelism = value}
     * @throws ValidationException when the value is out of range
     */
    public CrowdOptions withParallelism(int value) {
        return new CrowdOptions(value, minInstanceBonesPerTask, boundsPadding);
    }

    /**
     * @param value instance-bones per additional thread, 1..2^30
     * @return a copy with {@code minInstanceBonesPerTask = value}
     * @throws ValidationException when the value is out of range
     */
    public CrowdOptions withMinInstanceBonesPerTask(int value) {
        return new CrowdOptions(parallelism, value, boundsPadding);
    }

    /**
     * @param value model units, finite and {@code >= 0}
     * @return a copy with {@code boundsPadding = value}
     * @throws ValidationException when the value is negative or not finite
     */
    public CrowdOptions withBoundsPadding(float value) {
        return new CrowdOptions(parallelism, minInstanceBonesPerTask, value);
    }
}
