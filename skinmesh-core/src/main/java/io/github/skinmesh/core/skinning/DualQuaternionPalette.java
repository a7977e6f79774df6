package io.github.skinmesh.core.skinning;

/**
 * Splits skin matrices into a unit dual quaternion and a stretch for dual quaternion skinning.
 *
 * <p>Method. The upper 3x3 {@code A} of a skin matrix {@code M} is factored as {@code A = R * S}
 * with {@code R} a rotation, so that {@code M = [R|t] * S}: {@code S} is applied first (blended
 * linearly across influences, like linear blend skinning of a matrix without translation), then
 * the rigid part {@code [R|t]} (blended as dual quaternions). {@code R} is the rotation of the
 * polar decomposition of {@code A} (the orthonormal matrix nearest to {@code A}), found in double
 * precision by Higham's scaled Newton iteration {@code X <- (g X + X^-T / g) / 2},
 * {@code g = |det X|^(-1/3)}, on {@code sign(det A) * A} so that {@code R} is a proper rotation
 * even for a mirroring matrix (the reflection then stays in {@code S}). For a singular or nearly
 * singular {@code A} (a bone scaled to zero to hide a part) the iteration is undefined; {@code R}
 * then comes from Gram-Schmidt on the columns of {@code A}, longest first, completed to a
 * right-handed basis. In every case {@code S = R^T A}, so {@code [R|t] * S} reproduces {@code M}
 * exactly up to rounding whichever {@code R} was chosen; for a rigid {@code M}, {@code S} is the
 * identity. This follows the two-phase ("scale first, then dual quaternion") skinning of Kavan et
 * al., "Geometric Skinning with Approximate Dual Quaternion Blending" (2008), section 4.
 *
 * <p>Layout: {@code dq[8*i..8*i+7] = (rx, ry, rz, rw, dx, dy, dz, dw)} with the real part the
 * rotation quaternion (w >= 0) and the dual part {@code (t, 0) * r / 2}; {@code stretch[9*i..]}
 * is {@code S} column-major.
 */
final class DualQuaternionPalette {
    /** Relative determinant below which {@code A} counts as singular. */
    private static final double SINGULAR = 1e-9;
    private static final int MAX_ITERATIONS = 64;
    private static final double CONVERGED = 1e-13;

    final float[] dq;
    final float[] stretch;
    /** Whether some stretch differs from the identity (otherwise the kernel skips it). */
    final boolean stretched;

    private DualQuaternionPalette(float[] dq, float[] stretch, boolean stretched) {
        this.dq = dq;
        this.stretch = stretch;
        this.stretched = stretched;
    }

    /**
     * Converts {@code paletteSize} column-major skin matrices.
     *
     * @param palette {@code 16*paletteSize} floats
     * @param paletteSize number of matrices
     * @return the dual quaternions and stretches (fresh arrays)
     */
    static DualQuaternionPalette of(float[] palette, int paletteSize) {
        float[] dq = new float[8 * paletteSize];
        float[] stretch = new float[9 * paletteSize];
        double[] a = new double[9];
        double[] r = new double[9];
        double[] scratch = new double[9];
        boolean stretched = false;
        for (int i = 0; i < paletteSize; i++) {
            int m = 16 * i;
            for (int c = 0; c < 3; c++) {
                for (int row = 0; row < 3; row++) {
                    a[3 * c + row] = palette[m + 4 * c + row];
                }
            }
            rotationOf(a, r, scratch);
            // S = R^T A
            for (int c = 0; c < 3; c++) {
                for (int row = 0; row < 3; row++) {
                    double s = r[3 * row] * a[3 * c] + r[3 * row + 1] * a[3 * c + 1] + r[3 * row + 2] * a[3 * c + 2];
                    float f = (float) s;
                    stretch[9 * i + 3 * c + row] = f;
                    if (Math.abs(f - (c == row ? 1f : 0f)) > 1e-6f) {
                        stretched = true;
                    }
                }
            }
            toDualQuaternion(r, palette[m + 12], palette[m + 13], palette[m + 14], dq, 8 * i);
        }
        return new DualQuaternionPalette(dq, stretch, stretched);
    }

    /**
     * Writes into {@code r} (column-major 3x3) the rotation factor of {@code a} (see the class
     * notes); {@code inv} is scratch space of 9 doubles.
     */
    static void rotationOf(double[] a, double[] r, double[] inv) {
        double det = det3(a);
        double norm = 0;
        for (double v : a) {
            norm += v * v;
        }
        // |det| against the cube of the RMS column length: scale-free test for a singular matrix
        double scale = Math.pow(norm / 3, 1.5);
        if (!(Math.abs(det) > SINGULAR * scale)) {
            gramSchmidt(a, r);
            return;
        }
        double sign = det < 0 ? -1 : 1;
        for (int i = 0; i < 9; i++) {
            r[i] = sign * a[i];
        }
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            double d = det3(r);
            double g = Math.pow(Math.abs(d), -1.0 / 3);
            inverseTranspose(r, d, inv);
            double change = 0;
            for (int i = 0; i < 9; i++) {
                double next = 0.5 * (g * r[i] + inv[i] / g);
                change += (next - r[i]) * (next - r[i]);
                r[i] = next;
            }
            if (change < CONVERGED * CONVERGED) {
                break;
            }
        }
    }

    private static double det3(double[] a) {
        return a[0] * (a[4] * a[8] - a[5] * a[7]) - a[3] * (a[1] * a[8] - a[2] * a[7])
                + a[6] * (a[1] * a[5] - a[2] * a[4]);
    }

    /** {@code out = a^-T}, given {@code det = det(a) != 0}: the cofactor matrix divided by det. */
    private static void inverseTranspose(double[] a, double det, double[] out) {
        double inv = 1 / det;
        // columns a0 = a[0..2], a1 = a[3..5], a2 = a[6..8]; cof = [a1 x a2, a2 x a0, a0 x a1]
        out[0] = (a[4] * a[8] - a[5] * a[7]) * inv;
        out[1] = (a[5] * a[6] - a[3] * a[8]) * inv;
        out[2] = (a[3] * a[7] - a[4] * a[6]) * inv;
        out[3] = (a[7] * a[2] - a[8] * a[1]) * inv;
        out[4] = (a[8] * a[0] - a[6] * a[2]) * inv;
        out[5] = (a[6] * a[1] - a[7] * a[0]) * inv;
        out[6] = (a[1] * a[5] - a[2] * a[4]) * inv;
        out[7] = (a[2] * a[3] - a[0] * a[5]) * inv;
        out[8] = (a[0] * a[4] - a[1] * a[3]) * inv;
    }

    /** Right-handed orthonormal basis from the columns of {@code a}, longest column first. */
    private static void gramSchmidt(double[] a, double[] r) {
        double[] len = new double[3];
        for (int c = 0; c < 3; c++) {
            len[c] = Math.sqrt(a[3 * c] * a[3 * c] + a[3 * c + 1] * a[3 * c + 1] + a[3 * c + 2] * a[3 * c + 2]);
        }
        int c0 = len[0] >= len[1] ? (len[0] >= len[2] ? 0 : 2) : (len[1] >= len[2] ? 1 : 2);
        int c1 = (c0 + 1) % 3;
        int c2 = (c0 + 2) % 3;
        if (len[c2] > len[c1]) {
            int t = c1;
            c1 = c2;
            c2 = t;
        }
        double[] u = new double[3];
        double[] e0 = new double[3];
        double[] e1 = new double[3];
        if (len[c0] > 0) {
            for (int i = 0; i < 3; i++) {
                e0[i] = a[3 * c0 + i] / len[c0];
            }
        } else {
            e0[c0] = 1; // zero matrix: identity rotation
        }
        double dot = e0[0] * a[3 * c1] + e0[1] * a[3 * c1 + 1] + e0[2] * a[3 * c1 + 2];
        for (int i = 0; i < 3; i++) {
            u[i] = a[3 * c1 + i] - dot * e0[i];
        }
        double ul = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
        if (!(ul > 1e-12 * Math.max(len[c0], 1e-300))) {
            // second column parallel to the first (or zero): take any perpendicular, via the smallest axis of e0
            int axis = Math.abs(e0[0]) <= Math.abs(e0[1]) ? (Math.abs(e0[0]) <= Math.abs(e0[2]) ? 0 : 2)
                    : (Math.abs(e0[1]) <= Math.abs(e0[2]) ? 1 : 2);
            double[] ax = new double[3];
            ax[axis] = 1;
            u[0] = ax[1] * e0[2] - ax[2] * e0[1];
            u[1] = ax[2] * e0[0] - ax[0] * e0[2];
            u[2] = ax[0] * e0[1] - ax[1] * e0[0];
            ul = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
        }
        for (int i = 0; i < 3; i++) {
            e1[i] = u[i] / ul;
            r[3 * c0 + i] = e0[i];
            r[3 * c1 + i] = e1[i];
        }
        // col_k = col_{k+1} x col_{k+2}: right-handed completion whichever two columns were set
        int n1 = (c2 + 1) % 3;
        int n2 = (c2 + 2) % 3;
        r[3 * c2] = r[3 * n1 + 1] * r[3 * n2 + 2] - r[3 * n1 + 2] * r[3 * n2 + 1];
        r[3 * c2 + 1] = r[3 * n1 + 2] * r[3 * n2] - r[3 * n1] * r[3 * n2 + 2];
        r[3 * c2 + 2] = r[3 * n1] * r[3 * n2 + 1] - r[3 * n1 + 1] * r[3 * n2];
    }

    /** Rotation matrix (column-major 3x3) and translation to a unit dual quaternion at {@code dq[o..o+7]}. */
    private static void toDualQuaternion(double[] r, double tx, double ty, double tz, float[] dq, int o) {
        // Shepperd's method: pivot on the largest of w, x, y, z for accuracy
        double m00 = r[0], m11 = r[4], m22 = r[8];
        double trace = m00 + m11 + m22;
        double x, y, z, w;
        if (trace >= m00 && trace >= m11 && trace >= m22) {
            double s = Math.sqrt(1 + trace) * 2;
            w = s / 4;
            x = (r[5] - r[7]) / s;
            y = (r[6] - r[2]) / s;
            z = (r[1] - r[3]) / s;
        } else if (m00 >= m11 && m00 >= m22) {
            double s = Math.sqrt(1 + m00 - m11 - m22) * 2;
            w = (r[5] - r[7]) / s;
            x = s / 4;
            y = (r[3] + r[1]) / s;
            z = (r[6] + r[2]) / s;
        } else if (m11 >= m22) {
            double s = Math.sqrt(1 - m00 + m11 - m22) * 2;
            w = (r[6] - r[2]) / s;
            x = (r[3] + r[1]) / s;
            y = s / 4;
            z = (r[7] + r[5]) / s;
        } else {
            double s = Math.sqrt(1 - m00 - m11 + m22) * 2;
            w = (r[1] - r[3]) / s;
            x = (r[6] + r[2]) / s;
            y = (r[7] + r[5]) / s;
            z = s / 4;
        }
        double len = Math.sqrt(x * x + y * y + z * z + w * w);
        if (w < 0) {
            len = -len;
        }
        x /= len;
        y /= len;
        z /= len;
        w /= len;
        dq[o] = (float) x;
        dq[o + 1] = (float) y;
        dq[o + 2] = (float) z;
        dq[o + 3] = (float) w;
        // dual = 0.5 * (t, 0) * r
        dq[o + 4] = (float) (0.5 * (tx * w + ty * z - tz * y));
        dq[o + 5] = (float) (0.5 * (-tx * z + ty * w + tz * x));
        dq[o + 6] = (float) (0.5 * (tx * y - ty * x + tz * w));
        dq[o + 7] = (float) (-0.5 * (tx * x + ty * y + tz * z));
    }
}
