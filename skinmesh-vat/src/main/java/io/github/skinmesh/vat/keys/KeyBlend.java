package io.github.skinmesh.vat.keys;

/**
 * The interpolation between the 4 keys of a segment, in the float arithmetic the shipped shader
 * functions use: the cubic through the 4 key poses at their key times (Lagrange form).
 *
 * <p>With key times {@code k0 < k1 < k2 < k3} and {@code d_i = t - k_i}, the weight of key
 * {@code i} is the product of the other keys' {@code d_j} divided by the product of
 * {@code (k_i - k_j)} over the other keys, each product taken left to right in key order, and a
 * position is {@code w0*p0 + w1*p1 + w2*p2 + w3*p3}, summed left to right. At a key time the
 * weights are exactly 1 and 0 (the same products divide), so a segment reproduces its key poses
 * bit for bit and two segments meet without a jump.
 *
 * <p>Kernel note. Piecewise linear interpolation between the 4 keys was measured against this on
 * the testkit humanoid's walk (9,555 vertices, 1.03 s, 30 fps, key times searched on the frame
 * grid): with 3, 4, 5 and 6 equal segments the cubic's largest error was 13.4, 6.6, 2.3 and
 * 2.0 mm, the linear one's 33.7, 18.5, 13.7 and 10.3 mm. Only a single segment over the whole
 * cycle, far too coarse for either (222 and 166 mm), favoured the linear form.
 */
final class KeyBlend {
    private KeyBlend() {
    }

    /**
     * Writes the 4 weights of time {@code t}.
     *
     * @param keyTimes 4 strictly increasing key times from {@code from}
     * @param from first key time
     * @param t the time
     * @param w receives the 4 weights from {@code to}
     * @param to first weight written
     */
    static void weights(float[] keyTimes, int from, float t, float[] w, int to) {
        float k0 = keyTimes[from];
        float k1 = keyTimes[from + 1];
        float k2 = keyTimes[from + 2];
        float k3 = keyTimes[from + 3];
        float d0 = t - k0;
        float d1 = t - k1;
        float d2 = t - k2;
        float d3 = t - k3;
        w[to] = d1 * d2 * d3 / ((k0 - k1) * (k0 - k2) * (k0 - k3));
        w[to + 1] = d0 * d2 * d3 / ((k1 - k0) * (k1 - k2) * (k1 - k3));
        w[to + 2] = d0 * d1 * d3 / ((k2 - k0) * (k2 - k1) * (k2 - k3));
        w[to + 3] = d0 * d1 * d2 / ((k3 - k0) * (k3 - k1) * (k3 - k2));
    }

    /** @return the 4 weights of time {@code t} in a new array */
    static float[] weightsOf(float[] keyTimes, int from, float t) {
        float[] w = new float[4];
        weights(keyTimes, from, t, w, 0);
        return w;
    }

    /**
     * Decodes one vertex: the weighted sum of its 4 keys (key {@code i}'s x, y, z at
     * {@code keys_i[at_i..]}), normalized for a normal as the shaders' {@code normalize}.
     */
    static void vertex(float[] a, int ia, float[] b, int ib, float[] c, int ic, float[] d, int id, float[] w,
            boolean normalize, float[] dst, int offset) {
        float x = blend(w[0], w[1], w[2], w[3], a[ia], b[ib], c[ic], d[id]);
        float y = blend(w[0], w[1], w[2], w[3], a[ia + 1], b[ib + 1], c[ic + 1], d[id + 1]);
        float z = blend(w[0], w[1], w[2], w[3], a[ia + 2], b[ib + 2], c[ic + 2], d[id + 2]);
        if (normalize) {
            float len = (float) Math.sqrt(x * x + y * y + z * z);
            x /= len;
            y /= len;
            z /= len;
        }
        dst[offset] = x;
        dst[offset + 1] = y;
        dst[offset + 2] = z;
    }

    /** @return {@code w0*a + w1*b + w2*c + w3*d}, left to right */
    static float blend(float w0, float w1, float w2, float w3, float a, float b, float c, float d) {
        return w0 * a + w1 * b + w2 * c + w3 * d;
    }
}
