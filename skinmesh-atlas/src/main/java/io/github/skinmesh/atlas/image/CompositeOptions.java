package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Objects;

/**
 * Options of {@link Compositor#composite}.
 *
 * <p><b>The gutter rule.</b> Around each placed rectangle the compositor fills {@code gutter} texels on
 * every side (clipped at the page border) by edge extrusion. Mip level {@code L} (box filter, each
 * level-{@code L} texel the mean of a {@code 2^L x 2^L} block of level 0) sampled bilinearly anywhere
 * inside the rectangle reads only the rectangle's own texels and gutter when, on each side, the
 * level-{@code L} texels that sampling touches lie inside the gutter. With origin and size multiples of
 * {@code 2^L} (block-aligned packing) that is exactly {@code gutter >= 2^L}: a gutter of 4 keeps levels
 * 0 to 2 clean, 8 keeps 0 to 3. A misaligned edge needs its misalignment more. A side on the page border
 * is clean at every level when the atlas is sampled with {@code CLAMP_TO_EDGE} (which an atlas must be).
 * Levels whose block size does not divide the page's sides are never counted clean (their texels do not
 * line up with level 0's). The result reports the deepest clean level per rectangle;
 * {@code minCleanLevel} is what the caller requires.
 *
 * @param gutter texels of edge extrusion around each rectangle, 0..{@value #MAX_GUTTER}; default 4
 * @param minCleanLevel the deepest mip level every rectangle must keep clean, -1 (no requirement) ..
 *     {@value #MAX_LEVEL}; 0 means bilinear sampling of the full-size atlas; default 0
 * @param gutterCheck what happens when a rectangle keeps fewer levels clean; default
 *     {@link GutterCheck#FAIL}
 * @param colorBleed whether transparent texels take the nearest opaque color; default
 *     {@link ColorBleed#OFF}
 * @param pageFormat the pages' texel format; default {@link PageFormat#WIDEST_INPUT}
 */
public record CompositeOptions(int gutter, int minCleanLevel, GutterCheck gutterCheck, ColorBleed colorBleed,
        PageFormat pageFormat) {
    /** Largest gutter. */
    public static final int MAX_GUTTER = 1024;
    /** Deepest mip level the rule is evaluated for. */
    public static final int MAX_LEVEL = 16;
    /** Gutter 4, level 0 required (failing otherwise), no color bleed, the widest input format. */
    public static final CompositeOptions DEFAULTS = new CompositeOptions(4, 0, GutterCheck.FAIL, ColorBleed.OFF,
            PageFormat.WIDEST_INPUT);

    /**
     * Validates the options.
     *
     * @param gutter 0..{@value #MAX_GUTTER}
     * @param minCleanLevel -1..{@value #MAX_LEVEL}
     * @param gutterCheck fail or warn
     * @param colorBleed off or nearest
     * @param pageFormat the pages' format
     * @throws ValidationException when a number is out of range
     */
    public CompositeOptions {
        Checks.requireRange("CompositeOptions", "gutter", gutter, 0, MAX_GUTTER);
        Checks.requireRange("CompositeOptions", "minCleanLevel", minCleanLevel, -1, MAX_LEVEL);
        Objects.requireNonNull(gutterCheck, "gutterCheck");
        Objects.requireNonNull(colorBleed, "colorBleed");
        Objects.requireNonNull(pageFormat, "pageFormat");
    }

    /**
     * @param value texels of gutter, 0..{@value #MAX_GUTTER}
     * @return a copy with that gutter
     */
    public CompositeOptions withGutter(int value) {
        return new CompositeOptions(value, minCleanLevel, gutterCheck, colorBleed, pageFormat);
    }

    /**
     * @param value the deepest level that must stay clean, -1..{@value #MAX_LEVEL}
     * @return a copy with that requirement
     */
    public CompositeOptions withMinCleanLevel(int value) {
        return new CompositeOptions(gutter, value, gutterCheck, colorBleed, pageFormat);
    }

    /**
     * @param value fail or warn
     * @return a copy with that check
     */
    public CompositeOptions withGutterCheck(GutterCheck value) {
        return new CompositeOptions(gutter, minCleanLevel, value, colorBleed, pageFormat);
    }

    /**
     * @param value off or nearest
     * @return a copy with that bleed
     */
    public CompositeOptions withColorBleed(ColorBleed value) {
        return new CompositeOptions(gutter, minCleanLevel, gutterCheck, value, pageFormat);
    }

    /**
     * @param value the pages' format
     * @return a copy with that format
     */
    public CompositeOptions withPageFormat(PageFormat value) {
        return new CompositeOptions(gutter, minCleanLevel, gutterCheck, colorBleed, value);
    }
}
