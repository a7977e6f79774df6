package io.github.skinmesh.core.anim;

/**
 * The conservative method of {@link AnimatedBounds}.
 *
 * <p>Once: per palette entry, the bind-space box of the vertices it influences with non-zero
 * weight (each vertex contributing its own box, which covers its morphed positions). Weights are
 * normalized, so every vertex has an influence. Per sample: each entry's box transformed by its skin matrix
 * and the results united. A skinned position {@code sum_k w_k M_k p} with {@code w_k >= 0},
 * {@code sum w_k = 1} is a convex combination of the points {@code M_k p}, each inside entry
 * {@code k}'s transformed box, so it lies in their union.
 *
 * <p>The transformed box is the box of the 8 transformed corners, computed without enumerating
 * them: per output axis {@code r}, {@code t_r + sum_c min(M_rc lo_c, M_rc hi_c)} and likewise with
 * {@code max} (J. Arvo, "Transforming axis-aligned bounding boxes", Graphics Gems, 1990), which
 * equals the box of the corners in exact arithmetic at a third of the cost. It is then padded by
 * {@link #PADDING} of the magnitude of those terms so that float rounding, here and in the
 * skinning sum, cannot put a skinned vertex outside.
 */
final class ConservativeBounds {
    /** Relative padding of each transformed box: {@code 2^-18}, 32 float ulps of the magnitude. */
    static final float PADDING = 0x1p-18f;

    private ConservativeBounds() {
    }

    /**
     * Computes the bind-space box of every palette entry.
     *
     * @param lo lower corner per vertex, {@code 3*vertexCount}
     * @param hi upper corner per vertex, {@code 3*vertexCount}
     * @param vertexCount number of vertices
     * @param influences {@code K}
     * @param joints palette entry per slot, {@code vertexCount*K}
     * @param weights weight per slot, {@code vertexCount*K}
     * @param entryBoxes receives 6 floats per palette entry ({@code min xyz, max xyz}); entries
     *     influencing nothing stay empty ({@code min = +inf, max = -inf})
     */
    static void bindBoxes(float[] lo, float[] hi, int vertexCount, int influences, int[] joints, float[] weights,
            float[] entryBoxes) {
        empty(entryBoxes);
        for (int v = 0; v < vertexCount; v++) {
            int base = v * influences;
            for (int k = 0; k < influences; k++) {
                if (weights[base + k] > 0) {
                    grow(entryBoxes, 6 * joints[base + k], lo, hi, 3 * v);
                }
            }
        }
    }

    private static void empty(float[] boxes) {
        for (int i = 0; i < boxes.length; i += 6) {
            boxes[i] = Float.POSITIVE_INFINITY;
            boxes[i + 1] = Float.POSITIVE_INFINITY;
            boxes[i + 2] = Float.POSITIVE_INFINITY;
            boxes[i + 3] = Float.NEGATIVE_INFINITY;
            boxes[i + 4] = Float.NEGATIVE_INFINITY;
            boxes[i + 5] = Float.NEGATIVE_INFINITY;
        }
    }

    private static void grow(float[] boxes, int b, float[] lo, float[] hi, int p) {
        boxes[b] = Math.min(boxes[b], lo[p]);
        boxes[b + 1] = Math.min(boxes[b + 1], lo[p + 1]);
        boxes[b + 2] = Math.min(boxes[b + 2], lo[p + 2]);
        boxes[b + 3] = Math.max(boxes[b + 3], hi[p]);
        boxes[b + 4] = Math.max(boxes[b + 4], hi[p + 1]);
        boxes[b + 5] = Math.max(boxes[b + 5], hi[p + 2]);
    }

    /**
     * Grows {@code box} by every non-empty entry box transformed by its skin matrix.
     *
     * @param entryBoxes 6 floats per palette entry
     * @param paletteSize number of entries
     * @param skin skin matrices, 16 floats per entry
     * @param box the running box, 6 floats
     */
    static void accumulate(float[] entryBoxes, int paletteSize, float[] skin, float[] box) {
        for (int e = 0; e < paletteSize; e++) {
            int b = 6 * e;
            float lx = entryBoxes[b], ly = entryBoxes[b + 1], lz = entryBoxes[b + 2];
            float hx = entryBoxes[b + 3], hy = entryBoxes[b + 4], hz = entryBoxes[b + 5];
            if (!(lx <= hx)) {
                continue; // influences no vertex
            }
            int m = 16 * e;
            for (int r = 0; r < 3; r++) {
                float t = skin[m + 12 + r];
                float ax = skin[m + r] * lx, bx = skin[m + r] * hx;
                float ay = skin[m + 4 + r] * ly, by = skin[m + 4 + r] * hy;
                float az = skin[m + 8 + r] * lz, bz = skin[m + 8 + r] * hz;
                float min = t + Math.min(ax, bx) + Math.min(ay, by) + Math.min(az, bz);
                float max = t + Math.max(ax, bx) + Math.max(ay, by) + Math.max(az, bz);
                float magnitude = Math.abs(t) + Math.max(Math.abs(ax), Math.abs(bx))
                        + Math.max(Math.abs(ay), Math.abs(by)) + Math.max(Math.abs(az), Math.abs(bz));
                float pad = magnitude * PADDING;
                box[r] = Math.min(box[r], min - pad);
                box[r + 3] = Math.max(box[r + 3], max + pad);
            }
        }
    }
}
