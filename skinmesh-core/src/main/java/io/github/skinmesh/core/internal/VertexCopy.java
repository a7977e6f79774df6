package io.github.skinmesh.core.internal;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The copy of one input's vertices into the streams of an assembled mesh at a vertex offset: the
 * one copy behind {@code Meshes.concat} and {@code Combine.combine} (its full copy, its patch of a
 * previous result and its reusable output buffers). Every element of the input's range is written
 * (zeros only when the destination is not {@linkplain VertexStreams#zeroed known to be zero}), so
 * the same call serves fresh arrays and arrays that held another mesh.
 *
 * <p>What an input lacks is filled: colors white, UV channels, attributes and morph deltas zero,
 * influence slots beyond its own empty. Normals and tangents are never filled here: an input of a
 * result with normals (tangents) brings its own or computed ones. Joints are renumbered through
 * the input's entry map ({@link JointRenumbering}); a canonical input's empty slots keep joint 0
 * (so its rows stay canonical), an input's slots kept as stored have every joint renumbered (so
 * each still names its bone), and an entry mapped to {@code -1} (dropped, so weightless) becomes
 * joint 0.
 *
 * <p>The caller has validated every count: source arrays hold {@code vertexCount} vertices,
 * joints are below the entry map's length, the destination is long enough. Nothing allocates but
 * two joint tables of a few entries per input. Not API.
 */
public final class VertexCopy {
    private VertexCopy() {
    }

    /** One input's streams, as a copy reads them. A mutable holder, filled by the caller. */
    public static final class Source {
        public int vertexCount;
        public float[] positions;
        /** Own or computed normals; required when the result has normals. */
        public float @Nullable [] normals;
        /** Own or computed tangents; required when the result has tangents. */
        public float @Nullable [] tangents;
        /** Null for white. */
        public float @Nullable [] colors;
        /** The input's UV channels (fewer than the result's: the others are zero). */
        public float[][] uvs;
        /** Per united attribute the input's values, or null for zeros. */
        public float @Nullable [][] attributes;
        /** Slots per vertex of {@link #joints} and {@link #weights}. */
        public int influences;
        /** Entry per slot, or null for a rigid input: every vertex weight 1 on entry 0. */
        public int @Nullable [] joints;
        public float @Nullable [] weights;
        /** Whether the slots are canonical, and whether some slot has weight 0. */
        public boolean canonical;
        public boolean emptySlots;
        /** Per entry the joint in the result, or -1 for a dropped (weightless) entry. */
        public int[] jointMap;
        /** Per own morph target its deltas of each stream (null when it has none), and its united target. */
        public float @Nullable [][] morphPositions;
        public float @Nullable [][] morphNormals;
        public float @Nullable [][] morphTangents;
        public int[] morphRemap;
    }

    /**
     * Writes {@code src}'s vertices at vertex {@code first} of {@code dst}.
     *
     * @param src the input
     * @param dst the assembled streams
     * @param first the input's first vertex in the result
     */
    public static void copy(Source src, VertexStreams dst, int first) {
        int n = src.vertexCount;
        boolean zeroed = dst.zeroed;
        System.arraycopy(src.positions, 0, dst.positions, 3 * first, 3 * n);
        if (dst.normals != null) {
            assert src.normals != null : "normals of the input";
            System.arraycopy(src.normals, 0, dst.normals, 3 * first, 3 * n);
        }
        if (dst.tangents != null) {
            assert src.tangents != null : "tangents of the input";
            System.arraycopy(src.tangents, 0, dst.tangents, 4 * first, 4 * n);
        }
        if (dst.colors != null) {
            if (src.colors != null) {
                System.arraycopy(src.colors, 0, dst.colors, 4 * first, 4 * n);
            } else {
                Arrays.fill(dst.colors, 4 * first, 4 * (first + n), 1f);
            }
        }
        for (int c = 0; c < dst.uvs.length; c++) {
            if (c < src.uvs.length) {
                System.arraycopy(src.uvs[c], 0, dst.uvs[c], 2 * first, 2 * n);
            } else if (!zeroed) {
                Arrays.fill(dst.uvs[c], 2 * first, 2 * (first + n), 0f);
            }
        }
        for (int a = 0; a < dst.attributes.length; a++) {
            int components = dst.attributeComponents[a];
            float[] own = src.attributes == null ? null : src.attributes[a];
            if (own != null) {
                System.arraycopy(own, 0, dst.attributes[a], components * first, components * n);
            } else if (!zeroed) {
                Arrays.fill(dst.attributes[a], components * first, components * (first + n), 0f);
            }
        }
        if (dst.joints != null) {
            slots(src, dst.joints, dst.weights, dst.influences, first, zeroed);
        }
        morphs(src, dst, first, zeroed);
    }

    /** The input's slots in the result's {@code k}-wide rows, joints renumbered, extra slots empty. */
    private static void slots(Source src, int[] joints, float[] weights, int k, int first, boolean zeroed) {
        int n = src.vertexCount;
        int offset = k * first;
        int[] map = src.jointMap;
        if (!zeroed && k > (src.joints == null ? 1 : src.influences)) {
            Arrays.fill(joints, offset, offset + k * n, 0);
            Arrays.fill(weights, offset, offset + k * n, 0f);
        }
        if (src.joints == null) {
            int joint = Math.max(0, map[0]);
            for (int v = 0, d = offset; v < n; v++, d += k) {
                joints[d] = joint;
                weights[d] = 1f;
            }
            return;
        }
        int[] srcJ = src.joints;
        float[] srcW = src.weights;
        int pk = src.influences;
        int[] safe = new int[map.length];
        for (int e = 0; e < map.length; e++) {
            safe[e] = Math.max(0, map[e]);
        }
        // a canonical input's empty slots hold joint 0, so they need zeroing only when entry 0 moves
        boolean emptyToZero = src.canonical && src.emptySlots && safe[0] != 0;
        if (pk == k) {
            System.arraycopy(srcW, 0, weights, offset, pk * n);
            JointRenumbering.renumber(safe, srcJ, emptyToZero ? srcW : null, 0, joints, offset, pk * n);
            return;
        }
        for (int v = 0, s = 0, d = offset; v < n; v++, s += pk, d += k) {
            for (int slot = 0; slot < pk; slot++) {
                float w = srcW[s + slot];
                weights[d + slot] = w;
                joints[d + slot] = src.canonical && w == 0f ? 0 : safe[srcJ[s + slot]];
            }
        }
    }

    /** Each united target: the input's deltas where it has the target and the stream, zeros elsewhere. */
    private static void morphs(Source src, VertexStreams dst, int first, boolean zeroed) {
        int n = src.vertexCount;
        int targets = dst.morphPositions.length;
        int o = 3 * first;
        if (!zeroed) {
            for (int t = 0; t < targets; t++) {
                zero(dst.morphPositions[t], o, o + 3 * n);
                zero(dst.morphNormals[t], o, o + 3 * n);
                zero(dst.morphTangents[t], o, o + 3 * n);
            }
        }
        int[] remap = src.morphRemap;
        for (int own = 0; own < remap.length; own++) {
            int t = remap[own];
            put(src.morphPositions[own], dst.morphPositions[t], o);
            put(src.morphNormals[own], dst.morphNormals[t], o);
            put(src.morphTangents[own], dst.morphTangents[t], o);
        }
    }

    private static void zero(float @Nullable [] a, int from, int to) {
        if (a != null) {
            Arrays.fill(a, from, to, 0f);
        }
    }

    private static void put(float @Nullable [] src, float @Nullable [] dst, int offset) {
        if (src != null && dst != null) {
            System.arraycopy(src, 0, dst, offset, src.length);
        }
    }

    /**
     * Copies {@code count} indices from {@code src} to {@code dst}, adding {@code offset} (the
     * input's first vertex) to each.
     *
     * @param src source indices
     * @param from first source index
     * @param dst destination indices
     * @param to first destination index
     * @param count indices to copy
     * @param offset added to each
     */
    public static void indices(int[] src, int from, int[] dst, int to, int count, int offset) {
        // copy, then add in place: C2 vectorizes neither a gather nor a loop reading one int[] and
        // writing another at unrelated offsets (they might overlap), but it does vectorize the
        // in-place add; measured on workload combine's indices, 32 against 58 microseconds
        System.arraycopy(src, from, dst, to, count);
        if (offset != 0) {
            for (int j = to, end = to + count; j < end; j++) {
                dst[j] += offset;
            }
        }
    }
}
