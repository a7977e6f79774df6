package io.github.skinmesh.core.partition;

import java.util.Objects;

/**
 * One bone that lost its weight in a {@link BoneReduction}: its weight moved to {@code into}, the
 * nearest of its ancestors that keeps weight.
 *
 * @param bone the folded bone's name
 * @param into the name of the ancestor that took its weight
 * @param vertices the number of vertices that weighted {@code bone} with weight {@code > 0}
 * @param weightMoved the sum of those weights (after normalizing each vertex's weights to sum
 *     1), {@code > 0}
 */
public record BoneFold(String bone, String into, int vertices, double weightMoved) {
    /**
     * @param bone the folded bone
     * @param into the ancestor that took its weight
     * @param vertices vertices that weighted it
     * @param weightMoved the weight moved
     * @throws NullPointerException when a name is null
     */
    public BoneFold {
        Objects.requireNonNull(bone, "bone");
        Objects.requireNonNull(into, "into");
    }
}
