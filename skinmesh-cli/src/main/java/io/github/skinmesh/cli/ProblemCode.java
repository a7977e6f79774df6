package io.github.skinmesh.cli;

import io.github.skinmesh.core.validate.Check;

/**
 * The stable codes of the problems {@code skinmesh inspect} reports, as toolchains match them (like
 * glTF-Validator's codes). Part of the inspect output format: a released code is never renamed or
 * given another meaning; new codes may be added. Each code's severity, pointer and meaning are
 * listed in the project's inspect format document, which a test keeps in step with this enum.
 *
 * <p>The {@code SKIN_}, {@code MESH_}, {@code MATERIAL_} and {@code MORPH_TARGET_} codes are core's
 * mesh validation ({@link Check}) of one glTF primitive, pointed at {@code /meshes/m/primitives/p};
 * the others are checks of the file itself.
 */
enum ProblemCode {
    /** ERROR: the skin's palette has more joints than the validation limit. ({@link Check#PALETTE_SIZE}) */
    SKIN_PALETTE_TOO_LARGE,
    /** ERROR: a joint's bone is not in the skeleton. ({@link Check#PALETTE_BONE_MISSING}) */
    SKIN_JOINT_NOT_IN_SKELETON,
    /** ERROR: an inverse bind matrix's last row is not (0, 0, 0, 1). ({@link Check#INVERSE_BIND_NOT_AFFINE}) */
    SKIN_INVERSE_BIND_NOT_AFFINE,
    /** ERROR: an inverse bind matrix is (nearly) singular. ({@link Check#INVERSE_BIND_SINGULAR}) */
    SKIN_INVERSE_BIND_SINGULAR,
    /**
     * WARNING: no vertex of the node's mesh (of any of its primitives, which share the node's skin)
     * has weight on the joint; reported on the mesh's first primitive. ({@link Check#UNUSED_PALETTE_ENTRY})
     */
    SKIN_JOINT_UNUSED,
    /** ERROR: a skinned vertex whose weights are all zero. ({@link Check#ZERO_WEIGHTS}) */
    SKIN_WEIGHTS_ZERO,
    /** WARNING (ERROR when strict): a vertex's weights do not sum to 1. ({@link Check#WEIGHT_SUM}) */
    SKIN_WEIGHTS_NOT_NORMALIZED,
    /** ERROR: a vertex has more non-zero weights than the limit. ({@link Check#INFLUENCE_LIMIT}) */
    SKIN_INFLUENCES_EXCEED_LIMIT,
    /** WARNING (ERROR when strict): a triangle uses one vertex twice. ({@link Check#DEGENERATE_TRIANGLE}) */
    MESH_TRIANGLE_DEGENERATE,
    /** WARNING: a triangle of three distinct vertices has no area. ({@link Check#ZERO_AREA_TRIANGLE}) */
    MESH_TRIANGLE_ZERO_AREA,
    /** WARNING: no triangle of the primitive uses the vertex. ({@link Check#UNREFERENCED_VERTEX}) */
    MESH_VERTEX_UNUSED,
    /** WARNING: a normal is not of unit length. ({@link Check#NORMAL_LENGTH}) */
    MESH_NORMAL_NOT_UNIT,
    /** WARNING: a tangent's xyz is not of unit length. ({@link Check#TANGENT_LENGTH}) */
    MESH_TANGENT_NOT_UNIT,
    /** WARNING: a tangent's w is not +1 or -1. ({@link Check#TANGENT_HANDEDNESS}) */
    MESH_TANGENT_HANDEDNESS_INVALID,
    /** WARNING: the primitive has no triangles. ({@link Check#EMPTY_SUBMESH}) */
    MESH_PRIMITIVE_EMPTY,
    /** ERROR: a draw binds more bones than the limit. ({@link Check#DRAW_PALETTE_SIZE}) */
    MESH_DRAW_PALETTE_TOO_LARGE,
    /** WARNING: a draw binds a joint none of its vertices weights. ({@link Check#UNUSED_DRAW_ENTRY}) */
    MESH_DRAW_JOINT_UNUSED,
    /**
     * WARNING: a material no triangle uses ({@link Check#UNUSED_MATERIAL}); a glTF primitive has its
     * one material, so inspect does not report it.
     */
    MATERIAL_UNUSED,
    /** ERROR: a texture samples a TEXCOORD set the primitive lacks. ({@link Check#MISSING_TEXCOORD}) */
    MATERIAL_TEXCOORD_MISSING,
    /** WARNING: a morph target without deltas. ({@link Check#EMPTY_MORPH_TARGET}) */
    MORPH_TARGET_EMPTY,
    /** WARNING: a morph target has deltas for a stream the primitive lacks. ({@link Check#MORPH_STREAM_MISSING}) */
    MORPH_TARGET_STREAM_MISSING,
    /** WARNING: a morph target's name repeats an earlier one's. ({@link Check#DUPLICATE_MORPH_NAME}) */
    MORPH_TARGET_NAME_DUPLICATE,
    /**
     * WARNING, ERROR when it leaves a skinned mesh node without a model space: at rest, the node's world
     * matrix has determinant 0 in float (a zero scale on the node, or a matrix that collapses an axis),
     * while its parent's has not. Pointer {@code /nodes/n}.
     */
    NODE_TRANSFORM_SINGULAR,
    /**
     * ERROR: at rest, the node's world matrix overflows float while its parent's does not; or, for a
     * skinned mesh node, its determinant overflows float (its model space cannot be computed); or
     * placing or skinning the node's mesh overflows float. Pointer {@code /nodes/n}.
     */
    NODE_TRANSFORM_OVERFLOW,
    /**
     * ERROR: at a key time of the animation, a bone's model matrix, or a part skinned by it,
     * overflows float: keys too large for the hierarchy they move. Pointer {@code /animations/a}.
     */
    ANIMATION_KEYS_OVERFLOW,
    /** ERROR: an external image file does not exist. Pointer {@code /images/i}. */
    IMAGE_MISSING,
    /**
     * ERROR: an external image file could not be read (an I/O error, a path that leaves the file's
     * folder, a URI with a scheme, not a regular file). Pointer {@code /images/i}.
     */
    IMAGE_UNREADABLE,
    /**
     * ERROR: the bytes carry a PNG or JPEG signature but no readable header (truncated or corrupt), so
     * the size and pixel format are unknown. Pointer {@code /images/i}.
     */
    IMAGE_DATA_INVALID,
    /**
     * WARNING: the bytes are none of PNG, JPEG, WebP or KTX2 (by their signature). Pointer
     * {@code /images/i}.
     */
    IMAGE_FORMAT_UNRECOGNIZED,
    /** WARNING: the declared mimeType differs from the type the bytes' signature shows. Pointer {@code /images/i}. */
    IMAGE_MIME_TYPE_MISMATCH;

    /**
     * @param check a check of core's mesh validation
     * @return its code
     */
    static ProblemCode of(Check check) {
        return switch (check) {
            case PALETTE_SIZE -> SKIN_PALETTE_TOO_LARGE;
            case PALETTE_BONE_MISSING -> SKIN_JOINT_NOT_IN_SKELETON;
            case INVERSE_BIND_NOT_AFFINE -> SKIN_INVERSE_BIND_NOT_AFFINE;
            case INVERSE_BIND_SINGULAR -> SKIN_INVERSE_BIND_SINGULAR;
            case UNUSED_PALETTE_ENTRY -> SKIN_JOINT_UNUSED;
            case ZERO_WEIGHTS -> SKIN_WEIGHTS_ZERO;
            case WEIGHT_SUM -> SKIN_WEIGHTS_NOT_NORMALIZED;
            case INFLUENCE_LIMIT -> SKIN_INFLUENCES_EXCEED_LIMIT;
            case DEGENERATE_TRIANGLE -> MESH_TRIANGLE_DEGENERATE;
            case ZERO_AREA_TRIANGLE -> MESH_TRIANGLE_ZERO_AREA;
            case UNREFERENCED_VERTEX -> MESH_VERTEX_UNUSED;
            case NORMAL_LENGTH -> MESH_NORMAL_NOT_UNIT;
            case TANGENT_LENGTH -> MESH_TANGENT_NOT_UNIT;
            case TANGENT_HANDEDNESS -> MESH_TANGENT_HANDEDNESS_INVALID;
            case EMPTY_SUBMESH -> MESH_PRIMITIVE_EMPTY;
            case DRAW_PALETTE_SIZE -> MESH_DRAW_PALETTE_TOO_LARGE;
            case UNUSED_DRAW_ENTRY -> MESH_DRAW_JOINT_UNUSED;
            case UNUSED_MATERIAL -> MATERIAL_UNUSED;
            case MISSING_TEXCOORD -> MATERIAL_TEXCOORD_MISSING;
            case EMPTY_MORPH_TARGET -> MORPH_TARGET_EMPTY;
            case MORPH_STREAM_MISSING -> MORPH_TARGET_STREAM_MISSING;
            case DUPLICATE_MORPH_NAME -> MORPH_TARGET_NAME_DUPLICATE;
        };
    }
}
