package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.VertexStreams;
import java.util.Arrays;

/**
 * The incremental copy of a {@link CombinePlan} whose slot swap kept the result's layout: the
 * streams hold the previous result (for a new mesh, copies of the previous mesh's arrays, a
 * {@code clone} the JVM need not zero first; in {@link CombineBuffers}, the buffers themselves)
 * and only the changed parts' ranges are rewritten. The arrays are then exactly those a
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
 * <p>Measured on workload {@code combine} ({@code CombineBench}, swapping slot 3 of six for a part of
 * the same size, JDK 17, shared 2-vCPU Zen 3): into {@link CombineBuffers}, where only that slot's
 * ranges are rewritten, 1135 Mvertices/s (1.58x the same-run {@code System.arraycopy} of the
 * result), 8.6x a full combination into a new mesh and 4.6x a full combination into the buffers.
 * Into a new mesh, 221 Mvertices/s, 1.7x a full combination, against the workload's goal of 3x:
 * a new immutable mesh needs arrays of its own, and copying the previous result's costs about as
 * much as allocating and filling them afresh, so the mesh path cannot be 3 times faster than a
 * full combination once that is itself mostly the copy. Without the patch (a swap that changes
 * the layout) a recombination runs at about the full combination's speed.
 */
final class Patch {
    private Patch() {
    }

    /**
     * @param prev the layout the streams hold
     * @param prevRanges its index ranges
     * @param next the layout to write
     * @param ranges its index ranges
     * @return whether rewriting the parts that changed turns streams holding {@code prev} into {@code next}'s
     */
    static boolean applies(Layout prev, int[] prevRanges, Layout next, int[] ranges) {
        if (next.options.welding() != CombineOptions.Welding.NONE || prev.options.welding() != CombineOptions.Welding.NONE
                || prev.parts.size() != next.parts.size() || prev.vertexCount != next.vertexCount
                || prev.indexCount != next.indexCount) {
            return false;
        }
        if (!Arrays.equals(prev.paletteNames, next.paletteNames) || !Arrays.equals(prev.paletteIbm, next.paletteIbm)
                || !prev.streams.sameStreams(next.streams) || prev.canonical != next.canonical
                || !Arrays.equals(prev.firstVertex, next.firstVertex) || prevRanges.length != ranges.length) {
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
                        || !Arrays.equals(prev.streams.morphRemap[i], next.streams.morphRemap[i])) {
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

    /**
     * Rewrites, in streams that hold {@code prev} (and {@link #applies} to {@code next}), every
     * element of the ranges of the parts that changed.
     *
     * @return the number of parts rewritten
     */
    static int rewrite(Layout prev, Layout next, int[] ranges, VertexStreams s) {
        s.zeroed = false;
        int rewritten = 0;
        for (int i = 0; i < next.parts.size(); i++) {
            if (prev.parts.get(i) != next.parts.get(i)) {
                Assembly.copyPart(next, ranges, i, s);
                rewritten++;
            }
        }
        return rewritten;
    }
}
