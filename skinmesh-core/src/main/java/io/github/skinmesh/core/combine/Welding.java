package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.Gather;
import io.github.skinmesh.core.internal.VertexStreams;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * Seam welding ({@link CombineOptions.Welding}): merges each vertex on an open edge of its part
 * into the first earlier open-edge vertex of another part with the same position, influences, UVs
 * and morph position deltas, then compacts every stream of the result.
 *
 * <p>Correct for skinned meshes: two vertices merge only when they weight the same bones with the
 * same normalized weights (within the tolerance), so the merged vertex skins as both did, and only
 * when their morph position deltas agree, so it morphs as both did. Only open-edge vertices are
 * candidates (a seam is where a part's surface ends), which also keeps the search small: the
 * candidates go into a hash grid of cells {@code weldDistance} wide and each looks at the 27 cells
 * around it (with distance 0, cells are exact positions). A vertex absorbs at most one vertex of
 * each other part, so a part's own split vertices (hard edges, UV seams) stay split.
 *
 * <p>Deterministic: candidates are visited in output order and each merges into the lowest
 * matching earlier vertex.
 */
final class Welding {
    private Welding() {
    }

    /** What welding did: provenance runs and welded vertices as {@link Provenance} stores them. */
    static final class Result {
        final int[] runs;
        final int[] welded;
        final int weldedCount;

        Result(int[] runs, int[] welded, int weldedCount) {
            this.runs = runs;
            this.welded = welded;
            this.weldedCount = weldedCount;
        }
    }

    static Result run(Layout layout, VertexStreams s) {
        int n = s.vertexCount;
        int parts = layout.parts.size();
        int[] partOf = new int[n];
        for (int i = 0; i < parts; i++) {
            java.util.Arrays.fill(partOf, layout.firstVertex[i], layout.firstVertex[i] + layout.parts.get(i).vertexCount(),
                    i);
        }
        int[] rep = new int[n];
        for (int v = 0; v < n; v++) {
            rep[v] = v;
        }
        float distance = layout.options.weldDistance();
        float tolerance = layout.options.weldTolerance();
        // cell key -> candidates; two cells may share a key, which only adds candidates that matches() rejects
        Long2ObjectOpenHashMap<IntArrayList> grid = new Long2ObjectOpenHashMap<>();
        long[] cell = new long[3];
        LongOpenHashSet absorbed = new LongOpenHashSet();
        int welded = 0;
        for (int i : layout.vertexOrder) { // in output order: a vertex welds only into an earlier one
            int v0 = layout.firstVertex[i];
            for (int local : layout.parts.get(i).openEdgeVertices()) {
                int v = v0 + local;
                cell(s.positions, v, distance, cell);
                int best = -1;
                int reach = distance > 0 ? 1 : 0;
                for (int dx = -reach; dx <= reach; dx++) {
                    for (int dy = -reach; dy <= reach; dy++) {
                        for (int dz = -reach; dz <= reach; dz++) {
                            IntArrayList list = grid.get(key(cell[0] + dx, cell[1] + dy, cell[2] + dz));
                            if (list == null) {
                                continue;
                            }
                            for (int j = 0; j < list.size(); j++) {
                                int r = list.getInt(j);
                                if ((best < 0 || r < best) && partOf[r] != i
                                        && !absorbed.contains(((long) r << 32) | i)
                                        && matches(s, s.influences, r, v, distance, tolerance)) {
                                    best = r;
                                }
                            }
                        }
                    }
                }
                if (best >= 0) {
                    rep[v] = best;
                    absorbed.add(((long) best << 32) | i);
                    welded++;
                } else {
                    long key = key(cell[0], cell[1], cell[2]);
                    IntArrayList list = grid.get(key);
                    if (list == null) {
                        list = new IntArrayList();
                        grid.put(key, list);
                    }
                    list.add(v);
                }
            }
        }
        if (layout.options.welding() == CombineOptions.Welding.SEAMS_AVERAGE_NORMALS && s.normals != null
                && welded > 0) {
            averageNormals(s, rep);
        }
        int[] newIndex = new int[n];
        int kept = 0;
        IntArrayList runs = new IntArrayList();
        IntArrayList weldedList = new IntArrayList();
        for (int v = 0; v < n; v++) {
            int part = partOf[v];
            int source = v - layout.firstVertex[part];
            if (rep[v] != v) {
                newIndex[v] = newIndex[rep[v]];
                weldedList.add(part);
                weldedList.add(source);
                weldedList.add(newIndex[v]);
                continue;
            }
            newIndex[v] = kept;
            int last = runs.size() - 4;
            if (last >= 0 && runs.getInt(last) == part && runs.getInt(last + 1) + runs.getInt(last + 3) == source) {
                runs.set(last + 3, runs.getInt(last + 3) + 1);
            } else {
                runs.add(part);
                runs.add(source);
                runs.add(kept);
                runs.add(1);
            }
            kept++;
        }
        if (welded > 0) {
            compact(s, rep, newIndex, kept, layout);
        }
        return new Result(runs.toIntArray(), weldedList.toIntArray(), welded);
    }

    /** The grid cell of vertex {@code v} into {@code out}: its coordinates' bits with distance 0, else floor(x / distance). */
    private static void cell(float[] p, int v, float distance, long[] out) {
        for (int c = 0; c < 3; c++) {
            float x = p[3 * v + c] + 0f; // -0 and +0 share a cell
            out[c] = distance == 0 ? Float.floatToIntBits(x) : (long) Math.floor(x / (double) distance);
        }
    }

    /** A hash of a cell's coordinates (distinct cells may collide). */
    private static long key(long x, long y, long z) {
        return x * 0x9E3779B97F4A7C15L + y * 0xC2B2AE3D27D4EB4FL + z * 0x165667B19E3779F9L;
    }

    private static boolean matches(VertexStreams s, int k, int a, int b, float distance, float tolerance) {
        if (!near3(s.positions, 3 * a, 3 * b, distance)) {
            return false;
        }
        for (float[] uv : s.uvs) {
            if (!(Math.abs(uv[2 * a] - uv[2 * b]) <= tolerance && Math.abs(uv[2 * a + 1] - uv[2 * b + 1]) <= tolerance)) {
                return false;
            }
        }
        if (!sameInfluences(s.joints, s.weights, k, a, b, tolerance)) {
            return false;
        }
        for (float[] d : s.morphPositions) {
            if (d != null && !near3(d, 3 * a, 3 * b, distance)) {
                return false;
            }
        }
        return true;
    }

    private static boolean near3(float[] p, int a, int b, float distance) {
        double dx = (double) p[a] - p[b];
        double dy = (double) p[a + 1] - p[b + 1];
        double dz = (double) p[a + 2] - p[b + 2];
        return dx * dx + dy * dy + dz * dz <= (double) distance * distance;
    }

    /** Same bones with weight, and the same normalized weight on each within the tolerance. */
    private static boolean sameInfluences(int[] joints, float[] weights, int k, int a, int b, float tolerance) {
        double sumA = 0;
        double sumB = 0;
        int countA = 0;
        int countB = 0;
        for (int s = 0; s < k; s++) {
            if (weights[k * a + s] > 0) {
                sumA += weights[k * a + s];
                countA++;
            }
            if (weights[k * b + s] > 0) {
                sumB += weights[k * b + s];
                countB++;
            }
        }
        if (countA != countB) {
            return false;
        }
        for (int s = 0; s < k; s++) {
            float wa = weights[k * a + s];
            if (!(wa > 0)) {
                continue;
            }
            int joint = joints[k * a + s];
            boolean found = false;
            for (int t = 0; t < k; t++) {
                float wb = weights[k * b + t];
                if (wb > 0 && joints[k * b + t] == joint) {
                    found = Math.abs(wa / sumA - wb / sumB) <= tolerance;
                    break;
                }
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    /** Each kept vertex that absorbed others gets the normalized sum of their normals; its tangent is re-orthogonalized. */
    private static void averageNormals(VertexStreams s, int[] rep) {
        float[] nrm = s.normals;
        int n = rep.length;
        double[] sum = null;
        for (int v = 0; v < n; v++) {
            if (rep[v] == v) {
                continue;
            }
            if (sum == null) {
                sum = new double[3 * n];
                for (int i = 0; i < 3 * n; i++) {
                    sum[i] = nrm[i];
                }
            }
            int r = rep[v];
            sum[3 * r] += nrm[3 * v];
            sum[3 * r + 1] += nrm[3 * v + 1];
            sum[3 * r + 2] += nrm[3 * v + 2];
        }
        boolean[] group = new boolean[n];
        for (int v = 0; v < n; v++) {
            if (rep[v] != v) {
                group[rep[v]] = true;
            }
        }
        for (int r = 0; r < n; r++) {
            if (!group[r]) {
                continue;
            }
            double x = sum[3 * r];
            double y = sum[3 * r + 1];
            double z = sum[3 * r + 2];
            double len = Math.sqrt(x * x + y * y + z * z);
            if (!(len > 0)) {
                continue; // opposite normals cancel: the first one is kept
            }
            x /= len;
            y /= len;
            z /= len;
            nrm[3 * r] = (float) x;
            nrm[3 * r + 1] = (float) y;
            nrm[3 * r + 2] = (float) z;
            float[] t = s.tangents;
            if (t != null) {
                double tx = t[4 * r];
                double ty = t[4 * r + 1];
                double tz = t[4 * r + 2];
                double dot = tx * x + ty * y + tz * z;
                tx -= dot * x;
                ty -= dot * y;
                tz -= dot * z;
                double tl = Math.sqrt(tx * tx + ty * ty + tz * tz);
                if (tl > 0) {
                    t[4 * r] = (float) (tx / tl);
                    t[4 * r + 1] = (float) (ty / tl);
                    t[4 * r + 2] = (float) (tz / tl);
                }
            }
        }
    }

    /** Keeps the vertices with {@code rep[v] == v}, in order, in every stream; renumbers the indices. */
    private static void compact(VertexStreams s, int[] rep, int[] newIndex, int kept, Layout layout) {
        int[] keep = new int[kept];
        for (int v = 0, i = 0; v < rep.length; v++) {
            if (rep[v] == v) {
                keep[i++] = v;
            }
        }
        s.vertexCount = kept;
        s.positions = Gather.floats(s.positions, 3, keep);
        s.normals = s.normals == null ? null : Gather.floats(s.normals, 3, keep);
        s.tangents = s.tangents == null ? null : Gather.floats(s.tangents, 4, keep);
        s.colors = s.colors == null ? null : Gather.floats(s.colors, 4, keep);
        for (int c = 0; c < s.uvs.length; c++) {
            s.uvs[c] = Gather.floats(s.uvs[c], 2, keep);
        }
        for (int a = 0; a < s.attributes.length; a++) {
            s.attributes[a] = Gather.floats(s.attributes[a], s.attributeComponents[a], keep);
        }
        int k = s.influences;
        s.weights = Gather.floats(s.weights, k, keep);
        s.joints = Gather.ints(s.joints, k, keep);
        for (int t = 0; t < s.morphPositions.length; t++) {
            s.morphPositions[t] = s.morphPositions[t] == null ? null : Gather.floats(s.morphPositions[t], 3, keep);
            s.morphNormals[t] = s.morphNormals[t] == null ? null : Gather.floats(s.morphNormals[t], 3, keep);
            s.morphTangents[t] = s.morphTangents[t] == null ? null : Gather.floats(s.morphTangents[t], 3, keep);
        }
        int[] idx = s.indices;
        for (int i = 0, end = s.indexCount; i < end; i++) {
            idx[i] = newIndex[idx[i]];
        }
    }
}
