package io.github.skinmesh.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.io.NumberOutput;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.vat.VatClip;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The instances of a crowd: per instance the clip it plays, its phase and speed, and its transform,
 * drawn from a seed so that the same seed gives the same crowd on every run and JDK.
 *
 * <p>Instance {@code i} stands on a square grid in the XZ plane (+Y up), row-major from the
 * {@code -X, -Z} corner: {@code columns = ceil(sqrt(count))}, the grid centred on the origin. The
 * cell size is {@value #SPACING} times the horizontal diagonal of the clips' bounds, so two
 * instances never overlap whatever their heading. From {@link SplitMix64} seeded with the seed, per
 * instance in order: the clip {@code nextInt(0, clips - 1)}, the phase {@code nf() * duration} in
 * seconds, the speed {@code MIN_SPEED + nf() * (MAX_SPEED - MIN_SPEED)} and the heading
 * {@code nf() * 2 pi} (a turn about +Y, with {@link StrictMath}'s sine and cosine). The transform
 * turns the instance by its heading about the centre of the bounds and puts that centre on its grid
 * point: {@code x' = R (x - c) + g} with {@code c = (centreX, 0, centreZ)}.
 *
 * <p>Clip time at page time {@code t} seconds: {@code (phase + speed * t) mod duration}; a clip that
 * does not loop restarts from its first frame.
 *
 * <p>Immutable; the arrays are private and copied out.
 */
final class CrowdInstances {
    /** Floats per instance in {@link #attributeBytes()}: three transform rows, then clip, phase, speed, 0. */
    static final int FLOATS_PER_INSTANCE = 16;
    /** Floats of one transform: a 3x4 affine matrix, three rows of four. */
    static final int TRANSFORM_FLOATS = 12;
    /** Slowest playback speed, a factor of clip time per second. */
    static final float MIN_SPEED = 0.8f;
    /** Fastest playback speed (exclusive). */
    static final float MAX_SPEED = 1.2f;
    /** Grid cell size in horizontal diagonals of the clips' bounds. */
    static final float SPACING = 1.1f;
    /** The version of {@code instances.json}; changes only when a field is removed or changes meaning. */
    static final int FORMAT_VERSION = 1;

    private final long seed;
    private final int columns;
    private final float spacing;
    private final int[] clip;
    private final float[] phase;
    private final float[] speed;
    private final float[] transform;

    private CrowdInstances(long seed, int columns, float spacing, int[] clip, float[] phase, float[] speed,
            float[] transform) {
        this.seed = seed;
        this.columns = columns;
        this.spacing = spacing;
        this.clip = clip;
        this.phase = phase;
        this.speed = speed;
        this.transform = transform;
    }

    /**
     * Draws the instances.
     *
     * @param count instances, {@code >= 1}
     * @param seed the seed
     * @param clips the clip table of the bake, non-empty
     * @param bounds the box of every pose of every clip, in model space (non-empty)
     * @return the instances
     */
    static CrowdInstances generate(int count, long seed, List<VatClip> clips, Bounds bounds) {
        if (count < 1 || clips.isEmpty() || bounds.isEmpty()) {
            throw new IllegalArgumentException("count " + count + ", clips " + clips.size() + ", bounds " + bounds);
        }
        float dx = bounds.maxX() - bounds.minX();
        float dz = bounds.maxZ() - bounds.minZ();
        float footprint = (float) Math.sqrt((double) dx * dx + (double) dz * dz);
        if (!(footprint > 0)) { // a crowd of points or of vertical lines: space them by their height, or 1
            float dy = bounds.maxY() - bounds.minY();
            footprint = dy > 0 ? dy : 1;
        }
        float spacing = SPACING * footprint;
        int columns = (int) Math.ceil(Math.sqrt(count));
        int rows = (count + columns - 1) / columns;
        float cx = (bounds.minX() + bounds.maxX()) * 0.5f;
        float cz = (bounds.minZ() + bounds.maxZ()) * 0.5f;

        int[] clip = new int[count];
        float[] phase = new float[count];
        float[] speed = new float[count];
        float[] transform = new float[TRANSFORM_FLOATS * count];
        SplitMix64 random = new SplitMix64(seed);
        for (int i = 0; i < count; i++) {
            int c = random.nextInt(0, clips.size() - 1);
            clip[i] = c;
            phase[i] = random.nf() * clips.get(c).duration();
            speed[i] = MIN_SPEED + random.nf() * (MAX_SPEED - MIN_SPEED);
            double heading = random.nf() * (2 * Math.PI);
            float cos = (float) StrictMath.cos(heading);
            float sin = (float) StrictMath.sin(heading);
            float gx = (i % columns - (columns - 1) * 0.5f) * spacing;
            float gz = (i / columns - (rows - 1) * 0.5f) * spacing;
            // rotation about +Y: x' = cos x + sin z, z' = -sin x + cos z; the bounds' centre lands on the grid point
            int m = TRANSFORM_FLOATS * i;
            transform[m] = cos;
            transform[m + 2] = sin;
            transform[m + 3] = gx - (cos * cx + sin * cz);
            transform[m + 5] = 1;
            transform[m + 8] = -sin;
            transform[m + 10] = cos;
            transform[m + 11] = gz - (-sin * cx + cos * cz);
        }
        return new CrowdInstances(seed, columns, spacing, clip, phase, speed, transform);
    }

    /** @return the number of instances */
    int count() {
        return clip.length;
    }

    /** @return the seed the instances were drawn from */
    long seed() {
        return seed;
    }

    /** @return instances per grid row */
    int columns() {
        return columns;
    }

    /** @return the distance between neighbouring grid points, in model units */
    float spacing() {
        return spacing;
    }

    /** @return the clip index (into the bake's clip table) of instance {@code i} */
    int clip(int i) {
        return clip[i];
    }

    /** @return the phase of instance {@code i}, seconds of clip time at page time 0 */
    float phase(int i) {
        return phase[i];
    }

    /** @return the speed of instance {@code i}, seconds of clip time per second */
    float speed(int i) {
        return speed[i];
    }

    /** @return the 12 floats of instance {@code i}'s 3x4 transform, rows, in a new array */
    float[] transform(int i) {
        return java.util.Arrays.copyOfRange(transform, TRANSFORM_FLOATS * i, TRANSFORM_FLOATS * (i + 1));
    }

    /**
     * The per-instance vertex attributes of the page: {@value #FLOATS_PER_INSTANCE} float32 per
     * instance, little-endian: the transform's three rows, then clip (as a float), phase, speed and 0.
     *
     * @return a new array of {@code 64 * count()} bytes
     */
    byte[] attributeBytes() {
        ByteBuffer b = ByteBuffer.allocate(4 * FLOATS_PER_INSTANCE * count()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count(); i++) {
            for (int k = 0; k < TRANSFORM_FLOATS; k++) {
                b.putFloat(transform[TRANSFORM_FLOATS * i + k]);
            }
            b.putFloat(clip[i]).putFloat(phase[i]).putFloat(speed[i]).putFloat(0);
        }
        return b.array();
    }

    /**
     * {@code instances.json}: the format and version, the count, the seed, the manifest and clip
     * names the clip indices refer to, the rules in words, and one line per instance
     * ({@code {"clip": 0, "phase": 0.42, "speed": 1.07, "transform": [12 numbers]}}). Numbers are
     * the shortest decimals that read back to the same float32, written the same on every JDK.
     *
     * @param manifest the manifest's file name
     * @param clipNames the clip names, in clip-table order
     * @return the UTF-8 text, ending with a newline
     */
    byte[] json(String manifest, List<String> clipNames) {
        StringBuilder sb = new StringBuilder(128 + 160 * count());
        sb.append("{\n");
        sb.append("  \"format\": \"skinmesh-crowd-instances\",\n");
        sb.append("  \"version\": ").append(FORMAT_VERSION).append(",\n");
        sb.append("  \"count\": ").append(count()).append(",\n");
        sb.append("  \"seed\": ").append(seed).append(",\n");
        sb.append("  \"manifest\": ");
        quote(sb, manifest);
        sb.append(",\n  \"clips\": [");
        for (int c = 0; c < clipNames.size(); c++) {
            sb.append(c == 0 ? "" : ", ");
            quote(sb, clipNames.get(c));
        }
        sb.append("],\n");
        sb.append("  \"clipTime\": \"(phase + speed * t) mod clips[clip].duration of the manifest, t in seconds\",\n");
        sb.append("  \"transform\": \"3x4 affine, model to world, three rows: x' = m0 x + m1 y + m2 z + m3,"
                + " y' = m4 x + m5 y + m6 z + m7, z' = m8 x + m9 y + m10 z + m11\",\n");
        sb.append("  \"grid\": {\"columns\": ").append(columns).append(", \"spacing\": ").append(number(spacing))
                .append("},\n");
        sb.append("  \"instances\": [");
        for (int i = 0; i < count(); i++) {
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"clip\": ").append(clip[i]).append(", \"phase\": ")
                    .append(number(phase[i])).append(", \"speed\": ").append(number(speed[i]))
                    .append(", \"transform\": [");
            for (int k = 0; k < TRANSFORM_FLOATS; k++) {
                sb.append(k == 0 ? "" : ", ").append(number(transform[TRANSFORM_FLOATS * i + k]));
            }
            sb.append("]}");
        }
        sb.append("\n  ]\n}\n");
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The shortest decimal that reads back to {@code v}, by Jackson's own algorithm (the same on every JDK). */
    static String number(float v) {
        return NumberOutput.toString(v, true);
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        JsonStringEncoder.getInstance().quoteAsString(s, sb);
        sb.append('"');
    }
}
