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
        double cx = a[1] * (double) bz - a[2] * (double) by;
        double cy = a[2] * (double) bx - a[0] * (double) bz;
        double cz = a[0] * (double) by - a[1] * (double) bx;
        double dot = a[0] * (double) bx + a[1] * (double) by + a[2] * (double) bz;
        return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), dot);
    }
}
