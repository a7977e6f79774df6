package io.github.skinmesh.vat;

/** Where a clip's frames are sampled. */
public enum FrameTimes {
    /**
     * At the options' rate: frame {@code f} at {@code min(f / fps, duration)}, with
     * {@code frames = ceil(duration * fps) + 1} and the last frame exactly at the duration.
     */
    FIXED_RATE,
    /**
     * At the clip's own key rate: the rate is {@code 1 / d} where {@code d} is the smallest gap
     * between two distinct key times of any channel (gaps below 1 microsecond are ignored), then
     * as {@link #FIXED_RATE}. Keys that do not fall on that grid are reported as a warning; a clip
     * whose keys are all at one time takes the options' rate.
     */
    CLIP_KEYS
}
