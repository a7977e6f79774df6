package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.FrameTimes;
import io.github.skinmesh.vat.LoopMode;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Crowd palettes against direct evaluation, the documented interpolation error, loops, threads and outputs. */
class CrowdPalettesTest {
    private static final BoneTextureOptions FLOAT_BAKE = BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT);
    private static final BoneTextureOptions HALF_BAKE = BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.HALF);
    /** Float rounding allowance of a blend against direct evaluation, relative to the values' magnitude. */
    private static final double FLOAT_TOLERANCE = 1e-6;

    /** A crowd with one instance per frame of every clip, each held (speed 0) at its frame's time. */
    private static Crowd everyFrame(CrowdFrames frames, CrowdOptions options) {
        int total = 0;
        for (VatClip c : frames.clips()) {
            total += c.frames();
        }
        Crowd crowd = Crowd.create(frames, total, options);
        int i = 0;
        for (int c = 0; c < frames.clipCount(); c++) {
            for (int f = 0; f < frames.clip(c).frames(); f++, i++) {
                crowd.setInstance(i, c, frames.frameTime(c, f), 0);
                crowd.setLoop(i, CrowdLoop.CLAMP); // the last frame, not the wrap to frame 0
            }
        }
        return crowd;
    }

    @Test
    void atFrameTimesFloatPalettesAreTheDirectEvaluationBitForBit() {
        Character hero = CrowdModels.humanoid();
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        Crowd crowd = everyFrame(frames, CrowdOptions.DEFAULTS);
        int perInstance = 12 * frames.boneCount();
        float[] out = new float[perInstance * crowd.capacity()];
        crowd.palettesInto(crowd.capacity(), 123.25, out, 0);
        CrowdModels.Direct direct = new CrowdModels.Direct(hero, hero.clips());
        int i = 0;
        for (int c = 0; c < frames.clipCount(); c++) {
            for (int f = 0; f < frames.clip(c).frames(); f++, i++) {
                float[] expected = direct.palette(c, frames.frameTime(c, f));
                float[] actual = Arrays.copyOfRange(out, i * perInstance, (i + 1) * perInstance);
                assertThat(bits(actual)).as("clip %d frame %d", c, f).isEqualTo(bits(expected));
            }
        }
        assertThat(i).isEqualTo(crowd.capacity()).isGreaterThan(40);
    }

    @Test
    void atFrameTimesAHalfBakeGivesTheDirectEvaluationRoundedToHalf() {
        Character hero = CrowdModels.humanoid();
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(HALF_BAKE));
        assertThat(frames.encoding()).isEqualTo(VatEncoding.HALF);
        Crowd crowd = everyFrame(frames, CrowdOptions.DEFAULTS);
        int perInstance = 12 * frames.boneCount();
        float[] floats = new float[perInstance * crowd.capacity()];
        short[] halves = new short[perInstance * crowd.capacity()];
        crowd.palettesInto(crowd.capacity(), 0, floats, 0);
        crowd.palettesInto(crowd.capacity(), 0, halves, 0);
        CrowdModels.Direct direct = new CrowdModels.Direct(hero, hero.clips());
        int i = 0;
        for (int c = 0; c < frames.clipCount(); c++) {
            for (int f = 0; f < frames.clip(c).frames(); f++, i++) {
                float[] exact = direct.palette(c, frames.frameTime(c, f));
                for (int k = 0; k < exact.length; k++) {
                    short h = HalfFloats.toHalf(exact[k]);
                    assertThat(halves[i * perInstance + k]).as("clip %d frame %d value %d", c, f, k).isEqualTo(h);
                    assertThat(Float.floatToRawIntBits(floats[i * perInstance + k]))
                            .isEqualTo(Float.floatToRawIntBits(HalfFloats.toFloat(h)));
                }
            }
        }
    }

    /**
     * Between frames, against the clip itself: each value within {@code h^2/8 max|m''|} of the
     * interval (keys on the frame grid), with {@code m''} estimated by second differences.
     */
    @Test
    void betweenFramesTheErrorStaysWithinTheLinearInterpolationRemainder() {
        Character hero = CrowdModels.humanoid();
        // the walk's keys lie on the grid of its key rate (the idle's do not)
        java.util.List<io.github.skinmesh.core.model.AnimationClip> walk = java.util.List.of(hero.clip("walk"));
        VatResult bake = Vat.bakeBoneTexture(hero, walk, FLOAT_BAKE.withFrameTimes(FrameTimes.CLIP_KEYS),
                Progress.NONE);
        assertThat(bake.warnings()).as("keys on the frame grid").noneMatch(w -> w.contains("not on the grid"));
        double worst = checkRemainder(hero, walk, CrowdFrames.of(bake), true);
        // the bound is not loose: somewhere the error reaches a good part of it
        assertThat(worst).isGreaterThan(0.3);
    }

    /** Keys between frames (a 30 Hz clip baked at 12 fps): within {@code h/2 max|m'|}. */
    @Test
    void withKeysBetweenFramesTheErrorStaysWithinHalfTheStepTimesTheRate() {
        Character hero = CrowdModels.humanoid();
        VatResult bake = Vat.bakeBoneTexture(hero, hero.clips(), FLOAT_BAKE.withFps(12), Progress.NONE);
        double worst = checkRemainder(hero, hero.clips(), CrowdFrames.of(bake), false);
        assertThat(worst).isGreaterThan(0.05);
    }

    /**
     * Checks every interval of every clip at 15 interior times; returns the largest ratio of an
     * error to its bound.
     */
    private static double checkRemainder(Character hero, java.util.List<io.github.skinmesh.core.model.AnimationClip> clips,
            CrowdFrames frames, boolean smooth) {
        CrowdModels.Direct direct = new CrowdModels.Direct(hero, clips);
        int perInstance = 12 * frames.boneCount();
        Crowd crowd = Crowd.create(frames, 1, CrowdOptions.DEFAULTS);
        crowd.setLoop(0, CrowdLoop.CLAMP);
        float[] out = new float[perInstance];
        double worst = 0;
        int steps = 32;
        for (int c = 0; c < frames.clipCount(); c++) {
            for (int f = 0; f + 1 < frames.clip(c).frames(); f++) {
                double t0 = frames.frameTime(c, f);
                double t1 = frames.frameTime(c, f + 1);
                double h = t1 - t0;
                double delta = h / steps;
                // the derivative's largest magnitude over the interval, per value, from differences on a fine grid
                float[][] grid = new float[steps + 1][];
                for (int j = 0; j <= steps; j++) {
                    grid[j] = direct.palette(c, (float) (t0 + j * delta));
                }
                double[] bound = new double[perInstance];
                for (int k = 0; k < perInstance; k++) {
                    double m = 0;
                    for (int j = smooth ? 1 : 0; j < steps; j++) {
                        double d = smooth ? (grid[j + 1][k] - 2.0 * grid[j][k] + grid[j - 1][k]) / (delta * delta)
                                : (grid[j + 1][k] - (double) grid[j][k]) / delta;
                        m = Math.max(m, Math.abs(d));
                    }
                    bound[k] = smooth ? h * h / 8 * m : h / 2 * m;
                }
                for (int j = 1; j < 16; j++) {
                    float t = (float) (t0 + j * h / 16);
                    crowd.setInstance(0, c, t, 0);
                    crowd.palettesInto(1, 0, out, 0);
                    float[] exact = direct.palette(c, t);
                    for (int k = 0; k < perInstance; k++) {
                        double error = Math.abs((double) out[k] - exact[k]);
                        double allowed = 1.25 * bound[k] + FLOAT_TOLERANCE * (1 + Math.abs(exact[k]));
                        assertThat(error).as("clip %d, frame %d + %d/16, value %d", c, f, j, k).isLessThanOrEqualTo(
                                allowed);
                        if (bound[k] > 1e-4) {
                            worst = Math.max(worst, error / bound[k]);
                        }
                    }
                }
            }
        }
        return worst;
    }

    /** A point turning at a constant rate is off its arc by {@code r (1 - cos(omega h / 2))} half-way between frames. */
    @Test
    void aConstantRotationMissesTheArcByTheDocumentedChordDistance() {
        double omega = 2 * Math.PI; // 360 degrees per second
        float radius = 0.5f;
        Character turner = CrowdModels.turner(omega, radius);
        CrowdFrames frames = CrowdFrames.of(Vat.bakeBoneTexture(turner, turner.clips(), FLOAT_BAKE, Progress.NONE));
        Crowd crowd = Crowd.create(frames, 1, CrowdOptions.DEFAULTS);
        float[] m = new float[12];
        for (int f = 0; f + 1 < frames.clip(0).frames(); f++) {
            double t0 = frames.frameTime(0, f);
            double h = frames.frameTime(0, f + 1) - t0;
            double mid = t0 + h / 2;
            crowd.setInstance(0, 0, (float) mid, 0);
            crowd.palettesInto(1, 0, m, 0);
            // the skinned vertex (radius, 0, 0) and the exact point on the arc at the same time
            double x = m[0] * radius + m[3];
            double y = m[4] * radius + m[7];
            double angle = omega * (float) mid;
            double miss = Math.hypot(x - radius * Math.cos(angle), y - radius * Math.sin(angle));
            double documented = radius * (1 - Math.cos(omega * h / 2));
            assertThat(miss).as("frame %d", f).isCloseTo(documented, org.assertj.core.data.Offset.offset(2e-6));
        }
        // 30 fps, 360 degrees per second, 0.5 m: the README's 2.7 mm
        assertThat(radius * (1 - Math.cos(omega / 30 / 2))).isBetween(2.65e-3, 2.75e-3);
    }

    @Test
    void halfPalettesAreTheFloatPalettesRoundedToHalf() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        Crowd crowd = randomCrowd(frames, 200, 5, CrowdOptions.DEFAULTS);
        int n = 12 * frames.boneCount() * 200;
        float[] floats = new float[n];
        short[] halves = new short[n];
        for (double t : new double[] {0, 0.37, 11.9, -3.25}) {
            crowd.palettesInto(200, t, floats, 0);
            crowd.palettesInto(200, t, halves, 0);
            for (int k = 0; k < n; k++) {
                assertThat(halves[k]).isEqualTo(HalfFloats.toHalf(floats[k]));
                double f = floats[k];
                assertThat(Math.abs(HalfFloats.toFloat(halves[k]) - f)).isLessThanOrEqualTo(
                        0x1p-11 * Math.abs(f) + 0x1p-25);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = LoopMode.class, names = {"ALWAYS", "NEVER"})
    void clipTimesWrapOrClampAsTheClipTableSays(LoopMode loopMode) {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE.withLoopMode(loopMode)));
        boolean loops = loopMode == LoopMode.ALWAYS;
        assertThat(frames.clips()).allMatch(c -> c.loop() == loops);
        float d = frames.clip(0).duration();
        int per = 12 * frames.boneCount();
        Crowd moving = Crowd.create(frames, 1, CrowdOptions.DEFAULTS);
        float[] a = new float[per];
        SplitMix64 rng = new SplitMix64(3);
        for (int trial = 0; trial < 50; trial++) {
            float phase = rng.range(-2, 2);
            float speed = rng.range(-3, 3);
            double time = rng.range(-10, 10);
            moving.setInstance(0, 0, phase, speed);
            double t = phase + (double) speed * time;
            double expected = loops ? t - d * Math.floor(t / d) : Math.min(Math.max(t, 0), d);
            double local = moving.clipTime(0, time);
            assertThat(local).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(local).isBetween(0.0, (double) d);
            if (loops) {
                assertThat(local).isLessThan(d);
            }
            // the palette is the blend of the frames around that clip time
            moving.palettesInto(1, time, a, 0);
            assertThat(bits(a)).isEqualTo(bits(naivePalette(frames, 0, local)));
        }
        // past the end and before the start
        moving.setInstance(0, 0, 0, 1);
        moving.palettesInto(1, d + 0.25, a, 0);
        float[] last = frames.frameInto(0, frames.clip(0).frames() - 1, new float[per], 0);
        float[] first = frames.frameInto(0, 0, new float[per], 0);
        if (loops) {
            assertThat(moving.clipTime(0, d + 0.25)).isCloseTo(0.25, org.assertj.core.data.Offset.offset(1e-6));
            assertThat(bits(a)).isEqualTo(bits(naivePalette(frames, 0, moving.clipTime(0, d + 0.25))));
        } else {
            assertThat(bits(a)).isEqualTo(bits(last));
        }
        moving.palettesInto(1, -0.5, a, 0);
        if (!loops) {
            assertThat(bits(a)).isEqualTo(bits(first));
        }
    }

    /**
     * The clip table's convention for a looping clip: its last frame is the pose at the duration
     * (the end of the period, matching frame 0), the last interval runs from frame {@code n-2} to
     * that frame however short it is (a rate that does not divide the duration), and the next
     * period starts at frame 0: frame {@code n-1} is never blended towards frame 0.
     */
    @Test
    void aLoopingClipBlendsUpToItsLastFrameAtTheDurationAndStartsAgainAtFrameZero() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE.withLoopMode(LoopMode.ALWAYS)
                .withFps(7)));
        int per = 12 * frames.boneCount();
        int n = frames.clip(0).frames();
        double d = frames.clip(0).duration();
        double before = frames.frameTime(0, n - 2);
        assertThat(frames.frameTime(0, n - 1)).isEqualTo((float) d);
        assertThat(d - before).as("a last interval shorter than 1/fps").isGreaterThan(0).isLessThan(1 / 7.0 - 1e-3);
        float[] first = frames.frameInto(0, 0, new float[per], 0);
        float[] second = frames.frameInto(0, 1, new float[per], 0);
        float[] penultimate = frames.frameInto(0, n - 2, new float[per], 0);
        float[] last = frames.frameInto(0, n - 1, new float[per], 0);
        Crowd crowd = Crowd.create(frames, 1, CrowdOptions.DEFAULTS);
        crowd.setInstance(0, 0, 0, 1);
        float[] got = new float[per];
        // in the last interval, 30% of the way from frame n-2 to frame n-1
        double t = before + 0.3 * (d - before);
        crowd.palettesInto(1, t, got, 0);
        assertThat(bits(got)).isEqualTo(bits(lerp(penultimate, last, (float) ((t - before) / (d - before)))));
        // at the duration, and at whole periods later: frame 0, exactly
        for (int period = 1; period <= 3; period++) {
            crowd.palettesInto(1, period * d, got, 0);
            assertThat(bits(got)).as("period %d", period).isEqualTo(bits(first));
        }
        // just past the duration: the first interval of the next period
        double t1 = frames.frameTime(0, 1);
        crowd.palettesInto(1, d + 0.25 * t1, got, 0);
        double local = crowd.clipTime(0, d + 0.25 * t1);
        assertThat(local).isCloseTo(0.25 * t1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(bits(got)).isEqualTo(bits(lerp(first, second, (float) (local / t1))));
    }

    private static float[] lerp(float[] a, float[] b, float w) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + w * (b[i] - a[i]);
        }
        return out;
    }

    @Test
    void loopModesOverrideTheClipTable() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE.withLoopMode(LoopMode.NEVER)));
        float d = frames.clip(0).duration();
        Crowd crowd = Crowd.create(frames, 3, CrowdOptions.DEFAULTS);
        crowd.setLoop(1, CrowdLoop.WRAP);
        crowd.setLoop(2, CrowdLoop.CLAMP);
        assertThat(crowd.loop(0)).isEqualTo(CrowdLoop.CLIP);
        double t = 2.5 * d;
        assertThat(crowd.clipTime(0, t)).isEqualTo(d);
        assertThat(crowd.clipTime(1, t)).isCloseTo(0.5 * d, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(crowd.clipTime(2, t)).isEqualTo(d);
        assertThat(crowd.clipTime(1, -0.25 * d)).isCloseTo(0.75 * d, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(crowd.clipTime(2, -0.25 * d)).isEqualTo(0);
        // a whole number of periods shows frame 0
        crowd.setInstance(1, 0, 0, 1);
        assertThat(crowd.clipTime(1, 3.0 * d)).isEqualTo(0);
    }

    /**
     * A crowd writes instances grouped by the frames they read, not in index order: each
     * instance's palette in a random crowd (clips, times, speeds, loops and counts below capacity
     * all mixed, 1 and 3 threads) must equal that instance written alone by a crowd of one, in
     * floats, halves and bytes, at its own place.
     */
    @Test
    void eachInstanceIsWrittenAtItsOwnPlaceWhateverOrderTheFramesImpose() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        int perInstance = 12 * frames.boneCount();
        // 97 instances are sorted by frame; 5 are fewer than a quarter of the frames, written in index order
        assertThat(4 * 5).isLessThan(frames.frameTimes().length).isLessThan(4 * 97);
        for (int run = 0; run < 4; run++) {
            int threads = run < 2 ? 1 : 3;
            int n = run % 2 == 0 ? 97 : 5;
            Crowd crowd = randomCrowd(frames, 120, 29 + threads + n,
                    CrowdOptions.DEFAULTS.withParallelism(threads).withMinInstanceBonesPerTask(1));
            // fewer than the capacity: the others are not written
            float[] floats = new float[perInstance * 120];
            short[] halves = new short[perInstance * 120];
            ByteBuffer bytes = ByteBuffer.allocate(2 * perInstance * 120);
            Arrays.fill(floats, -7f);
            double t = 3.7;
            crowd.palettesInto(n, t, floats, 0);
            crowd.palettesInto(n, t, halves, 0);
            crowd.palettesInto(n, t, VatEncoding.HALF, bytes);
            Crowd one = Crowd.create(frames, 1, CrowdOptions.DEFAULTS);
            float[] alone = new float[perInstance];
            short[] aloneHalves = new short[perInstance];
            for (int i = 0; i < 120; i++) {
                float[] actual = Arrays.copyOfRange(floats, i * perInstance, (i + 1) * perInstance);
                if (i >= n) {
                    float[] untouched = new float[perInstance];
                    Arrays.fill(untouched, -7f);
                    assertThat(actual).as("instance %d beyond the count", i).containsExactly(untouched);
                    continue;
                }
                one.setInstance(0, crowd.clip(i), crowd.time(i), crowd.speed(i));
                one.setLoop(0, crowd.loop(i));
                one.palettesInto(1, t, alone, 0);
                one.palettesInto(1, t, aloneHalves, 0);
                assertThat(bits(actual)).as("%d threads, instance %d", threads, i).isEqualTo(bits(alone));
                assertThat(Arrays.copyOfRange(halves, i * perInstance, (i + 1) * perInstance))
                        .as("%d threads, instance %d halves", threads, i).isEqualTo(aloneHalves);
                ByteBuffer little = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
                for (int k = 0; k < perInstance; k++) {
                    assertThat(little.getShort(2 * (i * perInstance + k)))
                            .as("%d threads, instance %d byte value %d", threads, i, k).isEqualTo(aloneHalves[k]);
                }
            }
        }
    }

    @Test
    void everyThreadCountWritesTheSameBits() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        int n = 300;
        int values = 12 * frames.boneCount() * n;
        float[] floats1 = null;
        short[] halves1 = null;
        byte[] bytes1 = null;
        for (int threads = 1; threads <= 4; threads++) {
            Crowd crowd = randomCrowd(frames, n, 11,
                    CrowdOptions.DEFAULTS.withParallelism(threads).withMinInstanceBonesPerTask(1));
            float[] floats = new float[values];
            short[] halves = new short[values];
            ByteBuffer buffer = ByteBuffer.allocateDirect(4 * values);
            for (double t : new double[] {0.1, 7.77}) {
                crowd.palettesInto(n, t, floats, 0);
                crowd.palettesInto(n, t, halves, 0);
                buffer.clear();
                crowd.palettesInto(n, t, VatEncoding.FLOAT, buffer);
            }
            byte[] bytes = new byte[4 * values];
            buffer.flip().get(bytes);
            if (threads == 1) {
                floats1 = floats;
                halves1 = halves;
                bytes1 = bytes;
            } else {
                assertThat(bits(floats)).as("%d threads", threads).isEqualTo(bits(floats1));
                assertThat(halves).isEqualTo(halves1);
                assertThat(bytes).isEqualTo(bytes1);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"FLOAT", "HALF"})
    void byteBuffersHoldTheArraysLittleEndianFromTheirPosition(VatEncoding encoding) {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        int n = 37;
        int values = 12 * frames.boneCount() * n;
        Crowd crowd = randomCrowd(frames, n, 5, CrowdOptions.DEFAULTS);
        float[] floats = new float[values];
        short[] halves = new short[values];
        crowd.palettesInto(n, 1.5, floats, 0);
        crowd.palettesInto(n, 1.5, halves, 0);
        int size = encoding == VatEncoding.FLOAT ? 4 : 2;
        ByteBuffer expected = ByteBuffer.allocate(size * values).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < values; k++) {
            if (encoding == VatEncoding.FLOAT) {
                expected.putFloat(floats[k]);
            } else {
                expected.putShort(halves[k]);
            }
        }
        for (ByteBuffer buffer : new ByteBuffer[] {ByteBuffer.allocate(size * values + 20),
            ByteBuffer.allocateDirect(size * values + 20).order(ByteOrder.LITTLE_ENDIAN)}) {
            ByteOrder order = buffer.order();
            buffer.position(7);
            crowd.palettesInto(n, 1.5, encoding, buffer);
            assertThat(buffer.position()).isEqualTo(7 + size * values);
            assertThat(buffer.order()).isEqualTo(order);
            byte[] written = new byte[size * values];
            buffer.position(7);
            buffer.get(written);
            assertThat(written).isEqualTo(expected.array());
            assertThat(buffer.get(0)).isZero();
            assertThat(buffer.get(size * values + 7)).isZero();
        }
    }

    @Test
    void callsWriteOnlyTheirRangeAndReturnTheEnd() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        Crowd crowd = randomCrowd(frames, 10, 9, CrowdOptions.DEFAULTS);
        int per = 12 * frames.boneCount();
        float[] floats = new float[per * 10 + 9];
        Arrays.fill(floats, -7);
        assertThat(crowd.palettesInto(4, 2, floats, 5)).isEqualTo(5 + 4 * per);
        assertThat(floats[4]).isEqualTo(-7);
        assertThat(floats[5 + 4 * per]).isEqualTo(-7);
        float[] full = new float[per * 4];
        crowd.palettesInto(4, 2, full, 0);
        assertThat(Arrays.copyOfRange(floats, 5, 5 + 4 * per)).isEqualTo(full);
        short[] halves = new short[per * 3 + 1];
        Arrays.fill(halves, (short) 7);
        assertThat(crowd.palettesInto(3, 2, halves, 1)).isEqualTo(1 + 3 * per);
        assertThat(halves[0]).isEqualTo((short) 7);
        assertThat(crowd.palettesInto(0, 2, new float[0], 0)).isZero();
    }

    @Test
    void oneThreadAllocatesNothingPerCall() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        int n = 100;
        Crowd crowd = randomCrowd(frames, n, 1, CrowdOptions.DEFAULTS);
        int values = 12 * frames.boneCount() * n;
        float[] floats = new float[values];
        short[] halves = new short[values];
        ByteBuffer buffer = ByteBuffer.allocateDirect(4 * values);
        float[] transforms = new float[12 * n];
        float[] boxes = new float[6 * n];
        float[] batch = new float[6];
        float[] planes = new float[24];
        int[] visible = new int[n];
        Runnable frame = new Runnable() {
            private double time;

            @Override
            public void run() {
                time += 1 / 60.0;
                crowd.palettesInto(n, time, floats, 0);
                crowd.palettesInto(n, time, halves, 0);
                buffer.clear();
                crowd.palettesInto(n, time, VatEncoding.HALF, buffer);
                crowd.boundsInto(n, transforms, 0, boxes, 0);
                CrowdBounds.unionInto(boxes, 0, n, batch, 0);
                CrowdBounds.cullInto(boxes, 0, n, planes, 0, visible, 0);
            }
        };
        assertThat(Allocation.perCall(frame, 200)).isZero();
    }

    @Test
    void severalThreadsAllocateOnlyTheHandOverPerCall() {
        CrowdFrames frames = CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
        int n = 400;
        Crowd crowd = randomCrowd(frames, n, 1, CrowdOptions.DEFAULTS.withParallelism(2).withMinInstanceBonesPerTask(64));
        float[] floats = new float[12 * frames.boneCount() * n];
        double[] time = {0};
        long perCall = Allocation.perCall(() -> crowd.palettesInto(n, time[0] += 0.01, floats, 0), 200);
        // a few small objects of the thread hand-over, independent of the crowd's size (its output is 1.1 MB)
        assertThat(perCall).isLessThan(512);
    }

    /**
     * The reference blend at a clip time: the frames found by a linear scan of the frame times,
     * {@code a + w (b - a)}, or frame a itself when {@code w = 0} or past the last frame.
     */
    static float[] naivePalette(CrowdFrames frames, int clip, double t) {
        int per = 12 * frames.boneCount();
        int n = frames.clip(clip).frames();
        float[] a = frames.frameInto(clip, n - 1, new float[per], 0);
        if (t >= frames.frameTime(clip, n - 1)) {
            return a;
        }
        int f = 0;
        while (!(frames.frameTime(clip, f) <= t && t < frames.frameTime(clip, f + 1))) {
            f++;
        }
        frames.frameInto(clip, f, a, 0);
        float[] b = frames.frameInto(clip, f + 1, new float[per], 0);
        double t0 = frames.frameTime(clip, f);
        float w = (float) ((t - t0) / (frames.frameTime(clip, f + 1) - t0));
        if (w != 0) {
            for (int k = 0; k < per; k++) {
                a[k] = a[k] + w * (b[k] - a[k]);
            }
        }
        return a;
    }

    /** A crowd of random clips, phases, speeds and loop modes. */
    static Crowd randomCrowd(CrowdFrames frames, int n, long seed, CrowdOptions options) {
        SplitMix64 rng = new SplitMix64(seed);
        Crowd crowd = Crowd.create(frames, n, options);
        for (int i = 0; i < n; i++) {
            crowd.setInstance(i, (int) (rng.nf() * frames.clipCount()), rng.range(-5, 5), rng.range(-2, 2));
            crowd.setLoop(i, CrowdLoop.values()[(int) (rng.nf() * 3)]);
        }
        return crowd;
    }

    static int[] bits(float[] values) {
        int[] b = new int[values.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = Float.floatToRawIntBits(values[i]);
        }
        return b;
    }
}
