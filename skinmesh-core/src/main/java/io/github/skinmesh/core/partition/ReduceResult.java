package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.model.Mesh;
import java.util.Objects;

/**
 * Result of {@link BoneReduction}: the mesh with bones folded and what was done.
 *
 * @param mesh the reduced mesh (the input mesh itself when nothing had to change)
 * @param report the folds, counts before and after, and the measured error
 */
public record ReduceResult(Mesh mesh, ReduceReport report) {
    /**
     * @param mesh the reduced mesh
     * @param report the report
     * @throws NullPointerException when an argument is null
     */
    public ReduceResult {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(report, "report");
    }
}
