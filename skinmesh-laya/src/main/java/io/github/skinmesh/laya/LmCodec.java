package io.github.skinmesh.laya;

import org.jspecify.annotations.Nullable;

/**
 * Packs the columns of a vertex buffer into its interleaved bytes. Every implementation writes the
 * same bytes; they differ in speed only. Stateless and thread-safe.
 */
interface LmCodec {
    /**
     * Writes vertices {@code 0 .. c.n} at {@code base}, vertex {@code v} at
     * {@code base + v * c.stride}: exactly {@code c.n * c.stride} bytes, nothing outside them.
     * The caller has checked the range.
     */
    void encode(LmColumns c, byte[] out, int base);

    /**
     * The reader's pass over a vertex buffer without a flaw: reads vertices {@code 0 .. c.n} at
     * {@code base} into the columns (x of positions, normals and tangents times
     * {@link LmColumns#xSign}, tangent w times {@link LmColumns#wSign}, {@code 1 - v} when
     * {@link LmColumns#flipV}), each vertex's 4 local bones through the dictionary of its draw
     * ({@code dictOf[owner[v]]}) into {@code joints}, or as palette indices when
     * {@code owner[v] < 0}, and the positions' bounds into {@code bounds} (min x, y, z, max x, y, z,
     * as {@link Math#min} and {@link Math#max} over every vertex). Returns {@code false} when
     * anything is off (a float not finite, a weight below 0, a local bone past its dictionary or a
     * palette index past {@code bones}); {@code bounds} is then unchanged and the columns hold
     * anything. The caller has checked the buffer's range.
     */
    boolean decode(LmColumns c, byte[] in, int base, int[] owner, int[][] dictOf, int bones, int @Nullable [] joints,
            float[] bounds);
}
