package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.internal.HardwareHalf;
import io.github.skinmesh.core.internal.VectorKernels;
import java.lang.invoke.MethodHandles;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the blend kernel. The vector kernel is used only when the incubating module
 * {@code jdk.incubator.vector} is in the boot layer (the JVM was started with
 * {@code --add-modules jdk.incubator.vector}); it is loaded by name so that no other class links
 * against the incubator module, and any failure to link or construct it (an incubator API that
 * differs, a CPU without the vector shapes it needs) falls back to the scalar kernel. Both give the
 * same bits. Core's skinning kernels are chosen the same way.
 *
 * <p>On a runtime with {@code Float.floatToFloat16} (Java 20 and later) half outputs go through
 * {@link HardwareHalfBlendKernel} instead when there is no vector kernel, and on JDK 25 and later
 * also beside it: the JIT turns its loops into the processor's conversion instructions, faster
 * than either kernel's bit arithmetic there, with the same bits; float outputs still go through
 * the kernel chosen above.
 */
final class BlendKernels {
    static final String VECTOR_MODULE = VectorKernels.MODULE;
    private static final String VECTOR_KERNEL = "io.github.skinmesh.vat.crowd.VectorBlendKernel";

    /** The vector kernel, or null when it cannot be used in this JVM. */
    static final @Nullable BlendKernel VECTOR =
            VectorKernels.load(MethodHandles.lookup(), VECTOR_KERNEL, BlendKernel.class);

    /** The kernel for float outputs: the vector one when available, else the scalar one. */
    static final BlendKernel FLOATS = VECTOR != null ? VECTOR : ScalarBlendKernel.INSTANCE;

    /** The kernel crowds use: {@link #FLOATS}, wrapped for the runtime's half conversion when there is one. */
    static final BlendKernel SELECTED = hardwareHalves() ? new HardwareHalfBlendKernel(FLOATS) : FLOATS;

    private BlendKernels() {
    }

    /**
     * Whether halves go through the runtime's conversion: always when there is no vector kernel
     * (anything beats the scalar bit arithmetic), and beside the vector kernel from JDK 25 on, where
     * it was measured faster (C2 vectorizes the conversion in these loops there; earlier runtimes
     * with the method were not measured).
     */
    static boolean hardwareHalves() {
        return HardwareHalf.available() && (VECTOR == null || Runtime.version().feature() >= 25);
    }
}
