package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;

/**
 * Options of {@link Weights#normalize(io.github.skinmesh.core.model.BoneWeights, NormalizeOptions)}.
 *
 * @param zeroWeights what to do with a vertex whose weights are all zero; default
 *     {@link ZeroWeightPolicy#FAIL}
 * @param fallbackEntry the palette entry such a vertex is bound to under
 *     {@link ZeroWeightPolicy#BIND_TO_ENTRY}; a palette index 0..{@code Skin.MAX_PALETTE_SIZE - 1},
 *     default 0 (it must also be below the palette size of the skin the weights go into, which
 *     {@link Skin} checks)
 */
public record NormalizeOptions(ZeroWeightPolicy zeroWeights, int fallbackEntry) {
    /** Fail on all-zero vertices. */
    public static final NormalizeOptions DEFAULTS = new NormalizeOptions(ZeroWeightPolicy.FAIL, 0);

    /**
     * Validates the options.
     *
     * @param zeroWeights the all-zero vertex policy
     * @param fallbackEntry the palette entry for {@link ZeroWeightPolicy#BIND_TO_ENTRY}
     * @throws io.github.skinmesh.core.ValidationException when {@code fallbackEntry} is outside
     *     0..{@code Skin.MAX_PALETTE_SIZE - 1}
     */
    public NormalizeOptions {
        Objects.requireNonNull(zeroWeights, "zeroWeights");
        Checks.requireRange("NormalizeOptions", "fallbackEntry", fallbackEntry, 0, Skin.MAX_PALETTE_SIZE - 1);
    }

    /**
     * @param value the all-zero vertex policy
     * @return a copy with that policy
     */
    public NormalizeOptions withZeroWeights(ZeroWeightPolicy value) {
        return new NormalizeOptions(value, fallbackEntry);
    }

    /**
     * @param entry the palette entry all-zero vertices are bound to (0..{@code Skin.MAX_PALETTE_SIZE - 1})
     * @return a copy with that entry
     * @throws io.github.skinmesh.core.ValidationException when the entry is out of range
     */
    public NormalizeOptions withFallbackEntry(int entry) {
        return new NormalizeOptions(zeroWeights, entry);
    }
}
