package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ParallelRanges;
import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.vat.VatEncoding;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The per-frame CPU side of a GPU crowd: for up to {@link #capacity()} instances, each playing a
 * clip of baked bone frames at its own time and speed, writes one packed buffer of 3x4 skin
 * matrices (float or half) and the instances' world bounds. Free of I/O; an engine calls it every
 * frame.
 *
 * <p><b>Instances.</b> Instance {@code i} plays clip {@code clip(i)} of the {@link CrowdFrames};
 * at crowd time {@code T} (seconds, given per call) its clip time is
 * {@code time(i) + speed(i) * T}, computed in double, then wrapped into {@code [0, duration)} or
 * clamped to {@code [0, duration]} as {@link CrowdLoop} says (by default the clip table's loop
 * flag). {@code time(i)} is the instance's phase, {@code speed(i)} its rate (clip seconds per
 * crowd second, negative plays backwards). New instances play clip 0 from time 0 at speed 1.
 *
 * <p><b>Palette layout.</b> A call writes the first {@code n} instances, instance-major: matrix
 * {@code b} (palette entry {@code b} of the bake, in its order) of instance {@code i} is the
 * {@code 12} values from value {@code 12 * (i * boneCount + b)}: rows 0, 1, 2 of the 3x4 skin
 * matrix, {@code row r = (m[r], m[4+r], m[8+r], m[12+r])} ({@link
 * io.github.skinmesh.core.skinning.PalettePacking}'s layout, {@code 48} bytes per matrix as floats,
 * {@code 24} as halves). Halves are IEEE binary16 raw bits; byte buffers are little-endian.
 *
 * <p><b>Interpolation: matrix lerp.</b> With the clip time {@code t} between the baked frame times
 * {@code t0 <= t < t1} of frames {@code f} and {@code f+1}, every value is
 * {@code a + w * (b - a)} with {@code w = (t - t0) / (t1 - t0)} (rounded to float). At a frame time
 * ({@code w = 0}), and at the clip's end, the values are the baked frame's, bit for bit, so they
 * equal the bake's direct evaluation (clip sampling, pose, skin matrices through
 * {@link io.github.skinmesh.core.anim.CharacterPoser}). Between frames the blend differs from the
 * clip's own skin matrix {@code m(t)}: by the remainder of linear interpolation, for each value at
 * most {@code (t1 - t0)^2 / 8 * max |m''|} over the interval when the clip's motion is smooth
 * between the two frames (no key strictly between them, as when baked at the clip's key rate with
 * {@link io.github.skinmesh.vat.FrameTimes#CLIP_KEYS}), and at most
 * {@code (t1 - t0) / 2 * max |m'|} when linear or cubic keys fall between frames (a step key between
 * frames: its jump). For a bone turning at a constant rate {@code omega} about a fixed axis the
 * blend cuts the arc: a point at distance {@code r} from the axis lands at most
 * {@code r (1 - cos(omega h / 2)) ~ r (omega h)^2 / 8} off its path, with {@code h = t1 - t0}; at
 * 30 fps a bone turning 360 degrees per second misses by 0.55% of {@code r}, 2.7 mm at 0.5 m (the
 * blended matrix scales the turning plane by {@code cos(omega h / 2)} half-way). A blend of two
 * frames' matrices skins every vertex to the same blend of its two frame positions, which stays
 * inside the clip's baked box: the reason this crowd blends matrices rather than quaternions. Blending rotations as quaternions (with scale and shear split off by a polar
 * decomposition) would follow the arc and keep lengths, but costs several times the arithmetic per
 * matrix, lets vertices leave the box between frames, and differs from a shader that blends two
 * texture frames, which is the same lerp.
 *
 * <p><b>Bounds.</b> {@link #boundsInto} places each instance's clip box (the bake's per-clip bounds,
 * which hold every baked frame and so every blend of two frames, grown by
 * {@link CrowdOptions#boundsPadding()}) with the instance's transform; {@link CrowdBounds} unites
 * them into the batch's box and culls them against a view frustum.
 *
 * <p><b>Validation.</b> The frames are checked once ({@link CrowdFrames#of}); setters check their
 * instance, clip index and values; each call checks its instance count, time and destination
 * before it writes anything, and an instance whose clip time is not finite. A call that throws
 * leaves the destination untouched.
 *
 * <p><b>Threads and allocation.</b> With {@link CrowdOptions#parallelism()} {@code > 1} a call
 * splits its matrices across the calling thread and the common fork-join pool
 * (core's parallel ranges); every value depends only on its own instance and matrix, so the output
 * is the same, bit for bit, for every thread count. {@link #create} allocates the per-instance
 * state ({@code 36} bytes per instance and 4 per baked frame); a call on one thread allocates nothing, and on several
 * only the few small objects of the thread hand-over. Not thread-safe: one thread owns a crowd
 * (its calls use others internally).
 *
 * <p><b>Kernels.</b> Arrays are written by a SIMD kernel when the JVM has the incubating Vector API
 * (start it with {@code --add-modules jdk.incubator.vector}; about 4 times faster for floats, 8 for
 * halves), and by plain loops otherwise; byte buffers always by plain loops, one value at a time
 * (to fill a buffer at array speed, write an array and {@code put} it into a
 * {@link java.nio.FloatBuffer} or {@link java.nio.ShortBuffer} view of the buffer, made once with
 * little-endian order). On JDK 25 and later (and on Java 20 and later without the incubator
 * module), half arrays are rounded by the runtime's own conversion ({@code Float.floatToFloat16}),
 * which the JIT turns into the processor's conversion instructions. The choice changes speed, never
 * a bit of the output.
 *
 * <pre>{@code
 * CrowdFrames frames = CrowdFrames.of(Vat.bakeBoneTexture(hero, clips, BoneTextureOptions.DEFAULTS, Progress.NONE));
 * Crowd crowd = Crowd.create(frames, 1000, CrowdOptions.DEFAULTS.withParallelism(2));
 * for (int i = 0; i < 1000; i++) {
 *     crowd.setInstance(i, i % frames.clipCount(), i * 0.37f, 0.8f + (i % 5) * 0.1f);
 * }
 * short[] palettes = new short[12 * frames.boneCount() * 1000];
 * crowd.palettesInto(1000, seconds, palettes, 0);    // every frame, then upload
 * }</pre>
 */
public final class Crowd {
    private static final String WHERE = "Crowd";
    /** Values of one 3x4 matrix. */
    private static final int MATRIX = 12;

    private static final int FLOAT_ARRAY = 0;
    private static final int HALF_ARRAY = 1;
    private static final int FLOAT_BYTES = 2;
    private static final int HALF_BYTES = 3;

    private final CrowdFrames frames;
    private final CrowdOptions options;
    private final int capacity;
    private final int boneCount;
    private final float[] values;
    private final double[] frameTimes;
    private final BlendKernel kernel = BlendKernels.SELECTED;

    /** Per clip of {@link #frames}: its frames, rate, duration and loop flag (the frames' arrays). */
    private final int[] clipFrames;
    private final float[] clipFps;
    private final double[] clipDuration;
    private final boolean[] clipLoops;

    private final int[] clips;
    private final float[] times;
    private final float[] speeds;
    private final CrowdLoop[] loops;

    /** Per instance at the current call: the first value of frame a and of frame b, and the weight of b. */
    private final int[] srcA;
    private final int[] srcB;
    private final float[] weights;
    /**
     * The current call's instances ordered by frame a (a counting sort, stable), so that the
     * instances that read the same pair of frames are written one after the other while those
     * frames are in the core's nearest cache; every instance's values are the same in any order.
     */
    private final int[] order;
    /** Per instance at the current call: frame a's index in the frame table, the sort key. */
    private final int[] frameA;
    /** Counting-sort scratch: per frame of the frame table, then its first position in {@link #order}. */
    private final int[] frameStarts;

    /** The current call's destination (one of the four), its mode and its first index (value or byte). */
    private float @Nullable [] dstFloats;
    private short @Nullable [] dstHalves;
    private @Nullable ByteBuffer dstBytes;
    private int mode;
    private int dstBase;
    private final ParallelRanges.RangeTask task = this::writeRange;

    private Crowd(CrowdFrames frames, int capacity, CrowdOptions options) {
        this.frames = frames;
        this.options = options;
        this.capacity = capacity;
        this.boneCount = frames.boneCount();
        this.values = frames.values();
        this.frameTimes = frames.frameTimes();
        this.clipFrames = frames.clipFrames();
        this.clipFps = frames.clipFps();
        this.clipDuration = frames.clipDurations();
        this.clipLoops = frames.clipLoops();
        this.clips = new int[capacity];
        this.times = new float[capacity];
        this.speeds = new float[capacity];
        this.loops = new CrowdLoop[capacity];
        Arrays.fill(speeds, 1);
        Arrays.fill(loops, CrowdLoop.CLIP);
        this.srcA = new int[capacity];
        this.srcB = new int[capacity];
        this.weights = new float[capacity];
        this.order = new int[capacity];
        this.frameA = new int[capacity];
        this.frameStarts = new int[frameTimes.length + 1];
    }

    /**
     * Creates a crowd of up to {@code capacity} instances, each playing clip 0 from time 0 at speed 1.
     *
     * @param frames the baked frames
     * @param capacity largest number of instances, {@code >= 0}, at most what one palette array
     *     holds: {@code 12 * boneCount * capacity <= Integer.MAX_VALUE - 8}
     * @param options threads and bounds padding
     * @return the crowd
     * @throws ValidationException when {@code capacity} is negative or its palettes would not fit an
     *     array
     */
    public static Crowd create(CrowdFrames frames, int capacity, CrowdOptions options) {
        Objects.requireNonNull(frames, "frames");
        Objects.requireNonNull(options, "options");
        if (capacity < 0) {
            throw new ValidationException(WHERE + ".create: capacity=" + capacity + ", expected >= 0 instances");
        }
        long values = (long) MATRIX * frames.boneCount() * capacity;
        if (values > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(WHERE + ".create: capacity=" + capacity + " instances x "
                    + frames.boneCount() + " bones x 12 = " + values + " palette values, more than an array holds ("
                    + Checks.MAX_ARRAY_LENGTH + ")");
        }
        return new Crowd(frames, capacity, options);
    }

    /** @return the frames the instances play */
    public CrowdFrames frames() {
        return frames;
    }

    /** @return the options */
    public CrowdOptions options() {
        return options;
    }

    /** @return the largest number of instances */
    public int capacity() {
        return capacity;
    }

    /** @return matrices per instance, the bake's palette size */
    public int boneCount() {
        return boneCount;
    }

    /**
     * Sets what an instance plays; its loop mode stays as it was.
     *
     * @param instance instance index, {@code 0..capacity()-1}
     * @param clip clip index into {@link CrowdFrames#clips()}
     * @param time the instance's clip time at crowd time 0 (its phase), seconds, finite
     * @param speed clip seconds per crowd second, finite (0 holds, negative plays backwards)
     * @throws ValidationException when the instance or clip index is out of range or a value is not
     *     finite; the instance is then unchanged
     */
    public void setInstance(int instance, int clip, float time, float speed) {
        String where = WHERE + ".setInstance";
        requireInstance(where, instance);
        if (clip < 0 || clip >= frames.clipCount()) {
            throw new ValidationException(where + ": instance " + instance + ": clip " + clip + ", expected 0.."
                    + (frames.clipCount() - 1) + " " + frames.names());
        }
        if (!Float.isFinite(time)) {
            throw new ValidationException(where + ": instance " + instance + ": time " + time
                    + ", expected a finite number of seconds");
        }
        if (!Float.isFinite(speed)) {
            throw new ValidationException(where + ": instance " + instance + ": speed " + speed
                    + ", expected a finite number");
        }
        clips[instance] = clip;
        times[instance] = time;
        speeds[instance] = speed;
    }

    /**
     * Sets how an instance's clip time maps into its clip.
     *
     * @param instance instance index, {@code 0..capacity()-1}
     * @param loop the loop mode; {@link CrowdLoop#CLIP} (the default) follows the clip table
     * @throws ValidationException when the instance index is out of range
     */
    public void setLoop(int instance, CrowdLoop loop) {
        Objects.requireNonNull(loop, "loop");
        requireInstance(WHERE + ".setLoop", instance);
        loops[instance] = loop;
    }

    /**
     * @param instance instance index, {@code 0..capacity()-1}
     * @return its clip index
     * @throws ValidationException when the index is out of range
     */
    public int clip(int instance) {
        requireInstance(WHERE + ".clip", instance);
        return clips[instance];
    }

    /**
     * @param instance instance index, {@code 0..capacity()-1}
     * @return its clip time at crowd time 0, seconds
     * @throws ValidationException when the index is out of range
     */
    public float time(int instance) {
        requireInstance(WHERE + ".time", instance);
        return times[instance];
    }

    /**
     * @param instance instance index, {@code 0..capacity()-1}
     * @return its speed, clip seconds per crowd second
     * @throws ValidationException when the index is out of range
     */
    public float speed(int instance) {
        requireInstance(WHERE + ".speed", instance);
        return speeds[instance];
    }

    /**
     * @param instance instance index, {@code 0..capacity()-1}
     * @return its loop mode
     * @throws ValidationException when the index is out of range
     */
    public CrowdLoop loop(int instance) {
        requireInstance(WHERE + ".loop", instance);
        return loops[instance];
    }

    /**
     * The clip time an instance shows at a crowd time: {@code time + speed * crowdTime}, wrapped or
     * clamped into its clip.
     *
     * @param instance instance index, {@code 0..capacity()-1}
     * @param crowdTime crowd time in seconds, finite
     * @return the clip time in seconds, in {@code [0, duration]}
     * @throws ValidationException when the index is out of range, {@code crowdTime} is not finite
     *     or the clip time overflows
     */
    public double clipTime(int instance, double crowdTime) {
        String where = WHERE + ".clipTime";
        requireInstance(where, instance);
        requireTime(where, crowdTime);
        return localTime(where, instance, crowdTime);
    }

    /**
     * Writes the float palettes of instances {@code 0..instanceCount-1} at a crowd time.
     *
     * @param instanceCount instances written, {@code 0..capacity()}
     * @param crowdTime crowd time in seconds, finite
     * @param dst receives {@code 12 * boneCount() * instanceCount} floats from {@code dstOffset}
     * @param dstOffset first float written, {@code >= 0}
     * @return {@code dstOffset + 12 * boneCount() * instanceCount}, the offset after the last float
     * @throws ValidationException when {@code instanceCount} is out of range, {@code crowdTime} is
     *     not finite, the offset is negative, {@code dst} is too short, or an instance's clip time
     *     overflows; nothing is written then
     */
    public int palettesInto(int instanceCount, double crowdTime, float[] dst, int dstOffset) {
        Objects.requireNonNull(dst, "dst");
        String where = WHERE + ".palettesInto(float[])";
        int count = checkCall(where, instanceCount, crowdTime);
        requireRoom(where, dst.length, dstOffset, count);
        prepare(where, instanceCount, crowdTime);
        dstFloats = dst;
        run(FLOAT_ARRAY, dstOffset, count);
        return dstOffset + MATRIX * count;
    }

    /**
     * Writes the half-float palettes (IEEE binary16 raw bits, rounded to nearest even as
     * {@link HalfFloats#toHalf}) of instances {@code 0..instanceCount-1} at a crowd time. Each value
     * is the float palette's value rounded to half.
     *
     * @param instanceCount instances written, {@code 0..capacity()}
     * @param crowdTime crowd time in seconds, finite
     * @param dst receives {@code 12 * boneCount() * instanceCount} halves from {@code dstOffset}
     * @param dstOffset first half written, {@code >= 0}
     * @return {@code dstOffset + 12 * boneCount() * instanceCount}
     * @throws ValidationException as {@link #palettesInto(int, double, float[], int)}, and when a
     *     frame value lies beyond the half range ({@link CrowdFrames#maxAbsValue()} above
     *     {@value HalfFloats#MAX_HALF}; the message names where)
     */
    public int palettesInto(int instanceCount, double crowdTime, short[] dst, int dstOffset) {
        Objects.requireNonNull(dst, "dst");
        String where = WHERE + ".palettesInto(short[])";
        int count = checkCall(where, instanceCount, crowdTime);
        requireHalfRange(where);
        requireRoom(where, dst.length, dstOffset, count);
        prepare(where, instanceCount, crowdTime);
        dstHalves = dst;
        run(HALF_ARRAY, dstOffset, count);
        return dstOffset + MATRIX * count;
    }

    /**
     * Writes the palettes of instances {@code 0..instanceCount-1} at a crowd time into a buffer as
     * little-endian floats or halves, whatever the buffer's order (which is left unchanged), from
     * its position, which advances past the written bytes. Heap or direct buffers.
     *
     * @param instanceCount instances written, {@code 0..capacity()}
     * @param crowdTime crowd time in seconds, finite
     * @param encoding {@link VatEncoding#FLOAT} (48 bytes per matrix) or {@link VatEncoding#HALF} (24)
     * @param dst writable buffer with at least {@code 48 * boneCount() * instanceCount} (float) or
     *     {@code 24 * ...} (half) bytes remaining
     * @throws ValidationException as {@link #palettesInto(int, double, float[], int)}, when the
     *     encoding is a normalized one, the buffer is read-only or has too few bytes remaining, or
     *     (half) a frame value lies beyond the half range
     */
    public void palettesInto(int instanceCount, double crowdTime, VatEncoding encoding, ByteBuffer dst) {
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(dst, "dst");
        String where = WHERE + ".palettesInto(ByteBuffer)";
        int count = checkCall(where, instanceCount, crowdTime);
        if (encoding.isNormalized()) {
            throw new ValidationException(where + ": encoding " + encoding.manifestName()
                    + ", expected float or half");
        }
        boolean half = encoding == VatEncoding.HALF;
        if (half) {
            requireHalfRange(where);
        }
        if (dst.isReadOnly()) {
            throw new ValidationException(where + ": dst is read-only, expected a writable buffer");
        }
        long bytes = (long) MATRIX * count * (half ? 2 : 4);
        if (dst.remaining() < bytes) {
            throw new ValidationException(where + ": dst has " + dst.remaining() + " bytes remaining, needs "
                    + (half ? "24" : "48") + "*boneCount*instanceCount = " + bytes);
        }
        prepare(where, instanceCount, crowdTime);
        dstBytes = dst;
        run(half ? HALF_BYTES : FLOAT_BYTES, dst.position(), count);
        dst.position(dst.position() + (int) bytes);
    }

    /**
     * Writes each instance's world box: its clip's baked box, grown by
     * {@link CrowdOptions#boundsPadding()} on every side, placed by the instance's transform.
     *
     * <p>Transforms are 3x4 affine matrices, 12 floats per instance from {@code transformOffset},
     * three rows in the palette's layout: {@code (m00, m01, m02, tx), (m10, m11, m12, ty),
     * (m20, m21, m22, tz)}, mapping model space to world space as {@code p' = M p + t}. The box of
     * instance {@code i} is 6 floats from {@code dstOffset + 6 i}: {@code minX, minY, minZ, maxX,
     * maxY, maxZ}. It is the exact box of the placed (padded) clip box (centre {@code M c + t},
     * half-extents {@code |M| e}, in double) rounded outwards to float and widened by one more
     * float step, so it holds every placed corner whatever the rounding. An instance whose clip box
     * is empty (a bake without vertices) gets the empty box ({@code +inf} minima, {@code -inf}
     * maxima). Allocates nothing.
     *
     * @param instanceCount instances, {@code 0..capacity()}
     * @param transforms {@code >= transformOffset + 12 * instanceCount} floats, finite
     * @param transformOffset first float read, {@code >= 0}
     * @param dst receives {@code 6 * instanceCount} floats from {@code dstOffset}; not {@code transforms}
     * @param dstOffset first float written, {@code >= 0}
     * @return {@code dstOffset + 6 * instanceCount}
     * @throws ValidationException when {@code instanceCount} is out of range, an offset is negative,
     *     an array is too short, {@code dst} is {@code transforms}, or a transform value is not
     *     finite (naming the instance, row and column); nothing is written then
     */
    public int boundsInto(int instanceCount, float[] transforms, int transformOffset, float[] dst, int dstOffset) {
        Objects.requireNonNull(transforms, "transforms");
        Objects.requireNonNull(dst, "dst");
        String where = WHERE + ".boundsInto";
        requireCount(where, instanceCount);
        if (transformOffset < 0 || dstOffset < 0) {
            throw new ValidationException(where + ": transformOffset=" + transformOffset + ", dstOffset=" + dstOffset
                    + ", expected each >= 0");
        }
        Checks.requireAtLeast(where, "transforms", transforms.length, transformOffset + 12L * instanceCount,
                "transformOffset+12*instanceCount");
        Checks.requireAtLeast(where, "dst", dst.length, dstOffset + 6L * instanceCount, "dstOffset+6*instanceCount");
        if (dst == transforms) {
            throw new ValidationException(where + ": dst is the same array as transforms, expected distinct arrays");
        }
        for (int i = 0; i < 12 * instanceCount; i++) {
            float v = transforms[transformOffset + i];
            if (!Float.isFinite(v)) {
                throw new ValidationException(where + ": instance " + i / 12 + ": transform row " + i % 12 / 4
                        + ", column " + i % 4 + " is " + v + ", expected a finite value");
            }
        }
        float[] boxes = frames.clipBoxes();
        double pad = options.boundsPadding();
        for (int i = 0; i < instanceCount; i++) {
            int b = 6 * clips[i];
            int o = dstOffset + 6 * i;
            if (!(boxes[b] <= boxes[b + 3] && boxes[b + 1] <= boxes[b + 4] && boxes[b + 2] <= boxes[b + 5])) {
                Arrays.fill(dst, o, o + 3, Float.POSITIVE_INFINITY);
                Arrays.fill(dst, o + 3, o + 6, Float.NEGATIVE_INFINITY);
                continue;
            }
            double cx = 0.5 * ((double) boxes[b] + boxes[b + 3]);
            double cy = 0.5 * ((double) boxes[b + 1] + boxes[b + 4]);
            double cz = 0.5 * ((double) boxes[b + 2] + boxes[b + 5]);
            double ex = 0.5 * ((double) boxes[b + 3] - boxes[b]) + pad;
            double ey = 0.5 * ((double) boxes[b + 4] - boxes[b + 1]) + pad;
            double ez = 0.5 * ((double) boxes[b + 5] - boxes[b + 2]) + pad;
            int t = transformOffset + 12 * i;
            for (int r = 0; r < 3; r++) {
                double m0 = transforms[t + 4 * r];
                double m1 = transforms[t + 4 * r + 1];
                double m2 = transforms[t + 4 * r + 2];
                double c = m0 * cx + m1 * cy + m2 * cz + transforms[t + 4 * r + 3];
                double e = Math.abs(m0) * ex + Math.abs(m1) * ey + Math.abs(m2) * ez;
                dst[o + r] = below(c - e);
                dst[o + 3 + r] = above(c + e);
            }
        }
        return dstOffset + 6 * instanceCount;
    }

    /** A float at least one step below {@code v} (or -inf). */
    private static float below(double v) {
        float f = (float) v;
        if (f > v) {
            f = Math.nextDown(f);
        }
        return Math.nextDown(f);
    }

    /** A float at least one step above {@code v} (or +inf). */
    private static float above(double v) {
        float f = (float) v;
        if (f < v) {
            f = Math.nextUp(f);
        }
        return Math.nextUp(f);
    }

    // ---- per call ----

    private int checkCall(String where, int instanceCount, double crowdTime) {
        requireCount(where, instanceCount);
        requireTime(where, crowdTime);
        return boneCount * instanceCount; // fits: capacity was checked against the array limit
    }

    private void requireCount(String where, int instanceCount) {
        if (instanceCount < 0 || instanceCount > capacity) {
            throw new ValidationException(where + ": instanceCount=" + instanceCount + ", expected 0.." + capacity
                    + " (the crowd's capacity)");
        }
    }

    private static void requireTime(String where, double crowdTime) {
        if (!Double.isFinite(crowdTime)) {
            throw new ValidationException(where + ": crowdTime " + crowdTime + ", expected a finite number of seconds");
        }
    }

    private static void requireRoom(String where, int length, int offset, int matrices) {
        if (offset < 0) {
            throw new ValidationException(where + ": dstOffset=" + offset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", length, offset + (long) MATRIX * matrices,
                "dstOffset+12*boneCount*instanceCount");
    }

    private void requireHalfRange(String where) {
        if (frames.maxAbsValue() > HalfFloats.MAX_HALF) {
            throw new ValidationException(where + ": " + frames.maxAbsWhere() + " holds the value "
                    + frames.maxAbsValue() + ", beyond the half-float range (largest finite " + HalfFloats.MAX_HALF
                    + "); write float palettes");
        }
    }

    private void requireInstance(String where, int instance) {
        if (instance < 0 || instance >= capacity) {
            throw new ValidationException(where + ": instance " + instance + ", expected 0.." + (capacity - 1)
                    + " (capacity " + capacity + ")");
        }
    }

    /** The wrapped or clamped clip time of an instance. */
    private double localTime(String where, int i, double crowdTime) {
        int c = clips[i];
        double t = times[i] + (double) speeds[i] * crowdTime;
        if (!Double.isFinite(t)) {
            throw new ValidationException(where + ": instance " + i + ": clip time " + times[i] + " + " + speeds[i]
                    + " * " + crowdTime + " overflows, expected a finite number of seconds");
        }
        double duration = clipDuration[c];
        CrowdLoop loop = loops[i];
        boolean wrap = loop == CrowdLoop.WRAP || loop == CrowdLoop.CLIP && clipLoops[c];
        if (duration <= 0) {
            return 0;
        }
        if (wrap) {
            t = remainder(t, duration); // exact
            if (t < 0) {
                t += duration;
                if (t >= duration) {
                    t = 0; // a tiny negative remainder rounds up to the duration: it is a whole period
                }
            }
            return t;
        }
        return Math.min(Math.max(t, 0), duration);
    }

    /**
     * {@code t % d} for a finite {@code t} and a finite {@code d > 0}, the same bits: the remainder
     * of the quotient truncated toward zero, exact, with the sign of {@code t} (a zero remainder
     * too). When {@code d} is a float's value (a clip's duration is) and the quotient is below
     * 2<sup>29</sup>, it is {@code t - n d} for the truncated quotient {@code n}: the product of a
     * 29-bit whole number and a 24-bit significand is exact in a double, and the difference is
     * exact because the remainder is representable. {@code n} is the truncation of the rounded
     * {@code t / d}: rounding is monotonic, so a quotient at or above a whole number {@code k} never
     * rounds below it; and one below {@code k} lies below {@code k d} by at least the spacing of
     * doubles there, which is at least {@code k d 2^-53}, so the quotient lies more than half a
     * spacing below {@code k} and does not round up to it. Any other pair takes the runtime's
     * remainder, many times slower per call.
     */
    static double remainder(double t, double d) {
        double q = t / d;
        if (!(Math.abs(q) < 0x1p29) || (float) d != d) {
            return t % d;
        }
        double r = t - (int) q * d;
        return r == 0 ? Math.copySign(0.0, t) : r;
    }

    /**
     * For each instance: the frame pair around its clip time and the blend weight; a weight of 0
     * (at a frame time, or at the end) copies frame a. Checks every instance before the caller
     * writes anything. Then orders the instances by frame a (counting sort) for {@link #writeRange},
     * unless the frame table is more than four times the crowd (then in index order).
     */
    private void prepare(String where, int instanceCount, double crowdTime) {
        int perFrame = MATRIX * boneCount;
        for (int i = 0; i < instanceCount; i++) {
            double t = localTime(where, i, crowdTime);
            int c = clips[i];
            int first = frames.firstFrame(c);
            int n = clipFrames[c];
            int last = first + n - 1;
            int f;
            float w = 0;
            if (n == 1 || t >= frameTimes[last]) {
                f = last;
            } else {
                f = first + frameBefore(t, first, n, clipFps[c]);
                double t0 = frameTimes[f];
                double t1 = frameTimes[f + 1];
                w = (float) ((t - t0) / (t1 - t0));
            }
            frameA[i] = f;
            srcA[i] = f * perFrame;
            srcB[i] = w == 0 ? f * perFrame : (f + 1) * perFrame;
            weights[i] = w;
        }
        if (frameStarts.length > 4 * instanceCount) {
            // a frame table many times the crowd: sorting would cost more than the cache it saves
            for (int i = 0; i < instanceCount; i++) {
                order[i] = i;
            }
            return;
        }
        Arrays.fill(frameStarts, 0);
        for (int i = 0; i < instanceCount; i++) {
            frameStarts[frameA[i] + 1]++;
        }
        for (int f = 1; f < frameStarts.length; f++) {
            frameStarts[f] += frameStarts[f - 1];
        }
        for (int i = 0; i < instanceCount; i++) {
            order[frameStarts[frameA[i]]++] = i;
        }
    }

    /**
     * The frame {@code f} of a clip (relative to its first) with {@code time(f) <= t < time(f+1)},
     * for {@code time(0) <= t < time(n-1)}: a guess from the rate, corrected by a step or a binary
     * search.
     */
    private int frameBefore(double t, int first, int n, float fps) {
        int f = (int) Math.min(Math.max(t * fps, 0), n - 2);
        if (frameTimes[first + f] <= t && t < frameTimes[first + f + 1]) {
            return f;
        }
        if (f > 0 && frameTimes[first + f - 1] <= t && t < frameTimes[first + f]) {
            return f - 1;
        }
        if (f < n - 2 && frameTimes[first + f + 1] <= t && t < frameTimes[first + f + 2]) {
            return f + 1;
        }
        int lo = 0; // time(lo) <= t
        int hi = n - 1; // t < time(hi)
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (frameTimes[first + mid] <= t) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void run(int mode, int base, int matrices) {
        this.mode = mode;
        this.dstBase = base;
        try {
            if (options.parallelism() == 1) {
                if (matrices > 0) {
                    writeRange(0, matrices);
                }
            } else {
                ParallelRanges.run(0, matrices, options.parallelism(), options.minInstanceBonesPerTask(), null, task);
            }
        } finally {
            dstFloats = null;
            dstHalves = null;
            dstBytes = null;
        }
    }

    /**
     * Writes the matrices at positions {@code first..end-1} of the current call: position
     * {@code p} is bone {@code p % boneCount} of instance {@code order[p / boneCount]}, written to
     * that instance's place in the instance-major output.
     */
    private void writeRange(int first, int end) {
        int bones = boneCount;
        int position = first / bones;
        int m = first;
        while (m < end) {
            int bone = m - position * bones;
            int stop = Math.min(end, (position + 1) * bones);
            int instance = order[position];
            int n = MATRIX * (stop - m);
            int a = srcA[instance] + MATRIX * bone;
            int b = srcB[instance] + MATRIX * bone;
            float w = weights[instance];
            int d = MATRIX * (instance * bones + bone);
            switch (mode) {
                case FLOAT_ARRAY:
                    if (w == 0) {
                        PaletteKernel.copy(values, a, dstFloats, dstBase + d, n);
                    } else {
                        kernel.blend(values, a, b, w, dstFloats, dstBase + d, n);
                    }
                    break;
                case HALF_ARRAY:
                    if (w == 0) {
                        kernel.copy(values, a, dstHalves, dstBase + d, n);
                    } else {
                        kernel.blend(values, a, b, w, dstHalves, dstBase + d, n);
                    }
                    break;
                case FLOAT_BYTES:
                    if (w == 0) {
                        PaletteKernel.copyFloats(values, a, dstBytes, dstBase + 4 * d, n);
                    } else {
                        PaletteKernel.blendFloats(values, a, b, w, dstBytes, dstBase + 4 * d, n);
                    }
                    break;
                default:
                    if (w == 0) {
                        PaletteKernel.copyHalves(values, a, dstBytes, dstBase + 2 * d, n);
                    } else {
                        PaletteKernel.blendHalves(values, a, b, w, dstBytes, dstBase + 2 * d, n);
                    }
                    break;
            }
            m = stop;
            position++;
        }
    }

    @Override
    public String toString() {
        return "Crowd[capacity " + capacity + ", " + frames + "]";
    }
}
