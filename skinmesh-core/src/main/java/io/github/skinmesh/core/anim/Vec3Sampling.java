package io.github.skinmesh.core.anim;

/**
 * Samples batches of 3-component channels (translation, scale) with STEP, LINEAR and
 * CUBICSPLINE interpolation, using the key pairs found by {@link KeyCursors}.
 *
 * <p>LINEAR is {@code v0 + a * (v1 - v0)}, exact at {@code a = 0}. CUBICSPLINE follows glTF: each
 * key stores in-tangent, value, out-tangent (9 floats) and
 * {@code p = h00 v0 + h10 dt b0 + h01 v1 + h11 dt a1} with the Hermite basis
 * {@code h00 = 2s^3 - 3s^2 + 1}, {@code h10 = s^3 - 2s^2 + s}, {@code h01 = -2s^3 + 3s^2},
 * {@code h11 = s^3 - s^2}, {@code b0} the out-tangent of the first key, {@code a1} the in-tangent
 * of the second and {@code dt} the key interval.
 */
final class Vec3Sampling {
    private Vec3Sampling() {
    }

    static void step(ChannelBatch b, KeyCursors c, float[] dst) {
        int[] tl = b.timeline;
        float[][] vals = b.values;
        int[] off = b.dstOffset;
        int[] k0s = c.key0;
        for (int i = 0; i < b.count; i++) {
            float[] v = vals[i];
            int s = 3 * k0s[tl[i]];
            int o = off[i];
            dst[o] = v[s];
            dst[o + 1] = v[s + 1];
            dst[o + 2] = v[s + 2];
        }
    }

    static void linear(ChannelBatch b, KeyCursors c, float[] dst) {
        int[] tl = b.timeline;
        float[][] vals = b.values;
        int[] off = b.dstOffset;
        int[] k0s = c.key0;
        int[] k1s = c.key1;
        float[] as = c.alpha;
        for (int i = 0; i < b.count; i++) {
            float[] v = vals[i];
            int l = tl[i];
            int s0 = 3 * k0s[l];
            int s1 = 3 * k1s[l];
            float a = as[l];
            int o = off[i];
            float x0 = v[s0];
            float y0 = v[s0 + 1];
            float z0 = v[s0 + 2];
            dst[o] = x0 + a * (v[s1] - x0);
            dst[o + 1] = y0 + a * (v[s1 + 1] - y0);
            dst[o + 2] = z0 + a * (v[s1 + 2] - z0);
        }
    }

    static void cubic(ChannelBatch b, KeyCursors c, float[] dst) {
        int[] tl = b.timeline;
        float[][] vals = b.values;
        int[] off = b.dstOffset;
        int[] k0s = c.key0;
        int[] k1s = c.key1;
        float[] as = c.alpha;
        float[] dts = c.interval;
        for (int i = 0; i < b.count; i++) {
            float[] v = vals[i];
            int l = tl[i];
            int s0 = 9 * k0s[l];
            int s1 = 9 * k1s[l];
            float s = as[l];
            float dt = dts[l];
            float s2 = s * s;
            float s3 = s2 * s;
            float h00 = 2 * s3 - 3 * s2 + 1;
            float h10 = (s3 - 2 * s2 + s) * dt;
            float h01 = 3 * s2 - 2 * s3;
            float h11 = (s3 - s2) * dt;
            int o = off[i];
            // key layout: in-tangent (0..2), value (3..5), out-tangent (6..8)
            dst[o] = h00 * v[s0 + 3] + h10 * v[s0 + 6] + h01 * v[s1 + 3] + h11 * v[s1];
            dst[o + 1] = h00 * v[s0 + 4] + h10 * v[s0 + 7] + h01 * v[s1 + 4] + h11 * v[s1 + 1];
            dst[o + 2] = h00 * v[s0 + 5] + h10 * v[s0 + 8] + h01 * v[s1 + 5] + h11 * v[s1 + 2];
        }
    }
}
