package io.github.skinmesh.vat.crowd;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The per-element work of crowd palettes: one instance's run of matrix values, either copied from
 * one frame or blended between two, written as floats, halves, or little-endian bytes of either.
 *
 * <p>Blend: {@code a + w * (b - a)} in float arithmetic, three roundings, never a fused
 * multiply-add (a JVM without FMA instructions would compute it in software, many times slower,
 * and the result must not depend on the CPU). A weight of exactly 0 never reaches the blend: the
 * caller copies frame {@code a}, so that values at frame times are the baked values bit for bit
 * ({@code a + 0 * (b - a)} would turn {@code -0.0} into {@code +0.0}).
 *
 * <p>Halves: {@link #half} rounds to nearest, ties to even, exactly as
 * {@link io.github.skinmesh.core.skinning.HalfFloats#toHalf}, for finite values below the half
 * overflow threshold (the caller checks the frames' largest value once), without a branch: the
 * float adder does the rounding. For {@code |x|} with float exponent {@code e} (unbiased), the
 * half's step is {@code 2^(max(e, -14) - 10)} (normal halves keep 10 bits below the leading one;
 * subnormal ones, below {@code 2^-14}, count steps of {@code 2^-24}). Adding
 * {@code M = 2^(max(e, -14) + 13)}, a power of two at least {@code 2^12} times {@code |x|}, gives a
 * sum in {@code M}'s binade, whose float step is that half step, so the addition rounds
 * {@code |x|} to the half grid, ties to even; the sum's bits minus {@code M}'s are the rounded
 * value in half steps, {@code q}, with the leading one ({@code q >= 1024}) for a normal half, and
 * {@code ((max(e, -14) + 14) << 10) + q} is then the half's magnitude bits (a carry of {@code q}
 * into 2048 becomes the next exponent, as in the encoding). For subnormal results the first term
 * is 0 and {@code M} is 0.5. Arrays go through {@link BlendKernels} (a vector kernel when the JVM
 * has the incubating Vector API, these loops otherwise); byte buffers always through these loops.
 *
 * <p>Byte buffers are written through byte-buffer view handles in little-endian order, whatever
 * the buffer's own order, at absolute indices: heap and direct buffers alike, nothing allocated.
 *
 * <p>Stateless and thread-safe; nothing is allocated.
 */
final class PaletteKernel {
    private static final VarHandle FLOAT_LE = MethodHandles.byteBufferViewVarHandle(float[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle SHORT_LE = MethodHandles.byteBufferViewVarHandle(short[].class,
            ByteOrder.LITTLE_ENDIAN);

    /** Exponent field of a float. */
    static final int EXPONENT = 0x7f800000;
    /** Exponent field of {@code 2^-14}, the smallest normal half. */
    static final int SMALLEST_NORMAL = 113 << 23;
    /** Bits of {@code 0.5f = 2^-14 * 2^13}, the {@code M} of the smallest normal exponent. */
    static final int ONE_HALF = 126 << 23;

    private PaletteKernel() {
    }

    /** The nearest half (ties to even) of a finite value whose magnitude is below 65520. */
    static short half(float x) {
        int bits = Float.floatToRawIntBits(x);
        int t = Math.max((bits & EXPONENT) - SMALLEST_NORMAL, 0); // (max(e, -14) + 14) << 23
        int m = t + ONE_HALF; // M = 2^(max(e, -14) + 13)
        int q = Float.floatToRawIntBits(Math.abs(x) + Float.intBitsToFloat(m)) - m;
        return (short) ((bits >>> 16) & 0x8000 | (t >>> 13) + q);
    }

    static void copy(float[] src, int s, float[] dst, int d, int n) {
        System.arraycopy(src, s, dst, d, n);
    }

    static void blend(float[] src, int a, int b, float w, float[] dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            dst[d + k] = x + w * (src[b + k] - x);
        }
    }

    static void copy(float[] src, int s, short[] dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            dst[d + k] = half(src[s + k]);
        }
    }

    static void blend(float[] src, int a, int b, float w, short[] dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            dst[d + k] = half(x + w * (src[b + k] - x));
        }
    }

    /** Copies as little-endian floats to byte index {@code d}. */
    static void copyFloats(float[] src, int s, ByteBuffer dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            FLOAT_LE.set(dst, d + 4 * k, src[s + k]);
        }
    }

    /** Blends as little-endian floats to byte index {@code d}. */
    static void blendFloats(float[] src, int a, int b, float w, ByteBuffer dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            FLOAT_LE.set(dst, d + 4 * k, x + w * (src[b + k] - x));
        }
    }

    /** Copies as little-endian halves to byte index {@code d}. */
    static void copyHalves(float[] src, int s, ByteBuffer dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            SHORT_LE.set(dst, d + 2 * k, half(src[s + k]));
        }
    }

    /** Blends as little-endian halves to byte index {@code d}. */
    static void blendHalves(float[] src, int a, int b, float w, ByteBuffer dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            SHORT_LE.set(dst, d + 2 * k, half(x + w * (src[b + k] - x)));
        }
    }
}
