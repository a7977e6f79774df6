package io.github.skinmesh.vat;

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
    private static final String VECTOR_MODULE = "jdk.incubator.vector";
    private static final String VECTOR_KERNEL = "io.github.skinmesh.vat.VectorPositionKernel";

    /** The vector kernel, or {@code null} when it cannot be used in this JVM. */
    static final @Nullable PositionKernel VECTOR = load();

    private PositionKernels() {
    }

    private static @Nullable PositionKernel load() {
        if (ModuleLayer.boot().findModule(VECTOR_MODULE).isEmpty()) {
            return null;
        }
        try {
            Class<?> c = Class.forName(VECTOR_KERNEL, true, PositionKernels.class.getClassLoader());
            return (PositionKernel) c.getConstructor().newInstance();
        } catch (LinkageError | ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
