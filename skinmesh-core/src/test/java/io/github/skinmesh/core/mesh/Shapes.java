package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.model.Mesh;
import java.util.ArrayList;
import java.util.List;

/** Simple shapes with known normals and tangents for the direction tests. */
final class Shapes {
    private Shapes() {
    }

    /**
     * A cube of side 2 centred at the origin, 4 vertices per face (24 in all), two triangles per
     * face wound counter-clockwise seen from outside. Face {@code f}'s UVs run with U along
     * {@link #CUBE_U}{@code [f]} and V along {@link #CUBE_V}{@code [f]} (V downwards in the image,
     * as in glTF); with {@code mirrored}, V runs the other way on odd faces.
     */
    static Mesh cube(boolean mirrored) {
        List<float[]> p = new ArrayList<>();
        List<float[]> uv = new ArrayList<>();
        int[] indices = new int[36];
        for (int f = 0; f < 6; f++) {
            float[] n = CUBE_N[f];
            float[] u = CUBE_U[f];
            float[] v = mirrored && f % 2 == 1 ? scale(CUBE_V[f], -1) : CUBE_V[f];
            // corners in UV order (0,0), (1,0), (1,1), (0,1)
            float[][] corners = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
            for (float[] c : corners) {
                float su = 2 * c[0] - 1;
                float sv = 2 * c[1] - 1;
                p.add(new float[] {n[0] + su * u[0] + sv * v[0], n[1] + su * u[1] + sv * v[1],
                    n[2] + su * u[2] + sv * v[2]});
                uv.add(c);
            }
            // counter-clockwise seen from outside: (0,0)->(1,0)->(1,1) turns from U to V, and U x V
            // is -n for unmirrored faces, so wind (0, 2, 1), (0, 3, 2) for those
            boolean flip = dot(cross(u, v), n) < 0;
            int b = 4 * f;
            int[] tri = flip ? new int[] {b, b + 2, b + 1, b, b + 3, b + 2}
                    : new int[] {b, b + 1, b + 2, b, b + 2, b + 3};
            System.arraycopy(tri, 0, indices, 6 * f, 6);
        }
        return Mesh.builder("cube").positions(flatten(p)).addUvs(flatten(uv)).indices(indices).build();
    }

    static final float[][] CUBE_N = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    /** Image right on each face, seen from outside with the face's "up" direction up. */
    static final float[][] CUBE_U = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
    /** Image down on each face: {@code U x V = -n}, an unmirrored mapping. */
    static final float[][] CUBE_V = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};

    /**
     * A unit UV sphere: {@code columns+1} vertices per row (the seam column duplicated), rows from
     * the north pole (v = 0) to the south pole (v = 1), {@code p = (sin t sin f, cos t, sin t cos f)}
     * with {@code f = 2 pi u}, {@code t = pi v}: U runs east seen from outside, V south (down).
     */
    static Mesh sphere(int columns, int rows) {
        int perRow = columns + 1;
        float[] p = new float[3 * perRow * (rows + 1)];
        float[] uv = new float[2 * perRow * (rows + 1)];
        for (int y = 0; y <= rows; y++) {
            double t = Math.PI * y / rows;
            for (int x = 0; x <= columns; x++) {
                double f = 2 * Math.PI * x / columns;
                int v = y * perRow + x;
                p[3 * v] = (float) (Math.sin(t) * Math.sin(f));
                p[3 * v + 1] = (float) Math.cos(t);
                p[3 * v + 2] = (float) (Math.sin(t) * Math.cos(f));
                uv[2 * v] = (float) x / columns;
                uv[2 * v + 1] = (float) y / rows;
            }
        }
        List<Integer> indices = new ArrayList<>();
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < columns; x++) {
                int a = y * perRow + x;
                int b = a + 1;
                int c = a + perRow;
                int d = c + 1;
                // seen from outside, east (x+1) is right and south (y+1) is down: a, c, d is counter-clockwise
                if (y > 0) {
                    indices.addAll(List.of(a, c, b));
                }
                if (y < rows - 1) {
                    indices.addAll(List.of(b, c, d));
                }
            }
        }
        return Mesh.builder("sphere").positions(p).addUvs(uv)
                .indices(indices.stream().mapToInt(Integer::intValue).toArray()).build();
    }

    static float[] cross(float[] a, float[] b) {
        return new float[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    static float dot(float[] a, float[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    static float[] scale(float[] a, float s) {
        return new float[] {a[0] * s, a[1] * s, a[2] * s};
    }

    private static float[] flatten(List<float[]> list) {
        int width = list.get(0).length;
        float[] out = new float[width * list.size()];
        for (int i = 0; i < list.size(); i++) {
            System.arraycopy(list.get(i), 0, out, width * i, width);
        }
        return out;
    }
}
