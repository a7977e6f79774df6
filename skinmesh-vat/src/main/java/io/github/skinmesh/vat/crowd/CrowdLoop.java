package io.github.skinmesh.vat.crowd;

/**
 * How an instance's clip time outside {@code [0, duration]} maps into the clip.
 *
 * <p>With {@link #WRAP} the time is taken modulo the duration into {@code [0, duration)}: the clip
 * repeats, and at a whole multiple of the duration it shows frame 0 (a looping bake's last frame
 * repeats its first). With {@link #CLAMP} the time is clamped to {@code [0, duration]}: before the
 * start the clip holds frame 0, after the end its last frame.
 */
public enum CrowdLoop {
    /** What the clip table's {@code loop} flag says: {@link #WRAP} when it is set, else {@link #CLAMP}. */
    CLIP,
    /** The clip repeats: time modulo the duration. */
    WRAP,
    /** The clip plays once and holds its first and last frames: time clamped to {@code [0, duration]}. */
    CLAMP
}
