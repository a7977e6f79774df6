package io.github.skinmesh.core.internal;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The arrays of a mesh being assembled from several inputs ({@code Meshes.concat},
 * {@code Combine.combine} and its reusable output buffers): every stream {@link StreamUnion}
 * describes, the joints and weights, the united morph targets' deltas and the indices.
 * {@link VertexCopy} writes each input's range. Arrays may be longer than the data (reusable
 * buffers keep their capacity); the first {@code vertexCount} vertices and {@code indexCount}
 * indices are the mesh. A mutable holder for the assembling code; not thread-safe. Not API.
 */
public final class VertexStreams {
    public int vertexCount;
    public int indexCount;
    public float[] positions;
    public float @Nullable [] normals;
    public float @Nullable [] tangents;
    public float @Nullable [] colors;
    public float[][] uvs;
    /** Per united attribute its values ({@code attributeComponents[a]} per vertex). */
    public float[][] attributes;
    public int[] attributeComponents;
    /** Slots per vertex; 0 with {@link #joints} and {@link #weights} null for an unskinned result. */
    public int influences;
    public int @Nullable [] joints;
    public float @Nullable [] weights;
    /** Per united morph target its deltas of each stream, null for a stream the target lacks. */
    public float @Nullable [][] morphPositions;
    public float @Nullable [][] morphNormals;
    public float @Nullable [][] morphTangents;
    public int[] indices;
    /**
     * Whether every array is all zeros outside what the copy wrote (freshly allocated): the copy
     * then skips writing zeros (missing UV channels, attributes and morph deltas, extra slots).
     */
    public boolean zeroed;

    /**
     * @param union the streams
     * @param skinned whether the result has joints and weights
     * @param vertexCount vertices (the sizes were checked by the caller)
     * @param indexCount indices
     * @return fresh, zeroed arrays of exactly the sizes needed
     */
    public static VertexStreams allocate(StreamUnion union, boolean skinned, int vertexCount, int indexCount) {
        VertexStreams s = new VertexStreams();
        s.vertexCount = vertexCount;
        s.indexCount = indexCount;
        s.allocateArrays(union, skinned, vertexCount, indexCount);
        s.zeroed = true;
        return s;
    }

    /**
     * Sets the sizes and makes every array at least long enough for them, keeping the arrays that
     * are (their contents are then stale until written).
     *
     * @param union the streams
     * @param skinned whether the result has joints and weights
     * @param vertexCount vertices
     * @param indexCount indices
     */
    public void resize(StreamUnion union, boolean skinned, int vertexCount, int indexCount) {
        float[] p = positions;
        float[] n = normals;
        float[] t = tangents;
        float[] c = colors;
        float[][] uv = uvs;
        float[][] at = attributes;
        int[] ac = attributeComponents;
        int[] j = joints;
        float[] w = weights;
        int[] idx = indices;
        this.vertexCount = vertexCount;
        this.indexCount = indexCount;
        positions = reuse(p, 3 * vertexCount);
        normals = union.normals ? reuse(n, 3 * vertexCount) : null;
        tangents = union.tangents ? reuse(t, 4 * vertexCount) : null;
        colors = union.colors ? reuse(c, 4 * vertexCount) : null;
        uvs = new float[union.uvChannels][];
        for (int ch = 0; ch < uvs.length; ch++) {
            uvs[ch] = reuse(uv != null && ch < uv.length ? uv[ch] : null, 2 * vertexCount);
        }
        attributes = new float[union.attributeNames.size()][];
        attributeComponents = new int[attributes.length];
        for (int a = 0; a < attributes.length; a++) {
            int components = union.attributeComponents.get(a);
            attributeComponents[a] = components;
            boolean same = at != null && a < at.length && ac[a] == components;
            attributes[a] = reuse(same ? at[a] : null, components * vertexCount);
        }
        influences = skinned ? union.influences : 0;
        joints = skinned ? reuse(j, influences * vertexCount) : null;
        weights = skinned ? reuse(w, influences * vertexCount) : null;
        int targets = union.morphTargetCount();
        float[][] mp = morphPositions;
        float[][] mn = morphNormals;
        float[][] mt = morphTangents;
        morphPositions = new float[targets][];
        morphNormals = new float[targets][];
        morphTangents = new float[targets][];
        for (int tg = 0; tg < targets; tg++) {
            boolean[] streams = union.morphStreams.get(tg);
            boolean had = mp != null && tg < mp.length;
            morphPositions[tg] = streams[0] ? reuse(had ? mp[tg] : null, 3 * vertexCount) : null;
            morphNormals[tg] = streams[1] ? reuse(had ? mn[tg] : null, 3 * vertexCount) : null;
            morphTangents[tg] = streams[2] ? reuse(had ? mt[tg] : null, 3 * vertexCount) : null;
        }
        indices = idx != null && idx.length >= indexCount ? idx : new int[indexCount];
        zeroed = false;
    }

    private static float[] reuse(float @Nullable [] a, int length) {
        return a != null && a.length >= length ? a : new float[length];
    }

    private static int[] reuse(int @Nullable [] a, int length) {
        return a != null && a.length >= length ? a : new int[length];
    }

    private void allocateArrays(StreamUnion union, boolean skinned, int n, int indexCount) {
        positions = new float[3 * n];
        normals = union.normals ? new float[3 * n] : null;
        tangents = union.tangents ? new float[4 * n] : null;
        colors = union.colors ? new float[4 * n] : null;
        uvs = new float[union.uvChannels][];
        for (int c = 0; c < uvs.length; c++) {
            uvs[c] = new float[2 * n];
        }
        attributes = new float[union.attributeNames.size()][];
        attributeComponents = new int[attributes.length];
        for (int a = 0; a < attributes.length; a++) {
            attributeComponents[a] = union.attributeComponents.get(a);
            attributes[a] = new float[attributeComponents[a] * n];
        }
        influences = skinned ? union.influences : 0;
        joints = skinned ? new int[influences * n] : null;
        weights = skinned ? new float[influences * n] : null;
        int targets = union.morphTargetCount();
        morphPositions = new float[targets][];
        morphNormals = new float[targets][];
        morphTangents = new float[targets][];
        for (int t = 0; t < targets; t++) {
            boolean[] streams = union.morphStreams.get(t);
            morphPositions[t] = streams[0] ? new float[3 * n] : null;
            morphNormals[t] = streams[1] ? new float[3 * n] : null;
            morphTangents[t] = streams[2] ? new float[3 * n] : null;
        }
        indices = new int[indexCount];
    }

    /**
     * @return a copy holding the data only: each array exactly as long as {@link #vertexCount}
     *     vertices (or {@link #indexCount} indices) need, not {@link #zeroed}
     */
    public VertexStreams copy() {
        int n = vertexCount;
        VertexStreams s = new VertexStreams();
        s.vertexCount = n;
        s.indexCount = indexCount;
        s.positions = Arrays.copyOf(positions, 3 * n);
        s.normals = copy(normals, 3 * n);
        s.tangents = copy(tangents, 4 * n);
        s.colors = copy(colors, 4 * n);
        s.uvs = new float[uvs.length][];
        for (int c = 0; c < uvs.length; c++) {
            s.uvs[c] = Arrays.copyOf(uvs[c], 2 * n);
        }
        s.attributes = new float[attributes.length][];
        for (int a = 0; a < attributes.length; a++) {
            s.attributes[a] = Arrays.copyOf(attributes[a], attributeComponents[a] * n);
        }
        s.attributeComponents = attributeComponents.clone();
        s.influences = influences;
        s.joints = joints == null ? null : Arrays.copyOf(joints, influences * n);
        s.weights = copy(weights, influences * n);
        s.morphPositions = copy(morphPositions, 3 * n);
        s.morphNormals = copy(morphNormals, 3 * n);
        s.morphTangents = copy(morphTangents, 3 * n);
        s.indices = Arrays.copyOf(indices, indexCount);
        s.zeroed = false;
        return s;
    }

    private static float @Nullable [] copy(float @Nullable [] a, int length) {
        return a == null ? null : Arrays.copyOf(a, length);
    }

    private static float @Nullable [][] copy(float @Nullable [][] a, int length) {
        float[][] c = new float[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = copy(a[i], length);
        }
        return c;
    }
}
