package io.github.skinmesh.core.skinning;

import java.util.SplittableRandom;

/** Random skinning inputs and a naive double-precision reference, shared by the skinning tests. */
final class SkinningFixtures {
    final int k;
    final int paletteSize;
    final int vertexCount;
    final float[] palette;
    final int[] joints;
    final float[] weights;
    final float[] positions;
    final float[] normals;
    final float[] tangents;

    private SkinningFixtures(int k, int paletteSize, int vertexCount, float[] palette, int[] joints, float[] weights,
            float[] positions, float[] normals, float[] tangents) {
        this.k = k;
        this.paletteSize = paletteSize;
        this.vertexCount = vertexCount;
        this.palette = palette;
        this.joints = joints;
        this.weights = weights;
        this.positions = positions;
        this.normals = normals;
        this.tangents = tangents;
    }

    /** Kinds of random skin matrices. */
    enum Palette {
        /** Rotation and translation. */
        RIGID,
        /** Rotation, non-uniform scale (some negative), translation. */
        AFFINE
    }

    /**
     * Random vertices with {@code k} influences (weights normalized, some slots zero) over a random
     * palette.
     */
    static SkinningFixtures random(long seed, int k, int paletteSize, int vertexCount, Palette kind) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] palette = new float[16 * paletteSize];
        for (int i = 0; i < paletteSize; i++) {
            float[] q = randomQuaternion(r);
            float sx = 1, sy = 1, sz = 1;
            if (kind == Palette.AFFINE) {
                sx = (float) r.nextDouble(0.3, 2.5) * (r.nextInt(5) == 0 ? -1 : 1);
                sy = (float) r.nextDouble(0.3, 2.5);
                sz = (float) r.nextDouble(0.3, 2.5);
            }
            matrix(q, sx, sy, sz, (float) r.nextDouble(-3, 3), (float) r.nextDouble(-3, 3),
                    (float) r.nextDouble(-3, 3), palette, 16 * i);
        }
        int[] joints = new int[k * vertexCount];
        float[] weights = new float[k * vertexCount];
        float[] positions = new float[3 * vertexCount];
        float[] normals = new float[3 * vertexCount];
        float[] tangents = new float[4 * vertexCount];
        for (int v = 0; v < vertexCount; v++) {
            double sum = 0;
            int used = 1 + r.nextInt(k);
            for (int s = 0; s < k; s++) {
                joints[k * v + s] = r.nextInt(paletteSize);
                double w = s < used ? r.nextDouble(0.01, 1) : 0;
                weights[k * v + s] = (float) w;
                sum += w;
            }
            for (int s = 0; s < k; s++) {
                weights[k * v + s] = (float) (weights[k * v + s] / sum);
            }
            for (int c = 0; c < 3; c++) {
                positions[3 * v + c] = (float) r.nextDouble(-5, 5);
            }
            float[] n = randomUnit(r);
            float[] t = randomUnit(r);
            System.arraycopy(n, 0, normals, 3 * v, 3);
            System.arraycopy(t, 0, tangents, 4 * v, 3);
            tangents[4 * v + 3] = r.nextBoolean() ? 1 : -1;
        }
        return new SkinningFixtures(k, paletteSize, vertexCount, palette, joints, weights, positions, normals,
                tangents);
    }

    static float[] randomQuaternion(SplittableRandom r) {
        double u1 = r.nextDouble(), u2 = r.nextDouble(), u3 = r.nextDouble();
        double a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
        return new float[] {(float) (a * Math.sin(2 * Math.PI * u2)), (float) (a * Math.cos(2 * Math.PI * u2)),
            (float) (b * Math.sin(2 * Math.PI * u3)), (float) (b * Math.cos(2 * Math.PI * u3))};
    }

    static float[] randomUnit(SplittableRandom r) {
        while (true) {
            double x = r.nextDouble(-1, 1), y = r.nextDouble(-1, 1), z = r.nextDouble(-1, 1);
            double l = Math.sqrt(x * x + y * y + z * z);
            if (l > 0.1 && l <= 1) {
                return new float[] {(float) (x / l), (float) (y / l), (float) (z / l)};
            }
        }
    }

    /** Writes {@code T * R(q) * S} column-major at {@code m[o..o+15]}. */
    static void matrix(float[] q, float sx, float sy, float sz, float tx, float ty, float tz, float[] m, int o) {
        double x = q[0], y = q[1], z = q[2], w = q[3];
        double[] rot = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
            2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
            2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
        float[] s = {sx, sy, sz};
        for (int c = 0; c < 3; c++) {
            for (int row = 0; row < 3; row++) {
                m[o + 4 * c + row] = (float) (rot[3 * c + row] * s[c]);
            }
            m[o + 4 * c + 3] = 0;
        }
        m[o + 12] = tx;
        m[o + 13] = ty;
        m[o + 14] = tz;
        m[o + 15] = 1;
    }

    /** Blended 3x4 matrix of vertex {@code v} in double, column-major 12 values (columns 0..3). */
    double[] blended(int v) {
        double[] a = new double[12];
        for (int s = 0; s < k; s++) {
            int m = 16 * joints[k * v + s];
            double w = weights[k * v + s];
            for (int c = 0; c < 4; c++) {
                for (int row = 0; row < 3; row++) {
                    a[3 * c + row] += w * palette[m + 4 * c + row];
                }
            }
        }
        return a;
    }

    /**
     * Naive reference: per influence transform and accumulate, in double. Returns for each output
     * component the value and, in {@code mag}, the sum of the magnitudes of its terms (for
     * relative tolerances).
     */
    void referencePosition(int v, double[] out, double[] mag) {
        for (int row = 0; row < 3; row++) {
            out[row] = 0;
            mag[row] = 0;
        }
        for (int s = 0; s < k; s++) {
            int m = 16 * joints[k * v + s];
            double w = weights[k * v + s];
            for (int row = 0; row < 3; row++) {
                double acc = palette[m + 12 + row];
                double abs = Math.abs(palette[m + 12 + row]);
                for (int c = 0; c < 3; c++) {
                    acc += palette[m + 4 * c + row] * (double) positions[3 * v + c];
                    abs += Math.abs(palette[m + 4 * c + row] * (double) positions[3 * v + c]);
                }
                out[row] += w * acc;
                mag[row] += Math.abs(w) * abs;
            }
        }
    }

    /** Reference direction {@code A d} for the blended upper 3x3 (or its sign-corrected cofactor). */
    double[] referenceDirection(int v, float[] d, int offset, boolean cofactor) {
        double[] a = blended(v);
        double x = d[offset], y = d[offset + 1], z = d[offset + 2];
        if (!cofactor) {
            return new double[] {a[0] * x + a[3] * y + a[6] * z, a[1] * x + a[4] * y + a[7] * z,
                a[2] * x + a[5] * y + a[8] * z};
        }
        double[] bc = cross(a, 3, a, 6);
        double[] ca = cross(a, 6, a, 0);
        double[] ab = cross(a, 0, a, 3);
        double det = a[0] * bc[0] + a[1] * bc[1] + a[2] * bc[2];
        double sign = det < 0 ? -1 : 1;
        return new double[] {sign * (bc[0] * x + ca[0] * y + ab[0] * z), sign * (bc[1] * x + ca[1] * y + ab[1] * z),
            sign * (bc[2] * x + ca[2] * y + ab[2] * z)};
    }

    /** Magnitude bound of the terms of {@link #referenceDirection} (for relative tolerances). */
    double directionMagnitude(int v, float[] d, int offset, boolean cofactor) {
        double[] a = blended(v);
        double sum = 0;
        for (int i = 0; i < 9; i++) {
            sum += Math.abs(a[i]);
        }
        double scale = cofactor ? sum * sum : sum;
        return scale * (Math.abs(d[offset]) + Math.abs(d[offset + 1]) + Math.abs(d[offset + 2]));
    }

    private static double[] cross(double[] a, int i, double[] b, int j) {
        return new double[] {a[i + 1] * b[j + 2] - a[i + 2] * b[j + 1], a[i + 2] * b[j] - a[i] * b[j + 2],
            a[i] * b[j + 1] - a[i + 1] * b[j]};
    }
}
