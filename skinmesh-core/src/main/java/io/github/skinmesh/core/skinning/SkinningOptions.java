package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Objects;

/**
 * Options of {@link Skinning}. Immutable; start from {@link #DEFAULTS} and change fields with the
 * {@code with...} methods.
 *
 * @param method how influences are blended; default {@link SkinningMethod#LINEAR_BLEND}
 * @param normalTransform which matrix transforms normals; default {@link NormalTransform#UPPER_3X3}
 * @param renormalization whether skinned normals and tangent directions are rescaled to unit
 *     length; default {@link Renormalization#UNIT_LENGTH}
 * @param kernel which linear blend implementation runs; default {@link SkinningKernel#AUTO}
 * @param parallelism largest number of threads that skin one call's vertices, the calling thread
 *     included, 1..{@value #MAX_PARALLELISM}; 1 (the default) runs on the calling thread only
 * @param minVerticesPerTask vertices per additional thread at least: a call with {@code n}
 *     vertices uses at most {@code n / minVerticesPerTask} threads, so that small meshes stay on
 *     the calling thread; 1..2^30, default {@value #DEFAULT_MIN_VERTICES_PER_TASK}
 */
public record SkinningOptions(SkinningMethod method, NormalTransform normalTransform, Renormalization renormalization,
        SkinningKernel kernel, int parallelism, int minVerticesPerTask) {
    /** Largest {@link #parallelism()}. */
    public static final int MAX_PARALLELISM = 256;
    /** Default {@link #minVerticesPerTask()}. */
    public static final int DEFAULT_MIN_VERTICES_PER_TASK = 4096;
    /** Linear blend, normals by the upper 3x3, unit-length directions, automatic kernel, one thread. */
    public static final SkinningOptions DEFAULTS = new SkinningOptions(SkinningMethod.LINEAR_BLEND,
            NormalTransform.UPPER_3X3, Renormalization.UNIT_LENGTH, SkinningKernel.AUTO, 1,
            DEFAULT_MIN_VERTICES_PER_TASK);

    /**
     * Validates the options.
     *
     * @throws ValidationException when {@code parallelism} or {@code minVerticesPerTask} is out of
     *     range
     * @throws NullPointerException when an enum is null
     */
    public SkinningOptions {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(normalTransform, "normalTransform");
        Objects.requireNonNull(renormalization, "renormalization");
        Objects.requireNonNull(kernel, "kernel");
        Checks.requireRange("SkinningOptions", "parallelism", parallelism, 1, MAX_PARALLELISM);
        Checks.requireRange("SkinningOptions", "minVerticesPerTask", minVerticesPerTask, 1, 1 << 30);
    }

    /**
     * @param value the blending method
     * @return a copy with {@code method = value}
     */
    public SkinningOptions withMethod(SkinningMethod value) {
        return new SkinningOptions(value, normalTransform, renormalization, kernel, parallelism, minVerticesPerTask);
    }

    /**
     * @param value the normal transform
     * @return a copy with {@code normalTransform = value}
     */
    public SkinningOptions withNormalTransform(NormalTransform value) {
        return new SkinningOptions(method, value, renormalization, kernel, parallelism, minVerticesPerTask);
    }

    /**
     * @param value the renormalization
     * @return a copy with {@code renormalization = value}
     */
    public SkinningOptions withRenormalization(Renormalization value) {
        return new SkinningOptions(method, normalTransform, value, kernel, parallelism, minVerticesPerTask);
    }

    /**
     * @param value the kernel
     * @return a copy with {@code kernel = value}
     */
    public SkinningOptions withKernel(SkinningKernel value) {
        return new SkinningOptions(method, normalTransform, renormalization, value, parallelism, minVerticesPerTask);
    }

    /**
     * @param value largest number of threads, 1..{@value #MAX_PARALLELISM}
     * @return a copy with {@code parallelism = value}
     * @throws ValidationException when {@code value} is out of range
     */
    public SkinningOptions withParallelism(int value) {
        return new SkinningOptions(method, normalTransform, renormalization, kernel, value, minVerticesPerTask);
    }

    /**
     * @param value vertices per additional thread at least, 1..2^30
     * @return a copy with {@code minVerticesPerTask = value}
     * @throws ValidationException when {@code value} is out of range
     */
    public SkinningOptions withMinVerticesPerTask(int value) {
        return new SkinningOptions(method, normalTransform, renormalization, kernel, parallelism, value);
    }
}
