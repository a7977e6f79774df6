package io.github.skinmesh.vat.crowd;

/**
 * Writes one instance's run of palette values into arrays: blended between two frames as floats,
 * or copied from one frame or blended between two as halves (a float copy is
 * {@link System#arraycopy}). Every implementation gives the same bits as {@link PaletteKernel}'s
 * scalar code. Stateless and thread-safe; nothing is allocated.
 */
interface BlendKernel {
    /**
     * Blends {@code n} values, {@code x + w * (y - x)} with {@code x} from {@code src[a]} and
     * {@code y} from {@code src[b]}, into {@code dst[d]}.
     *
     * @param src frame values
     * @param a first value of frame a
     * @param b first value of frame b
     * @param w weight of frame b
     * @param dst floats, not {@code src}
     * @param d first float written
     * @param n number of values
     */
    void blend(float[] src, int a, int b, float w, float[] dst, int d, int n);

    /**
     * Rounds {@code n} values from {@code src[s]} to halves at {@code dst[d]}.
     *
     * @param src frame values
     * @param s first value read
     * @param dst halves
     * @param d first half written
     * @param n number of values
     */
    void copy(float[] src, int s, short[] dst, int d, int n);

    /**
     * Blends {@code n} values as {@link #blend(float[], int, int, float, float[], int, int)} does
     * and rounds them to halves at {@code dst[d]}.
     *
     * @param src frame values
     * @param a first value of frame a
     * @param b first value of frame b
     * @param w weight of frame b
     * @param dst halves
     * @param d first half written
     * @param n number of values
     */
    void blend(float[] src, int a, int b, float w, short[] dst, int d, int n);
}
