package io.github.skinmesh.vat;

/**
 * Octahedral encoding of unit vectors into two normalized integers (Cigolle et al., "A Survey of
 * Efficient Representations for Independent Unit Vectors", JCGT 2014): the vector is projected on
 * the octahedron {@code |x| + |y| + |z| = 1}, the lower half folded over the diagonals, and the
 * two coordinates in {@code [-1, 1]} stored as {@code (u * 0.5 + 0.5)} unorm values.
 *
 * <p>Encoding tries the four integer pairs around the projected point and keeps the one whose
 * decoded vector is closest in angle (the first on ties), which roughly halves the worst angular
 * error of plain rounding at 8 bits. Decoding is exactly what the shipped shader functions do.
 */
final class Octahedral {
    private Octahedral() {
    }

    /**
     * Encodes a unit vector (a zero vector encodes as +z).
     *
     * @param dst receives the two integers at {@code dst[0]}, {@code dst[1]}
     * @param scratch 3 floats
     */
    static void encode(float x, float y, float z, int maxValue, int[] dst, float[] scratch) {
        float s = Math.abs(x) + Math.abs(y) + Math.abs(z);
        if (!(s > 0)) {
            x = 0;
            y = 0;
            z = 1;
            s = 1;
        }
        float u = x / s;
        float v = y / s;
        if (z < 0) {
            float fu = (1 - Math.abs(v)) * (u >= 0 ? 1 : -1);
            float fv = (1 - Math.abs(u)) * (v >= 0 ? 1 : -1);
            u = fu;
            v = fv;
        }
        double qu = (u * 0.5 + 0.5) * maxValue;
        double qv = (v * 0.5 + 0.5) * maxValue;
        int u0 = (int) Math.max(0, Math.min(maxValue, Math.floor(qu)));
        int v0 = (int) Math.max(0, Math.min(maxValue, Math.floor(qv)));
        double best = Double.NEGATIVE_INFINITY;
        for (int du = 0; du <= 1; du++) {
            for (int dv = 0; dv <= 1; dv++) {
                int cu = Math.min(maxValue, u0 + du);
                int cv = Math.min(maxValue, v0 + dv);
                decode(cu / (float) maxValue, cv / (float) maxValue, scratch, 0);
                double dot = scratch[0] * (double) x + scratch[1] * (double) y + scratch[2] * (double) z;
                if (dot > best) {
                    best = dot;
                    dst[0] = cu;
                    dst[1] = cv;
                }
            }
        }
    }

    /**
     * Decodes two normalized values in {@code [0, 1]} to a unit vector, as the shader does.
     *
     * @param dst receives x, y, z from {@code offset}
     */
    static void decode(float a, float b, float[] dst, int offset) {
        float u = a * 2 - 1;
        float v = b * 2 - 1;
        float z = 1 - Math.abs(u) - Math.abs(v);
        float t = Math.max(-z, 0);
        u += u >= 0 ? -t : t;
        v += v >= 0 ? -t : t;
        float len = (float) Math.sqrt(u * u + v * v + z * z);
        dst[offset] = u / len;
        dst[offset + 1] = v / len;
        dst[offset + 2] = z / len;
    }
}
