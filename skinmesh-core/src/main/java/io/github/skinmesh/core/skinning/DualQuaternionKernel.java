package io.github.skinmesh.core.skinning;

import org.jspecify.annotations.Nullable;

/**
 * Dual quaternion skinning over a vertex range, from a {@link DualQuaternionPalette}.
 *
 * <p>Per vertex: blend the influences' dual quaternions {@code b = sum_k s_k w_k q_k} where
 * {@code s_k = -1} when the rotation of {@code q_k} lies in the other hemisphere than that of the
 * first influence (antipodality correction, so that the blend takes the short way), and
 * {@code +1} otherwise; divide by the length of the real part; blend the stretches
 * {@code S = sum_k w_k S_k}. Then {@code p' = R(b) (S p) + t(b)} with
 * {@code t = 2 (r_w d_v - d_w r_v + r_v x d_v)}; normals {@code R(b) (S n)} or, with the cofactor
 * transform, {@code R(b) (sign(det S) cof(S) n)}; tangents {@code R(b) (S t)}, w copied. A
 * vertex whose blended rotation has length 0 (all weights 0) is written as zeros, as linear blend
 * skinning would.
 *
 * <p>Notes. Kavan, Collins, Zara, O'Sullivan, "Geometric Skinning with Approximate Dual
 * Quaternion Blending" (ACM TOG 2008): the blend, the normalization and the translation formula.
 * When no skin matrix has a stretch (the usual rigid rig), the stretch blend is skipped.
 */
final class DualQuaternionKernel {
    private DualQuaternionKernel() {
    }

    static void skin(DualQuaternionPalette dqp, int k, int[] joints, int jo, float[] weights, float[] srcP,
            float[] dstP, float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT,
            float @Nullable [] dstT, int first, int end, boolean cofactor, boolean renormalize) {
        float[] q = dqp.dq;
        float[] st = dqp.stretch;
        boolean stretched = dqp.stretched;
        boolean normals = srcN != null && dstN != null;
        boolean tangents = srcT != null && dstT != null;
        for (int v = first; v < end; v++) {
            int s = v * k;
            int j0 = joints[s - jo];
            int o = 8 * j0;
            float w = weights[s];
            float rx0 = q[o], ry0 = q[o + 1], rz0 = q[o + 2], rw0 = q[o + 3];
            float rx = rx0 * w, ry = ry0 * w, rz = rz0 * w, rw = rw0 * w;
            float dx = q[o + 4] * w, dy = q[o + 5] * w, dz = q[o + 6] * w, dw = q[o + 7] * w;
            for (int i = s + 1, e = s + k; i < e; i++) {
                o = 8 * joints[i - jo];
                float wi = weights[i];
                if (rx0 * q[o] + ry0 * q[o + 1] + rz0 * q[o + 2] + rw0 * q[o + 3] < 0) {
                    wi = -wi;
                }
                rx += q[o] * wi;
                ry += q[o + 1] * wi;
                rz += q[o + 2] * wi;
                rw += q[o + 3] * wi;
                dx += q[o + 4] * wi;
                dy += q[o + 5] * wi;
                dz += q[o + 6] * wi;
                dw += q[o + 7] * wi;
            }
            double len2 = (double) rx * rx + (double) ry * ry + (double) rz * rz + (double) rw * rw;
            float inv = len2 > 0 ? (float) (1 / Math.sqrt(len2)) : 0f;
            rx *= inv;
            ry *= inv;
            rz *= inv;
            rw *= inv;
            dx *= inv;
            dy *= inv;
            dz *= inv;
            dw *= inv;
            // rotation matrix of the unit quaternion r, column-major
            float xx = rx * rx, yy = ry * ry, zz = rz * rz;
            float xy = rx * ry, xz = rx * rz, yz = ry * rz;
            float wx = rw * rx, wy = rw * ry, wz = rw * rz;
            float r0 = 1 - 2 * (yy + zz), r1 = 2 * (xy + wz), r2 = 2 * (xz - wy);
            float r3 = 2 * (xy - wz), r4 = 1 - 2 * (xx + zz), r5 = 2 * (yz + wx);
            float r6 = 2 * (xz + wy), r7 = 2 * (yz - wx), r8 = 1 - 2 * (xx + yy);
            if (inv == 0f) {
                r0 = 0;
                r4 = 0;
                r8 = 0;
            }
            float tx = 2 * (rw * dx - dw * rx + ry * dz - rz * dy);
            float ty = 2 * (rw * dy - dw * ry + rz * dx - rx * dz);
            float tz = 2 * (rw * dz - dw * rz + rx * dy - ry * dx);
            // blended stretch, column-major
            float s0 = 1, s1 = 0, s2 = 0, s3 = 0, s4 = 1, s5 = 0, s6 = 0, s7 = 0, s8 = 1;
            if (stretched) {
                s0 = 0;
                s4 = 0;
                s8 = 0;
                for (int i = s, e = s + k; i < e; i++) {
                    int m = 9 * joints[i - jo];
                    float wi = weights[i];
                    s0 += st[m] * wi;
                    s1 += st[m + 1] * wi;
                    s2 += st[m + 2] * wi;
                    s3 += st[m + 3] * wi;
                    s4 += st[m + 4] * wi;
                    s5 += st[m + 5] * wi;
                    s6 += st[m + 6] * wi;
                    s7 += st[m + 7] * wi;
                    s8 += st[m + 8] * wi;
                }
            }
            int p = 3 * v;
            float x = srcP[p], y = srcP[p + 1], z = srcP[p + 2];
            float ax = s0 * x + s3 * y + s6 * z, ay = s1 * x + s4 * y + s7 * z, az = s2 * x + s5 * y + s8 * z;
            dstP[p] = r0 * ax + r3 * ay + r6 * az + tx;
            dstP[p + 1] = r1 * ax + r4 * ay + r7 * az + ty;
            dstP[p + 2] = r2 * ax + r5 * ay + r8 * az + tz;
            if (normals) {
                x = srcN[p];
                y = srcN[p + 1];
                z = srcN[p + 2];
                if (cofactor && stretched) {
                    // sign(det S) cof(S) n, written to this vertex's normal and read back before R is applied
                    Directions.cofactorNormal(s0, s1, s2, s3, s4, s5, s6, s7, s8, x, y, z, dstN, p, false);
                    ax = dstN[p];
                    ay = dstN[p + 1];
                    az = dstN[p + 2];
                } else {
                    ax = s0 * x + s3 * y + s6 * z;
                    ay = s1 * x + s4 * y + s7 * z;
                    az = s2 * x + s5 * y + s8 * z;
                }
                dstN[p] = r0 * ax + r3 * ay + r6 * az;
                dstN[p + 1] = r1 * ax + r4 * ay + r7 * az;
                dstN[p + 2] = r2 * ax + r5 * ay + r8 * az;
                if (renormalize) {
                    Directions.normalize(dstN, p);
                }
            }
            if (tangents) {
                int t = 4 * v;
                x = srcT[t];
                y = srcT[t + 1];
                z = srcT[t + 2];
                ax = s0 * x + s3 * y + s6 * z;
                ay = s1 * x + s4 * y + s7 * z;
                az = s2 * x + s5 * y + s8 * z;
                dstT[t] = r0 * ax + r3 * ay + r6 * az;
                dstT[t + 1] = r1 * ax + r4 * ay + r7 * az;
                dstT[t + 2] = r2 * ax + r5 * ay + r8 * az;
                if (renormalize) {
                    Directions.normalize(dstT, t);
                }
                dstT[t + 3] = srcT[t + 3];
            }
        }
    }
}
