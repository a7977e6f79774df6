package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.skinning.NormalTransform;
import io.github.skinmesh.core.skinning.SkinningOptions;
import java.util.Objects;

/**
 * Options of {@link CharacterPoser}. Immutable; start from {@link #DEFAULTS} and change fields with
 * the {@code with...} methods.
 *
 * @param streams which vertex streams are posed; default {@link Streams#POSITIONS}
 * @param morphWeights which morph weights deform the parts before skinning; default
 *     {@link MorphWeights#CLIP}
 * @param sampling time mode, rotation blend and missing-bone policy of the clip; default
 *     {@link SampleOptions#DEFAULTS} (play-once clamped, slerp, channels of missing bones ignored)
 * @param skinning skinning method, normal transform, renormalization, kernel and threads; default
 *     {@link SkinningOptions#DEFAULTS}
 */
public record PoserOptions(Streams streams, MorphWeights morphWeights, SampleOptions sampling,
        SkinningOptions skinning) {
    /** Positions only, the clip's morph weights, default sampling and skinning. */
    public static final PoserOptions DEFAULTS = new PoserOptions(Streams.POSITIONS, MorphWeights.CLIP,
            SampleOptions.DEFAULTS, SkinningOptions.DEFAULTS);
    /**
     * {@link #DEFAULTS} with normals skinned by the cofactor of the blended matrix
     * ({@link NormalTransform#COFACTOR}, the inverse transpose up to a positive factor): what
     * offline bakes pose with, whose normals must stay perpendicular to the surface when a bone
     * scales unevenly, where the cheaper upper 3x3 tilts them.
     */
    public static final PoserOptions BAKE = DEFAULTS.withSkinning(
            SkinningOptions.DEFAULTS.withNormalTransform(NormalTransform.COFACTOR));

    /** Which vertex streams {@link CharacterPoser#poseInto} writes. */
    public enum Streams {
        /** Positions only. */
        POSITIONS,
        /** Positions and normals; every posed part must have normals. */
        POSITIONS_NORMALS,
        /** Positions, normals and tangents; every posed part must have both. */
        POSITIONS_NORMALS_TANGENTS;

        /** @return whether normals are posed */
        public boolean normals() {
            return this != POSITIONS;
        }

        /** @return whether tangents are posed */
        public boolean tangents() {
            return this == POSITIONS_NORMALS_TANGENTS;
        }
    }

    /** Which morph target weights deform a part's mesh before it is skinned or placed. */
    public enum MorphWeights {
        /**
         * The weights of the clip's morph-weight channel whose target is the part's name, at the
         * posed time; the mesh's default weights when the clip has none (or without a clip).
         */
        CLIP,
        /** The mesh's default morph weights, always. */
        MESH,
        /** Morph targets are not applied. */
        NONE
    }

    /**
     * @param streams posed streams
     * @param morphWeights morph weight source
     * @param sampling clip sampling options
     * @param skinning skinning options
     * @throws NullPointerException when an argument is null
     */
    public PoserOptions {
        Objects.requireNonNull(streams, "streams");
        Objects.requireNonNull(morphWeights, "morphWeights");
        Objects.requireNonNull(sampling, "sampling");
        Objects.requireNonNull(skinning, "skinning");
    }

    /**
     * @param value the posed streams
     * @return these options with {@code streams} replaced
     */
    public PoserOptions withStreams(Streams value) {
        return new PoserOptions(value, morphWeights, sampling, skinning);
    }

    /**
     * @param value the morph weight source
     * @return these options with {@code morphWeights} replaced
     */
    public PoserOptions withMorphWeights(MorphWeights value) {
        return new PoserOptions(streams, value, sampling, skinning);
    }

    /**
     * @param value the sampling options
     * @return these options with {@code sampling} replaced
     */
    public PoserOptions withSampling(SampleOptions value) {
        return new PoserOptions(streams, morphWeights, value, skinning);
    }

    /**
     * @param value the skinning options
     * @return these options with {@code skinning} replaced
     */
    public PoserOptions withSkinning(SkinningOptions value) {
        return new PoserOptions(streams, morphWeights, sampling, value);
    }
}
