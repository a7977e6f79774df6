package io.github.skinmesh.core.skinning;

/** How the influences of a vertex are blended; see {@link SkinningOptions#method()}. */
public enum SkinningMethod {
    /**
     * Linear blend skinning: {@code p' = sum_k w_k * M_k * (p, 1)}. The blended matrix is applied
     * to positions, normals and tangents. Exact for one influence; joints that twist far apart
     * lose volume ("candy wrapper").
     */
    LINEAR_BLEND,
    /**
     * Dual quaternion skinning: each skin matrix {@code M = [R|t] * S} is split into a rigid part
     * (a unit dual quaternion) and a stretch {@code S}; stretches are blended linearly, dual
     * quaternions are blended with antipodality correction and normalized. Keeps volume under
     * twist; equals linear blend for one influence.
     */
    DUAL_QUATERNION
}
