package io.github.skinmesh.core.internal;

/**
 * The one comparison of two inverse bind matrices within a tolerance, behind
 * {@code ConcatOptions.bindMatrixTolerance} and {@code RemapOptions.bindTolerance}: element by
 * element, {@code |a - b| <= tolerance * max(1, |a|, |b|)} (absolute for elements up to 1,
 * relative beyond), in double precision. Not API. Stateless; allocates nothing.
 */
public final class MatrixTolerance {
    private MatrixTolerance() {
    }

    /**
     * Finds the first of 16 elements where two matrices differ beyond the tolerance.
     *
     * @param a the first matrix's array
     * @param aOffset its first element
     * @param b the second matrix's array
     * @param bOffset its first element
     * @param tolerance finite, {@code >= 0}
     * @return the element index {@code 0..15}, or -1 when every element is within the tolerance
     */
    public static int firstDifference(float[] a, int aOffset, float[] b, int bOffset, float tolerance) {
        for (int k = 0; k < 16; k++) {
            double x = a[aOffset + k];
            double y = b[bOffset + k];
            double limit = tolerance * Math.max(1.0, Math.max(Math.abs(x), Math.abs(y)));
            if (!(Math.abs(x - y) <= limit)) {
                return k;
            }
        }
        return -1;
    }
}
