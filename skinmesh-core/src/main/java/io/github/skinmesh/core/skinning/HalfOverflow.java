package io.github.skinmesh.core.skinning;

/** What half-float packing does with finite values beyond the half range; see {@link PackingOptions}. */
public enum HalfOverflow {
    /** IEEE behaviour: magnitudes from 65520 on become infinity ({@link HalfFloats#toHalf}). */
    INFINITY,
    /**
     * Clamp to {@code ±65504}, the largest finite half ({@link HalfFloats#toHalfSaturated}), so
     * that a far translation degrades instead of producing infinities (and NaN) on the GPU.
     */
    SATURATE
}
