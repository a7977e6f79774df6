package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks of morph targets beyond what {@link Mesh} enforces (vertex counts, one default weight
 * per target): targets without deltas, normal or tangent deltas for a stream the mesh lacks, and
 * repeated names, which clips and exporters that address targets by name cannot tell apart.
 */
final class MorphChecks {
    private MorphChecks() {
    }

    static void run(Mesh mesh, ProblemCollector out) {
        List<MorphTarget> targets = mesh.morphTargets();
        Map<String, Integer> firstByName = new HashMap<>();
        for (int t = 0; t < targets.size(); t++) {
            MorphTarget target = targets.get(t);
            String element = Elements.morphTarget(t, target.name());
            if (!target.hasPositions() && !target.hasNormals() && !target.hasTangents()) {
                out.report(Check.EMPTY_MORPH_TARGET, Severity.WARNING, element,
                        "morph target " + t + " has no position, normal or tangent deltas");
            }
            if (target.hasNormals() && !mesh.hasNormals()) {
                out.report(Check.MORPH_STREAM_MISSING, Severity.WARNING, element,
                        "has normal deltas, but the mesh has no normals");
            }
            if (target.hasTangents() && !mesh.hasTangents()) {
                out.report(Check.MORPH_STREAM_MISSING, Severity.WARNING, element,
                        "has tangent deltas, but the mesh has no tangents");
            }
            if (!target.name().isEmpty()) {
                Integer first = firstByName.putIfAbsent(target.name(), t);
                if (first != null) {
                    out.report(Check.DUPLICATE_MORPH_NAME, Severity.WARNING, element,
                            "morph target " + t + " repeats the name of morph target " + first
                                    + ", expected unique names");
                }
            }
        }
    }
}
