package io.github.skinmesh.core.internal;

/** Angles between directions, for error reports. Not part of the API; thread-safe (no state). */
public final class Angles {
    private Angles() {
    }

    /**
     * The angle between a decoded direction and an exact one, in radians, computed in double as
     * {@code atan2(|a x b|, a . b)} (accurate at small angles, unlike {@code acos}).
     *
     * @param a the decoded direction, {@code a[0..2]}
     * @param bx the exact direction's x
     * @param by its y
     * @param bz its z
     * @return the angle in {@code [0, pi]}; {@code pi}, the worst, when {@code a} is not finite, so
     *     that a maximum over many never turns NaN
     */
    public static double between(float[] a, float bx, float by, float bz) {
        if (!(Float.isFinite(a[0]) && Float.isFinite(a[1]) && Float.isFinite(a[2]))) {
            return Math.PI;
        }
        return angle(a[0], a[1], a[2], bx, by, bz);
    }

    /**
     * The angle between two vectors, in radians, by {@code atan2(|u x v|, u . v)} in double
     * (accurate near 0 and pi).
     *
     * @param ux u's x
     * @param uy u's y
     * @param uz u's z
     * @param vx v's x
     * @param vy v's y
     * @param vz v's z
     * @return the angle in {@code [0, pi]}, NaN if a component is not finite
     */
    public static double angle(double ux, double uy, double uz, double vx, double vy, double vz) {
        double cx = uy * vz - uz * vy;
        double cy = uz * vx - ux * vz;
        double cz = ux * vy - uy * vx;
        return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), ux * vx + uy * vy + uz * vz);
    }
}
