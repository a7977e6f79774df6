package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Options of {@link Morphing}. Immutable; start from {@link #DEFAULTS}.
 *
 * @param minWeight targets whose weight has a magnitude {@code <= minWeight} are skipped (their
 *     contribution is at most {@code minWeight * |delta|}); finite, {@code >= 0}; default 0, which
 *     skips exactly the targets of weight 0 and changes no result
 * @param directions whether the mesh variant rescales morphed normals and tangent directions to
 *     unit length; default {@link Renormalization#NONE} (glTF leaves that to the renderer, and
 *     skinning renormalizes anyway)
 */
public record MorphOptions(float minWeight, Renormalization directions) {
    /** Skip only zero weights; leave directions as blended. */
    public static final MorphOptions DEFAULTS = new MorphOptions(0f, Renormalization.NONE);

    /**
     * Validates the options.
     *
     * @throws ValidationException when {@code minWeight} is negative or not finite
     * @throws NullPointerException when {@code directions} is null
     */
    public MorphOptions {
        if (!(minWeight >= 0f && minWeight < Float.POSITIVE_INFINITY)) {
            throw new ValidationException("MorphOptions: minWeight=" + minWeight + ", expected a finite value >= 0");
        }
        Objects.requireNonNull(directions, "directions");
    }

    /**
     * @param value weight magnitude at or below which targets are skipped, finite, {@code >= 0}
     * @return a copy with {@code minWeight = value}
     * @throws ValidationException when {@code value} is negative or not finite
     */
    public MorphOptions withMinWeight(float value) {
        return new MorphOptions(value, directions);
    }

    /**
     * @param value the renormalization of morphed normals and tangents
     * @return a copy with {@code directions = value}
     */
    public MorphOptions withDirections(Renormalization value) {
        return new MorphOptions(minWeight, value);
    }
}
