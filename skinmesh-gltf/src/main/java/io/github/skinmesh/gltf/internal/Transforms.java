package io.github.skinmesh.gltf.internal;

import org.joml.Matrix4f;

/**
 * Node transforms: composing {@code T * R * S} and decomposing a column-major matrix back into
 * translation, rotation quaternion {@code (x, y, z, w)} and scale.
 *
 * <p>Decomposition works in double: translation is column 3; the scales are the lengths of
 * columns 0..2, the first negated when the 3x3 determinant is negative (a mirror); the rotation is
 * the quaternion of the scaled-out 3x3 (Shepperd's method: the largest of {@code w, x, y, z} is
 * computed from the trace first, which keeps the division well conditioned). A matrix with shear,
 * a projective last row or a zero scale is not a TRS: the result then approximates it and
 * {@link #decompose} says so.
 */
public final class Transforms {
    /** Largest entry-wise difference, relative to the matrix's largest entry, still called exact. */
    public static final double TRS_TOLERANCE = 1e-5;

    private Transforms() {
    }

    /**
     * Decomposes a matrix.
     *
     * @param m column-major 16 floats
     * @param t receives 3 floats of translation
     * @param r receives 4 floats of unit rotation
     * @param s receives 3 floats of scale
     * @return {@code true} when {@code T * R * S} reproduces {@code m} within {@link #TRS_TOLERANCE}
     */
    public static boolean decompose(float[] m, float[] t, float[] r, float[] s) {
        t[0] = m[12];
        t[1] = m[13];
        t[2] = m[14];
        double[] c = new double[9];
        for (int i = 0; i < 9; i++) {
            c[i] = m[(i / 3) * 4 + i % 3];
        }
        double sx = Math.sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
        double sy = Math.sqrt(c[3] * c[3] + c[4] * c[4] + c[5] * c[5]);
        double sz = Math.sqrt(c[6] * c[6] + c[7] * c[7] + c[8] * c[8]);
        double det = c[0] * (c[4] * c[8] - c[5] * c[7]) - c[3] * (c[1] * c[8] - c[2] * c[7])
                + c[6] * (c[1] * c[5] - c[2] * c[4]);
        if (det < 0) {
            sx = -sx;
        }
        boolean degenerate = sx == 0 || sy == 0 || sz == 0;
        if (degenerate) {
            r[0] = 0;
            r[1] = 0;
            r[2] = 0;
            r[3] = 1;
        } else {
            double m00 = c[0] / sx, m10 = c[1] / sx, m20 = c[2] / sx;
            double m01 = c[3] / sy, m11 = c[4] / sy, m21 = c[5] / sy;
            double m02 = c[6] / sz, m12 = c[7] / sz, m22 = c[8] / sz;
            double qx, qy, qz, qw;
            double trace = m00 + m11 + m22;
            if (trace > 0) {
                double k = 0.5 / Math.sqrt(trace + 1.0);
                qw = 0.25 / k;
                qx = (m21 - m12) * k;
                qy = (m02 - m20) * k;
                qz = (m10 - m01) * k;
            } else if (m00 > m11 && m00 > m22) {
                double k = 2.0 * Math.sqrt(1.0 + m00 - m11 - m22);
                qw = (m21 - m12) / k;
                qx = 0.25 * k;
                qy = (m01 + m10) / k;
                qz = (m02 + m20) / k;
            } else if (m11 > m22) {
                double k = 2.0 * Math.sqrt(1.0 + m11 - m00 - m22);
                qw = (m02 - m20) / k;
                qx = (m01 + m10) / k;
                qy = 0.25 * k;
                qz = (m12 + m21) / k;
            } else {
                double k = 2.0 * Math.sqrt(1.0 + m22 - m00 - m11);
                qw = (m10 - m01) / k;
                qx = (m02 + m20) / k;
                qy = (m12 + m21) / k;
                qz = 0.25 * k;
            }
            double len = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
            if (qw < 0) {
                len = -len;
            }
            r[0] = (float) (qx / len);
            r[1] = (float) (qy / len);
            r[2] = (float) (qz / len);
            r[3] = (float) (qw / len);
        }
        s[0] = (float) sx;
        s[1] = (float) sy;
        s[2] = (float) sz;
        float[] back = new float[16];
        compose(t, r, s, back);
        double scale = 1;
        for (int i = 0; i < 16; i++) {
            scale = Math.max(scale, Math.abs(m[i]));
        }
        double err = 0;
        for (int i = 0; i < 16; i++) {
            err = Math.max(err, Math.abs(back[i] - (double) m[i]));
        }
        return !degenerate && err <= TRS_TOLERANCE * scale;
    }

    /**
     * Computes {@code T * R * S}.
     *
     * @param t translation, 3 floats
     * @param r rotation quaternion, 4 floats
     * @param s scale, 3 floats
     * @param dst receives 16 floats, column-major
     * @return {@code dst}
     */
    public static float[] compose(float[] t, float[] r, float[] s, float[] dst) {
        return new Matrix4f().translationRotateScale(t[0], t[1], t[2], r[0], r[1], r[2], r[3], s[0], s[1], s[2])
                .get(dst);
    }

    /**
     * @param m 16 floats
     * @return whether {@code m} is exactly the identity
     */
    public static boolean isIdentity(float[] m) {
        for (int i = 0; i < 16; i++) {
            if (Float.floatToIntBits(m[i]) != Float.floatToIntBits(i % 5 == 0 ? 1f : 0f)) {
                return false;
            }
        }
        return true;
    }
}
