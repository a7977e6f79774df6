package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.vat.TextureKind;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatManifest;
import io.github.skinmesh.vat.VatResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The baked bone frames of a bone-matrix texture, decoded to floats once, with the texture's clip
 * table: what a {@link Crowd} interpolates every frame.
 *
 * <p>Frame {@code f} of clip {@code c} holds, per palette entry {@code b} in the bake's palette
 * order, the three rows of its 3x4 skin matrix {@code model(bone) * inverseBind}, 12 floats
 * {@code row0, row1, row2} with {@code row r = (m[r], m[4+r], m[8+r], m[12+r])} of the column-major
 * matrix (the layout of {@link io.github.skinmesh.core.skinning.PalettePacking}). The values are
 * those a shader fetches from the texture: the bake's floats as they are, or its halves widened
 * exactly. Frame {@code f} of a clip with {@code n} frames is the pose at
 * {@code min(f / fps, duration)} (computed in double and rounded to float, as the bake does), the
 * last frame the pose at {@code duration} ({@link #frameTime}).
 *
 * <p>Created from a bake ({@link #of(VatResult)}) or from any decoder of a bone texture
 * ({@link #of(VatDecoder)}, for example one {@link io.github.skinmesh.vat.VatFiles#read} returns),
 * which gives the same frames for the same texture. Memory: {@code 48 * boneCount} bytes per frame
 * of every clip, plus a double per frame.
 *
 * <p>Immutable and thread-safe; one instance can serve any number of {@link Crowd}s.
 */
public final class CrowdFrames {
    /** Largest magnitude of a frame value: the difference of two values then stays finite. */
    public static final float MAX_VALUE = Float.MAX_VALUE / 2;
    /** Unit roundoff of float arithmetic, {@code 2^-24}. */
    private static final double FLOAT_ROUNDOFF = 0x1p-24;
    /** Largest relative rounding error of a normal half, {@code 2^-11}. */
    private static final double HALF_ROUNDOFF = 0x1p-11;
    /** Largest absolute rounding error of a subnormal half, {@code 2^-25}. */
    private static final double HALF_SUBNORMAL_ERROR = 0x1p-25;

    private final VatEncoding encoding;
    private final int boneCount;
    private final List<VatClip> clips;
    /** Per clip: its frame 0's index among all frames. */
    private final int[] firstFrame;
    /** Per clip, from its table entry, for the per-instance work of a crowd call: frames, rate, duration, loop. */
    private final int[] clipFrames;
    private final float[] clipFps;
    private final double[] clipDurations;
    private final boolean[] clipLoops;
    /** Per frame of every clip: its clip time. */
    private final double[] frameTimes;
    /** Per frame of every clip: {@code 12*boneCount} floats. */
    private final float[] values;
    /** Per clip: minX, minY, minZ, maxX, maxY, maxZ of its baked box. */
    private final float[] clipBoxes;
    /** Largest magnitude of a frame value, and where it is (for messages). */
    private final float maxAbs;
    private final String maxAbsWhere;
    /** Largest {@code |m_r0| + |m_r1| + |m_r2|} of a row of any frame. */
    private final double maxLinearRowSum;
    /** Largest {@code |m_r3|} (translation) of any frame. */
    private final double maxTranslation;

    private CrowdFrames(VatEncoding encoding, int boneCount, List<VatClip> clips, int[] firstFrame,
            double[] frameTimes, float[] values, float[] clipBoxes, float maxAbs, String maxAbsWhere,
            double maxLinearRowSum, double maxTranslation) {
        this.encoding = encoding;
        this.boneCount = boneCount;
        this.clips = clips;
        this.firstFrame = firstFrame;
        this.clipFrames = new int[clips.size()];
        this.clipFps = new float[clips.size()];
        this.clipDurations = new double[clips.size()];
        this.clipLoops = new boolean[clips.size()];
        for (int c = 0; c < clips.size(); c++) {
            VatClip clip = clips.get(c);
            clipFrames[c] = clip.frames();
            clipFps[c] = clip.fps();
            clipDurations[c] = clip.duration();
            clipLoops[c] = clip.loop();
        }
        this.frameTimes = frameTimes;
        this.values = values;
        this.clipBoxes = clipBoxes;
        this.maxAbs = maxAbs;
        this.maxAbsWhere = maxAbsWhere;
        this.maxLinearRowSum = maxLinearRowSum;
        this.maxTranslation = maxTranslation;
    }

    /**
     * The frames of a bone-matrix bake ({@link io.github.skinmesh.vat.Vat#bakeBoneTexture}).
     *
     * @param bake the bake
     * @return its frames, decoded
     * @throws ValidationException as {@link #of(VatDecoder)}
     */
    public static CrowdFrames of(VatResult bake) {
        Objects.requireNonNull(bake, "bake");
        return of(bake.decoder());
    }

    /**
     * The frames of a bone-matrix texture, decoded as {@link VatDecoder#boneRowsInto} decodes them.
     * Allocates the decoded frames ({@code 48 * boneCount} bytes per frame) and reads every texel of
     * every clip once.
     *
     * @param bones a decoder of a bone texture
     * @return its frames
     * @throws ValidationException when the texture is not a bone texture, its encoding is neither
     *     float nor half, it has no clip, the decoded frames would not fit an array, or a
     *     value is not finite or beyond {@code ±}{@link #MAX_VALUE} (naming the clip, frame, palette
     *     entry, row and column)
     */
    public static CrowdFrames of(VatDecoder bones) {
        Objects.requireNonNull(bones, "bones");
        String where = "CrowdFrames";
        VatManifest m = bones.manifest();
        if (m.kind() != TextureKind.BONES) {
            throw new ValidationException(where + ": the texture's kind is " + m.kind().manifestName()
                    + ", expected bones (a bone-matrix texture)");
        }
        if (m.encoding().isNormalized()) {
            throw new ValidationException(where + ": the bone texture's encoding is " + m.encoding().manifestName()
                    + ", expected float or half");
        }
        List<VatClip> clips = m.clips();
        if (clips.isEmpty()) {
            throw new ValidationException(where + ": the clip table is empty, expected at least one clip");
        }
        int boneCount = m.elementCount();
        int perFrame = 12 * boneCount;
        long totalFrames = 0;
        int[] firstFrame = new int[clips.size()];
        for (int c = 0; c < clips.size(); c++) {
            VatClip clip = clips.get(c);
            // VatClip's constructor admits only a finite fps > 0 and a finite duration >= 0
            assert clip.fps() > 0 && clip.fps() < Float.POSITIVE_INFINITY && clip.duration() >= 0
                    && clip.duration() < Float.POSITIVE_INFINITY : clip;
            firstFrame[c] = (int) totalFrames;
            totalFrames += clip.frames();
        }
        long floats = totalFrames * perFrame;
        if (floats > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(where + ": " + totalFrames + " frames x " + perFrame + " floats = " + floats
                    + " floats, more than an array holds (" + Checks.MAX_ARRAY_LENGTH + ")");
        }
        float[] values = new float[(int) floats];
        double[] frameTimes = new double[(int) totalFrames];
        float[] boxes = new float[6 * clips.size()];
        float maxAbs = 0;
        int maxAbsClip = -1; // where the largest magnitude is: clip, frame, palette entry (named once, after the scan)
        int maxAbsFrame = 0;
        int maxAbsEntry = 0;
        double rowSum = 0;
        double translation = 0;
        for (int c = 0; c < clips.size(); c++) {
            VatClip clip = clips.get(c);
            Bounds b = clip.bounds();
            boxes[6 * c] = b.minX();
            boxes[6 * c + 1] = b.minY();
            boxes[6 * c + 2] = b.minZ();
            boxes[6 * c + 3] = b.maxX();
            boxes[6 * c + 4] = b.maxY();
            boxes[6 * c + 5] = b.maxZ();
            for (int f = 0; f < clip.frames(); f++) {
                int g = firstFrame[c] + f;
                frameTimes[g] = clip.time(f);
                int base = g * perFrame;
                for (int bone = 0; bone < boneCount; bone++) {
                    bones.boneRowsInto(c, f, bone, values, base + 12 * bone);
                }
                for (int i = 0; i < perFrame; i++) {
                    float v = values[base + i];
                    float a = Math.abs(v);
                    if (!(a <= MAX_VALUE)) {
                        throw new ValidationException(where + ": clip " + Checks.quote(clip.name()) + ", frame " + f
                                + ": palette entry " + i / 12 + ", row " + i % 12 / 4 + ", column " + i % 4 + " is "
                                + v + ", expected a finite value within +-" + MAX_VALUE);
                    }
                    if (a > maxAbs) {
                        maxAbs = a;
                        maxAbsClip = c;
                        maxAbsFrame = f;
                        maxAbsEntry = i / 12;
                    }
                }
                for (int row = base; row < base + perFrame; row += 4) {
                    rowSum = Math.max(rowSum, (double) Math.abs(values[row]) + Math.abs(values[row + 1])
                            + Math.abs(values[row + 2]));
                    translation = Math.max(translation, Math.abs(values[row + 3]));
                }
            }
        }
        String maxAbsWhere = maxAbsClip < 0 ? "" : "clip " + Checks.quote(clips.get(maxAbsClip).name()) + ", frame "
                + maxAbsFrame + ", palette entry " + maxAbsEntry;
        return new CrowdFrames(m.encoding(), boneCount, clips, firstFrame, frameTimes, values, boxes, maxAbs,
                maxAbsWhere, rowSum, translation);
    }

    /** @return the encoding of the texture the frames come from: float, or half (widened exactly) */
    public VatEncoding encoding() {
        return encoding;
    }

    /** @return palette entries per frame (matrices per instance of a crowd palette) */
    public int boneCount() {
        return boneCount;
    }

    /** @return number of clips */
    public int clipCount() {
        return clips.size();
    }

    /** @return the clip table (names, frames, rates, durations, loop flags, bounds), read-only */
    public List<VatClip> clips() {
        return clips;
    }

    /**
     * @param clip clip index, {@code 0..clipCount()-1}
     * @return that clip's table entry
     * @throws IndexOutOfBoundsException when the index is out of range
     */
    public VatClip clip(int clip) {
        return clips.get(clip);
    }

    /**
     * @param name a clip name
     * @return the index of the clip of that name
     * @throws ValidationException when no clip has that name (the message lists the names)
     */
    public int clipIndex(String name) {
        Objects.requireNonNull(name, "name");
        for (int c = 0; c < clips.size(); c++) {
            if (clips.get(c).name().equals(name)) {
                return c;
            }
        }
        throw new ValidationException("CrowdFrames: clip " + Checks.quote(name) + " is not in the clip table, "
                + "expected one of " + names());
    }

    /**
     * The clip time a frame was baked at.
     *
     * @param clip clip index
     * @param frame frame of that clip, {@code 0..frames-1}
     * @return {@code min(frame / fps, duration)} as the bake rounds it, the duration for the last frame
     * @throws IndexOutOfBoundsException when an index is out of range
     */
    public float frameTime(int clip, int frame) {
        checkFrame("frameTime", clip, frame);
        return (float) frameTimes[firstFrame[clip] + frame];
    }

    /**
     * Copies one frame: {@code 12*boneCount()} floats, palette entry by palette entry, rows 0, 1, 2.
     *
     * @param clip clip index
     * @param frame frame of that clip
     * @param dst receives {@code 12*boneCount()} floats from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when an index or the destination range is out of range
     */
    public float[] frameInto(int clip, int frame, float[] dst, int offset) {
        checkFrame("frameInto", clip, frame);
        int n = 12 * boneCount;
        if (offset < 0 || offset > dst.length - n) {
            throw new IndexOutOfBoundsException("CrowdFrames.frameInto: dst length " + dst.length + ", offset " + offset
                    + ", expected offset >= 0 and length >= offset + 12 * boneCount = " + ((long) offset + n));
        }
        System.arraycopy(values, (firstFrame[clip] + frame) * n, dst, offset, n);
        return dst;
    }

    /** Requires a clip of the table and a frame of it, naming the one out of range, its value and the range. */
    private void checkFrame(String method, int clip, int frame) {
        if (clip < 0 || clip >= clips.size()) {
            throw new IndexOutOfBoundsException("CrowdFrames." + method + ": clip " + clip + ", expected 0.."
                    + (clips.size() - 1) + " " + names());
        }
        int frames = clips.get(clip).frames();
        if (frame < 0 || frame >= frames) {
            throw new IndexOutOfBoundsException("CrowdFrames." + method + ": frame " + frame + " of clip "
                    + Checks.quote(clips.get(clip).name()) + ", expected 0.." + (frames - 1));
        }
    }

    /** @return the largest magnitude of a frame value */
    public float maxAbsValue() {
        return maxAbs;
    }

    /**
     * The padding, in model units per axis, that covers the rounding of crowd palettes: a vertex
     * whose bind-pose coordinates are at most {@code maxBindCoordinate} in magnitude, skinned in float
     * arithmetic (a shader's or the CPU's) with up to 8 influences whose weights sum to 1 (the weights
     * of the bake's parts) by a palette a {@link Crowd} writes in {@code encoding}, lies within this
     * distance on each axis of the same blend of frames computed exactly, which the clip's baked box
     * holds. Set it as {@link CrowdOptions#boundsPadding()} so that {@link Crowd#boundsInto} boxes
     * hold the skinned vertices and not only their exact blends.
     *
     * <p>With {@code L} the largest {@code |m_r0| + |m_r1| + |m_r2|} and {@code T} the largest
     * {@code |m_r3|} of any row of any frame, {@code P = maxBindCoordinate} and {@code u = 2^-24}:
     * float palettes {@code 40u (L P + T)} (the interpolation's three roundings of each value, at
     * most {@code 8u} of its magnitude, and float skinning, at most {@code 16u} each for the bake's
     * box and for the consumer); half palettes add {@code 2^-11 (1 + 8u) (L P + T) + 2^-25 (3 P + 1)}
     * (relative rounding of normal halves, absolute of subnormal ones). Rounded up.
     *
     * @param encoding the palette encoding, {@link VatEncoding#FLOAT} or {@link VatEncoding#HALF}
     * @param maxBindCoordinate largest magnitude of a bind-pose coordinate of the skinned meshes
     *     (for example of their bounds), finite and {@code >= 0}
     * @return the padding in model units
     * @throws ValidationException when the encoding is a normalized one or {@code maxBindCoordinate}
     *     is negative or not finite
     */
    public float roundingPadding(VatEncoding encoding, float maxBindCoordinate) {
        Objects.requireNonNull(encoding, "encoding");
        if (encoding.isNormalized()) {
            throw new ValidationException("CrowdFrames.roundingPadding: encoding " + encoding.manifestName()
                    + ", expected float or half");
        }
        if (!(maxBindCoordinate >= 0 && maxBindCoordinate < Float.POSITIVE_INFINITY)) {
            throw new ValidationException("CrowdFrames.roundingPadding: maxBindCoordinate=" + maxBindCoordinate
                    + ", expected a finite number >= 0");
        }
        double reach = maxLinearRowSum * maxBindCoordinate + maxTranslation;
        double pad = 40 * FLOAT_ROUNDOFF * reach;
        if (encoding == VatEncoding.HALF) {
            pad += HALF_ROUNDOFF * (1 + 8 * FLOAT_ROUNDOFF) * reach
                    + HALF_SUBNORMAL_ERROR * (3.0 * maxBindCoordinate + 1);
        }
        pad *= 1 + 1e-9;
        float p = (float) pad;
        return p < pad ? Math.nextUp(p) : p;
    }

    /** The message part naming the largest value, for the half-range error. */
    String maxAbsWhere() {
        return maxAbsWhere;
    }

    /** The live frame values, read-only by contract. */
    float[] values() {
        return values;
    }

    /** The index among all frames of a clip's frame 0. */
    int firstFrame(int clip) {
        return firstFrame[clip];
    }

    /** Per clip, its frame count; live, read-only by contract. */
    int[] clipFrames() {
        return clipFrames;
    }

    /** Per clip, its rate in frames per second; live, read-only by contract. */
    float[] clipFps() {
        return clipFps;
    }

    /** Per clip, its duration in seconds; live, read-only by contract. */
    double[] clipDurations() {
        return clipDurations;
    }

    /** Per clip, whether it loops; live, read-only by contract. */
    boolean[] clipLoops() {
        return clipLoops;
    }

    /** The live frame times, read-only by contract. */
    double[] frameTimes() {
        return frameTimes;
    }

    /** The live clip boxes, read-only by contract. */
    float[] clipBoxes() {
        return clipBoxes;
    }

    List<String> names() {
        List<String> names = new ArrayList<>();
        clips.forEach(c -> names.add(c.name()));
        return names;
    }

    @Override
    public String toString() {
        return "CrowdFrames[" + clips.size() + " clips, " + frameTimes.length + " frames, " + boneCount + " bones, "
                + encoding.manifestName() + "]";
    }
}
