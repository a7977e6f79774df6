package io.github.skinmesh.vat;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.MorphChannel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The frame plan and texel layout of a bake: per clip its rate, frame count, page and first row;
 * the texture's width, rows per frame, height and page count.
 *
 * <p>Frame {@code f} of a clip with {@code n} frames is posed at {@code min(f / fps, duration)},
 * except the last, which is posed at the duration exactly. {@code n = ceil(duration * fps) + 1},
 * where a product within a thousandth of a frame above an integer counts as that integer, so a
 * duration stored as a float slightly above a whole number of frames does not add a frame a
 * fraction of a frame after the one before. Clips follow each other: clip {@code c} starts at
 * row {@code sum over earlier clips of frames * rowsPerFrame}, so no frame straddles two clips.
 * With {@link PageMode#SPLIT}, a clip whose rows do not fit below the rows already used starts
 * the next page at row 0 instead, and every page has the height of the tallest one.
 *
 * <p>Element {@code i} (a vertex, or a bone's matrix row) of frame {@code f} of clip {@code c}
 * lies at row {@code firstRow[c] + f*rowsPerFrame + i / width}, column {@code i % width} of page
 * {@code page[c]}.
 */
final class FrameLayout {
    /** {@link VatClip#FRAME_SLACK}. */
    static final double FRAME_SLACK = VatClip.FRAME_SLACK;
    /** Key gaps below this many seconds are ignored when a clip's key rate is derived. */
    static final double MIN_KEY_GAP = 1e-6;

    record Sampling(float fps, FrameTimes frameTimes, int maxWidth, int maxHeight, TextureSize textureSize,
            PageMode pageMode) {
    }

    /** One clip's frames, on page {@code page} from row {@code firstRow}. */
    record ClipFrames(AnimationClip clip, float fps, int frames, int page, int firstRow) {
        /** @return the clip time of frame {@code f} */
        float time(int f) {
            return VatClip.frameTime(f, frames, fps, clip.duration());
        }
    }

    final int width;
    final int rowsPerFrame;
    final int height;
    final int pageCount;
    final int totalFrames;
    final List<ClipFrames> clips;
    final List<String> warnings;

    private FrameLayout(int width, int rowsPerFrame, int height, int pageCount, int totalFrames,
            List<ClipFrames> clips, List<String> warnings) {
        this.width = width;
        this.rowsPerFrame = rowsPerFrame;
        this.height = height;
        this.pageCount = pageCount;
        this.totalFrames = totalFrames;
        this.clips = List.copyOf(clips);
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Plans the frames and the texture.
     *
     * @param where the operation, for messages
     * @param elementCount texels per frame ({@code >= 1})
     * @param widthStep the width of a texture wider than one row is a multiple of it (1, or 3 for bones)
     * @param clips the clips, non-empty, distinct names, each with a channel
     * @param s rate and limits
     */
    static FrameLayout plan(String where, long elementCount, int widthStep, List<AnimationClip> clips, Sampling s) {
        if (clips.isEmpty()) {
            throw new ValidationException(where + ": no clips, expected at least one");
        }
        Set<String> names = new HashSet<>();
        for (AnimationClip clip : clips) {
            if (!names.add(clip.name())) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip.name())
                        + " is given twice, expected each clip once (the clip table is looked up by name)");
            }
            if (clip.channels().isEmpty() && clip.morphChannels().isEmpty()) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip.name())
                        + " is empty (no channels), expected at least one animated channel");
            }
        }
        if (elementCount < 1) {
            throw new ValidationException(where + ": " + elementCount + " texels per frame, expected at least 1");
        }
        int pow2Max = Integer.highestOneBit(s.maxWidth());
        long width = Math.min(elementCount, s.maxWidth());
        if (s.textureSize() == TextureSize.POWER_OF_TWO) {
            width = Math.min(nextPowerOfTwo(width), pow2Max);
        } else if (width < elementCount) {
            // as few rows as the widest allowed width needs, then the narrowest width (a multiple
            // of the step) that still fits a frame in them: the last row of a frame is as full as can be
            long widest = width - width % widthStep;
            long rows = (elementCount + widest - 1) / widest;
            long even = (elementCount + rows - 1) / rows;
            width = (even + widthStep - 1) / widthStep * widthStep;
        }
        long rowsPerFrame = (elementCount + width - 1) / width;
        List<String> warnings = new ArrayList<>();
        List<ClipFrames> planned = new ArrayList<>();
        boolean split = s.pageMode() == PageMode.SPLIT;
        // split power-of-two pages are filled up to the largest power of two within the maximum height
        long capacity = split && s.textureSize() == TextureSize.POWER_OF_TWO ? Integer.highestOneBit(s.maxHeight())
                : s.maxHeight();
        String limit = "the " + capacity + " rows of a page (" + (capacity == s.maxHeight() ? ""
                : "the largest power of two within ") + "maxHeight " + s.maxHeight() + "; ";
        int page = 0;
        long row = 0;
        long tallest = 0;
        int totalFrames = 0;
        for (AnimationClip clip : clips) {
            float fps = s.frameTimes() == FrameTimes.CLIP_KEYS ? keyRate(clip, s.fps(), warnings) : s.fps();
            long needed = VatClip.frameCount(clip.duration(), fps);
            if (needed > Vat.MAX_FRAMES) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + " of "
                        + clip.duration() + " s at " + fps + " fps needs " + needed + " frames, more than "
                        + Vat.MAX_FRAMES);
            }
            int frames = (int) needed;
            long rows = frames * rowsPerFrame;
            if (split && rows > capacity) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + " needs " + frames
                        + " frames x " + rowsPerFrame + " rows per frame = " + rows + " rows, more than " + limit
                        + elementCount + " texels per frame at width " + width
                        + "), and no clip crosses a page; lower the rate, or raise maxWidth or maxHeight");
            }
            if (row + rows > capacity) {
                if (!split) {
                    throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + " needs " + frames
                            + " frames x " + rowsPerFrame + " rows per frame = " + rows + " rows from row " + row
                            + ", ending at row " + (row + rows) + ", more than maxHeight " + s.maxHeight()
                            + " (" + elementCount + " texels per frame at width " + width
                            + "); lower the rate, raise maxWidth or maxHeight, bake fewer clips per texture, or split"
                            + " the clips across pages (PageMode.SPLIT)");
                }
                page++;
                row = 0;
            }
            planned.add(new ClipFrames(clip, fps, frames, page, (int) row));
            row += rows;
            tallest = Math.max(tallest, row);
            totalFrames += frames;
        }
        long height = tallest;
        if (s.textureSize() == TextureSize.POWER_OF_TWO) {
            height = nextPowerOfTwo(height);
            if (height > s.maxHeight()) {
                throw new ValidationException(where + ": " + tallest + " rows round up to a power-of-two height of "
                        + height + ", more than maxHeight " + s.maxHeight());
            }
        }
        return new FrameLayout((int) width, (int) rowsPerFrame, (int) height, page + 1, totalFrames, planned,
                warnings);
    }

    /** @return the first global frame (over all clips) of clip {@code c} */
    int firstFrame(int c) {
        int f = 0;
        for (int i = 0; i < c; i++) {
            f += clips.get(i).frames();
        }
        return f;
    }

    static long nextPowerOfTwo(long v) {
        return v <= 1 ? 1 : Long.highestOneBit(v - 1) << 1;
    }

    /** The clip's key rate: 1 / the smallest gap between distinct key times; {@code fallback} without any gap. */
    static float keyRate(AnimationClip clip, float fallback, List<String> warnings) {
        ModelAccess.Bridge raw = ModelAccess.get();
        List<float[]> timeArrays = new ArrayList<>();
        for (BoneChannel c : clip.channels()) {
            timeArrays.add(raw.times(c));
        }
        for (MorphChannel c : clip.morphChannels()) {
            timeArrays.add(raw.times(c));
        }
        double gap = Double.POSITIVE_INFINITY;
        for (float[] times : timeArrays) {
            for (int i = 1; i < times.length; i++) {
                double d = (double) times[i] - times[i - 1];
                if (d >= MIN_KEY_GAP) {
                    gap = Math.min(gap, d);
                }
            }
        }
        if (gap == Double.POSITIVE_INFINITY) {
            return fallback;
        }
        float fps = (float) (1 / gap);
        if (!(fps < Float.POSITIVE_INFINITY)) {
            return fallback;
        }
        int offGrid = 0;
        for (float[] times : timeArrays) {
            for (float t : times) {
                double k = t * (double) fps;
                if (Math.abs(k - Math.rint(k)) > FRAME_SLACK) {
                    offGrid++;
                }
            }
        }
        if (offGrid > 0) {
            warnings.add("clip " + Checks.quote(clip.name()) + ": " + offGrid + " key times are not on the grid of its"
                    + " smallest key gap (" + fps + " fps); those keys are not sampled exactly");
        }
        double end = clip.duration() * (double) fps;
        if (clip.duration() > clip.lastKeyTime() && Math.abs(end - Math.rint(end)) > FRAME_SLACK) {
            warnings.add("clip " + Checks.quote(clip.name()) + ": its duration " + clip.duration() + " s, past its last"
                    + " key, is not on the grid of its smallest key gap (" + fps + " fps); its last frame interval is"
                    + " shorter");
        }
        return fps;
    }
}
