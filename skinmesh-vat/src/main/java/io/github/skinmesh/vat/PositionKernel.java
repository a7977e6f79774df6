package io.github.skinmesh.vat;


/**
 * The per-coordinate half of {@link PositionCodec}'s encoding of absolute positions, done a whole
 * vector of coordinates at a time: the normalized integer of each coordinate, the square of its
 * decoding error, the box of the exact coordinates and whether a zero occurs; the box alone for
 * the kept frames of a normalized bake; and for float positions the whole work, texels and box.
 * {@link PositionCodec} then packs the normalized texels and adds the errors per vertex, in vertex
 * order.
 * The only implementation uses the incubating Vector API and is loaded by name
 * ({@link PositionKernels}); without it the codec keeps its scalar loop. Both give the same bits
 * for finite coordinates, the only ones a bake poses (its posing refuses a non-finite value).
 */
interface PositionKernel {
    /**
     * Encodes and decodes {@code coords} coordinates {@code exact[from..from+coords)} (whole
     * vertices: coordinate {@code k} is axis {@code k % 3}) as {@code codec} does.
     *
     * @param codec the codec (a normalized encoding) whose arithmetic is mirrored
     * @param integers receives at {@code [0, coords)} the normalized integers
     * @param squares receives at {@code [0, coords)} {@code ((double) decoded - exact)^2}
     * @return whether an exact or a decoded coordinate is zero
     */
    boolean encode(PositionCodec codec, float[] exact, int from, int coords, double[] integers, double[] squares);

    /**
     * Grows the box of {@code coords} coordinates {@code exact[from..from+coords)} (whole vertices)
     * by value (the sign of a zero bound is left to the codec's zero records): for the kept frames
     * of a normalized bake and the measure of a clip whose box was not grown before.
     *
     * @param box the box (min x, y, z, max x, y, z), grown by value
     * @return whether a coordinate is zero
     */
    boolean box(float[] exact, int from, int coords, float[] box);

    /**
     * Writes the float texels of {@code count} vertices {@code exact[from..from+3*count)} at
     * {@code dst[dstByte..dstByte+16*count)} ({@link PositionCodec#putFloatTexel}: x, y, z, 1 as
     * little-endian floats) and grows the box as {@link #box} does: the whole work of absolute float
     * positions, in one pass over them.
     *
     * @param box the box (min x, y, z, max x, y, z), grown by value
     * @return whether a coordinate is zero
     */
    boolean packFloats(float[] exact, int from, int count, byte[] dst, int dstByte, float[] box);
}
