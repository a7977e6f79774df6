package io.github.skinmesh.core.validate;

/**
 * The checks {@link MeshValidator} runs, in the order their problems are reported. Each names the
 * element its problems refer to.
 */
public enum Check {
    /** ERROR, element {@code "skin"}: the palette has more bones than {@link ValidateOptions#maxPaletteSize()}. */
    PALETTE_SIZE("skins whose palette exceeds the limit"),
    /** ERROR, element {@code "palette entry i"}: the entry's bone is not in the skeleton. */
    PALETTE_BONE_MISSING("palette entries whose bone is not in the skeleton"),
    /** ERROR, element {@code "palette entry i"}: the inverse bind matrix's last row is not {@code (0, 0, 0, 1)}. */
    INVERSE_BIND_NOT_AFFINE("palette entries whose inverse bind matrix is not affine"),
    /** ERROR, element {@code "palette entry i"}: the inverse bind matrix is (nearly) singular. */
    INVERSE_BIND_SINGULAR("palette entries whose inverse bind matrix is not invertible"),
    /** WARNING, element {@code "palette entry i"}: no vertex has a non-zero weight on the entry. */
    UNUSED_PALETTE_ENTRY("palette entries no vertex uses"),
    /** ERROR, element {@code "vertex v"}: a skinned vertex whose weights are all zero. */
    ZERO_WEIGHTS("vertices whose weights are all zero"),
    /**
     * ERROR under {@link Strictness#STRICT}, WARNING otherwise, element {@code "vertex v"}: the
     * weights do not sum to 1 within {@link ValidateOptions#weightSumTolerance()}.
     */
    WEIGHT_SUM("vertices whose weights do not sum to 1"),
    /** ERROR, element {@code "vertex v"}: more non-zero weights than {@link ValidateOptions#maxInfluences()}. */
    INFLUENCE_LIMIT("vertices with more influences than the limit"),
    /**
     * ERROR under {@link Strictness#STRICT}, WARNING otherwise, element {@code "triangle t"}: the
     * triangle uses one vertex twice.
     */
    DEGENERATE_TRIANGLE("triangles that repeat a vertex"),
    /** WARNING, element {@code "triangle t"}: three distinct vertices but area at most {@link ValidateOptions#minTriangleArea()}. */
    ZERO_AREA_TRIANGLE("triangles without area"),
    /** WARNING, element {@code "vertex v"}: no triangle uses the vertex. */
    UNREFERENCED_VERTEX("vertices no triangle uses"),
    /** WARNING, element {@code "vertex v"}: the normal's length differs from 1 by more than {@link ValidateOptions#unitTolerance()}. */
    NORMAL_LENGTH("vertices whose normal is not of unit length"),
    /** WARNING, element {@code "vertex v"}: the tangent's xyz length differs from 1 by more than the unit tolerance. */
    TANGENT_LENGTH("vertices whose tangent is not of unit length"),
    /** WARNING, element {@code "vertex v"}: the tangent's w (handedness) is not +1 or -1 within the unit tolerance. */
    TANGENT_HANDEDNESS("vertices whose tangent w is not +1 or -1"),
    /** WARNING, element {@code "submesh s"}: the submesh has no triangles. */
    EMPTY_SUBMESH("submeshes without triangles"),
    /**
     * ERROR, element {@code "submesh s draw d"}, or {@code "submesh s"} for a submesh of a skinned
     * mesh without draws (drawn with the whole palette): the draw binds more palette entries than
     * {@link ValidateOptions#maxBonesPerDraw()}.
     */
    DRAW_PALETTE_SIZE("draws that bind more bones than the limit"),
    /**
     * WARNING, element {@code "submesh s draw d"}: the draw binds a palette entry no vertex of its
     * triangles weights.
     */
    UNUSED_DRAW_ENTRY("draw palette entries no vertex of the draw weights"),
    /** WARNING, element {@code "material 'name'"}: no submesh uses the material. */
    UNUSED_MATERIAL("materials no submesh uses"),
    /** ERROR, element {@code "material 'name'"}: a texture samples a UV channel the mesh does not have. */
    MISSING_TEXCOORD("material textures whose UV channel the mesh lacks"),
    /** WARNING, element {@code "morph target 'name'"}: the target has no delta stream. */
    EMPTY_MORPH_TARGET("morph targets without deltas"),
    /** WARNING, element {@code "morph target 'name'"}: normal or tangent deltas for a stream the mesh lacks. */
    MORPH_STREAM_MISSING("morph targets with deltas for a stream the mesh lacks"),
    /** WARNING, element {@code "morph target 'name'"}: the name repeats an earlier target's (clips address targets by name). */
    DUPLICATE_MORPH_NAME("morph targets whose name repeats an earlier one");

    private final String description;

    Check(String description) {
        this.description = description;
    }

    /** @return a plural noun phrase for summaries, e.g. {@code "vertices whose weights do not sum to 1"} */
    public String description() {
        return description;
    }
}
