package io.github.skinmesh.vat;

import io.github.skinmesh.core.model.Bounds;
import java.util.Objects;

/**
 * One entry of a baked texture's clip table.
 *
 * <p>Frame {@code f} ({@code 0 <= f < frames}) is the pose at {@code min(f / fps, duration)} and the
 * last frame the pose at {@code duration}; its texels start at row {@code firstRow + f * rowsPerFrame}
 * of page {@code page} (always 0 for a bake of one page, see {@link PageMode}).
 * A shader that blends two frames takes both from the same clip and blends by time: at clip time
 * {@code t} in {@code [time(f), time(f+1)]} frames {@code f} and {@code f+1} with weight
 * {@code (t - time(f)) / (time(f+1) - time(f))}, so the last interval runs from frame
 * {@code frames - 2} to the last frame at the duration, however short it is. A clip that loops
 * repeats every {@code duration} seconds: its time wraps into {@code [0, duration)}, its last frame
 * (which matches frame 0) ends one period and frame 0 starts the next, and frame {@code frames - 1}
 * is never blended towards frame 0. A clip that does not loop holds its last frame after the
 * duration. The crowd palettes of {@code vat.crowd} play clips this way by default; the page
 * {@code skinmesh crowd} writes blends the same way and repeats every clip, looping or not (as
 * {@code CrowdLoop.WRAP} does).
 *
 * @param name the clip's name
 * @param page the texture page that holds the clip's frames, {@code >= 0}
 * @param firstRow the row of the clip's frame 0 on its page
 * @param frames number of frames, {@code >= 1}
 * @param fps frames per second of clip time
 * @param duration the clip's duration in seconds (the time of its last frame)
 * @param loop whether the clip is meant to loop (see {@link LoopMode})
 * @param bounds the box in model space of every position the decoded texture gives over the clip's
 *     frames and of the exact poses at those times: a box that contains every blend of two frames
 *     too, so instanced draws culled by it are never culled wrongly
 * @param maxError largest distance in model units between a decoded position and exact skinning
 *     over the clip's frames
 * @param rmsError root mean square of those distances
 */
public record VatClip(String name, int page, int firstRow, int frames, float fps, float duration, boolean loop,
        Bounds bounds, double maxError, double rmsError) {
    /** A product {@code duration * fps} this close above an integer counts as that integer. */
    static final double FRAME_SLACK = 1e-3;

    /** Relative tolerance of {@link LoopMode#DETECT}: a fraction of the clip box's diagonal. */
    public static final float LOOP_TOLERANCE = 1e-4f;

    /**
     * @param name clip name
     * @param page page, {@code >= 0}
     * @param firstRow first row, {@code >= 0}
     * @param frames frames, {@code >= 1}
     * @param fps rate, {@code > 0}
     * @param duration seconds, {@code >= 0}
     * @param loop loop flag
     * @param bounds the clip's box
     * @param maxError largest error
     * @param rmsError RMS error
     * @throws NullPointerException when the name or bounds is null
     * @throws io.github.skinmesh.core.ValidationException when the page is negative, the fps is not
     *     a finite number above 0 or the duration not a finite number {@code >= 0} (the errors are
     *     checked by the {@link VatManifest} that lists the clip)
     */
    public VatClip {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(bounds, "bounds");
        if (page < 0) {
            throw new io.github.skinmesh.core.ValidationException("VatClip \"" + name + "\": page " + page
                    + ", expected >= 0");
        }
        if (!(fps > 0) || Float.isInfinite(fps) || !(duration >= 0) || Float.isInfinite(duration)) {
            throw new io.github.skinmesh.core.ValidationException("VatClip \"" + name + "\": fps " + fps
                    + ", duration " + duration + ", expected a finite fps > 0 and a finite duration >= 0");
        }

    }

    /**
     * The number of frames of a clip, the rule every bake and the crowd share: one per
     * {@code 1/fps} of clip time plus the last, {@code ceil(duration * fps - 0.001) + 1} in double
     * (a product within 0.001 above an integer counts as that integer).
     *
     * @param duration seconds, {@code >= 0}
     * @param fps rate, {@code > 0}
     * @return the frames, at least 1 (a long: the caller bounds it); {@link Long#MAX_VALUE} for a
     *     product beyond 2^62, which no caller accepts
     */
    public static long frameCount(float duration, float fps) {
        double intervals = Math.ceil(duration * (double) fps - FRAME_SLACK);
        return intervals >= 0x1p62 ? Long.MAX_VALUE : (long) Math.max(0, intervals) + 1;
    }

    /**
     * The clip time of frame {@code f} of {@code frames}: {@code min(f / fps, duration)} in double
     * rounded to float, the last frame exactly at the duration.
     *
     * @param f the frame, {@code 0 <= f < frames}
     * @param frames the clip's frames
     * @param fps rate
     * @param duration seconds
     * @return the time in seconds
     */
    public static float frameTime(int f, int frames, float fps, float duration) {
        if (f == frames - 1) {
            return duration;
        }
        return (float) Math.min(f / (double) fps, duration);
    }

    /**
     * @param f a frame of this clip, {@code 0 <= f < frames()}
     * @return its clip time, {@link #frameTime}
     */
    public float time(int f) {
        return frameTime(f, frames, fps, duration);
    }

    /**
     * An entry on page 0, the only page of a bake that is not split.
     *
     * @param name clip name
     * @param firstRow first row, {@code >= 0}
     * @param frames frames, {@code >= 1}
     * @param fps rate, {@code > 0}
     * @param duration seconds, {@code >= 0}
     * @param loop loop flag
     * @param bounds the clip's box
     * @param maxError largest error
     * @param rmsError RMS error
     * @throws NullPointerException when the name or bounds is null
     * @throws io.github.skinmesh.core.ValidationException as the canonical constructor does
     */
    public VatClip(String name, int firstRow, int frames, float fps, float duration, boolean loop, Bounds bounds,
            double maxError, double rmsError) {
        this(name, 0, firstRow, frames, fps, duration, loop, bounds, maxError, rmsError);
    }
}
