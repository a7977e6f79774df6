package io.github.skinmesh.core.skinning;

import org.jspecify.annotations.Nullable;

/**
 * One implementation of linear blend skinning over a vertex range. Callers ({@link Skinning})
 * have validated every length, every joint index and aliasing before the call, so
 * implementations do not check again.
 */
interface LbsKernel {
    /**
     * Skins vertices {@code first..end-1}; arrays are indexed by absolute vertex number, except
     * {@code joints}, which holds slot {@code i} of vertex {@code v} at {@code k*v + i - jointBase}
     * (so that a block of joints widened from 16 bits can be passed without the rest).
     *
     * @param palette {@code 16*paletteSize} floats, column-major skin matrices
     * @param k influences per vertex, 1..8
     * @param joints palette indices of the range, all valid
     * @param jointBase subtracted from {@code k*v + i} to index {@code joints}
     * @param weights {@code >= k*end} weights
     * @param srcP source positions, {@code >= 3*end}
     * @param dstP destination positions, {@code >= 3*end}
     * @param srcN source normals or null (then {@code dstN} is null too)
     * @param dstN destination normals or null
     * @param srcT source tangents xyzw or null (then {@code dstT} is null too)
     * @param dstT destination tangents xyzw or null
     * @param first first vertex
     * @param end one past the last vertex
     * @param cofactor whether normals use the sign-corrected cofactor matrix
     * @param renormalize whether normals and tangent directions are rescaled to unit length
     */
    void skin(float[] palette, int k, int[] joints, int jointBase, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize);

    /**
     * {@link #skin(float[], int, int[], int, float[], float[], float[], float[], float[], float[],
     * float[], int, int, boolean, boolean)} with joints indexed by absolute vertex number
     * ({@code jointBase = 0}).
     *
     * @param palette {@code 16*paletteSize} floats, column-major skin matrices
     * @param k influences per vertex, 1..8
     * @param joints {@code >= k*end} palette indices, all valid
     * @param weights {@code >= k*end} weights
     * @param srcP source positions, {@code >= 3*end}
     * @param dstP destination positions, {@code >= 3*end}
     * @param srcN source normals or null (then {@code dstN} is null too)
     * @param dstN destination normals or null
     * @param srcT source tangents xyzw or null (then {@code dstT} is null too)
     * @param dstT destination tangents xyzw or null
     * @param first first vertex
     * @param end one past the last vertex
     * @param cofactor whether normals use the sign-corrected cofactor matrix
     * @param renormalize whether normals and tangent directions are rescaled to unit length
     */
    default void skin(float[] palette, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize) {
        skin(palette, k, joints, 0, weights, srcP, dstP, srcN, dstN, srcT, dstT, first, end, cofactor, renormalize);
    }

    /**
     * {@link #skin(float[], int, int[], float[], float[], float[], float[], float[], float[],
     * float[], int, int, boolean, boolean)} with 16-bit joints, slot {@code i} of vertex {@code v}
     * at {@code k*v + i}: the same results. Implementations run their common shapes on the 16-bit
     * joints directly and may widen blocks of joints for the others ({@link JointWidening}).
     *
     * @param palette {@code 16*paletteSize} floats, column-major skin matrices
     * @param k influences per vertex, 1..8
     * @param joints {@code >= k*end} palette indices, all valid
     * @param weights {@code >= k*end} weights
     * @param srcP source positions, {@code >= 3*end}
     * @param dstP destination positions, {@code >= 3*end}
     * @param srcN source normals or null (then {@code dstN} is null too)
     * @param dstN destination normals or null
     * @param srcT source tangents xyzw or null (then {@code dstT} is null too)
     * @param dstT destination tangents xyzw or null
     * @param first first vertex
     * @param end one past the last vertex
     * @param cofactor whether normals use the sign-corrected cofactor matrix
     * @param renormalize whether normals and tangent directions are rescaled to unit length
     */
    void skin(float[] palette, int k, char[] joints, float[] weights, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int end, boolean cofactor, boolean renormalize);

    /** @return a short name, for tests and diagnostics */
    String name();
}
