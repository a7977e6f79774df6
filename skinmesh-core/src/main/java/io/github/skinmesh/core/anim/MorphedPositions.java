package io.github.skinmesh.core.anim;

import org.jspecify.annotations.Nullable;

/**
 * The box of morphed positions over ranges of morph weights, for the conservative method of
 * {@link AnimatedBounds}: per vertex, every {@code p = base + sum_t w_t d_t} with each weight in
 * its range. (Positions at given weights come from
 * {@link io.github.skinmesh.core.skinning.Morphing#blendInto}.)
 */
final class MorphedPositions {
    /**
     * Relative padding of the weight-range boxes: {@code 2^-18} (32 float ulps of 1) of the
     * magnitude of the summed terms, more than the rounding of {@code Morphing.blendInto} (which
     * the exact method uses) can differ from the box's own sums.
     */
    static final float PADDING = 0x1p-18f;

    private MorphedPositions() {
    }

    /**
     * Per vertex and axis, the range of {@code base + sum_t w_t d_t} over every
     * {@code w_t in [minWeights[t], maxWeights[t]]}, padded by {@link #PADDING} of the magnitude
     * {@code |base| + sum_t max(|minWeight_t d_t|, |maxWeight_t d_t|)}.
     *
     * @param base positions, {@code 3*vertexCount}
     * @param deltas position deltas per target, each {@code 3*vertexCount} or null
     * @param minWeights smallest weight per target
     * @param maxWeights largest weight per target
     * @param lo receives the lower corners, {@code 3*vertexCount}
     * @param hi receives the upper corners, {@code 3*vertexCount}
     */
    static void boxesInto(float[] base, float[] @Nullable [] deltas, float[] minWeights, float[] maxWeights, float[] lo,
            float[] hi) {
        int len = base.length;
        float[] magnitude = new float[len];
        for (int i = 0; i < len; i++) {
            lo[i] = base[i];
            hi[i] = base[i];
            magnitude[i] = Math.abs(base[i]);
        }
        for (int t = 0; t < deltas.length; t++) {
            float[] d = deltas[t];
            if (d == null) {
                continue;
            }
            float w0 = minWeights[t];
            float w1 = maxWeights[t];
            for (int i = 0; i < len; i++) {
                float a = w0 * d[i];
                float b = w1 * d[i];
                lo[i] += Math.min(a, b);
                hi[i] += Math.max(a, b);
                magnitude[i] += Math.max(Math.abs(a), Math.abs(b));
            }
        }
        for (int i = 0; i < len; i++) {
            float pad = magnitude[i] * PADDING;
            lo[i] -= pad;
            hi[i] += pad;
        }
    }
}
