package io.github.skinmesh.vat;

/** How the {@code loop} flag of a clip table entry is decided. */
public enum LoopMode {
    /**
     * A clip loops when its first and last frames match: every posed position of the last frame
     * lies within {@link VatClip#LOOP_TOLERANCE} times the clip's box diagonal (at least 1e-6
     * model units) of the first frame's.
     */
    DETECT,
    /** Every clip loops. */
    ALWAYS,
    /** No clip loops. */
    NEVER
}
