package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.model.Interpolation;

/**
 * Samples one morph-weight channel ({@code n} weights per element) at the key pair found by
 * {@link KeyCursors}, with the same formulas as {@link Vec3Sampling}: STEP holds the first key,
 * LINEAR is {@code w0 + a (w1 - w0)}, CUBICSPLINE is glTF's Hermite spline over keys that store
 * in-tangents, values and out-tangents ({@code 3n} floats per key). Weights are not clamped.
 */
final class WeightSampling {
    private WeightSampling() {
    }

    /**
     * @param v the channel's values
     * @param n weights per element
     * @param interpolation the channel's interpolation
     * @param k0 first key
     * @param k1 second key
     * @param a blend factor
     * @param dt key interval in seconds
     * @param dst destination, {@code n} floats from {@code o}
     * @param o first float written
     */
    static void sample(float[] v, int n, Interpolation interpolation, int k0, int k1, float a, float dt,
            float[] dst, int o) {
        switch (interpolation) {
            case STEP:
                System.arraycopy(v, k0 * n, dst, o, n);
                break;
            case LINEAR: {
                int s0 = k0 * n;
                int s1 = k1 * n;
                for (int j = 0; j < n; j++) {
                    float w0 = v[s0 + j];
                    dst[o + j] = w0 + a * (v[s1 + j] - w0);
                }
                break;
            }
            case CUBICSPLINE: {
                float s2 = a * a;
                float s3 = s2 * a;
                float h00 = 2 * s3 - 3 * s2 + 1;
                float h10 = (s3 - 2 * s2 + a) * dt;
                float h01 = 3 * s2 - 2 * s3;
                float h11 = (s3 - s2) * dt;
                int in1 = 3 * n * k1;
                int val0 = 3 * n * k0 + n;
                int val1 = in1 + n;
                int out0 = val0 + n;
                for (int j = 0; j < n; j++) {
                    dst[o + j] = h00 * v[val0 + j] + h10 * v[out0 + j] + h01 * v[val1 + j] + h11 * v[in1 + j];
                }
                break;
            }
            default:
                throw new AssertionError(interpolation);
        }
    }
}
