package io.github.skinmesh.core.skinning;

import java.util.Objects;

/**
 * Options of {@link PalettePacking}. Immutable; start from {@link #DEFAULTS}.
 *
 * @param halfOverflow what the half-float variants do with finite values beyond the half range
 *     ({@code |v| >= 65520}); default {@link HalfOverflow#INFINITY} (IEEE); the float variants
 *     ignore it
 */
public record PackingOptions(HalfOverflow halfOverflow) {
    /** IEEE rounding to infinity on overflow. */
    public static final PackingOptions DEFAULTS = new PackingOptions(HalfOverflow.INFINITY);

    /**
     * Validates the options.
     *
     * @throws NullPointerException when {@code halfOverflow} is null
     */
    public PackingOptions {
        Objects.requireNonNull(halfOverflow, "halfOverflow");
    }

    /**
     * @param value the overflow behaviour
     * @return a copy with {@code halfOverflow = value}
     */
    public PackingOptions withHalfOverflow(HalfOverflow value) {
        return new PackingOptions(value);
    }
}
