package io.github.skinmesh.core.anim;

import org.joml.Matrix4fc;
import org.jspecify.annotations.Nullable;

/**
 * {@link AnimKernel} in plain Java loops shaped for the JIT's auto-vectorizer (C2's superword
 * pass), for JVMs where the Vector API kernel is not used: every loop runs over the channels
 * {@code j} of a {@link SoaGroup}, reads each operand at index {@code j} of its own array (a key
 * row or a scratch row), does straight-line float arithmetic without calls or branches, and writes
 * one or more scratch rows at {@code j}. Each loop is kept small (a few dozen operations), because
 * C2 vectorizes only loops it unrolls, and it unrolls only loops below a size limit; a loop doing
 * the whole slerp at once is not vectorized on JDK 17.
 *
 * <p>The operations are those of {@link QuatSampling#slerp} and {@link Vec3Sampling#linear} in
 * the same order, and the JIT neither reassociates nor fuses float operations, so the results are
 * the same bits whether the loops run vectorized or not. Slerp takes the key dot products (in two
 * loops); the first key's weight by the series of {@link Slerp} (coefficients computed once per
 * call, since the channels share the blend factor); the second key's weight times the sign
 * {@code dot / |dot|}, which is exactly {@code 1} or {@code -1} wherever the series applies
 * ({@code |dot| >=} {@value Slerp#SERIES_MIN_COS}); and the blend of the keys, a loop per
 * component. The loop that copies the results to the pose's offsets (which are scattered, so it
 * is scalar) first redoes, by the scalar formula, each channel whose keys lie more than the
 * series' arc apart.
 *
 * <p>Local-to-model is {@link LocalToModel#scalar} (each bone depends on its parent's result, so
 * there is nothing for the auto-vectorizer to take). Stateless and thread-safe.
 */
final class LoopAnimKernel implements AnimKernel {
    /** The loops take any channel count (the JIT adds scalar iterations for a remainder). */
    @Override
    public int lanes() {
        return 1;
    }

    @Override
    public void slerp(SoaGroup g, int k0, int k1, float a, float[][] scratch, float[] dst) {
        int p = g.padded;
        float[][] rows = g.rows;
        int r0 = 4 * k0;
        int r1 = 4 * k1;
        float[] x0 = rows[r0];
        float[] y0 = rows[r0 + 1];
        float[] z0 = rows[r0 + 2];
        float[] w0 = rows[r0 + 3];
        float[] x1 = rows[r1];
        float[] y1 = rows[r1 + 1];
        float[] z1 = rows[r1 + 2];
        float[] w1 = rows[r1 + 3];
        float[] ox = scratch[0];
        float[] oy = scratch[1];
        float[] oz = scratch[2];
        float[] ow = scratch[3];
        float[] dot = scratch[4];
        float[] weight0 = scratch[5];
        float[] weight1 = scratch[6];
        // the dot product in two loops, each small enough to be vectorized; the same sums in the
        // same order, ((x + y) + z) + w, as the partial sum is a float either way
        for (int j = 0; j < p; j++) {
            dot[j] = x0[j] * x1[j] + y0[j] * y1[j];
        }
        for (int j = 0; j < p; j++) {
            dot[j] = dot[j] + z0[j] * z1[j] + w0[j] * w1[j];
        }
        seriesWeight(dot, 1 - a, weight0, p);
        seriesWeight(dot, a, weight1, p);
        applySign(dot, weight1, p);
        blend(weight0, x0, weight1, x1, ox, p);
        blend(weight0, y0, weight1, y1, oy, p);
        blend(weight0, z0, weight1, z1, oz, p);
        blend(weight0, w0, weight1, w1, ow, p);
        int[] off = g.dstOffset;
        for (int j = 0; j < g.count; j++) {
            if (!(Math.abs(dot[j]) >= Slerp.SERIES_MIN_COS)) {
                QuatSampling.slerpColumn(rows, r0, r1, j, a, scratch);
            }
            int o = off[j];
            dst[o] = ox[j];
            dst[o + 1] = oy[j];
            dst[o + 2] = oz[j];
            dst[o + 3] = ow[j];
        }
    }

    /** {@code out[j] = u0[j] * v0[j] + u1[j] * v1[j]} for {@code j < p}. */
    private static void blend(float[] u0, float[] v0, float[] u1, float[] v1, float[] out, int p) {
        for (int j = 0; j < p; j++) {
            out[j] = u0[j] * v0[j] + u1[j] * v1[j];
        }
    }

    /**
     * {@code out[j] = } the series weight of {@link Slerp} at factor {@code t} for
     * {@code x = |dot[j]|}, {@code j < p}: the same operations as {@code Slerp.series(t, x - 1)}.
     */
    private static void seriesWeight(float[] dot, float t, float[] out, int p) {
        float t2 = t * t;
        float c1 = Slerp.U1 * t2 - Slerp.V1;
        float c2 = Slerp.U2 * t2 - Slerp.V2;
        float c3 = Slerp.U3 * t2 - Slerp.V3;
        float c4 = Slerp.U4 * t2 - Slerp.V4;
        float c5 = Slerp.U5 * t2 - Slerp.V5;
        float c6 = Slerp.U6 * t2 - Slerp.V6;
        float c7 = Slerp.U7 * t2 - Slerp.V7;
        float c8 = Slerp.U8 * t2 - Slerp.V8;
        for (int j = 0; j < p; j++) {
            float e = Math.abs(dot[j]) - 1;
            float s = 1 + c8 * e;
            s = 1 + c7 * e * s;
            s = 1 + c6 * e * s;
            s = 1 + c5 * e * s;
            s = 1 + c4 * e * s;
            s = 1 + c3 * e * s;
            s = 1 + c2 * e * s;
            s = 1 + c1 * e * s;
            out[j] = t * s;
        }
    }

    /**
     * {@code out[j] = dot[j] / |dot[j]| * out[j]}, {@code j < p}: a series weight times the sign of
     * the dot product (exactly {@code ±1} where the series applies; other channels are redone by the
     * scalar formula), the scalar slerp's product with its operands in the same order.
     */
    private static void applySign(float[] dot, float[] out, int p) {
        for (int j = 0; j < p; j++) {
            float d = dot[j];
            out[j] = d / Math.abs(d) * out[j];
        }
    }

    @Override
    public void lerp3(SoaGroup g, int k0, int k1, float a, float[][] scratch, float[] dst) {
        int p = g.padded;
        float[][] rows = g.rows;
        for (int c = 0; c < 3; c++) {
            float[] v0 = rows[3 * k0 + c];
            float[] v1 = rows[3 * k1 + c];
            float[] out = scratch[c];
            for (int j = 0; j < p; j++) {
                float x0 = v0[j];
                out[j] = x0 + a * (v1[j] - x0);
            }
        }
        float[] ox = scratch[0];
        float[] oy = scratch[1];
        float[] oz = scratch[2];
        int[] off = g.dstOffset;
        for (int j = 0; j < g.count; j++) {
            int o = off[j];
            dst[o] = ox[j];
            dst[o + 1] = oy[j];
            dst[o + 2] = oz[j];
        }
    }

    @Override
    public void localToModel(int[] parents, float[] t, float[] r, float[] s, int n, @Nullable Matrix4fc root,
            float[] dst, int off) {
        LocalToModel.scalar(parents, t, r, s, n, root, dst, off);
    }
}
