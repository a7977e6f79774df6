package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;

/** Quaternion checks used at construction. */
final class Quaternions {
    /**
     * Lengths within this of 1 are already as unit as float components can be, and are left
     * unchanged: renormalizing them again would only move last bits, so a quaternion that went
     * through a file and back would no longer equal itself.
     */
    static final double ROUNDING_TOLERANCE = 0x1p-20;

    private Quaternions() {
    }

    /**
     * Requires each quaternion {@code (x, y, z, w)} in {@code q} to have length 1 within
     * {@code tolerance} and renormalizes it in place.
     */
    static void requireUnitAndNormalize(String where, String element, String what, float[] q, float tolerance) {
        for (int i = 0; i < q.length; i += 4) {
            double len = length(q, i);
            if (!(Math.abs(len - 1.0) <= tolerance)) {
                throw new ValidationException(where + ": " + element + " " + (i / 4) + ": " + what + " has length "
                        + (float) len + ", expected 1 within " + tolerance);
            }
            normalize(q, i, len);
        }
    }

    /** Requires non-zero length and normalizes in place; {@code stride} floats per element, quaternion at {@code first}. */
    static void requireNonZeroAndNormalize(String where, String element, String what, float[] q, int stride, int first) {
        for (int i = first; i < q.length; i += stride) {
            double len = length(q, i);
            if (!(len > 1e-12)) {
                throw new ValidationException(where + ": " + element + " " + (i / stride) + ": " + what
                        + " has length " + (float) len + ", expected a non-zero quaternion");
            }
            normalize(q, i, len);
        }
    }

    private static double length(float[] q, int i) {
        return Math.sqrt((double) q[i] * q[i] + (double) q[i + 1] * q[i + 1] + (double) q[i + 2] * q[i + 2]
                + (double) q[i + 3] * q[i + 3]);
    }

    private static void normalize(float[] q, int i, double len) {
        if (Math.abs(len - 1.0) > ROUNDING_TOLERANCE) {
            double inv = 1.0 / len;
            q[i] = (float) (q[i] * inv);
            q[i + 1] = (float) (q[i + 1] * inv);
            q[i + 2] = (float) (q[i + 2] * inv);
            q[i + 3] = (float) (q[i + 3] * inv);
        }
    }
}
