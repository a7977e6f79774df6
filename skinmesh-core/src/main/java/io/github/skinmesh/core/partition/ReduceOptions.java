package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.SampleOptions;
import java.util.Objects;

/**
 * Options of {@link BoneReduction}. Immutable; start from {@link #DEFAULTS} and change fields with
 * the {@code with...} methods.
 *
 * @param samplesPerSecond how densely each clip is sampled, in poses per second of clip time,
 *     finite and {@code > 0}; default 30. A clip from its first key time {@code start} to its
 *     last key time {@code end} (it holds its poses outside) gets
 *     {@code ceil((end - start) * samplesPerSecond) + 1} evenly spaced poses, both ends included
 *     (one pose for a clip whose keys are all at one time), before {@code maxPoses} applies.
 * @param maxPoses the most poses sampled over all clips, {@code 1..}{@value #MAX_POSES}; default
 *     64. When the clips ask for more, each clip's count is scaled down in proportion (keeping at
 *     least its two ends, or its one pose), so the work and the memory
 *     ({@code 12 * vertexCount} bytes of reference positions per pose) stay bounded.
 * @param palette what becomes of the bone palette; default {@link PaletteMode#COMPACT}
 * @param metric the displacement measure minimized when choosing among the reductions that meet
 *     the limit; default {@link ErrorMetric#RMS}. Without clips there is nothing to measure and
 *     both choose by the rest-pose estimate.
 * @param sampling how clips are sampled (rotation blend, channels of bones the skeleton lacks);
 *     default {@link SampleOptions#DEFAULTS}. Poses are taken within each clip's key range, so the
 *     time mode makes no difference.
 */
public record ReduceOptions(float samplesPerSecond, int maxPoses, PaletteMode palette, ErrorMetric metric,
        SampleOptions sampling) {
    /** Largest accepted {@link #maxPoses()}. */
    public static final int MAX_POSES = 4096;

    /** 30 poses per second, at most 64 poses, compact palette, RMS, default sampling. */
    public static final ReduceOptions DEFAULTS = new ReduceOptions(30, 64, PaletteMode.COMPACT, ErrorMetric.RMS,
            SampleOptions.DEFAULTS);

    /**
     * Validates the options.
     *
     * @param samplesPerSecond poses per second of clip time, finite and {@code > 0}
     * @param maxPoses poses over all clips, {@code 1..}{@value #MAX_POSES}
     * @param palette the palette mode
     * @param metric the error measure minimized
     * @param sampling the clip sampling options
     * @throws ValidationException when {@code samplesPerSecond} is not finite or not positive, or
     *     {@code maxPoses} is out of range
     * @throws NullPointerException when an object argument is null
     */
    public ReduceOptions {
        if (!(samplesPerSecond > 0 && samplesPerSecond < Float.POSITIVE_INFINITY)) {
            throw new ValidationException("ReduceOptions: samplesPerSecond=" + samplesPerSecond
                    + ", expected a finite rate > 0");
        }
        if (maxPoses < 1 || maxPoses > MAX_POSES) {
            throw new ValidationException("ReduceOptions: maxPoses=" + maxPoses + ", expected 1.." + MAX_POSES);
        }
        Objects.requireNonNull(palette, "palette");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(sampling, "sampling");
    }

    /**
     * @param value poses per second of clip time, finite and {@code > 0}
     * @return a copy with that rate
     * @throws ValidationException when the value is not finite or not positive
     */
    public ReduceOptions withSamplesPerSecond(float value) {
        return new ReduceOptions(value, maxPoses, palette, metric, sampling);
    }

    /**
     * @param value poses over all clips, {@code 1..}{@value #MAX_POSES}
     * @return a copy with that limit
     * @throws ValidationException when the value is out of range
     */
    public ReduceOptions withMaxPoses(int value) {
        return new ReduceOptions(samplesPerSecond, value, palette, metric, sampling);
    }

    /**
     * @param value the palette mode
     * @return a copy with that mode
     */
    public ReduceOptions withPalette(PaletteMode value) {
        return new ReduceOptions(samplesPerSecond, maxPoses, value, metric, sampling);
    }

    /**
     * @param value the error measure minimized
     * @return a copy with that measure
     */
    public ReduceOptions withMetric(ErrorMetric value) {
        return new ReduceOptions(samplesPerSecond, maxPoses, palette, value, sampling);
    }

    /**
     * @param value the clip sampling options
     * @return a copy with them
     */
    public ReduceOptions withSampling(SampleOptions value) {
        return new ReduceOptions(samplesPerSecond, maxPoses, palette, metric, value);
    }
}
