package io.github.skinmesh.testkit.random;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.testkit.internal.Arguments;
import io.github.skinmesh.core.model.BoneWeights;
import java.util.Objects;

/**
 * Options of {@link RandomModels#skinnedMesh(io.github.skinmesh.testkit.SplitMix64,
 * io.github.skinmesh.core.model.Skeleton, RandomMeshOptions)}.
 *
 * @param vertexCount vertices, 0..{@value #MAX_VERTICES}, at least 3 when there are triangles;
 *     default 100
 * @param triangleCount triangles, 0..{@value #MAX_TRIANGLES}, each of three distinct vertices;
 *     default 150
 * @param influencesPerVertex {@code K}, 1..{@value BoneWeights#MAX_INFLUENCES}; default 4
 * @param uvChannels UV channels, 0..{@value #MAX_UV_CHANNELS}; default 1
 * @param morphTargets morph targets with position, normal and tangent deltas,
 *     0..{@value #MAX_MORPH_TARGETS}; default 0
 * @param submeshes consecutive, non-empty triangle ranges with a material each,
 *     1..{@value #MAX_SUBMESHES} and at most {@code max(1, triangleCount)}; default 1
 * @param streams vertex streams besides positions and UVs; default {@link VertexStreams#ALL}
 * @param palette which bones the palette lists; default {@link PaletteSelection#RANDOM_SUBSET}
 */
public record RandomMeshOptions(int vertexCount, int triangleCount, int influencesPerVertex, int uvChannels,
        int morphTargets, int submeshes, VertexStreams streams, PaletteSelection palette) {
    /** Largest vertex count. */
    public static final int MAX_VERTICES = 1 << 24;
    /** Largest triangle count. */
    public static final int MAX_TRIANGLES = 1 << 24;
    /** Largest number of UV channels. */
    public static final int MAX_UV_CHANNELS = 8;
    /** Largest number of morph targets. */
    public static final int MAX_MORPH_TARGETS = 64;
    /** Largest number of submeshes. */
    public static final int MAX_SUBMESHES = 256;

    /**
     * 100 vertices, 150 triangles, 4 influences, 1 UV channel, no morph targets, 1 submesh, all
     * streams, a random palette subset.
     */
    public static final RandomMeshOptions DEFAULTS = new RandomMeshOptions(100, 150, 4, 1, 0, 1, VertexStreams.ALL,
            PaletteSelection.RANDOM_SUBSET);

    /**
     * Validates the options.
     *
     * @param vertexCount vertices
     * @param triangleCount triangles
     * @param influencesPerVertex influences per vertex
     * @param uvChannels UV channels
     * @param morphTargets morph targets
     * @param submeshes submeshes
     * @param streams vertex streams
     * @param palette palette selection
     * @throws ValidationException naming the first field out of its range, or the relation
     *     between fields that fails
     */
    public RandomMeshOptions {
        Objects.requireNonNull(streams, "streams");
        Objects.requireNonNull(palette, "palette");
        String where = "RandomMeshOptions";
        Arguments.requireRange(where, "vertexCount", vertexCount, 0, MAX_VERTICES);
        Arguments.requireRange(where, "triangleCount", triangleCount, 0, MAX_TRIANGLES);
        Arguments.requireRange(where, "influencesPerVertex", influencesPerVertex, 1, BoneWeights.MAX_INFLUENCES);
        Arguments.requireRange(where, "uvChannels", uvChannels, 0, MAX_UV_CHANNELS);
        Arguments.requireRange(where, "morphTargets", morphTargets, 0, MAX_MORPH_TARGETS);
        Arguments.requireRange(where, "submeshes", submeshes, 1, MAX_SUBMESHES);
        if (triangleCount > 0 && vertexCount < 3) {
            throw new ValidationException(where + ": vertexCount=" + vertexCount + " with triangleCount="
                    + triangleCount + ", expected at least 3 vertices for triangles of distinct vertices");
        }
        if (submeshes > Math.max(1, triangleCount)) {
            throw new ValidationException(where + ": submeshes=" + submeshes
                    + ", expected at most max(1, triangleCount) = " + Math.max(1, triangleCount)
                    + " so that none is empty");
        }
    }

    /**
     * @param value vertices
     * @return a copy with that vertex count
     * @throws ValidationException when the result is invalid
     */
    public RandomMeshOptions withVertexCount(int value) {
        return new RandomMeshOptions(value, triangleCount, influencesPerVertex, uvChannels, morphTargets, submeshes,
                streams, palette);
    }

    /**
     * @param value triangles
     * @return a copy with that triangle count
     * @throws ValidationException when the result is invalid
     */
    public RandomMeshOptions withTriangleCount(int value) {
        return new RandomMeshOptions(vertexCount, value, influencesPerVertex, uvChannels, morphTargets, submeshes,
                streams, palette);
    }

    /**
     * @param value influences per vertex
     * @return a copy with that influence count
     * @throws ValidationException when the result is invalid
     */
    public RandomMeshOptions withInfluencesPerVertex(int value) {
        return new RandomMeshOptions(vertexCount, triangleCount, value, uvChannels, morphTargets, submeshes, streams,
                palette);
    }

    /**
     * @param value UV channels
     * @return a copy with that channel count
     * @throws ValidationException when the result is invalid
     */
    public RandomMeshOptions withUvChannels(int value) {
        return new RandomMeshOptions(vertexCount, triangleCount, influencesPerVertex, value, morphTargets, submeshes,
                streams, palette);
    }

    /**
     * @param value morph targets
     * @return a copy with that target count
     * @throws ValidationException when the result is invalid
     */
    public RandomMeshOptions withMorphTargets(int value) {
        return new RandomMeshOptions(vertexCount, triangleCount, influencesPerVertex, uvChannels, value, submeshes,
                streams, palette);
    }

    /**
     * @param value submeshes
     * @return a copy with that submesh count
     * @throws ValidationException when the result is invalid
     */
    public RandomMeshOptions withSubmeshes(int value) {
        return new RandomMeshOptions(vertexCount, triangleCount, influencesPerVertex, uvChannels, morphTargets, value,
                streams, palette);
    }

    /**
     * @param value vertex streams
     * @return a copy with those streams
     */
    public RandomMeshOptions withStreams(VertexStreams value) {
        return new RandomMeshOptions(vertexCount, triangleCount, influencesPerVertex, uvChannels, morphTargets,
                submeshes, value, palette);
    }

    /**
     * @param value palette selection
     * @return a copy with that selection
     */
    public RandomMeshOptions withPalette(PaletteSelection value) {
        return new RandomMeshOptions(vertexCount, triangleCount, influencesPerVertex, uvChannels, morphTargets,
                submeshes, streams, value);
    }
}
