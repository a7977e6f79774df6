package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.model.Bounds;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The vertex data one part contributes to an assembly: its baked streams, re-expressed where a
 * bone's inverse bind matrix was reconciled (see {@link BindReconciliation}), with normals and
 * tangents computed when the result needs them and the part has none. Arrays are shared with the
 * part's mesh when nothing changed them, and are read-only.
 */
final class PartData {
    /** Per entry the correction it was made with (16 floats) or null; null when no entry needed one. */
    final float @Nullable [][] corrections;
    final boolean normalsRequested;
    final boolean tangentsRequested;
    final float[] positions;
    final float @Nullable [] normals;
    final float @Nullable [] tangents;
    final boolean normalsComputed;
    final boolean tangentsComputed;
    /** Per own morph target, its deltas of each stream (null when the target has none). */
    final float @Nullable [][] morphPositions;
    final float @Nullable [][] morphNormals;
    final float @Nullable [][] morphTangents;
    final Bounds bounds;
    /** Per entry: vertices re-expressed because they weight it (0 when the entry needed no correction). */
    final int[] entryVertices;
    /** Per entry: how many of those were exact. */
    final int[] entryExact;
    /** Per entry: the largest deviation bound of those vertices. */
    final float[] entryBound;

    PartData(float @Nullable [][] corrections, boolean normalsRequested, boolean tangentsRequested,
            float[] positions, float @Nullable [] normals, float @Nullable [] tangents, boolean normalsComputed,
            boolean tangentsComputed, float @Nullable [][] morphPositions, float @Nullable [][] morphNormals,
            float @Nullable [][] morphTangents, Bounds bounds, int[] entryVertices, int[] entryExact,
            float[] entryBound) {
        this.corrections = corrections;
        this.normalsRequested = normalsRequested;
        this.tangentsRequested = tangentsRequested;
        this.positions = positions;
        this.normals = normals;
        this.tangents = tangents;
        this.normalsComputed = normalsComputed;
        this.tangentsComputed = tangentsComputed;
        this.morphPositions = morphPositions;
        this.morphNormals = morphNormals;
        this.morphTangents = morphTangents;
        this.bounds = bounds;
        this.entryVertices = entryVertices;
        this.entryExact = entryExact;
        this.entryBound = entryBound;
    }

    /** @return whether this data was made for these corrections and requested streams */
    boolean matches(float @Nullable [][] otherCorrections, boolean normals, boolean tangents) {
        return normals == normalsRequested && tangents == tangentsRequested
                && Arrays.deepEquals(corrections, otherCorrections);
    }

    /** @return whether any vertex was re-expressed */
    boolean corrected() {
        return corrections != null;
    }
}
