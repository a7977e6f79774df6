package io.github.skinmesh.core.weights;

/**
 * Integer encoding of quantized weights: unsigned normalized integers whose per-vertex sum is
 * exactly {@link #scale()} (glTF's normalized {@code UNSIGNED_BYTE} and {@code UNSIGNED_SHORT}
 * {@code WEIGHTS_n} accessors).
 */
public enum QuantizeFormat {
    /** 8-bit: values 0..255, each vertex sums to 255 (the default). */
    UNORM8(255),
    /** 16-bit: values 0..65535, each vertex sums to 65535. */
    UNORM16(65535);

    private final int scale;

    QuantizeFormat(int scale) {
        this.scale = scale;
    }

    /** @return the integer that represents weight 1 and each vertex's sum: 255 or 65535 */
    public int scale() {
        return scale;
    }
}
