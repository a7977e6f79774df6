package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;

/**
 * Checks of the triangle list: triangles that repeat a vertex, triangles without area, and
 * vertices no triangle uses. Areas are computed in double precision from the float positions
 * ({@code |(b - a) x (c - a)| / 2}).
 */
final class TriangleChecks {
    private TriangleChecks() {
    }

    static void run(Mesh mesh, ValidateOptions options, ProblemCollector out) {
        ModelAccess.Bridge raw = ModelAccess.get();
        float[] p = raw.positions(mesh);
        int[] idx = raw.indices(mesh);
        int n = mesh.vertexCount();
        Severity repeatSeverity = options.strictness() == Strictness.STRICT ? Severity.ERROR : Severity.WARNING;
        double minArea = options.minTriangleArea();
        boolean[] referenced = new boolean[n];
        for (int t = 0, i = 0; i < idx.length; t++, i += 3) {
            int a = idx[i];
            int b = idx[i + 1];
            int c = idx[i + 2];
            referenced[a] = true;
            referenced[b] = true;
            referenced[c] = true;
            if (a == b || b == c || a == c) {
                if (out.accept(Check.DEGENERATE_TRIANGLE, repeatSeverity)) {
                    out.add(Check.DEGENERATE_TRIANGLE, repeatSeverity, Elements.triangle(t),
                            "vertices (" + a + ", " + b + ", " + c + ") repeat vertex " + (a == b || a == c ? a : b)
                                    + ", expected three distinct vertices");
                }
                continue;
            }
            double ux = (double) p[3 * b] - p[3 * a];
            double uy = (double) p[3 * b + 1] - p[3 * a + 1];
            double uz = (double) p[3 * b + 2] - p[3 * a + 2];
            double vx = (double) p[3 * c] - p[3 * a];
            double vy = (double) p[3 * c + 1] - p[3 * a + 1];
            double vz = (double) p[3 * c + 2] - p[3 * a + 2];
            double cx = uy * vz - uz * vy;
            double cy = uz * vx - ux * vz;
            double cz = ux * vy - uy * vx;
            double area = 0.5 * Math.sqrt(cx * cx + cy * cy + cz * cz);
            if (area <= minArea && out.accept(Check.ZERO_AREA_TRIANGLE, Severity.WARNING)) {
                out.add(Check.ZERO_AREA_TRIANGLE, Severity.WARNING, Elements.triangle(t),
                        "area " + (float) area + " with vertices (" + a + ", " + b + ", " + c
                                + "), expected more than minTriangleArea " + options.minTriangleArea());
            }
        }
        for (int v = 0; v < n; v++) {
            if (!referenced[v]) {
                out.report(Check.UNREFERENCED_VERTEX, Severity.WARNING, Elements.vertex(v), "used by no triangle");
            }
        }
    }
}
