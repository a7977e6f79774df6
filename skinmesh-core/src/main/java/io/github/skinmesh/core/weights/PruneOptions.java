package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;

/**
 * Options of {@link Weights#prune(io.github.skinmesh.core.model.BoneWeights, PruneOptions)}.
 *
 * @param threshold stored weights strictly below it are removed (a vertex's largest weight is
 *     always kept); a weight (unitless, compared with the stored value, so normalize first when
 *     the input is not normalized), finite, 0..1; 0 removes nothing; default 0.01
 * @param zeroWeights what to do with a vertex whose weights are all zero; default
 *     {@link ZeroWeightPolicy#FAIL}
 * @param fallbackEntry the palette entry such a vertex is bound to under
 *     {@link ZeroWeightPolicy#BIND_TO_ENTRY}, 0..{@code Skin.MAX_PALETTE_SIZE - 1}; default 0
 */
public record PruneOptions(float threshold, ZeroWeightPolicy zeroWeights, int fallbackEntry) {
    /** Threshold 0.01, fail on all-zero vertices. */
    public static final PruneOptions DEFAULTS = new PruneOptions(0.01f, ZeroWeightPolicy.FAIL, 0);

    /**
     * Validates the options.
     *
     * @param threshold the removal threshold, 0..1
     * @param zeroWeights the all-zero vertex policy
     * @param fallbackEntry the palette entry for {@link ZeroWeightPolicy#BIND_TO_ENTRY}
     * @throws io.github.skinmesh.core.ValidationException when {@code threshold} is not a finite
     *     value in 0..1 or {@code fallbackEntry} is out of range
     */
    public PruneOptions {
        Checks.requireRange("PruneOptions", "threshold", threshold, 0f, 1f);
        Objects.requireNonNull(zeroWeights, "zeroWeights");
        Checks.requireRange("PruneOptions", "fallbackEntry", fallbackEntry, 0, Skin.MAX_PALETTE_SIZE - 1);
    }

    /**
     * @param value the removal threshold, 0..1
     * @return a copy with that threshold
     * @throws io.github.skinmesh.core.ValidationException when the value is out of range
     */
    public PruneOptions withThreshold(float value) {
        return new PruneOptions(value, zeroWeights, fallbackEntry);
    }

    /**
     * @param value the all-zero vertex policy
     * @return a copy with that policy
     */
    public PruneOptions withZeroWeights(ZeroWeightPolicy value) {
        return new PruneOptions(threshold, value, fallbackEntry);
    }

    /**
     * @param entry the palette entry all-zero vertices are bound to (0..{@code Skin.MAX_PALETTE_SIZE - 1})
     * @return a copy with that entry
     * @throws io.github.skinmesh.core.ValidationException when the entry is out of range
     */
    public PruneOptions withFallbackEntry(int entry) {
        return new PruneOptions(threshold, zeroWeights, entry);
    }
}
