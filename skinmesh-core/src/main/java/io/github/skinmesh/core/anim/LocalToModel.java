package io.github.skinmesh.core.anim;

import org.joml.Matrix4fc;
import org.jspecify.annotations.Nullable;

/**
 * Local TRS transforms to model matrices: {@code model(i) = model(parent(i)) * T(i) R(i) S(i)}
 * for bones stored parents first, roots pre-multiplied by an optional affine root matrix.
 *
 * <p>One forward pass; each bone builds its local 3x4 matrix from the quaternion (the usual
 * rotation matrix of a unit quaternion, columns scaled by the scale) and multiplies it by the
 * parent's 3x4 matrix, read back from the output (36 multiplies, no allocation). The fourth row
 * is written as {@code (0, 0, 0, 1)}: all matrices involved are affine.
 *
 * <p>Measured on a pose of the 64-joint {@code sample} workload (thread CPU time, JDK 17): 0.65 us
 * per pose, against 0.97 us for JOML {@code Matrix4f.translationRotateScale} plus {@code mul} per
 * bone (which also track matrix properties and go through objects) and the 0.5 us anchor of
 * ozz-animation's SIMD LocalToModelJob. With {@code jdk.incubator.vector} on JDK 25 or later,
 * {@link #run} uses the vector kernel's pass ({@link AnimKernel#localToModel}: a model matrix
 * column per 128-bit vector, the same bits), before that this scalar pass (see
 * {@link AnimKernels#DEFAULT}).
 * Measured per CPU-second on a loaded machine (2026-12-01, JDK 17): 0.46 us per pose, where the
 * scalar pass measured 0.61 us in the same minutes.
 */
final class LocalToModel {
    private LocalToModel() {
    }

    /**
     * @param parents parent per bone, {@code -1} for roots, each parent before its child
     * @param t translations, {@code 3*n}
     * @param r unit rotations {@code (x, y, z, w)}, {@code 4*n}
     * @param s scales, {@code 3*n}
     * @param n bone count
     * @param root affine root matrix, or null for the identity
     * @param dst destination, {@code 16*n} floats from {@code off}
     * @param off first float written
     */
    static void run(int[] parents, float[] t, float[] r, float[] s, int n, @Nullable Matrix4fc root, float[] dst,
            int off) {
        AnimKernels.DEFAULT.localToModel(parents, t, r, s, n, root, dst, off);
    }

    /**
     * The scalar pass; {@link #run} uses the vector kernel's instead when that is the default
     * kernel (same bits).
     *
     * @param parents parent per bone, {@code -1} for roots, each parent before its child
     * @param t translations, {@code 3*n}
     * @param r unit rotations {@code (x, y, z, w)}, {@code 4*n}
     * @param s scales, {@code 3*n}
     * @param n bone count
     * @param root affine root matrix, or null for the identity
     * @param dst destination, {@code 16*n} floats from {@code off}
     * @param off first float written
     */
    static void scalar(int[] parents, float[] t, float[] r, float[] s, int n, @Nullable Matrix4fc root, float[] dst,
            int off) {
        boolean hasRoot = root != null;
        float q00 = 1, q10 = 0, q20 = 0, q01 = 0, q11 = 1, q21 = 0, q02 = 0, q12 = 0, q22 = 1, q03 = 0, q13 = 0, q23 = 0;
        if (hasRoot) {
            q00 = root.m00();
            q10 = root.m01();
            q20 = root.m02();
            q01 = root.m10();
            q11 = root.m11();
            q21 = root.m12();
            q02 = root.m20();
            q12 = root.m21();
            q22 = root.m22();
            q03 = root.m30();
            q13 = root.m31();
            q23 = root.m32();
        }
        for (int i = 0; i < n; i++) {
            float qx = r[4 * i];
            float qy = r[4 * i + 1];
            float qz = r[4 * i + 2];
            float qw = r[4 * i + 3];
            float sx = s[3 * i];
            float sy = s[3 * i + 1];
            float sz = s[3 * i + 2];
            float x2 = qx + qx;
            float y2 = qy + qy;
            float z2 = qz + qz;
            float xx = qx * x2;
            float yy = qy * y2;
            float zz = qz * z2;
            float xy = qx * y2;
            float xz = qx * z2;
            float yz = qy * z2;
            float wx = qw * x2;
            float wy = qw * y2;
            float wz = qw * z2;
            // local matrix, element lRC = row R, column C
            float l00 = (1 - yy - zz) * sx;
            float l10 = (xy + wz) * sx;
            float l20 = (xz - wy) * sx;
            float l01 = (xy - wz) * sy;
            float l11 = (1 - xx - zz) * sy;
            float l21 = (yz + wx) * sy;
            float l02 = (xz + wy) * sz;
            float l12 = (yz - wx) * sz;
            float l22 = (1 - xx - yy) * sz;
            float l03 = t[3 * i];
            float l13 = t[3 * i + 1];
            float l23 = t[3 * i + 2];
            int o = off + 16 * i;
            int p = parents[i];
            float p00, p10, p20, p01, p11, p21, p02, p12, p22, p03, p13, p23;
            if (p >= 0) {
                int po = off + 16 * p;
                p00 = dst[po];
                p10 = dst[po + 1];
                p20 = dst[po + 2];
                p01 = dst[po + 4];
                p11 = dst[po + 5];
                p21 = dst[po + 6];
                p02 = dst[po + 8];
                p12 = dst[po + 9];
                p22 = dst[po + 10];
                p03 = dst[po + 12];
                p13 = dst[po + 13];
                p23 = dst[po + 14];
            } else if (hasRoot) {
                p00 = q00;
                p10 = q10;
                p20 = q20;
                p01 = q01;
                p11 = q11;
                p21 = q21;
                p02 = q02;
                p12 = q12;
                p22 = q22;
                p03 = q03;
                p13 = q13;
                p23 = q23;
            } else {
                store(dst, o, l00, l10, l20, l01, l11, l21, l02, l12, l22, l03, l13, l23);
                continue;
            }
            store(dst, o,
                    p00 * l00 + p01 * l10 + p02 * l20,
                    p10 * l00 + p11 * l10 + p12 * l20,
                    p20 * l00 + p21 * l10 + p22 * l20,
                    p00 * l01 + p01 * l11 + p02 * l21,
                    p10 * l01 + p11 * l11 + p12 * l21,
                    p20 * l01 + p21 * l11 + p22 * l21,
                    p00 * l02 + p01 * l12 + p02 * l22,
                    p10 * l02 + p11 * l12 + p12 * l22,
                    p20 * l02 + p21 * l12 + p22 * l22,
                    p00 * l03 + p01 * l13 + p02 * l23 + p03,
                    p10 * l03 + p11 * l13 + p12 * l23 + p13,
                    p20 * l03 + p21 * l13 + p22 * l23 + p23);
        }
    }

    /**
     * A root bone's model matrix: {@code root * local}, or {@code local} without a root matrix;
     * the scalar pass's formula for roots.
     */
    static void root(@Nullable Matrix4fc root, float[] dst, int o, float l00, float l10, float l20, float l01,
            float l11, float l21, float l02, float l12, float l22, float l03, float l13, float l23) {
        if (root == null) {
            store(dst, o, l00, l10, l20, l01, l11, l21, l02, l12, l22, l03, l13, l23);
            return;
        }
        float p00 = root.m00();
        float p10 = root.m01();
        float p20 = root.m02();
        float p01 = root.m10();
        float p11 = root.m11();
        float p21 = root.m12();
        float p02 = root.m20();
        float p12 = root.m21();
        float p22 = root.m22();
        float p03 = root.m30();
        float p13 = root.m31();
        float p23 = root.m32();
        store(dst, o,
                p00 * l00 + p01 * l10 + p02 * l20,
                p10 * l00 + p11 * l10 + p12 * l20,
                p20 * l00 + p21 * l10 + p22 * l20,
                p00 * l01 + p01 * l11 + p02 * l21,
                p10 * l01 + p11 * l11 + p12 * l21,
                p20 * l01 + p21 * l11 + p22 * l21,
                p00 * l02 + p01 * l12 + p02 * l22,
                p10 * l02 + p11 * l12 + p12 * l22,
                p20 * l02 + p21 * l12 + p22 * l22,
                p00 * l03 + p01 * l13 + p02 * l23 + p03,
                p10 * l03 + p11 * l13 + p12 * l23 + p13,
                p20 * l03 + p21 * l13 + p22 * l23 + p23);
    }

    static void store(float[] m, int o, float m00, float m10, float m20, float m01, float m11, float m21,
            float m02, float m12, float m22, float m03, float m13, float m23) {
        m[o] = m00;
        m[o + 1] = m10;
        m[o + 2] = m20;
        m[o + 3] = 0;
        m[o + 4] = m01;
        m[o + 5] = m11;
        m[o + 6] = m21;
        m[o + 7] = 0;
        m[o + 8] = m02;
        m[o + 9] = m12;
        m[o + 10] = m22;
        m[o + 11] = 0;
        m[o + 12] = m03;
        m[o + 13] = m13;
        m[o + 14] = m23;
        m[o + 15] = 1;
    }
}
