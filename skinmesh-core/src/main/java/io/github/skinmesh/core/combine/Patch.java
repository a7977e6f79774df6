package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The incremental copy of a {@link CombinePlan} whose slot swap kept the result's layout: every
 * stream starts as a copy of the previous result's (a {@code clone}, which the JVM need not zero
 * first) and only the changed parts' ranges are rewritten. The arrays are then exactly those a
 * full copy would build, because everything that places or computes the other parts' elements is
 * checked to be unchanged ({@link #applies}).
 *
 * <p>What must be unchanged: the welding mode (none), the number of parts, the output palette and
 * its matrices, the streams of the result (normals, tangents, colors, UV channels, attributes, the
 * influence count and canonical form), the morph targets (names, delta streams, default weights),
 * each part's vertex count, the index ranges (which part's triangles go where), and, for each part
 * that did not change (the same prepared part), its reconciled data and its entry-to-palette map.
 * Anything else falls back to the full copy.
 *
 * <p>Measured on workload {@code combine} ({@code CombineBench}, swapping one of six parts for one of
 * the same size): 207 to 210 Mvertices/s, 1.8x to 2.0x the speed of a full combination, against a
 * goal of 3x. Without the patch (a swap that changes the layout) a recombination runs at about the
 * full combination's speed, because preparing a part costs little next to the final copy on this
 * workload (no transforms to bake, no bind matrices to reconcile). The copy of the unchanged parts
 * remains: a new immutable mesh needs arrays of its own, and copying the previous result's costs
 * as much as one {@code System.arraycopy} of the result from memory.
 */
final class Patch {
    private Patch() {
    }

    static boolean applies(Assembly.Assembled previous, Layout next, int[] ranges) {
        Layout prev = previous.layout();
        if (next.options.welding() != CombineOptions.Welding.NONE || prev.options.welding() != CombineOptions.Welding.NONE
                || prev.parts.size() != next.parts.size() || prev.vertexCount != next.vertexCount
                || prev.indexCount != next.indexCount) {
            return false;
        }
        if (!Arrays.equals(prev.paletteNames, next.paletteNames) || !Arrays.equals(prev.paletteIbm, next.paletteIbm)
                || prev.normals != next.normals || prev.tangents != next.tangents || prev.colors != next.colors
                || prev.uvChannels != next.uvChannels || !prev.attributeNames.equals(next.attributeNames)
                || !prev.attributeComponents.equals(next.attributeComponents) || prev.influences != next.influences
                || prev.canonical != next.canonical || !Arrays.equals(prev.firstVertex, next.firstVertex)) {
            return false;
        }
        MorphLayout a = prev.morphs;
        MorphLayout b = next.morphs;
        if (!a.names.equals(b.names) || !a.defaultWeights.equals(b.defaultWeights) || a.size() != b.size()) {
            return false;
        }
        for (int t = 0; t < a.size(); t++) {
            if (!Arrays.equals(a.streams.get(t), b.streams.get(t))) {
                return false;
            }
        }
        int[] prevRanges = previous.streams().ranges;
        if (prevRanges.length != ranges.length) {
            return false;
        }
        for (int r = 0; r < ranges.length; r += 4) {
            if (prevRanges[r] != ranges[r] || prevRanges[r + 2] != ranges[r + 2] || prevRanges[r + 3] != ranges[r + 3]) {
                return false;
            }
        }
        for (int i = 0; i < next.parts.size(); i++) {
            if (prev.parts.get(i) == next.parts.get(i)) {
                if (prev.data[i] != next.data[i] || !Arrays.equals(prev.entryPalette[i], next.entryPalette[i])
                        || !Arrays.equals(a.remap[i], b.remap[i])) {
                    return false;
                }
                for (int r = 0; r < ranges.length; r += 4) {
                    if (ranges[r] == i && prevRanges[r + 1] != ranges[r + 1]) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The streams of {@code next}: copies of the previous ones with the changed parts rewritten. */
    static Assembly.Streams copy(Assembly.Assembled previous, Layout next, int[] ranges) {
        Assembly.Streams old = previous.streams();
        Layout prev = previous.layout();
        ModelAccess.Bridge raw = ModelAccess.get();
        Assembly.Streams s = new Assembly.Streams();
        s.vertexCount = old.vertexCount;
        s.positions = old.positions.clone();
        s.normals = old.normals == null ? null : old.normals.clone();
        s.tangents = old.tangents == null ? null : old.tangents.clone();
        s.colors = old.colors == null ? null : old.colors.clone();
        s.uvs = new float[old.uvs.length][];
        for (int c = 0; c < s.uvs.length; c++) {
            s.uvs[c] = old.uvs[c].clone();
        }
        s.attributes = new float[old.attributes.length][];
        for (int a = 0; a < s.attributes.length; a++) {
            s.attributes[a] = old.attributes[a].clone();
        }
        s.joints = old.joints.clone();
        s.weights = old.weights.clone();
        int targets = next.morphs.size();
        s.morphPositions = new float[targets][];
        s.morphNormals = new float[targets][];
        s.morphTangents = new float[targets][];
        for (int t = 0; t < targets; t++) {
            s.morphPositions[t] = clone(old.morphPositions[t]);
            s.morphNormals[t] = clone(old.morphNormals[t]);
            s.morphTangents[t] = clone(old.morphTangents[t]);
        }
        s.indices = old.indices.clone();
        s.ranges = ranges;
        int k = next.influences;
        for (int i = 0; i < next.parts.size(); i++) {
            if (prev.parts.get(i) == next.parts.get(i)) {
                continue;
            }
            PreparedPart p = next.parts.get(i);
            PartData d = next.data[i];
            int v0 = next.firstVertex[i];
            int n = p.vertexCount();
            System.arraycopy(d.positions, 0, s.positions, 3 * v0, 3 * n);
            if (s.normals != null) {
                System.arraycopy(d.normals, 0, s.normals, 3 * v0, 3 * n);
            }
            if (s.tangents != null) {
                System.arraycopy(d.tangents, 0, s.tangents, 4 * v0, 4 * n);
            }
            if (s.colors != null) {
                float[] own = raw.colors(p.mesh);
                if (own != null) {
                    System.arraycopy(own, 0, s.colors, 4 * v0, 4 * n);
                } else {
                    Arrays.fill(s.colors, 4 * v0, 4 * (v0 + n), 1f);
                }
            }
            for (int c = 0; c < s.uvs.length; c++) {
                if (c < p.mesh.uvChannelCount()) {
                    System.arraycopy(raw.uvs(p.mesh, c), 0, s.uvs[c], 2 * v0, 2 * n);
                } else {
                    Arrays.fill(s.uvs[c], 2 * v0, 2 * (v0 + n), 0f);
                }
            }
            for (int a = 0; a < s.attributes.length; a++) {
                int components = next.attributeComponents.get(a);
                VertexAttribute own = p.mesh.attribute(next.attributeNames.get(a));
                if (own != null) {
                    own.valuesInto(s.attributes[a], components * v0);
                } else {
                    Arrays.fill(s.attributes[a], components * v0, components * (v0 + n), 0f);
                }
            }
            Arrays.fill(s.joints, k * v0, k * (v0 + n), 0);
            Arrays.fill(s.weights, k * v0, k * (v0 + n), 0f);
            Assembly.copySlots(next, i, s.joints, s.weights, k * v0);
            for (int t = 0; t < targets; t++) {
                zero(s.morphPositions[t], 3 * v0, 3 * (v0 + n));
                zero(s.morphNormals[t], 3 * v0, 3 * (v0 + n));
                zero(s.morphTangents[t], 3 * v0, 3 * (v0 + n));
            }
            int[] remap = next.morphs.remap[i];
            for (int own = 0; own < remap.length; own++) {
                int t = remap[own];
                put(d.morphPositions[own], s.morphPositions[t], 3 * v0);
                put(d.morphNormals[own], s.morphNormals[t], 3 * v0);
                put(d.morphTangents[own], s.morphTangents[t], 3 * v0);
            }
            Assembly.copyIndices(next, ranges, i, s.indices);
        }
        return s;
    }

    private static float @Nullable [] clone(float @Nullable [] a) {
        return a == null ? null : a.clone();
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
}
