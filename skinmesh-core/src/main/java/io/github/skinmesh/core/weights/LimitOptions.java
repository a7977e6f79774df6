package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;

/**
 * Options of {@link Weights#limit(BoneWeights, LimitOptions)}.
 *
 * @param maxInfluences the most influences a vertex keeps, 1..{@value BoneWeights#MAX_INFLUENCES};
 *     default 4 (what most GPU skinning shaders read)
 * @param layout slots per vertex of the result; default {@link SlotLayout#NARROW}
 * @param zeroWeights what to do with a vertex whose weights are all zero; default
 *     {@link ZeroWeightPolicy#FAIL}
 * @param fallbackEntry the palette entry such a vertex is bound to under
 *     {@link ZeroWeightPolicy#BIND_TO_ENTRY}, 0..{@code Skin.MAX_PALETTE_SIZE - 1}; default 0
 */
public record LimitOptions(int maxInfluences, SlotLayout layout, ZeroWeightPolicy zeroWeights, int fallbackEntry) {
    /** Four influences, narrow layout, fail on all-zero vertices. */
    public static final LimitOptions DEFAULTS = new LimitOptions(4, SlotLayout.NARROW, ZeroWeightPolicy.FAIL, 0);

    /**
     * Validates the options.
     *
     * @param maxInfluences influences kept per vertex
     * @param layout slots per vertex of the result
     * @param zeroWeights the all-zero vertex policy
     * @param fallbackEntry the palette entry for {@link ZeroWeightPolicy#BIND_TO_ENTRY}
     * @throws io.github.skinmesh.core.ValidationException when {@code maxInfluences} or
     *     {@code fallbackEntry} is out of range
     */
    public LimitOptions {
        Checks.requireRange("LimitOptions", "maxInfluences", maxInfluences, 1, BoneWeights.MAX_INFLUENCES);
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(zeroWeights, "zeroWeights");
        Checks.requireRange("LimitOptions", "fallbackEntry", fallbackEntry, 0, Skin.MAX_PALETTE_SIZE - 1);
    }

    /**
     * @param value influences kept per vertex, 1..{@value BoneWeights#MAX_INFLUENCES}
     * @return a copy with that limit
     * @throws io.github.skinmesh.core.ValidationException when the value is out of range
     */
    public LimitOptions withMaxInfluences(int value) {
        return new LimitOptions(value, layout, zeroWeights, fallbackEntry);
    }

    /**
     * @param value slots per vertex of the result
     * @return a copy with that layout
     */
    public LimitOptions withLayout(SlotLayout value) {
        return new LimitOptions(maxInfluences, value, zeroWeights, fallbackEntry);
    }

    /**
     * @param value the all-zero vertex policy
     * @return a copy with that policy
     */
    public LimitOptions withZeroWeights(ZeroWeightPolicy value) {
        return new LimitOptions(maxInfluences, layout, value, fallbackEntry);
    }

    /**
     * @param entry the palette entry all-zero vertices are bound to (0..{@code Skin.MAX_PALETTE_SIZE - 1})
     * @return a copy with that entry
     * @throws io.github.skinmesh.core.ValidationException when the entry is out of range
     */
    public LimitOptions withFallbackEntry(int entry) {
        return new LimitOptions(maxInfluences, layout, zeroWeights, entry);
    }
}
