package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.Mesh;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Topology and geometry helpers for the humanoid tests: welding, components, volumes, UV frames. */
final class MeshTopology {
    private MeshTopology() {
    }

    /** Vertex id after welding equal positions (seams and poles duplicate positions exactly). */
    static int[] weld(Mesh m) {
        float[] p = m.positions();
        Map<List<Float>, Integer> ids = new HashMap<>();
        int[] weld = new int[m.vertexCount()];
        for (int v = 0; v < weld.length; v++) {
            weld[v] = ids.computeIfAbsent(List.of(p[3 * v], p[3 * v + 1], p[3 * v + 2]), k -> ids.size());
        }
        return weld;
    }

    /** How many triangles use each undirected welded edge. */
    static Map<Long, Integer> weldedEdgeUses(Mesh m) {
        int[] weld = weld(m);
        int[] idx = m.indices();
        Map<Long, Integer> uses = new HashMap<>();
        for (int t = 0; t < idx.length; t += 3) {
            for (int c = 0; c < 3; c++) {
                int a = weld[idx[t + c]];
                int b = weld[idx[t + (c + 1) % 3]];
                long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
                uses.merge(key, 1, Integer::sum);
            }
        }
        return uses;
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** Vertex lists of the triangle-connected components. */
    static List<int[]> components(Mesh m) {
        int n = m.vertexCount();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        int[] idx = m.indices();
        for (int t = 0; t < idx.length; t += 3) {
            parent[find(parent, idx[t + 1])] = find(parent, idx[t]);
            parent[find(parent, idx[t + 2])] = find(parent, idx[t]);
        }
        Map<Integer, List<Integer>> groups = new HashMap<>();
        for (int v = 0; v < n; v++) {
            groups.computeIfAbsent(find(parent, v), k -> new ArrayList<>()).add(v);
        }
        List<int[]> out = new ArrayList<>();
        for (List<Integer> g : groups.values()) {
            out.add(g.stream().mapToInt(Integer::intValue).toArray());
        }
        return out;
    }

    /** Triangle lists (first index of each triangle) of the connected components. */
    static List<int[]> triangleComponents(Mesh m) {
        List<int[]> vertexGroups = components(m);
        int[] group = new int[m.vertexCount()];
        for (int g = 0; g < vertexGroups.size(); g++) {
            for (int v : vertexGroups.get(g)) {
                group[v] = g;
            }
        }
        List<List<Integer>> triangles = new ArrayList<>();
        for (int g = 0; g < vertexGroups.size(); g++) {
            triangles.add(new ArrayList<>());
        }
        int[] idx = m.indices();
        for (int t = 0; t < idx.length; t += 3) {
            triangles.get(group[idx[t]]).add(t);
        }
        List<int[]> out = new ArrayList<>();
        for (List<Integer> l : triangles) {
            out.add(l.stream().mapToInt(Integer::intValue).toArray());
        }
        return out;
    }

    /** Signed volume enclosed by the triangles: positive for outward, counter-clockwise faces. */
    static double signedVolume(Mesh m, int[] triangles) {
        float[] p = m.positions();
        int[] idx = m.indices();
        double volume = 0;
        for (int t : triangles) {
            int a = 3 * idx[t];
            int b = 3 * idx[t + 1];
            int c = 3 * idx[t + 2];
            volume += (p[a] * ((double) p[b + 1] * p[c + 2] - (double) p[b + 2] * p[c + 1])
                    - p[a + 1] * ((double) p[b] * p[c + 2] - (double) p[b + 2] * p[c])
                    + p[a + 2] * ((double) p[b] * p[c + 1] - (double) p[b + 1] * p[c])) / 6;
        }
        return volume;
    }

    /** Unnormalized face normal {@code (b - a) x (c - a)}. */
    static double[] faceNormal(float[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a];
        double uy = p[3 * b + 1] - p[3 * a + 1];
        double uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a];
        double vy = p[3 * c + 1] - p[3 * a + 1];
        double vz = p[3 * c + 2] - p[3 * a + 2];
        return new double[] {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    }

    /**
     * The triangle's object-space directions of +u and +v (Lengyel's method), as
     * {@code {tx, ty, tz, bx, by, bz}}, or {@code null} when its UVs are degenerate.
     */
    static double[] uvTangentFrame(float[] p, float[] uv, int a, int b, int c) {
        double e1x = p[3 * b] - p[3 * a];
        double e1y = p[3 * b + 1] - p[3 * a + 1];
        double e1z = p[3 * b + 2] - p[3 * a + 2];
        double e2x = p[3 * c] - p[3 * a];
        double e2y = p[3 * c + 1] - p[3 * a + 1];
        double e2z = p[3 * c + 2] - p[3 * a + 2];
        double du1 = uv[2 * b] - uv[2 * a];
        double dv1 = uv[2 * b + 1] - uv[2 * a + 1];
        double du2 = uv[2 * c] - uv[2 * a];
        double dv2 = uv[2 * c + 1] - uv[2 * a + 1];
        double det = du1 * dv2 - du2 * dv1;
        if (Math.abs(det) < 1e-12) {
            return null;
        }
        double r = 1 / det;
        return new double[] {(e1x * dv2 - e2x * dv1) * r, (e1y * dv2 - e2y * dv1) * r, (e1z * dv2 - e2z * dv1) * r,
            (e2x * du1 - e1x * du2) * r, (e2y * du1 - e1y * du2) * r, (e2z * du1 - e1z * du2) * r};
    }
}
