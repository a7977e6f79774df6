package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;

/**
 * Checks of the direction streams: normals and tangent xyz of unit length, tangent w (the
 * bitangent sign) +1 or -1, each within {@link ValidateOptions#unitTolerance()}. Lengths are
 * computed in double precision.
 */
final class AttributeChecks {
    private AttributeChecks() {
    }

    static void run(Mesh mesh, ValidateOptions options, ProblemCollector out) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int n = mesh.vertexCount();
        double tol = options.unitTolerance();
        float[] normals = raw.normals(mesh);
        if (normals != null) {
            for (int v = 0; v < n; v++) {
                double len = length(normals, 3 * v);
                if (Math.abs(len - 1.0) > tol && out.accept(Check.NORMAL_LENGTH, Severity.WARNING)) {
                    out.add(Check.NORMAL_LENGTH, Severity.WARNING, Elements.vertex(v), "normal length " + (float) len
                            + ", expected 1 within " + options.unitTolerance());
                }
            }
        }
        float[] tangents = raw.tangents(mesh);
        if (tangents != null) {
            for (int v = 0; v < n; v++) {
                double len = length(tangents, 4 * v);
                if (Math.abs(len - 1.0) > tol && out.accept(Check.TANGENT_LENGTH, Severity.WARNING)) {
                    out.add(Check.TANGENT_LENGTH, Severity.WARNING, Elements.vertex(v), "tangent length "
                            + (float) len + ", expected 1 within " + options.unitTolerance());
                }
            }
            for (int v = 0; v < n; v++) {
                float w = tangents[4 * v + 3];
                if (Math.abs(Math.abs((double) w) - 1.0) > tol
                        && out.accept(Check.TANGENT_HANDEDNESS, Severity.WARNING)) {
                    out.add(Check.TANGENT_HANDEDNESS, Severity.WARNING, Elements.vertex(v), "tangent w " + w
                            + ", expected +1 or -1 within " + options.unitTolerance());
                }
            }
        }
    }

    private static double length(float[] a, int o) {
        double x = a[o];
        double y = a[o + 1];
        double z = a[o + 2];
        return Math.sqrt(x * x + y * y + z * z);
    }
}
