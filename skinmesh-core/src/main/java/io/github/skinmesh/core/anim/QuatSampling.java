package io.github.skinmesh.core.anim;

/**
 * Samples batches of rotation channels (unit quaternions {@code (x, y, z, w)}) with STEP, LINEAR
 * (spherical via {@link Slerp}, or normalized linear) and CUBICSPLINE interpolation, using the key
 * pairs found by {@link KeyCursors}.
 *
 * <p>Normalized linear interpolation takes the shortest arc too: {@code q = normalize(q0 + a (q1'
 * - q0))} with {@code q1' = ±q1}, {@code dot(q0, q1') >= 0}; the sum cannot vanish because both
 * quaternions lie in the same hemisphere. CUBICSPLINE follows glTF: the Hermite spline of
 * {@link Vec3Sampling} on the four components (keys store in-tangent, value, out-tangent, 12
 * floats), then normalized; in the degenerate case of a zero-length (or overflowing) result the
 * first key's value is used.
 */
final class QuatSampling {
    private QuatSampling() {
    }

    static void step(ChannelBatch b, KeyCursors c, float[] dst) {
        int[] tl = b.timeline;
        float[][] vals = b.values;
        int[] off = b.dstOffset;
        int[] k0s = c.key0;
        for (int i = 0; i < b.count; i++) {
            float[] v = vals[i];
            int s = 4 * k0s[tl[i]];
            int o = off[i];
            dst[o] = v[s];
            dst[o + 1] = v[s + 1];
            dst[o + 2] = v[s + 2];
            dst[o + 3] = v[s + 3];
        }
    }

    static void slerp(ChannelBatch b, KeyCursors c, float[] dst) {
        int[] tl = b.timeline;
        float[][] vals = b.values;
        int[] off = b.dstOffset;
        int[] k0s = c.key0;
        int[] k1s = c.key1;
        float[] as = c.alpha;
        for (int i = 0; i < b.count; i++) {
            float[] v = vals[i];
            int l = tl[i];
            int s0 = 4 * k0s[l];
            int s1 = 4 * k1s[l];
            float a = as[l];
            float x0 = v[s0];
            float y0 = v[s0 + 1];
            float z0 = v[s0 + 2];
            float w0 = v[s0 + 3];
            float x1 = v[s1];
            float y1 = v[s1 + 1];
            float z1 = v[s1 + 2];
            float w1 = v[s1 + 3];
            float d = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
            float sign = 1;
            if (d < 0) {
                d = -d;
                sign = -1;
            }
            float u0 = Slerp.weight(1 - a, d);
            float u1 = sign * Slerp.weight(a, d);
            int o = off[i];
            dst[o] = u0 * x0 + u1 * x1;
            dst[o + 1] = u0 * y0 + u1 * y1;
            dst[o + 2] = u0 * z0 + u1 * z1;
            dst[o + 3] = u0 * w0 + u1 * w1;
        }
    }

    /**
     * The loop body of {@link #slerp} for channel {@code j} of a {@link SoaGroup}'s key rows
     * ({@code rows[r0 + c][j]} and {@code rows[r1 + c][j]} for component {@code c}), written to
     * {@code out[c][j]}: the kernels' path for keys more than the series' arc apart.
     */
    static void slerpColumn(float[][] rows, int r0, int r1, int j, float a, float[][] out) {
        float x0 = rows[r0][j];
        float y0 = rows[r0 + 1][j];
        float z0 = rows[r0 + 2][j];
        float w0 = rows[r0 + 3][j];
        float x1 = rows[r1][j];
        float y1 = rows[r1 + 1][j];
        float z1 = rows[r1 + 2][j];
        float w1 = rows[r1 + 3][j];
        float d = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
        float sign = 1;
        if (d < 0) {
            d = -d;
            sign = -1;
        }
        float u0 = Slerp.weight(1 - a, d);
        float u1 = sign * Slerp.weight(a, d);
        out[0][j] = u0 * x0 + u1 * x1;
        out[1][j] = u0 * y0 + u1 * y1;
        out[2][j] = u0 * z0 + u1 * z1;
        out[3][j] = u0 * w0 + u1 * w1;
    }

    static void nlerp(ChannelBatch b, KeyCursors c, float[] dst) {
        int[] tl = b.timeline;
        float[][] vals = b.values;
        int[] off = b.dstOffset;
        int[] k0s = c.key0;
        int[] k1s = c.key1;
        float[] as = c.alpha;
        for (int i = 0; i < b.count; i++) {
            float[] v = vals[i];
            int l = tl[i];
            int s0 = 4 * k0s[l];
            int s1 = 4 * k1s[l];
            float a = as[l];
            float x0 = v[s0];
            float y0 = v[s0 + 1];
            float z0 = v[s0 + 2];
            float w0 = v[s0 + 3];
            float x1 = v[s1];
            float y1 = v[s1 + 1];
            float z1 = v[s1 + 2];
            float w1 = v[s1 + 3];
            if (x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1 < 0) {
                x1 = -x1;
                y1 = -y1;
                z1 = -z1;
                w1 = -w1;
            }
            float x = x0 + a * (x1 - x0);
            float y = y0 + a * (y1 - y0);
            float z = z0 + a * (z1 - z0);
            float w = w0 + a * (w1 - w0);
            float inv = (float) (1 / Math.sqrt(x * x + y * y + z * z + w * w));
            int o = off[i];
            dst[o] = x * inv;
            dst[o + 1] = y * inv;
            dst[o + 2] = z * inv;
            dst[o + 3] = w * inv;
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
            int s0 = 12 * k0s[l];
            int s1 = 12 * k1s[l];
            float s = as[l];
            float dt = dts[l];
            float s2 = s * s;
            float s3 = s2 * s;
            float h00 = 2 * s3 - 3 * s2 + 1;
            float h10 = (s3 - 2 * s2 + s) * dt;
            float h01 = 3 * s2 - 2 * s3;
            float h11 = (s3 - s2) * dt;
            // key layout: in-tangent (0..3), value (4..7), out-tangent (8..11)
            float x = h00 * v[s0 + 4] + h10 * v[s0 + 8] + h01 * v[s1 + 4] + h11 * v[s1];
            float y = h00 * v[s0 + 5] + h10 * v[s0 + 9] + h01 * v[s1 + 5] + h11 * v[s1 + 1];
            float z = h00 * v[s0 + 6] + h10 * v[s0 + 10] + h01 * v[s1 + 6] + h11 * v[s1 + 2];
            float w = h00 * v[s0 + 7] + h10 * v[s0 + 11] + h01 * v[s1 + 7] + h11 * v[s1 + 3];
            double len2 = (double) x * x + (double) y * y + (double) z * z + (double) w * w;
            int o = off[i];
            if (len2 > 0 && len2 < Double.POSITIVE_INFINITY) {
                float inv = (float) (1 / Math.sqrt(len2));
                dst[o] = x * inv;
                dst[o + 1] = y * inv;
                dst[o + 2] = z * inv;
                dst[o + 3] = w * inv;
            } else {
                dst[o] = v[s0 + 4];
                dst[o + 1] = v[s0 + 5];
                dst[o + 2] = v[s0 + 6];
                dst[o + 3] = v[s0 + 7];
            }
        }
    }
}
