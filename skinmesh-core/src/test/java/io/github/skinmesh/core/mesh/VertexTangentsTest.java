package io.github.skinmesh.core.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Mesh;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class VertexTangentsTest {
    /** Unit length and orthogonality of float results. */
    private static final double TOLERANCE = 1e-6;

    @Test
    void cubeTangentsRunAlongUWithHandednessFromV() {
        for (boolean mirrored : new boolean[] {false, true}) {
            Mesh cube = Shapes.cube(mirrored);
            float[] t = VertexTangents.compute(cube);
            for (int v = 0; v < 24; v++) {
                int face = v / 4;
                float w = mirrored && face % 2 == 1 ? -1 : 1;
                float[] u = Shapes.CUBE_U[face];
                assertThat(new float[] {t[4 * v], t[4 * v + 1], t[4 * v + 2], t[4 * v + 3]})
                        .as("mirrored %s vertex %d", mirrored, v).containsExactly(u[0], u[1], u[2], w);
            }
        }
    }

    @Test
    void sphereTangentsPointEastAndAreUnmirrored() {
        Mesh sphere = Shapes.sphere(48, 24);
        float[] normals = sphere.positions(); // the exact normals of a unit sphere
        float[] t = new float[4 * sphere.vertexCount()];
        // the two pole vertices no triangle uses: (column 0, north) and (column 48, south)
        assertThat(VertexTangents.computeInto(sphere, normals, t, 0)).isEqualTo(2);
        float[] p = sphere.positions();
        for (int v = 0; v < sphere.vertexCount(); v++) {
            int row = v / 49;
            int column = v % 49;
            if (row == 0 || row == 24 || column == 0 || column == 48) {
                continue; // a seam vertex sees the facets of one side only, half a facet (3.75 degrees) off east
            }
            // east: d/df of (sin t sin f, cos t, sin t cos f), normalized
            double f = Math.atan2(p[3 * v], p[3 * v + 2]);
            double[] east = {Math.cos(f), 0, -Math.sin(f)};
            double dot = t[4 * v] * east[0] + t[4 * v + 1] * east[1] + t[4 * v + 2] * east[2];
            assertThat(dot).as("vertex %d: cosine to east", v).isGreaterThan(Math.cos(Math.toRadians(0.1)));
            assertThat(t[4 * v + 3]).as("vertex %d handedness", v).isEqualTo(1f);
            assertUnitAndOrthogonal(t, 4 * v, normals, 3 * v);
        }
    }

    @Test
    void withoutUvsTheTangentComesFromTheNormalAlone() {
        Mesh tri = Mesh.builder("t").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .normals(new float[] {0, 0, 1, 0, 0, -1, 0.6f, 0, 0.8f}).build();
        float[] t = new float[12];
        assertThat(VertexTangents.computeInto(tri, tri.normals(), t, 0)).isEqualTo(3);
        assertThat(new float[] {t[0], t[1], t[2], t[3]}).containsExactly(1, 0, 0, 1);
        for (int v = 0; v < 3; v++) {
            assertUnitAndOrthogonal(t, 4 * v, tri.normals(), 3 * v);
            assertThat(t[4 * v + 3]).isEqualTo(1f);
        }
        assertThat(VertexTangents.compute(tri)).containsExactly(t);
    }

    @Test
    void aMeshWithoutNormalsGetsComputedOnes() {
        Mesh cube = Shapes.cube(false);
        float[] expected = new float[96];
        VertexTangents.computeInto(cube, VertexNormals.compute(cube), expected, 0);
        assertThat(VertexTangents.compute(cube)).containsExactly(expected);
    }

    /**
     * Against a naive reference: per vertex, every triangle that uses it, the UV gradient solved
     * from its edges, projected, normalized and weighted by the angle (acos); then Gram-Schmidt and
     * the sign. Every result is a unit vector orthogonal to its normal, w = +-1.
     */
    @Property(tries = 200, seed = "8086")
    void matchesANaiveReference(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        MeshFixtures.Shape shape = MeshFixtures.Shape.random(r, false);
        shape = new MeshFixtures.Shape(true, false, false, 1 + r.nextInt(2), shape.attributes(), false, false, false,
                0);
        Mesh m = MeshFixtures.random(r, "m", shape);
        float[] normals = m.normals();
        float[] t = new float[4 * m.vertexCount() + 3];
        int fallbacks = VertexTangents.computeInto(m, normals, t, 3);
        float[] p = m.positions();
        float[] uv = m.uvs(0);
        int unusable = 0;
        int cancelling = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            double[] n = {normals[3 * v], normals[3 * v + 1], normals[3 * v + 2]};
            double[] su = new double[3];
            double[] sv = new double[3];
            double weights = 0;
            for (int i = 0; i < m.indexCount(); i += 3) {
                for (int corner = 0; corner < 3; corner++) {
                    if (m.index(i + corner) != v) {
                        continue;
                    }
                    int a = m.index(i);
                    int b = m.index(i + 1);
                    int c = m.index(i + 2);
                    double[] e1 = {p[3 * b] - (double) p[3 * a], p[3 * b + 1] - (double) p[3 * a + 1],
                        p[3 * b + 2] - (double) p[3 * a + 2]};
                    double[] e2 = {p[3 * c] - (double) p[3 * a], p[3 * c + 1] - (double) p[3 * a + 1],
                        p[3 * c + 2] - (double) p[3 * a + 2]};
                    double du1 = uv[2 * b] - (double) uv[2 * a];
                    double dv1 = uv[2 * b + 1] - (double) uv[2 * a + 1];
                    double du2 = uv[2 * c] - (double) uv[2 * a];
                    double dv2 = uv[2 * c + 1] - (double) uv[2 * a + 1];
                    double det = du1 * dv2 - du2 * dv1;
                    if (det == 0) {
                        continue;
                    }
                    double[] dpdu = new double[3];
                    double[] dpdv = new double[3];
                    for (int k = 0; k < 3; k++) {
                        dpdu[k] = (e1[k] * dv2 - e2[k] * dv1) / det;
                        dpdv[k] = (e2[k] * du1 - e1[k] * du2) / det;
                    }
                    int[] tri = {a, b, c};
                    double[] x = point(p, tri[corner]);
                    double[] toNext = sub(point(p, tri[(corner + 1) % 3]), x);
                    double[] toPrev = sub(point(p, tri[(corner + 2) % 3]), x);
                    double lengths = Math.sqrt(dot(toNext, toNext) * dot(toPrev, toPrev));
                    if (lengths == 0) {
                        continue;
                    }
                    double angle = Math.acos(Math.max(-1, Math.min(1, dot(toNext, toPrev) / lengths)));
                    double[] pu = unitProjection(dpdu, n);
                    double[] pv = unitProjection(dpdv, n);
                    if (pu != null && angle > 0) {
                        weights += angle;
                        for (int k = 0; k < 3; k++) {
                            su[k] += angle * pu[k];
                        }
                    }
                    if (pv != null) {
                        for (int k = 0; k < 3; k++) {
                            sv[k] += angle * pv[k];
                        }
                    }
                }
            }
            int o = 3 + 4 * v;
            assertUnitAndOrthogonal(t, o, normals, 3 * v);
            assertThat(Math.abs(t[o + 3])).isEqualTo(1f);
            double[] tangent = unitProjection(su, n);
            if (weights == 0 || tangent == null) {
                unusable++;
                assertThat(t[o + 3]).as("a fallback is unmirrored").isEqualTo(1f);
                continue;
            }
            if (Math.sqrt(dot(su, su)) <= 1e-6 * weights) {
                cancelling++;
                continue;
            }
            for (int k = 0; k < 3; k++) {
                assertThat((double) t[o + k]).as("vertex %d component %d", v, k).isCloseTo(tangent[k], within(1e-4));
            }
            double[] bitangent = {n[1] * tangent[2] - n[2] * tangent[1], n[2] * tangent[0] - n[0] * tangent[2],
                n[0] * tangent[1] - n[1] * tangent[0]};
            double along = dot(bitangent, sv);
            if (Math.abs(along) > 1e-6 * weights) {
                assertThat(t[o + 3]).as("vertex %d handedness", v).isEqualTo(along > 0 ? -1f : 1f);
            }
        }
        assertThat(fallbacks).isBetween(unusable, unusable + cancelling);
        assertThat(new float[] {t[0], t[1], t[2]}).as("nothing before the offset").containsOnly(0f);
    }

    @Test
    void badArgumentsAreRejectedBeforeWriting() {
        Mesh cube = Shapes.cube(false);
        float[] normals = VertexNormals.compute(cube);
        float[] dst = new float[96];
        assertThatThrownBy(() -> VertexTangents.computeInto(cube, new float[71], dst, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("computeTangents: normals length 71, expected 3*vertexCount = 72");
        assertThatThrownBy(() -> VertexTangents.computeInto(cube, normals, dst, 1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("computeTangents: dst length 96, needs at least dstOffset+4*vertexCount = 97");
        assertThatThrownBy(() -> VertexTangents.computeInto(cube, normals, dst, -4))
                .isInstanceOf(ValidationException.class)
                .hasMessage("computeTangents: dstOffset=-4, expected 0..2147483647");
        assertThatThrownBy(() -> VertexTangents.computeInto(cube, normals, normals, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("computeTangents: dst is the same array as normals, expected distinct arrays");
        assertThat(dst).containsOnly(0f);
    }

    private static void assertUnitAndOrthogonal(float[] t, int o, float[] n, int no) {
        double length = Math.sqrt(t[o] * t[o] + t[o + 1] * t[o + 1] + t[o + 2] * t[o + 2]);
        assertThat(length).as("tangent length").isCloseTo(1.0, within(TOLERANCE));
        double nl = Math.sqrt(n[no] * n[no] + n[no + 1] * n[no + 1] + n[no + 2] * n[no + 2]);
        double dot = t[o] * n[no] + t[o + 1] * n[no + 1] + t[o + 2] * n[no + 2];
        assertThat(dot / nl).as("tangent . normal").isCloseTo(0.0, within(TOLERANCE));
    }

    private static double[] unitProjection(double[] d, double[] n) {
        double k = dot(n, d);
        double[] p = {d[0] - n[0] * k, d[1] - n[1] * k, d[2] - n[2] * k};
        double l = Math.sqrt(dot(p, p));
        return l > 0 ? new double[] {p[0] / l, p[1] / l, p[2] / l} : null;
    }

    private static double[] point(float[] p, int v) {
        return new double[] {p[3 * v], p[3 * v + 1], p[3 * v + 2]};
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }
}
