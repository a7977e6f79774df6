package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Options of {@link AnimatedBounds}.
 *
 * @param samplesPerSecond sampling rate in samples per second of clip time, finite and
 *     {@code > 0}; default 30. The clip's start and end are always sampled.
 * @param method how the box is computed; default {@link Method#EXACT}
 * @param morphWeights which morph weights deform the positions before skinning; default
 *     {@link MorphWeights#CLIP}
 * @param morphChannel the {@linkplain io.github.skinmesh.core.model.MorphChannel#target() target}
 *     of the clip's morph-weight channel that animates the mesh, used with
 *     {@link MorphWeights#CLIP}; empty (the default) means the mesh's own name
 * @param rotationBlend how LINEAR rotation channels are blended; default
 *     {@link SampleOptions.RotationBlend#SLERP}
 * @param missingBones what to do with clip channels of bones the skeleton lacks; default
 *     {@link SampleOptions.MissingBones#IGNORE}
 */
public record AnimatedBoundsOptions(float samplesPerSecond, Method method, MorphWeights morphWeights,
        String morphChannel, SampleOptions.RotationBlend rotationBlend, SampleOptions.MissingBones missingBones) {
    /** 30 samples per second, exact method, the clip's morph weights, slerp, missing bones ignored. */
    public static final AnimatedBoundsOptions DEFAULTS = new AnimatedBoundsOptions(30, Method.EXACT, MorphWeights.CLIP,
            "", SampleOptions.RotationBlend.SLERP, SampleOptions.MissingBones.IGNORE);

    /** How the box over all samples is computed. */
    public enum Method {
        /**
         * Skins every vertex at every sample and takes the box of the results: the tightest box
         * for the sampled times. Costs {@code samples * vertices * influences} multiply-adds.
         */
        EXACT,
        /**
         * Per palette bone, the bind-space box of the vertices it influences with non-zero weight;
         * at each sample that box is transformed by the bone's skin matrix and the boxes are
         * united. A linear-blend-skinned position is a convex combination of the positions each of
         * its bones would give it, so it lies in this union: the result contains the
         * {@link #EXACT} box (it is padded by a few float ulps of the coordinates' magnitude to
         * absorb rounding). Costs {@code samples * paletteSize} box transforms after one pass over
         * the vertices; the box is looser, most for long bones with many vertices.
         */
        CONSERVATIVE
    }

    /** Which morph target weights deform the mesh's positions before skinning. */
    public enum MorphWeights {
        /**
         * The weights of the clip's morph-weight channel for this mesh (see
         * {@link AnimatedBoundsOptions#morphChannel()}) at each sample; the mesh's default weights
         * when the clip has no such channel (reported as a warning).
         */
        CLIP,
        /** The mesh's default morph weights, at every sample. */
        MESH,
        /** Morph targets are not applied: the positions as stored. */
        NONE
    }

    /**
     * @param samplesPerSecond sampling rate, finite and {@code > 0}
     * @param method how the box is computed
     * @param morphWeights which morph weights apply
     * @param morphChannel target name of the clip's morph channel, empty for the mesh's name
     * @param rotationBlend how LINEAR rotation channels blend
     * @param missingBones what to do with channels of bones the skeleton lacks
     * @throws ValidationException when {@code samplesPerSecond} is not finite or not positive
     * @throws NullPointerException when an object argument is null
     */
    public AnimatedBoundsOptions {
        if (!(samplesPerSecond > 0 && samplesPerSecond < Float.POSITIVE_INFINITY)) {
            throw new ValidationException("AnimatedBoundsOptions: samplesPerSecond=" + samplesPerSecond
                    + ", expected a finite rate > 0");
        }
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(morphWeights, "morphWeights");
        Objects.requireNonNull(morphChannel, "morphChannel");
        Objects.requireNonNull(rotationBlend, "rotationBlend");
        Objects.requireNonNull(missingBones, "missingBones");
    }

    /**
     * @param rate samples per second, finite and {@code > 0}
     * @return these options with {@code samplesPerSecond} replaced
     * @throws ValidationException when {@code rate} is not finite or not positive
     */
    public AnimatedBoundsOptions withSamplesPerSecond(float rate) {
        return new AnimatedBoundsOptions(rate, method, morphWeights, morphChannel, rotationBlend, missingBones);
    }

    /**
     * @param value the method
     * @return these options with {@code method} replaced
     */
    public AnimatedBoundsOptions withMethod(Method value) {
        return new AnimatedBoundsOptions(samplesPerSecond, value, morphWeights, morphChannel, rotationBlend,
                missingBones);
    }

    /**
     * @param value the morph weight source
     * @return these options with {@code morphWeights} replaced
     */
    public AnimatedBoundsOptions withMorphWeights(MorphWeights value) {
        return new AnimatedBoundsOptions(samplesPerSecond, method, value, morphChannel, rotationBlend, missingBones);
    }

    /**
     * @param target the clip's morph channel target, empty for the mesh's name
     * @return these options with {@code morphChannel} replaced
     */
    public AnimatedBoundsOptions withMorphChannel(String target) {
        return new AnimatedBoundsOptions(samplesPerSecond, method, morphWeights, target, rotationBlend, missingBones);
    }

    /**
     * @param value the rotation blend
     * @return these options with {@code rotationBlend} replaced
     */
    public AnimatedBoundsOptions withRotationBlend(SampleOptions.RotationBlend value) {
        return new AnimatedBoundsOptions(samplesPerSecond, method, morphWeights, morphChannel, value, missingBones);
    }

    /**
     * @param value the missing-bone policy
     * @return these options with {@code missingBones} replaced
     */
    public AnimatedBoundsOptions withMissingBones(SampleOptions.MissingBones value) {
        return new AnimatedBoundsOptions(samplesPerSecond, method, morphWeights, morphChannel, rotationBlend, value);
    }
}
