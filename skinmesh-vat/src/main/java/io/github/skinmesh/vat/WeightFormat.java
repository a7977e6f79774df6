package io.github.skinmesh.vat;

/** How the mesh that goes with a bone-matrix texture keeps its bone weights. */
public enum WeightFormat {
    /** The weights as they are (normalized to sum 1). */
    FLOAT,
    /**
     * Quantized to 8 bits with an exact per-vertex sum of 255 by
     * {@link io.github.skinmesh.core.weights.Weights#quantize}; the error report includes what
     * quantization costs.
     */
    UNORM8
}
