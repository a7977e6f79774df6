package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;

/**
 * Options of {@link Weights#quantize(io.github.skinmesh.core.model.BoneWeights, QuantizeOptions)}.
 *
 * @param format the integer encoding and its per-vertex sum; default {@link QuantizeFormat#UNORM8}
 *     (sum 255)
 * @param zeroWeights what to do with a vertex whose weights are all zero; default
 *     {@link ZeroWeightPolicy#FAIL}
 * @param fallbackEntry the palette entry such a vertex is bound to under
 *     {@link ZeroWeightPolicy#BIND_TO_ENTRY}, 0..{@code Skin.MAX_PALETTE_SIZE - 1}; default 0
 */
public record QuantizeOptions(QuantizeFormat format, ZeroWeightPolicy zeroWeights, int fallbackEntry) {
    /** 8-bit, fail on all-zero vertices. */
    public static final QuantizeOptions DEFAULTS = new QuantizeOptions(QuantizeFormat.UNORM8, ZeroWeightPolicy.FAIL, 0);

    /**
     * Validates the options.
     *
     * @param format the integer encoding
     * @param zeroWeights the all-zero vertex policy
     * @param fallbackEntry the palette entry for {@link ZeroWeightPolicy#BIND_TO_ENTRY}
     * @throws io.github.skinmesh.core.ValidationException when {@code fallbackEntry} is out of range
     */
    public QuantizeOptions {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(zeroWeights, "zeroWeights");
        Checks.requireRange("QuantizeOptions", "fallbackEntry", fallbackEntry, 0, Skin.MAX_PALETTE_SIZE - 1);
    }

    /**
     * @param value the integer encoding
     * @return a copy with that format
     */
    public QuantizeOptions withFormat(QuantizeFormat value) {
        return new QuantizeOptions(value, zeroWeights, fallbackEntry);
    }

    /**
     * @param value the all-zero vertex policy
     * @return a copy with that policy
     */
    public QuantizeOptions withZeroWeights(ZeroWeightPolicy value) {
        return new QuantizeOptions(format, value, fallbackEntry);
    }

    /**
     * @param entry the palette entry all-zero vertices are bound to (0..{@code Skin.MAX_PALETTE_SIZE - 1})
     * @return a copy with that entry
     * @throws io.github.skinmesh.core.ValidationException when the entry is out of range
     */
    public QuantizeOptions withFallbackEntry(int entry) {
        return new QuantizeOptions(format, zeroWeights, entry);
    }
}
