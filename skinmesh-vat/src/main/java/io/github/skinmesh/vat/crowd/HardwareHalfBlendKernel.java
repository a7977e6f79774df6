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
 * <p><b>The store.</b> Each half is XORed with {@link #zero} before it is stored: a field that
 * is always 0 but that the JIT cannot fold, read once per call. Without it C2 (JDK 25) fuses the
 * conversion and the store into one instruction with a memory operand ({@code vcvtps2ph} to
 * memory), which the AMD processor measured here runs more slowly than the conversion into a
 * register followed by a plain vector store; the XOR makes it keep the two apart at the cost of one
 * register operation per 16 values. Measured on a 2-vCPU AMD EPYC (Zen 5, AVX-512), JDK 25, CPU
 * time of the thread, on a machine shared with other builds (load 5-10): the blends of the crowd
 * benchmark's frame (1000 instances x 64 bones, 768,000 halves, one call per instance, instances
 * grouped by frame as the crowd orders them), both loops alternating in one JVM, six pairs of 40
 * rounds: fastest round 63-68 us fused, 56-59 us with the XOR, median round 73-97 against
 * 62-88 us. In instance order (outputs one after the other) 76 against 58 us; the conversion
 * alone (no blend, fused) 41 us; filling the same halves with a constant 15 us. The loop is
 * unrolled four times with the XOR and twice without. {@code CrowdBench} (separate JVMs, three
 * runs each, the same load) does not resolve the difference: the half frame at 0.39-0.46x the copy
 * against 0.42-0.46x for the fused loop, per CPU-second.
 *
 * <p>Tried and dropped, in the same harness: a table of frame differences ({@code y - x} computed
 * once per pair of frames, the same bits) to save the subtraction: no faster; two instances that
 * share their frames in one loop: C2 does not vectorize a loop with two stores into one array
 * (about 500 us); blending runs of 4, 8 or 16 instances with the float kernel into a scratch
 * array and converting each run in one long loop, to spread the loop's entry and exit over more
 * values: 68, 85 and 103 us against 56; an inner loop of 16 values in an outer loop stepping by 16:
 * not vectorized (about 410 us).
 *
 * <p>Stateless apart from the wrapped kernel and the zero; thread-safe; nothing is allocated.
 */
final class HardwareHalfBlendKernel implements BlendKernel {
    private final BlendKernel floats;
    /**
     * Always 0; XORed into every half (see the class notes). Not final and not static, so that
     * the JIT treats it as an unknown value and keeps the conversion apart from the store.
     */
    private int zero;

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
        int z = zero;
        for (int k = 0; k < n; k++) {
            dst[d + k] = (short) (HardwareHalf.toHalf(src[s + k]) ^ z);
        }
    }

    @Override
    public void blend(float[] src, int a, int b, float w, short[] dst, int d, int n) {
        int z = zero;
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            dst[d + k] = (short) (HardwareHalf.toHalf(x + w * (src[b + k] - x)) ^ z);
        }
    }
}
