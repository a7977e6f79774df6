package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;

/**
 * Options of {@link MeshValidator#validate(io.github.skinmesh.core.model.Mesh,
 * io.github.skinmesh.core.model.Skeleton, ValidateOptions)}.
 *
 * @param strictness whether weight sums off by more than the tolerance and triangles repeating a
 *     vertex are errors ({@link Strictness#STRICT}) or warnings; default {@link Strictness#LENIENT}
 * @param weightSumTolerance largest accepted {@code |sum - 1|} of a vertex's weights (sum taken in
 *     double precision), finite, 0..1; default {@link BoneWeights#SUM_TOLERANCE} (1e-5)
 * @param maxInfluences most non-zero weights a vertex may have, 0..{@value BoneWeights#MAX_INFLUENCES},
 *     0 for no limit; default 0
 * @param maxPaletteSize most palette entries a skin may have, 0..{@value Skin#MAX_PALETTE_SIZE},
 *     0 for no limit; default 0
 * @param maxBonesPerDraw most palette entries one draw call may bind, 0..{@value Skin#MAX_PALETTE_SIZE},
 *     0 for no limit (for example 24, LayaAir's bones per draw call): each
 *     {@link io.github.skinmesh.core.model.Draw} of a submesh, or the whole palette for a
 *     submesh of a skinned mesh without draws; default 0
 * @param unitTolerance largest accepted difference from 1 of a normal's length, a tangent's xyz
 *     length and a tangent's {@code |w|}, finite, 0..1; default 1e-3
 * @param minTriangleArea a triangle of three distinct vertices whose area (in the square of the
 *     positions' unit) is at most this is reported as zero-area; finite, {@code >= 0}; default 0
 *     (only exactly flat triangles)
 * @param maxProblemsPerCheck most problems listed per {@link Check}; the rest are counted and
 *     summarized in one extra problem; {@code >= 0}, 0 for no limit; default 100
 */
public record ValidateOptions(Strictness strictness, float weightSumTolerance, int maxInfluences, int maxPaletteSize,
        int maxBonesPerDraw, float unitTolerance, float minTriangleArea, int maxProblemsPerCheck) {
    /**
     * Lenient, weight sums within 1e-5, no influence, palette or per-draw limit, unit lengths
     * within 1e-3, 100 problems per check.
     */
    public static final ValidateOptions DEFAULTS = new ValidateOptions(Strictness.LENIENT, BoneWeights.SUM_TOLERANCE,
            0, 0, 0, 1e-3f, 0f, 100);

    /**
     * Validates the options.
     *
     * @param strictness the strictness
     * @param weightSumTolerance weight sum tolerance, 0..1
     * @param maxInfluences influence limit, 0..8, 0 for none
     * @param maxPaletteSize palette limit, 0..65536, 0 for none
     * @param maxBonesPerDraw per-draw palette limit, 0..65536, 0 for none
     * @param unitTolerance unit length tolerance, 0..1
     * @param minTriangleArea zero-area threshold, {@code >= 0}
     * @param maxProblemsPerCheck problems listed per check, {@code >= 0}, 0 for all
     * @throws io.github.skinmesh.core.ValidationException naming the first value out of range
     */
    public ValidateOptions {
        String where = "ValidateOptions";
        Objects.requireNonNull(strictness, "strictness");
        Checks.requireRange(where, "weightSumTolerance", weightSumTolerance, 0f, 1f);
        Checks.requireRange(where, "maxInfluences", maxInfluences, 0, BoneWeights.MAX_INFLUENCES);
        Checks.requireRange(where, "maxPaletteSize", maxPaletteSize, 0, Skin.MAX_PALETTE_SIZE);
        Checks.requireRange(where, "maxBonesPerDraw", maxBonesPerDraw, 0, Skin.MAX_PALETTE_SIZE);
        Checks.requireRange(where, "unitTolerance", unitTolerance, 0f, 1f);
        Checks.requireRange(where, "minTriangleArea", minTriangleArea, 0f, Float.MAX_VALUE);
        Checks.requireRange(where, "maxProblemsPerCheck", maxProblemsPerCheck, 0, Integer.MAX_VALUE);
    }

    /**
     * @param value the strictness
     * @return a copy with that strictness
     */
    public ValidateOptions withStrictness(Strictness value) {
        return new ValidateOptions(value, weightSumTolerance, maxInfluences, maxPaletteSize, maxBonesPerDraw,
                unitTolerance, minTriangleArea, maxProblemsPerCheck);
    }

    /**
     * @param value weight sum tolerance, 0..1
     * @return a copy with that tolerance
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public ValidateOptions withWeightSumTolerance(float value) {
        return new ValidateOptions(strictness, value, maxInfluences, maxPaletteSize, maxBonesPerDraw, unitTolerance,
                minTriangleArea, maxProblemsPerCheck);
    }

    /**
     * @param value influence limit, 0..8, 0 for none
     * @return a copy with that limit
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public ValidateOptions withMaxInfluences(int value) {
        return new ValidateOptions(strictness, weightSumTolerance, value, maxPaletteSize, maxBonesPerDraw,
                unitTolerance, minTriangleArea, maxProblemsPerCheck);
    }

    /**
     * @param value palette limit, 0..65536, 0 for none
     * @return a copy with that limit
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public ValidateOptions withMaxPaletteSize(int value) {
        return new ValidateOptions(strictness, weightSumTolerance, maxInfluences, value, maxBonesPerDraw, unitTolerance,
                minTriangleArea, maxProblemsPerCheck);
    }

    /**
     * @param value per-draw palette limit, 0..65536, 0 for none
     * @return a copy with that limit
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public ValidateOptions withMaxBonesPerDraw(int value) {
        return new ValidateOptions(strictness, weightSumTolerance, maxInfluences, maxPaletteSize, value, unitTolerance,
                minTriangleArea, maxProblemsPerCheck);
    }

    /**
     * @param value unit length tolerance, 0..1
     * @return a copy with that tolerance
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public ValidateOptions withUnitTolerance(float value) {
        return new ValidateOptions(strictness, weightSumTolerance, maxInfluences, maxPaletteSize, maxBonesPerDraw,
                value, minTriangleArea, maxProblemsPerCheck);
    }

    /**
     * @param value zero-area threshold in squared position units, {@code >= 0}
     * @return a copy with that threshold
     * @throws io.github.skinmesh.core.ValidationException when negative or not finite
     */
    public ValidateOptions withMinTriangleArea(float value) {
        return new ValidateOptions(strictness, weightSumTolerance, maxInfluences, maxPaletteSize, maxBonesPerDraw,
                unitTolerance, value, maxProblemsPerCheck);
    }

    /**
     * @param value problems listed per check, {@code >= 0}, 0 for all
     * @return a copy with that limit
     * @throws io.github.skinmesh.core.ValidationException when negative
     */
    public ValidateOptions withMaxProblemsPerCheck(int value) {
        return new ValidateOptions(strictness, weightSumTolerance, maxInfluences, maxPaletteSize, maxBonesPerDraw,
                unitTolerance, minTriangleArea, value);
    }
}
