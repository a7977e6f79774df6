package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.internal.HalfRounding;
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
 * <p>Halves: {@link HalfRounding#toHalf}, core's branch-free rounding, the same bits as
 * {@link io.github.skinmesh.core.skinning.HalfFloats#toHalf} for finite values below the half
 * overflow threshold (the caller checks the frames' largest value once). Arrays go through {@link BlendKernels} (a vector kernel when the JVM
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

    private PaletteKernel() {
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
            dst[d + k] = HalfRounding.toHalf(src[s + k]);
        }
    }

    static void blend(float[] src, int a, int b, float w, short[] dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            dst[d + k] = HalfRounding.toHalf(x + w * (src[b + k] - x));
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
            SHORT_LE.set(dst, d + 2 * k, HalfRounding.toHalf(src[s + k]));
        }
    }

    /** Blends as little-endian halves to byte index {@code d}. */
    static void blendHalves(float[] src, int a, int b, float w, ByteBuffer dst, int d, int n) {
        for (int k = 0; k < n; k++) {
            float x = src[a + k];
            SHORT_LE.set(dst, d + 2 * k, HalfRounding.toHalf(x + w * (src[b + k] - x)));
        }
    }
}
