package io.github.skinmesh.laya;

import io.github.skinmesh.core.internal.VectorKernels;
import java.lang.invoke.MethodHandles;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the vertex-buffer codec. The vector codec is used only when the incubating module
 * {@code jdk.incubator.vector} is in the boot layer (the JVM was started with
 * {@code --add-modules jdk.incubator.vector}); it is loaded by name so that no other class links
 * against the incubator module, and any failure to link or construct it (an incubator API that
 * differs, a machine without 128-bit float vectors or not little-endian) falls back to the scalar
 * codec. Both write the same bytes. Core's skinning kernels are chosen the same way.
 */
final class LmCodecs {
    static final String VECTOR_MODULE = VectorKernels.MODULE;
    private static final String VECTOR_CODEC = "io.github.skinmesh.laya.VectorLmCodec";

    /** The vector codec, or null when it cannot be used in this JVM. */
    static final @Nullable LmCodec VECTOR =
            VectorKernels.load(MethodHandles.lookup(), VECTOR_CODEC, LmCodec.class);

    /** The codec the writer uses: the vector one when available. */
    static final LmCodec SELECTED = VECTOR != null ? VECTOR : ScalarLmCodec.INSTANCE;

    private LmCodecs() {
    }
}
