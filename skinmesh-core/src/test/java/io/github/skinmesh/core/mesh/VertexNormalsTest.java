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

class VertexNormalsTest {
    /** Float result vs the double reference, per component of a unit vector. */
    private static final double TOLERANCE = 1e-6;

    @Test
    void cubeFacesGetTheirAxes() {
        Mesh cube = Shapes.cube(false);
        float[] n = VertexNormals.compute(cube);
        for (int v = 0; v < 24; v++) {
            float[] axis = Shapes.CUBE_N[v / 4];
            assertThat(new float[] {n[3 * v], n[3 * v + 1], n[3 * v + 2]}).as("vertex %d", v).containsExactly(axis);
        }
    }

    /**
     * With the 8 corners shared, each corner's normal is the diagonal, whichever way each face is
     * split into triangles: angle weighting makes the split irrelevant (area alone would not).
     */
    @Test
    void sharedCubeCornersGetTheDiagonalWhateverTheTriangulation() {
        float[] p = new float[24];
        for (int v = 0; v < 8; v++) {
            p[3 * v] = (v & 1) != 0 ? 1 : -1;
            p[3 * v + 1] = (v & 2) != 0 ? 1 : -1;
            p[3 * v + 2] = (v & 4) != 0 ? 1 : -1;
        }
        // faces as quads (a, b, c, d) counter-clockwise from outside; split along a-c or b-d alternately
        int[][] quads = {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
        int[] indices = new int[36];
        for (int f = 0; f < 6; f++) {
            int[] q = quads[f];
            int[] tri = f % 2 == 0 ? new int[] {q[0], q[1], q[2], q[0], q[2], q[3]}
                    : new int[] {q[1], q[2], q[3], q[1], q[3], q[0]};
            System.arraycopy(tri, 0, indices, 6 * f, 6);
        }
        float[] n = VertexNormals.compute(Mesh.builder("box").positions(p).indices(indices).build());
        double d = 1 / Math.sqrt(3);
        for (int v = 0; v < 8; v++) {
            for (int c = 0; c < 3; c++) {
                assertThat((double) n[3 * v + c]).as("vertex %d component %d", v, c)
                        .isCloseTo(Math.signum(p[3 * v + c]) * d, within(TOLERANCE));
            }
        }
    }

    @Test
    void sphereNormalsPointOutwards() {
        Mesh sphere = Shapes.sphere(48, 24);
        float[] n = VertexNormals.compute(sphere);
        float[] p = sphere.positions();
        for (int v = 0; v < sphere.vertexCount(); v++) {
            int row = v / 49;
            int column = v % 49;
            if (row == 0 || row == 24 || column == 0 || column == 48) {
                continue; // pole vertices are repeated per column, seam vertices see one side only
            }
            // flat facets of 7.5 degrees: area and angle weights tilt a normal by about a degree near the poles
            double dot = n[3 * v] * p[3 * v] + n[3 * v + 1] * p[3 * v + 1] + n[3 * v + 2] * p[3 * v + 2];
            double length = Math.sqrt(n[3 * v] * n[3 * v] + n[3 * v + 1] * n[3 * v + 1] + n[3 * v + 2] * n[3 * v + 2]);
            assertThat(length).as("vertex %d length", v).isCloseTo(1.0, within(TOLERANCE));
            assertThat(dot).as("vertex %d: cosine to the radius", v).isGreaterThan(Math.cos(Math.toRadians(2)));
        }
    }

    /**
     * Against a naive reference: per vertex, every triangle that uses it, angle by acos. Where the
     * contributions nearly cancel (a triangle listed twice with both windings) the direction is
     * not defined by the geometry; there only a unit length is required.
     */
    @Property(tries = 200, seed = "123456")
    void matchesANaiveReference(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Mesh m = MeshFixtures.random(r, "m", MeshFixtures.Shape.random(r, false));
        float[] n = new float[3 * m.vertexCount() + 5];
        int fallbacks = VertexNormals.computeInto(m, n, 5);
        float[] p = m.positions();
        int unused = 0;
        int cancelling = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            double[] sum = new double[3];
            double magnitude = 0;
            for (int i = 0; i < m.indexCount(); i += 3) {
                for (int corner = 0; corner < 3; corner++) {
                    if (m.index(i + corner) != v) {
                        continue;
                    }
                    double[] a = point(p, m.index(i + corner));
                    double[] b = point(p, m.index(i + (corner + 1) % 3));
                    double[] c = point(p, m.index(i + (corner + 2) % 3));
                    double[] ab = sub(b, a);
                    double[] ac = sub(c, a);
                    double[] face = {ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2],
                        ab[0] * ac[1] - ab[1] * ac[0]};
                    double lengths = Math.sqrt(dot(ab, ab) * dot(ac, ac));
                    if (dot(face, face) == 0 || lengths == 0) {
                        continue;
                    }
                    double angle = Math.acos(Math.max(-1, Math.min(1, dot(ab, ac) / lengths)));
                    for (int k = 0; k < 3; k++) {
                        sum[k] += face[k] * angle;
                    }
                    magnitude += Math.sqrt(dot(face, face)) * angle;
                }
            }
            double length = Math.sqrt(dot(sum, sum));
            if (magnitude == 0) {
                unused++;
                assertThat(new float[] {n[5 + 3 * v], n[6 + 3 * v], n[7 + 3 * v]}).containsExactly(0, 0, 1);
                continue;
            }
            if (length <= 1e-6 * magnitude) {
                cancelling++;
                double unit = Math.sqrt(n[5 + 3 * v] * n[5 + 3 * v] + n[6 + 3 * v] * n[6 + 3 * v]
                        + n[7 + 3 * v] * n[7 + 3 * v]);
                assertThat(unit).isCloseTo(1.0, within(TOLERANCE));
                continue;
            }
            for (int k = 0; k < 3; k++) {
                assertThat((double) n[5 + 3 * v + k]).as("vertex %d component %d", v, k)
                        .isCloseTo(sum[k] / length, within(1e-4));
            }
        }
        assertThat(fallbacks).isBetween(unused, unused + cancelling);
        assertThat(new float[] {n[0], n[1], n[2], n[3], n[4]}).as("nothing before the offset").containsOnly(0f);
    }

    @Test
    void aShortDestinationIsRejectedBeforeWriting() {
        Mesh cube = Shapes.cube(false);
        float[] dst = new float[72];
        assertThatThrownBy(() -> VertexNormals.computeInto(cube, dst, 1)).isInstanceOf(ValidationException.class)
                .hasMessage("computeNormals: dst length 72, needs at least dstOffset+3*vertexCount = 73");
        assertThat(dst).containsOnly(0f);
        assertThatThrownBy(() -> VertexNormals.computeInto(cube, dst, -1)).isInstanceOf(ValidationException.class)
                .hasMessage("computeNormals: dstOffset=-1, expected 0..2147483647");
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
