package io.github.skinmesh.core.anim;

import org.jspecify.annotations.Nullable;

/**
 * Morph target deformation of positions for {@link AnimatedBounds}: {@code p = base + sum_t w_t
 * d_t}, either at given weights or as a per-vertex box over weight ranges.
 */
final class MorphedPositions {
    /**
     * Relative padding of the weight-range boxes: {@code 2^-18} (32 float ulps of 1) of the
     * magnitude of the summed terms, more than the rounding of {@link #applyInto} can differ from
     * the box's own sums.
     */
    static final float PADDING = 0x1p-18f;

    private MorphedPositions() {
    }

    /**
     * {@code dst = base + sum_t weights[weightOffset + t] * deltas[t]}; targets with {@code null}
     * deltas or weight 0 are skipped.
     *
     * @param base positions, {@code 3*vertexCount}
     * @param deltas position deltas per target, each {@code 3*vertexCount} or null
     * @param weights weights, one per target from {@code weightOffset}
     * @param weightOffset first weight read
     * @param dst destination, {@code 3*vertexCount}; not {@code base}
     */
    static void applyInto(float[] base, float[] @Nullable [] deltas, float[] weights, int weightOffset, float[] dst) {
        System.arraycopy(base, 0, dst, 0, base.length);
        for (int t = 0; t < deltas.length; t++) {
            float[] d = deltas[t];
            float w = weights[weightOffset + t];
            if (d == null || w == 0) {
                continue;
            }
            for (int i = 0; i < dst.length; i++) {
                dst[i] += w * d[i];
            }
        }
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
