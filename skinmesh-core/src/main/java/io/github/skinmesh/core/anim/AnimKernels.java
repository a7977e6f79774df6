package io.github.skinmesh.core.anim;

import org.jspecify.annotations.Nullable;

/**
 * Loads the Vector API sampling kernel. It is used only when the incubating module
 * {@code jdk.incubator.vector} is in the boot layer; it is loaded by name so that no other class
 * links against the incubator module, and any failure to link or construct it falls back to the
 * per-channel scalar loops (the same scheme as the skinning kernels).
 */
final class AnimKernels {
    private static final String VECTOR_MODULE = "jdk.incubator.vector";
    private static final String VECTOR_KERNEL = "io.github.skinmesh.core.anim.VectorAnimKernel";

    /** The vector kernel, or null when it cannot be used in this JVM. */
    static final @Nullable AnimKernel VECTOR = loadVector();

    private AnimKernels() {
    }

    private static @Nullable AnimKernel loadVector() {
        if (ModuleLayer.boot().findModule(VECTOR_MODULE).isEmpty()) {
            return null;
        }
        try {
            Class<?> c = Class.forName(VECTOR_KERNEL, true, AnimKernels.class.getClassLoader());
            return (AnimKernel) c.getConstructor().newInstance();
        } catch (LinkageError | ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
