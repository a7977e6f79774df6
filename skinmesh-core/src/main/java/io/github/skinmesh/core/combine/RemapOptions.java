package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.Checks;
import java.util.Objects;

/**
 * How a skinned mesh is re-expressed on another skeleton: by {@link Combine#remapBones} alone,
 * and for every part by {@link Combine#combine}.
 *
 * @param unknownBones what happens to the influence of a bone the target skeleton lacks; default
 *     {@link UnknownBones#REJECT}
 * @param inverseBinds whether inverse bind matrices are kept or recomputed from the target's rest
 *     pose; default {@link InverseBinds#KEEP}
 * @param bindTolerance how far two inverse bind matrices of one bone may differ and still be taken
 *     as the same (no vertex is re-expressed): element by element,
 *     {@code |a - b| <= tolerance * max(1, |a|, |b|)}. Finite, 0..1; default 1e-5
 * @param units whether a mesh whose skeleton is in another unit than the target's (on a bone it
 *     binds) keeps its size; default {@link Units#CONVERT}
 */
public record RemapOptions(UnknownBones unknownBones, InverseBinds inverseBinds, float bindTolerance, Units units) {
    /** Unknown bones rejected, inverse bind matrices kept, matrices equal within 1e-5, units converted. */
    public static final RemapOptions DEFAULTS = new RemapOptions(UnknownBones.REJECT, InverseBinds.KEEP, 1e-5f,
            Units.CONVERT);

    /** What happens to the influence of a palette bone that the target skeleton lacks. */
    public enum UnknownBones {
        /** A weighted bone the target lacks is an error naming the mesh (or part) and the bone. */
        REJECT,
        /**
         * The influence moves to the bone's nearest ancestor (in the mesh's own skeleton) that the
         * target has, with an inverse bind matrix derived from the moved bone's so that the vertex
         * does not move at the bind pose: {@code inverseBind(ancestor) = L(c1) * ... * L(bone) *
         * inverseBind(bone)}, the {@code L} being the rest local matrices of the mesh's skeleton
         * on the path below the ancestor down to the bone. Every move is reported; a bone without
         * such an ancestor is still an error.
         */
        MOVE_TO_ANCESTOR
    }

    /** Where the inverse bind matrices of the result come from. */
    public enum InverseBinds {
        /**
         * Kept: each bone keeps the matrix the mesh gives it (or, for a moved influence, the one
         * derived for its ancestor; in either case converted to the target's unit, see
         * {@link Units}). Where two matrices meet on one bone (two parts, or a moved
         * influence and the ancestor's own entry), the later vertices are re-expressed in the
         * first one's bind space, see {@link BindCorrection}; a bone that a part bound in another
         * bind space as a whole brings keeps the part's matrix re-based into that part's shared
         * correction.
         */
        KEEP,
        /**
         * Recomputed: every bone's matrix becomes the inverse of its rest model matrix in the
         * target skeleton, and the vertices of skinned meshes are not changed, which means they
         * are taken to be modeled in the target's rest pose (an outfit fitted to the body's rest
         * shape but bound to a skeleton of other proportions). Rigid parts, whose vertices are in
         * their bone's space, are re-expressed so that they stay on their bone.
         */
        FROM_TARGET_REST
    }

    /**
     * What a mesh bound to a skeleton in another unit becomes on the target's (or the combined)
     * skeleton. A bone is in another unit when its rest model matrix in the mesh's own skeleton is
     * the target's times a uniform scale {@code s} and a rotation (as for one rig exported in
     * centimetres below an armature scaled by 0.01 and in metres); {@code s} is the ratio.
     */
    public enum Units {
        /**
         * Converted: the mesh's inverse bind matrices on such a bone are multiplied by {@code S(s)}
         * (its vertices' bone-space coordinates converted to the target's unit), so that it keeps
         * the size its own skeleton gives it, and a bone that a combined part brings into the
         * union under such a parent has its rest translation multiplied by the parent's
         * {@code s}. The rotation and translation between the two rest frames (another rest pose,
         * other proportions) are followed as before. A warning per mesh names the bones and the
         * ratio. A combination's clips from a clip source in another unit have their translation
         * keys multiplied by the parent's {@code s} and their scale keys by the parent's over the
         * bone's, so that they move the result's bones as they moved the source's (rotations need
         * nothing), with a warning too.
         */
        CONVERT,
        /**
         * Posed as bound: the mesh's matrices are used as they are, so it takes the target bones'
         * scale too (a hat bound to a giant's head shrinks to fit the kept head; a part in
         * centimetres on a skeleton in metres comes out 100 times its size); clips are kept as
         * they are.
         */
        FOLLOW_BONES
    }

    /**
     * @param unknownBones the unknown-bone policy
     * @param inverseBinds the inverse bind matrix policy
     * @param bindTolerance the tolerance, 0..1
     * @param units the unit policy
     * @throws io.github.skinmesh.core.ValidationException when the tolerance is out of range
     * @throws NullPointerException when a policy is null
     */
    public RemapOptions {
        Objects.requireNonNull(unknownBones, "unknownBones");
        Objects.requireNonNull(inverseBinds, "inverseBinds");
        Objects.requireNonNull(units, "units");
        Checks.requireRange("RemapOptions", "bindTolerance", bindTolerance, 0f, 1f);
    }

    /**
     * Options with units converted ({@link Units#CONVERT}, the default).
     *
     * @param unknownBones the unknown-bone policy
     * @param inverseBinds the inverse bind matrix policy
     * @param bindTolerance the tolerance, 0..1
     */
    public RemapOptions(UnknownBones unknownBones, InverseBinds inverseBinds, float bindTolerance) {
        this(unknownBones, inverseBinds, bindTolerance, Units.CONVERT);
    }

    /**
     * @param value the unknown-bone policy
     * @return a copy with that policy
     */
    public RemapOptions withUnknownBones(UnknownBones value) {
        return new RemapOptions(value, inverseBinds, bindTolerance, units);
    }

    /**
     * @param value the inverse bind matrix policy
     * @return a copy with that policy
     */
    public RemapOptions withInverseBinds(InverseBinds value) {
        return new RemapOptions(unknownBones, value, bindTolerance, units);
    }

    /**
     * @param value the tolerance, 0..1
     * @return a copy with that tolerance
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public RemapOptions withBindTolerance(float value) {
        return new RemapOptions(unknownBones, inverseBinds, value, units);
    }

    /**
     * @param value the unit policy
     * @return a copy with that policy
     */
    public RemapOptions withUnits(Units value) {
        return new RemapOptions(unknownBones, inverseBinds, bindTolerance, value);
    }
}
