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
 *     {@link PoserOptions.MorphWeights#CLIP} (the clip's channel whose target is the part's name)
 * @param rotationBlend how LINEAR rotation channels are blended; default
 *     {@link SampleOptions.RotationBlend#SLERP}
 * @param missingBones what to do with clip channels of bones the skeleton lacks; default
 *     {@link SampleOptions.MissingBones#IGNORE}
 */
public record AnimatedBoundsOptions(float samplesPerSecond, Method method, PoserOptions.MorphWeights morphWeights,
        SampleOptions.RotationBlend rotationBlend, SampleOptions.MissingBones missingBones) {
    /** 30 samples per second, exact method, the clip's morph weights, slerp, missing bones ignored. */
    public static final AnimatedBoundsOptions DEFAULTS = new AnimatedBoundsOptions(30, Method.EXACT,
            PoserOptions.MorphWeights.CLIP, SampleOptions.RotationBlend.SLERP, SampleOptions.MissingBones.IGNORE);

    /** How the box over all samples is computed. */
    public enum Method {
        /**
         * Poses every vertex at every sample and takes the box of the results: the tightest box
         * for the sampled times. Costs {@code samples * vertices * influences} multiply-adds.
         */
        EXACT,
        /**
         * Per palette bone, the bind-space box of the vertices it influences with non-zero weight
         * (over the range of morph weights the samples take); at each sample that box is
         * transformed by the bone's skin matrix and the boxes are united. A linear-blend-skinned
         * position is a convex combination of the positions each of its bones would give it, so it
         * lies in this union: the result contains the {@link #EXACT} box (it is padded by a few
         * float ulps of the coordinates' magnitude to absorb rounding). Costs
         * {@code samples * paletteSize} box transforms after one pass over the vertices; the box
         * is looser, most for long bones with many vertices.
         */
        CONSERVATIVE
    }

    /**
     * @param samplesPerSecond sampling rate, finite and {@code > 0}
     * @param method how the box is computed
     * @param morphWeights which morph weights apply
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
        Objects.requireNonNull(rotationBlend, "rotationBlend");
        Objects.requireNonNull(missingBones, "missingBones");
    }

    /**
     * @param rate samples per second, finite and {@code > 0}
     * @return these options with {@code samplesPerSecond} replaced
     * @throws ValidationException when {@code rate} is not finite or not positive
     */
    public AnimatedBoundsOptions withSamplesPerSecond(float rate) {
        return new AnimatedBoundsOptions(rate, method, morphWeights, rotationBlend, missingBones);
    }

    /**
     * @param value the method
     * @return these options with {@code method} replaced
     */
    public AnimatedBoundsOptions withMethod(Method value) {
        return new AnimatedBoundsOptions(samplesPerSecond, value, morphWeights, rotationBlend, missingBones);
    }

    /**
     * @param value the morph weight source
     * @return these options with {@code morphWeights} replaced
     */
    public AnimatedBoundsOptions withMorphWeights(PoserOptions.MorphWeights value) {
        return new AnimatedBoundsOptions(samplesPerSecond, method, value, rotationBlend, missingBones);
    }

    /**
     * @param value the rotation blend
     * @return these options with {@code rotationBlend} replaced
     */
    public AnimatedBoundsOptions withRotationBlend(SampleOptions.RotationBlend value) {
        return new AnimatedBoundsOptions(samplesPerSecond, method, morphWeights, value, missingBones);
    }

    /**
     * @param value the missing-bone policy
     * @return these options with {@code missingBones} replaced
     */
    public AnimatedBoundsOptions withMissingBones(SampleOptions.MissingBones value) {
        return new AnimatedBoundsOptions(samplesPerSecond, method, morphWeights, rotationBlend, value);
    }

    /** @return the poser options these stand for: positions only, default skinning */
    PoserOptions poserOptions() {
        return PoserOptions.DEFAULTS.withMorphWeights(morphWeights).withSampling(SampleOptions.DEFAULTS
                .withRotationBlend(rotationBlend).withMissingBones(missingBones));
    }
}
