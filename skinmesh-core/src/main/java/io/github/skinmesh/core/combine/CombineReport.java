package io.github.skinmesh.core.combine;

import java.util.List;
import java.util.Objects;

/**
 * What {@link Combine#combine} did: counts before (the inputs drawn separately) and after (the one
 * combined mesh), the bones left out, moved and reconciled, the warnings and where every vertex
 * and index came from.
 *
 * <p>Immutable; equal reports compare equal field by field.
 *
 * @param partsBefore the number of input parts
 * @param partsAfter the number of parts of the result (1)
 * @param verticesBefore the vertices of all input parts
 * @param verticesAfter the vertices of the result ({@code verticesBefore} minus the welded ones)
 * @param trianglesBefore the triangles of all input parts
 * @param trianglesAfter the triangles of the result (fewer when parts had triangles in no submesh)
 * @param bonesBefore the bone matrices the parts bind when drawn separately: the sum of their
 *     palette sizes (1 for a rigid part)
 * @param bonesAfter the result's palette size
 * @param drawCallsBefore the draw calls of the parts drawn separately: one per submesh, or one per
 *     draw of a submesh split into draws
 * @param drawCallsAfter the result's submeshes, one draw call each
 * @param indexWidth the index width the result needs
 * @param droppedBones the bones of input palettes that the result's palette does not hold (they
 *     carry no weight, or their influence moved), each once, in order of first appearance,
 *     read-only
 * @param moves the influences moved to ancestors, read-only
 * @param corrections the bind matrix reconciliations, in input order then bone order, read-only
 * @param deviationPoses the number of poses at which {@link BindCorrection#measuredDeviation()}
 *     was measured (0 when nothing needed measuring)
 * @param weldedVertices the vertices welded into another part's vertex
 * @param warnings human-readable notes naming the part and the element (filled streams, renamed
 *     or merged morph targets, dropped draws and clip channels, rest poses that differ), read-only
 * @param provenance where each output vertex and index came from
 */
public record CombineReport(int partsBefore, int partsAfter, int verticesBefore, int verticesAfter,
        long trianglesBefore, int trianglesAfter, int bonesBefore, int bonesAfter, int drawCallsBefore,
        int drawCallsAfter, IndexWidth indexWidth, List<String> droppedBones, List<BoneMove> moves,
        List<BindCorrection> corrections, int deviationPoses, int weldedVertices, List<String> warnings,
        Provenance provenance) {
    /**
     * Copies the lists.
     *
     * @param partsBefore input parts
     * @param partsAfter result parts
     * @param verticesBefore input vertices
     * @param verticesAfter result vertices
     * @param trianglesBefore input triangles
     * @param trianglesAfter result triangles
     * @param bonesBefore bones bound by the parts
     * @param bonesAfter result palette size
     * @param drawCallsBefore draw calls of the parts
     * @param drawCallsAfter draw calls of the result
     * @param indexWidth index width
     * @param droppedBones dropped bones
     * @param moves moved influences
     * @param corrections bind corrections
     * @param deviationPoses poses measured
     * @param weldedVertices welded vertices
     * @param warnings warnings
     * @param provenance provenance
     */
    public CombineReport {
        Objects.requireNonNull(indexWidth, "indexWidth");
        droppedBones = List.copyOf(droppedBones);
        moves = List.copyOf(moves);
        corrections = List.copyOf(corrections);
        warnings = List.copyOf(warnings);
        Objects.requireNonNull(provenance, "provenance");
    }
}
