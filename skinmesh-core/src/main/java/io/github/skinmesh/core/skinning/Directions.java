package io.github.skinmesh.core.skinning;

/**
 * Scalar helpers for skinned directions shared by the kernels and {@link Morphing}: the
 * sign-corrected cofactor transform of normals and rescaling to unit length. None of them is on
 * a hot path (the hot loop shapes skip both); the JIT inlines them where they are called.
 */
final class Directions {
    private Directions() {
    }

    /**
     * {@code 1 / |(x, y, z)|}, or 0 for the zero vector so that it stays zero. For a vector shorter
     * than about {@code 2.9e-39} the reciprocal exceeds the float range and is infinite; callers then
     * scale in double ({@link #scaleTiny}) so that the result is a unit vector, not infinite or NaN.
     */
    static float inverseLength(float x, float y, float z) {
        double len2 = (double) x * x + (double) y * y + (double) z * z; // double: no underflow for tiny vectors
        return len2 > 0 ? (float) (1.0 / Math.sqrt(len2)) : 0f;
    }

    /** Rescales {@code a[i..i+2]} to unit length in place (the zero vector stays zero). */
    static void normalize(float[] a, int i) {
        float x = a[i], y = a[i + 1], z = a[i + 2];
        float inv = inverseLength(x, y, z);
        if (inv == Float.POSITIVE_INFINITY) {
            scaleTiny(x, y, z, a, i);
            return;
        }
        a[i] = x * inv;
        a[i + 1] = y * inv;
        a[i + 2] = z * inv;
    }

    /** Writes the unit vector of a nonzero {@code (x, y, z)} too short for a float reciprocal, scaled in double. */
    static void scaleTiny(float x, float y, float z, float[] dst, int p) {
        double inv = 1.0 / Math.sqrt((double) x * x + (double) y * y + (double) z * z);
        dst[p] = (float) (x * inv);
        dst[p + 1] = (float) (y * inv);
        dst[p + 2] = (float) (z * inv);
    }

    /**
     * Writes {@code sign(det A) * cof(A) * n} at {@code dst[p..p+2]}, rescaled to unit length when
     * {@code renormalize}, for {@code A} with the columns {@code a = (m0,m1,m2)}, {@code b = (m4,m5,m6)},
     * {@code c = (m8,m9,m10)}: {@code cof(A) = [b x c, c x a, a x b] = det(A) * A^-T}.
     */
    static void cofactorNormal(float m0, float m1, float m2, float m4, float m5, float m6, float m8, float m9,
            float m10, float x, float y, float z, float[] dst, int p, boolean renormalize) {
        float bcx = m5 * m10 - m6 * m9, bcy = m6 * m8 - m4 * m10, bcz = m4 * m9 - m5 * m8;
        float cax = m9 * m2 - m10 * m1, cay = m10 * m0 - m8 * m2, caz = m8 * m1 - m9 * m0;
        float abx = m1 * m6 - m2 * m5, aby = m2 * m4 - m0 * m6, abz = m0 * m5 - m1 * m4;
        float det = m0 * bcx + m1 * bcy + m2 * bcz;
        float sign = det < 0 ? -1f : 1f;
        float nx = sign * (bcx * x + cax * y + abx * z);
        float ny = sign * (bcy * x + cay * y + aby * z);
        float nz = sign * (bcz * x + caz * y + abz * z);
        if (renormalize) {
            float inv = inverseLength(nx, ny, nz);
            if (inv == Float.POSITIVE_INFINITY) {
                scaleTiny(nx, ny, nz, dst, p);
                return;
            }
            nx *= inv;
            ny *= inv;
            nz *= inv;
        }
        dst[p] = nx;
        dst[p + 1] = ny;
        dst[p + 2] = nz;
    }
}
