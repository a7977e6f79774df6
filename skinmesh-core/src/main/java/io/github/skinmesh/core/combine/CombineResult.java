package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import java.util.Objects;

/**
 * The result of {@link Combine#combine} (and of {@link CombinePlan#combine()}): a character with
 * one skinned part, and the report.
 *
 * @param character the combined character: the output skeleton, one part whose mesh is the
 *     combined mesh (skinned, identity transform, no attach bone), and the kept clips
 * @param report counts before and after, bones, corrections, warnings and provenance
 */
public record CombineResult(Character character, CombineReport report) {
    /**
     * @param character the character
     * @param report the report
     */
    public CombineResult {
        Objects.requireNonNull(character, "character");
        Objects.requireNonNull(report, "report");
    }

    /** @return the combined mesh, the mesh of the character's one part */
    public Mesh mesh() {
        return character.parts().get(0).mesh();
    }
}
