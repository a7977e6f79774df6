package io.github.skinmesh.core.model;

/** How an animation channel interpolates between keys (glTF semantics). */
public enum Interpolation {
    /** Holds each key's value until the next key. */
    STEP,
    /**
     * Linear interpolation; rotations use spherical linear interpolation (or normalized linear
     * interpolation when the sampler is asked to, see the anim package).
     */
    LINEAR,
    /**
     * Cubic Hermite spline. Each key stores three elements: in-tangent, value, out-tangent; the
     * tangents are scaled by the key interval when evaluated. Rotations are normalized after
     * evaluation.
     */
    CUBICSPLINE;

    /**
     * @return how many elements each key stores: 3 for {@link #CUBICSPLINE}, else 1
     */
    public int elementsPerKey() {
        return this == CUBICSPLINE ? 3 : 1;
    }
}
