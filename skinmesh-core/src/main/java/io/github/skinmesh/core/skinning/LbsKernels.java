package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.internal.VectorKernels;
import java.lang.invoke.MethodHandles;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the linear blend kernel. The vector kernel is used only when the incubating module
 * {@code jdk.incubator.vector} is in the boot layer (the JVM was started with
 * {@code --add-modules jdk.incubator.vector}); it is loaded by name so that no other class links
 * against the incubator module, and any failure to link or construct it (an older or newer JDK
 * whose incubator API differs, a CPU without 128-bit SIMD) falls back to the scalar kernel.
 * Lucene uses the same scheme for its vectorized similarity functions.
 */
final class LbsKernels {
    static final String VECTOR_MODULE = VectorKernels.MODULE;
    private static final String VECTOR_KERNEL = "io.github.skinmesh.core.skinning.VectorLbsKernel";

    /** The vector kernel, or null when it cannot be used in this JVM. */
    static final @Nullable LbsKernel VECTOR =
            VectorKernels.load(MethodHandles.lookup(), VECTOR_KERNEL, LbsKernel.class);

    private LbsKernels() {
    }

    /**
     * @param kernel the requested kernel, already checked to be available when {@code VECTOR}
     * @return the implementation to run
     */
    static LbsKernel select(SkinningKernel kernel) {
        LbsKernel vector = VECTOR;
        switch (kernel) {
            case SCALAR:
                return ScalarLbsKernel.INSTANCE;
            case VECTOR:
                assert vector != null : "VECTOR requested but unavailable; validate first";
                return vector;
            default:
                return vector != null ? vector : ScalarLbsKernel.INSTANCE;
        }
    }
}
