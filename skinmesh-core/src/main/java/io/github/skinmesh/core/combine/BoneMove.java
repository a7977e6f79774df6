package io.github.skinmesh.core.combine;

import java.util.Objects;

/**
 * The influence of a bone that the target skeleton lacks, moved to the bone's nearest ancestor
 * that it has (see {@link RemapOptions.UnknownBones#MOVE_TO_ANCESTOR}).
 *
 * @param part the input that had the bone: its index among the inputs ({@code 0} for
 *     {@link Combine#remapBones})
 * @param partName its part's (or mesh's) name
 * @param bone the moved bone
 * @param ancestor the ancestor that received its influence
 * @param vertices the number of the part's vertices that weighted the bone ({@code >= 0})
 */
public record BoneMove(int part, String partName, String bone, String ancestor, int vertices) {
    /**
     * @param part input index
     * @param partName part name
     * @param bone moved bone
     * @param ancestor receiving ancestor
     * @param vertices vertices that weighted the bone
     * @throws NullPointerException when a name is null
     */
    public BoneMove {
        Objects.requireNonNull(partName, "partName");
        Objects.requireNonNull(bone, "bone");
        Objects.requireNonNull(ancestor, "ancestor");
    }
}
