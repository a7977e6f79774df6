package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Decodes keyframe meshes on the CPU exactly as the shipped shader functions
 * ({@code skinmesh_keys.glsl}, {@code skinmesh_keys.hlsl}) do: the reference the bake measures its
 * errors with, and a way for tools to play baked keys back.
 *
 * <p>Segment {@code s} holds key poses {@code p0..p3} (vertex attributes
 * {@code KEY_POSITION_0..3}, and normals {@code KEY_NORMAL_0..3}) at key times
 * {@code k0 < k1 < k2 < k3}. At time {@code t} the weights are the cubic Lagrange basis,
 * {@code w_i = prod_{j != i} (t - k_j) / prod_{j != i} (k_i - k_j)}, and
 * {@code p = w0*p0 + w1*p1 + w2*p2 + w3*p3}; a normal is {@code normalize(w0*n0 + ... + w3*n3)}. All
 * in float, products and sums left to right in key order ({@link #weightsInto}).
 *
 * <p>{@link #positionsInto(float, float[], int)} plays the table once: the time is clamped to
 * {@code [start of the first segment, end of the last]} and the segment is the last one starting at
 * or before it (at a boundary both segments give the boundary pose exactly).
 *
 * <p>Immutable and thread-safe; it keeps the meshes' key attributes without copying them. Each
 * decode call allocates one 4-float scratch array.
 */
public final class KeyframeDecoder {
    private final List<KeySegment> segments;
    private final float[] keyTimes;
    /** Per segment, per key, the positions ({@code 3*vertexCount} floats). */
    private final float[][][] positions;
    private final float @Nullable [][][] normals;
    private final int vertexCount;

    private KeyframeDecoder(List<KeySegment> segments, float[][][] positions, float @Nullable [][][] normals,
            int vertexCount) {
        this.segments = segments;
        this.positions = positions;
        this.normals = normals;
        this.vertexCount = vertexCount;
        this.keyTimes = new float[Keyframes.KEYS * segments.size()];
        for (int s = 0; s < segments.size(); s++) {
            segments.get(s).keyTimesInto(keyTimes, Keyframes.KEYS * s);
        }
    }

    /**
     * A decoder over a bake's meshes.
     *
     * @param result the bake
     * @return the decoder
     */
    public static KeyframeDecoder of(KeyframeResult result) {
        return of(result.segments(), result.meshes());
    }

    /**
     * A decoder over a segment table and its meshes (read back from a file, for example).
     *
     * @param segments the table, in time order, entry {@code s} with index {@code s}, each ending
     *     where the next starts
     * @param meshes one per segment, in table order, each with the attributes
     *     {@code KEY_POSITION_0..3} of 3 components, all with one vertex count; either every mesh has
     *     {@code KEY_NORMAL_0..3} of 3 components or none has any
     * @return the decoder
     * @throws ValidationException when the table is empty, has another size than the meshes, an
     *     entry's index is not its position, a segment does not start where the one before ends,
     *     a mesh lacks a key attribute or has it with another component count, the meshes' vertex
     *     counts differ, or some meshes have key normals and others not
     */
    public static KeyframeDecoder of(List<KeySegment> segments, List<Mesh> meshes) {
        List<KeySegment> table = List.copyOf(segments);
        List<Mesh> list = List.copyOf(meshes);
        String where = "KeyframeDecoder";
        if (table.isEmpty()) {
            throw new ValidationException(where + ": no segments, expected at least one");
        }
        if (table.size() != list.size()) {
            throw new ValidationException(where + ": " + table.size() + " segments and " + list.size()
                    + " meshes, expected one mesh per segment");
        }
        for (int s = 0; s < table.size(); s++) {
            KeySegment seg = table.get(s);
            if (seg.index() != s) {
                throw new ValidationException(where + ": table entry " + s + " has index " + seg.index()
                        + ", expected " + s);
            }
            if (s > 0 && Float.floatToIntBits(seg.start()) != Float.floatToIntBits(table.get(s - 1).end())) {
                throw new ValidationException(where + ": segment " + s + " starts at " + seg.start()
                        + " s, expected the end of segment " + (s - 1) + ", " + table.get(s - 1).end() + " s");
            }
        }
        int vertexCount = list.get(0).vertexCount();
        boolean withNormals = list.get(0).attribute(Keyframes.normalAttribute(0)) != null;
        float[][][] p = new float[list.size()][][];
        float[][][] n = withNormals ? new float[list.size()][][] : null;
        for (int s = 0; s < list.size(); s++) {
            Mesh m = list.get(s);
            if (m.vertexCount() != vertexCount) {
                throw new ValidationException(where + ": mesh " + Checks.quote(m.name()) + " of segment " + s + " has "
                        + m.vertexCount() + " vertices, expected " + vertexCount + " as segment 0's");
            }
            p[s] = keys(where, m, s, true);
            boolean has = m.attribute(Keyframes.normalAttribute(0)) != null;
            if (has != withNormals) {
                throw new ValidationException(where + ": mesh " + Checks.quote(m.name()) + " of segment " + s
                        + (has ? " has" : " has no") + " key normals, segment 0's " + (withNormals ? "has" : "has not"));
            }
            if (n != null) {
                n[s] = keys(where, m, s, false);
            }
        }
        return new KeyframeDecoder(table, p, n, vertexCount);
    }

    private static float[][] keys(String where, Mesh m, int segment, boolean positions) {
        float[][] keys = new float[Keyframes.KEYS][];
        for (int k = 0; k < Keyframes.KEYS; k++) {
            String name = positions ? Keyframes.positionAttribute(k) : Keyframes.normalAttribute(k);
            VertexAttribute a = m.attribute(name);
            if (a == null || a.componentCount() != 3) {
                throw new ValidationException(where + ": mesh " + Checks.quote(m.name()) + " of segment " + segment
                        + (a == null ? " lacks attribute " + Checks.quote(name) : ": attribute " + Checks.quote(name)
                                + " has " + a.componentCount() + " components")
                        + ", expected " + Checks.quote(name) + " with 3 components");
            }
            keys[k] = ModelAccess.get().values(a);
        }
        return keys;
    }

    /**
     * The weights of the 4 keys at a time, as the shaders' {@code skinmeshKeyWeights}: with
     * {@code d_i = t - k_i} in float,
     * {@code w0 = d1*d2*d3 / ((k0-k1)*(k0-k2)*(k0-k3))}, {@code w1 = d0*d2*d3 / ((k1-k0)*(k1-k2)*(k1-k3))},
     * {@code w2 = d0*d1*d3 / ((k2-k0)*(k2-k1)*(k2-k3))}, {@code w3 = d0*d1*d2 / ((k3-k0)*(k3-k1)*(k3-k2))}.
     * They sum to 1 (up to rounding) and are exactly 1 and 0 at a key time.
     *
     * @param keyTimes 4 key times from {@code from}, strictly increasing (not checked: equal times
     *     give infinite or NaN weights, as on the GPU)
     * @param from first key time
     * @param time the time in seconds, usually within the first and last key time
     * @param dst receives 4 weights from {@code offset}
     * @param offset first weight written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when an array is too short
     */
    public static float[] weightsInto(float[] keyTimes, int from, float time, float[] dst, int offset) {
        Objects.checkFromIndexSize(from, Keyframes.KEYS, keyTimes.length);
        Objects.checkFromIndexSize(offset, Keyframes.KEYS, dst.length);
        KeyBlend.weights(keyTimes, from, time, dst, offset);
        return dst;
    }

    /** @return the segment table, read-only */
    public List<KeySegment> segments() {
        return segments;
    }

    /** @return the number of segments */
    public int segmentCount() {
        return segments.size();
    }

    /** @return the vertices of each segment mesh */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return whether the keys hold normals */
    public boolean hasNormals() {
        return normals != null;
    }

    /** @return the first segment's start in seconds */
    public float start() {
        return segments.get(0).start();
    }

    /** @return the last segment's end in seconds */
    public float end() {
        return segments.get(segments.size() - 1).end();
    }

    /**
     * The segment that plays a time: the last one starting at or before it, after clamping the time
     * to {@code [start(), end()]}.
     *
     * @param time seconds
     * @return the segment index
     * @throws ValidationException when {@code time} is NaN
     */
    public int segmentAt(float time) {
        if (Float.isNaN(time)) {
            throw new ValidationException("KeyframeDecoder.segmentAt: time is NaN, expected seconds");
        }
        int lo = 0;
        int hi = segments.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (keyTimes[Keyframes.KEYS * mid] <= time) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private float clamp(float time) {
        return Math.max(start(), Math.min(end(), time));
    }

    /**
     * Decodes every vertex at a time: the segment {@link #segmentAt} gives, at the clamped time.
     *
     * @param time seconds
     * @param dst receives {@code 3*vertexCount()} floats (x, y, z per vertex) from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when {@code time} is NaN
     * @throws IndexOutOfBoundsException when {@code dst} is too short
     */
    public float[] positionsInto(float time, float[] dst, int offset) {
        int s = segmentAt(time);
        return blendInto(positions[s], s, clamp(time), dst, offset, false);
    }

    /**
     * Decodes every vertex's normal at a time, as {@link #positionsInto(float, float[], int)} picks
     * the segment.
     *
     * @param time seconds
     * @param dst receives {@code 3*vertexCount()} floats from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when {@code time} is NaN or the keys hold no normals
     * @throws IndexOutOfBoundsException when {@code dst} is too short
     */
    public float[] normalsInto(float time, float[] dst, int offset) {
        float[][][] n = requireNormals("normalsInto");
        int s = segmentAt(time);
        return blendInto(n[s], s, clamp(time), dst, offset, true);
    }

    /**
     * Decodes one vertex of one segment at a time, not clamped (outside the segment the cubic
     * extrapolates, as the shader would).
     *
     * @param segment segment index
     * @param vertex vertex index
     * @param time seconds
     * @param dst receives x, y, z from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when an index is out of range or {@code dst} is too short
     */
    public float[] positionInto(int segment, int vertex, float time, float[] dst, int offset) {
        Objects.checkIndex(segment, segments.size());
        Objects.checkIndex(vertex, vertexCount);
        Objects.checkFromIndexSize(offset, 3, dst.length);
        float[] w = KeyBlend.weightsOf(keyTimes, Keyframes.KEYS * segment, time);
        decode(positions[segment], 3 * vertex, w, dst, offset, false);
        return dst;
    }

    /**
     * Decodes one vertex's normal of one segment at a time, not clamped.
     *
     * @param segment segment index
     * @param vertex vertex index
     * @param time seconds
     * @param dst receives x, y, z from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when the keys hold no normals
     * @throws IndexOutOfBoundsException when an index is out of range or {@code dst} is too short
     */
    public float[] normalInto(int segment, int vertex, float time, float[] dst, int offset) {
        float[][][] n = requireNormals("normalInto");
        Objects.checkIndex(segment, segments.size());
        Objects.checkIndex(vertex, vertexCount);
        Objects.checkFromIndexSize(offset, 3, dst.length);
        float[] w = KeyBlend.weightsOf(keyTimes, Keyframes.KEYS * segment, time);
        decode(n[segment], 3 * vertex, w, dst, offset, true);
        return dst;
    }

    private float[][][] requireNormals(String method) {
        if (normals == null) {
            throw new ValidationException("KeyframeDecoder." + method + ": the keys hold no normals");
        }
        return normals;
    }

    private float[] blendInto(float[][] keys, int segment, float time, float[] dst, int offset, boolean normalize) {
        Objects.checkFromIndexSize(offset, 3 * vertexCount, dst.length);
        float[] w = KeyBlend.weightsOf(keyTimes, Keyframes.KEYS * segment, time);
        for (int k = 0; k < 3 * vertexCount; k += 3) {
            decode(keys, k, w, dst, offset + k, normalize);
        }
        return dst;
    }

    private static void decode(float[][] keys, int k, float[] w, float[] dst, int offset, boolean normalize) {
        KeyBlend.vertex(keys[0], k, keys[1], k, keys[2], k, keys[3], k, w, normalize, dst, offset);
    }

    @Override
    public String toString() {
        return "KeyframeDecoder[" + segments.size() + " segments, " + vertexCount + " vertices"
                + (normals != null ? ", normals" : "") + "]";
    }
}
