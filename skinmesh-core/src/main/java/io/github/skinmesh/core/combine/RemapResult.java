package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.model.Mesh;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@link Combine#remapBones}: the mesh on the target skeleton and what happened to
 * its bones.
 *
 * @param mesh the remapped mesh: its palette holds the target bones its influences use, in the
 *     target skeleton's order
 * @param moves influences moved to ancestors (part index 0 is the mesh), read-only
 * @param corrections bind reconciliations where a moved influence met another matrix for the same
 *     bone, read-only
 * @param droppedBones palette bones that carry no weight and that the target lacks (dropped rather
 *     than rejected or moved), read-only
 * @param warnings human-readable notes, read-only
 */
public record RemapResult(Mesh mesh, List<BoneMove> moves, List<BindCorrection> corrections,
        List<String> droppedBones, List<String> warnings) {
    /**
     * Copies the lists.
     *
     * @param mesh the mesh
     * @param moves moves
     * @param corrections corrections
     * @param droppedBones dropped bones
     * @param warnings warnings
     */
    public RemapResult {
        Objects.requireNonNull(mesh, "mesh");
        moves = List.copyOf(moves);
        corrections = List.copyOf(corrections);
        droppedBones = List.copyOf(droppedBones);
        warnings = List.copyOf(warnings);
    }
}
