package io.github.skinmesh.atlas.image;

/** Which PNG scanline filter {@link Png} applies before compression. */
public enum PngFilter {
    /** Filter type 0 on every row: fastest, larger files. */
    NONE,
    /**
     * Per row, the filter among the five PNG filter types (None, Sub, Up, Average, Paeth) whose
     * output has the smallest sum of absolute values as signed bytes, the usual heuristic; ties
     * go to the lower filter type, so the choice is deterministic.
     */
    ADAPTIVE
}
