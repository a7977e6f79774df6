package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.internal.VectorKernels;
import java.lang.invoke.MethodHandles;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the package's {@link AnimKernel}. The Vector API kernel is used only when the
 * incubating module {@code jdk.incubator.vector} is in the boot layer; it is loaded by name so
 * that no other class links against the incubator module, and any failure to link or construct it
 * falls back to {@link LoopAnimKernel}, the plain loops the JIT vectorizes itself (the same scheme
 * as the skinning kernels).
 */
final class AnimKernels {
    private static final String VECTOR_KERNEL = "io.github.skinmesh.core.anim.VectorAnimKernel";

    /** The vector kernel, or null when it cannot be used in this JVM. */
    static final @Nullable AnimKernel VECTOR =
            VectorKernels.load(MethodHandles.lookup(), VECTOR_KERNEL, AnimKernel.class);

    /** The plain-loop kernel, available in every JVM. */
    static final AnimKernel LOOP = new LoopAnimKernel();

    /**
     * The kernel {@link ClipSampler#bind} and {@link LocalToModel#run} use: the vector kernel from
     * JDK 25 when it loaded, else {@link #LOOP}. C2 of JDK 17 boxed the vector kernel's vectors on
     * the heap whenever another vector kernel ran in the same JVM: beside the skinning kernel in
     * one sample-and-skin loop, 7 KB per frame and slower than the scalar loops; sampled channels
     * at 512 bits beside the 128-bit column pass, 17 KB per 120 poses and 0.36M poses per
     * CPU-second instead of 1.2M on the {@code sample} workload; and the crowd palettes, run after
     * a bake in the same JVM, then allocated 0.7 MB per frame. JDK 25 kept every mix in registers.
     * The loop kernel is vectorized by C2 itself, which depends on no other code in the JVM. Every
     * kernel gives the same bits; the tests run {@link #VECTOR} and {@link #LOOP} on every JDK
     * against the per-channel scalar loops.
     */
    static final AnimKernel DEFAULT = Runtime.version().feature() >= 25 && VECTOR != null ? VECTOR : LOOP;

    private AnimKernels() {
    }
}
