package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.internal.HardwareHalf;

/**
 * The blend kernel for runtimes with {@code Float.floatToFloat16} (Java 20 and later): halves
 * rounded by the runtime's conversion in plain loops the JIT vectorizes with the processor's
 * conversion instructions ({@link HardwareHalf}); floats by the kernel it wraps (the Vector API
 * kernel or the scalar loops), which are already as fast as the stores allow.
 *
 * <p>The same bits as the other kernels: the blend is {@code x + w * (y - x)} in float arithmetic
 * as theirs, and the conversion equals {@link io.github.skinmesh.core.internal.HalfRounding#toHalf} for every finite value below
 * {@code 65520}, the range the crowd checks its frames against once.
 *
 * <p>Stateless apart from the wrapped kernel; thread-safe; nothing is allocated.
 */
final class HardwareHalfBlendKernel implements BlendKernel {
    private final BlendKernel floats;

    /**
     * @param floats the kernel that writes float outputs
     * @throws IllegalStateException if the runtime has no half conversion
     */
    HardwareHalfBlendKernel(BlendKernel floats) {
        if (!HardwareHalf.available()) {
            throw new IllegalStateException("HardwareHalfBlendKernel: Float.floatToFloat16 needs Java 20 or later, this is "
                    + Runtime.version());
        }
        this.floats = floats;
    }

    /** The kernel that writes floats. */
    BlendKernel floats() {
        return floats;
    }

    @Override
    public void blend(float[] src, int a, int b, float w, float[] dst, int d, int n) {
        floats.blend(src, a, b, w, dst, d, n);
    }

    @Override
    public void copy(float[] src, int s, short[] dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            dst[d + k] = HardwareHalf.toHalf(src[s + k]);
        }
    }

    @Override
    public void blend(float[] src, int a, int b, float w, short[] dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            dst[d + k] = HardwareHalf.toHalf(x + w * (src[b + k] - x));
        }
    }
}
