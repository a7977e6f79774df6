package io.github.skinmesh.core.skinning;

/** Which matrix transforms normals; see {@link SkinningOptions#normalTransform()}. */
public enum NormalTransform {
    /**
     * The blended upper 3x3 matrix {@code A}, the same as for tangents. Exact for rotations and
     * uniform scale, and the cheapest.
     */
    UPPER_3X3,
    /**
     * The cofactor matrix of the blended upper 3x3 {@code A}, multiplied by the sign of
     * {@code det(A)}: {@code |det A| * A^-T}, the inverse transpose up to a positive factor.
     * Correct under non-uniform scale; a mirroring matrix (negative determinant) does not turn
     * normals inside out.
     */
    COFACTOR
}
