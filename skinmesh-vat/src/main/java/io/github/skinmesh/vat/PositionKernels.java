package io.github.skinmesh.vat;

import io.github.skinmesh.core.internal.VectorKernels;
import java.lang.invoke.MethodHandles;
import org.jspecify.annotations.Nullable;

/**
 * Loads the vector {@link PositionKernel} when the incubating module {@code jdk.incubator.vector}
 * is in the boot layer (the JVM was started with {@code --add-modules jdk.incubator.vector}); by
 * name, so that no other class links against the incubator module, and any failure to link or
 * construct it (an API that differs, a processor without the vector shapes it needs) leaves
 * {@link #VECTOR} {@code null}, and {@link PositionCodec} encodes with its scalar loop. The crowd
 * blend kernels and core's skinning kernels are chosen the same way.
 */
final class PositionKernels {
    private static final String VECTOR_KERNEL = "io.github.skinmesh.vat.VectorPositionKernel";

    /** The vector kernel, or {@code null} when it cannot be used in this JVM. */
    static final @Nullable PositionKernel VECTOR =
            VectorKernels.load(MethodHandles.lookup(), VECTOR_KERNEL, PositionKernel.class);

    private PositionKernels() {
    }
}
