package io.github.skinmesh.core.skinning;

/** Whether transformed directions are rescaled to unit length; see {@link SkinningOptions#renormalization()}. */
public enum Renormalization {
    /**
     * Normals and tangent directions are divided by their length after the transform. A
     * direction of length 0 stays 0 (no NaN).
     */
    UNIT_LENGTH,
    /** Directions are written as transformed (a shader renormalizes later); slightly faster. */
    NONE
}
