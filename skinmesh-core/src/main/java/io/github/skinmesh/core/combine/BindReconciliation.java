package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Re-expresses a part's vertices where some of its palette entries' inverse bind matrices differ
 * from the ones the result keeps, so that one matrix per bone serves every part.
 *
 * <p>For an entry with bind matrix {@code B} whose bone keeps {@code R}, the correction is
 * {@code C = R^-1 B} (so {@code R C = B}); an entry that needs none has {@code C = I}. A vertex with
 * normalized weights {@code w_k} on entries with corrections {@code C_k} becomes
 * {@code p' = A p} with {@code A = sum_k w_k C_k}: it skins to the same place as before at the bind
 * pose of the kept matrices, and at every pose when all its {@code C_k} are equal (a vertex with
 * one influence, or all of whose bones moved alike), which is then exact up to rounding.
 * Directions follow the linear parts: normals the weighted sum of the sign-corrected cofactor
 * matrices (the inverse transpose up to a positive scale, as {@code Mesh.transformed} bakes
 * normals), tangents {@code A}'s upper 3x3, each renormalized with its morph deltas scaled alike;
 * position deltas follow {@code A}'s upper 3x3; tangent handedness is kept (the posed tangent frame
 * is the same as before). Rounding: matrices are blended and applied in double precision and
 * rounded once.
 *
 * <p>Per vertex the deviation bound is {@code sum_k w_k |A p - C_k p|}: how far the vertex can be
 * from where it skinned before at any pose whose skin matrices are rigid.
 *
 * <p>Alternatives considered: re-expressing by the dominant influence's correction alone (exact
 * for that bone, but wrong already at the bind pose for the others), and solving per vertex for
 * the position that minimizes the error over sample poses (needs poses, and is still inexact);
 * the blend is exact at the bind pose and costs one small matrix sum per vertex.
 */
final class BindReconciliation {
    private BindReconciliation() {
    }

    /**
     * The data a part contributes, with its corrections applied.
     *
     * @param part the prepared part
     * @param corrections per entry its correction {@code C} (16 floats, column-major), or null for
     *     an entry that needs none; null when no entry needs one
     * @param needNormals whether the result has normals (computed for a part without them)
     * @param needTangents whether the result has tangents (computed for a part without them)
     * @return the data (arrays shared with the part's mesh where nothing changed them)
     */
    static PartData correct(PreparedPart part, float @Nullable [][] corrections, boolean needNormals,
            boolean needTangents) {
        PartData cached = part.cachedData(corrections, needNormals, needTangents);
        if (cached != null) {
            return cached;
        }
        ModelAccess.Bridge raw = ModelAccess.get();
        Mesh mesh = part.mesh;
        int n = mesh.vertexCount();
        float[] ownNormals = raw.normals(mesh);
        float[] ownTangents = raw.tangents(mesh);
        boolean normalsComputed = ownNormals == null && needNormals;
        boolean tangentsComputed = ownTangents == null && needTangents;
        float[] normals = ownNormals != null ? ownNormals : normalsComputed ? part.computedNormals() : null;
        float[] tangents = ownTangents != null ? ownTangents : tangentsComputed ? part.computedTangents() : null;
        List<MorphTarget> targets = mesh.morphTargets();
        int targetCount = targets.size();
        float[][] mp = new float[targetCount][];
        float[][] mn = new float[targetCount][];
        float[][] mt = new float[targetCount][];
        for (int t = 0; t < targetCount; t++) {
            mp[t] = raw.positions(targets.get(t));
            mn[t] = raw.normals(targets.get(t));
            mt[t] = raw.tangents(targets.get(t));
        }
        int entries = part.entryCount();
        int[] entryVertices = new int[entries];
        int[] entryExact = new int[entries];
        float[] entryBound = new float[entries];
        PartData data;
        if (corrections == null) {
            data = new PartData(null, needNormals, needTangents, raw.positions(mesh), normals, tangents,
                    normalsComputed, tangentsComputed, mp, mn, mt, mesh.bounds(), entryVertices, entryExact,
                    entryBound);
        } else {
            float[] positions = raw.positions(mesh).clone();
            float[] outNormals = normals == null ? null : normals.clone();
            float[] outTangents = tangents == null ? null : tangents.clone();
            float[][] outMp = new float[targetCount][];
            float[][] outMn = new float[targetCount][];
            float[][] outMt = new float[targetCount][];
            for (int t = 0; t < targetCount; t++) {
                outMp[t] = mp[t] == null ? null : mp[t].clone();
                outMn[t] = mn[t] == null ? null : mn[t].clone();
                outMt[t] = mt[t] == null ? null : mt[t].clone();
            }
            Kernel kernel = new Kernel(part, corrections);
            for (int v = 0; v < n; v++) {
                kernel.vertex(v, positions, outNormals, outTangents, outMp, outMn, outMt, entryVertices, entryExact,
                        entryBound);
            }
            data = new PartData(corrections, needNormals, needTangents, positions, outNormals, outTangents,
                    normalsComputed, tangentsComputed, outMp, outMn, outMt, Bounds.of(positions, 0, n), entryVertices,
                    entryExact, entryBound);
        }
        part.cacheData(data);
        return data;
    }

    /** Per-vertex blending of the entries' corrections; the scratch of one part. */
    private static final class Kernel {
        private final PreparedPart part;
        private final int k;
        /** Per entry: 12 doubles of {@code C} (3x4, column-major without the last row). */
        private final double[] affine;
        /** Per entry: 9 doubles of the sign-corrected cofactor matrix of {@code C}'s upper 3x3. */
        private final double[] cofactor;
        /** Per entry: a class id, equal for equal corrections; 0 for none. */
        private final int[] classId;
        private final boolean[] corrected;
        private final double[] a = new double[12];
        private final double[] c = new double[9];
        private final double[] w;
        private final int[] e;

        Kernel(PreparedPart part, float[][] corrections) {
            this.part = part;
            this.k = part.influences;
            int entries = corrections.length;
            affine = new double[12 * entries];
            cofactor = new double[9 * entries];
            classId = new int[entries];
            corrected = new boolean[entries];
            for (int i = 0; i < entries; i++) {
                float[] m = corrections[i];
                if (m == null) {
                    affine[12 * i] = 1;
                    affine[12 * i + 4] = 1;
                    affine[12 * i + 8] = 1;
                    cofactor[9 * i] = 1;
                    cofactor[9 * i + 4] = 1;
                    cofactor[9 * i + 8] = 1;
                    continue;
                }
                corrected[i] = true;
                classId[i] = i + 1;
                for (int j = 0; j < i; j++) {
                    if (corrections[j] != null && java.util.Arrays.equals(corrections[j], m)) {
                        classId[i] = classId[j];
                        break;
                    }
                }
                for (int col = 0; col < 4; col++) {
                    for (int row = 0; row < 3; row++) {
                        affine[12 * i + 3 * col + row] = m[4 * col + row];
                    }
                }
                double[] x = {m[0], m[1], m[2]};
                double[] y = {m[4], m[5], m[6]};
                double[] z = {m[8], m[9], m[10]};
                // cof(M) columns for M = [x y z]: y*z, z*x, x*y; sign-corrected so normals keep their side
                double[] cx = cross(y, z);
                double[] cy = cross(z, x);
                double[] cz = cross(x, y);
                double det = x[0] * cx[0] + x[1] * cx[1] + x[2] * cx[2];
                double sign = det < 0 ? -1 : 1;
                for (int r = 0; r < 3; r++) {
                    cofactor[9 * i + r] = sign * cx[r];
                    cofactor[9 * i + 3 + r] = sign * cy[r];
                    cofactor[9 * i + 6 + r] = sign * cz[r];
                }
            }
            w = new double[k];
            e = new int[k];
        }

        private static double[] cross(double[] u, double[] v) {
            return new double[] {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        }

        void vertex(int v, float[] p, float @Nullable [] normals, float @Nullable [] tangents, float[][] mp,
                float[][] mn, float[][] mt, int[] entryVertices, int[] entryExact, float[] entryBound) {
            int used = slots(v);
            boolean any = false;
            int firstClass = -1;
            boolean exact = true;
            for (int s = 0; s < used; s++) {
                any |= corrected[e[s]];
                if (firstClass < 0) {
                    firstClass = classId[e[s]];
                } else if (classId[e[s]] != firstClass) {
                    exact = false;
                }
            }
            if (!any) {
                return;
            }
            java.util.Arrays.fill(a, 0);
            java.util.Arrays.fill(c, 0);
            for (int s = 0; s < used; s++) {
                int o = 12 * e[s];
                for (int i = 0; i < 12; i++) {
                    a[i] += w[s] * affine[o + i];
                }
                int q = 9 * e[s];
                for (int i = 0; i < 9; i++) {
                    c[i] += w[s] * cofactor[q + i];
                }
            }
            double x = p[3 * v];
            double y = p[3 * v + 1];
            double z = p[3 * v + 2];
            double nx = a[0] * x + a[3] * y + a[6] * z + a[9];
            double ny = a[1] * x + a[4] * y + a[7] * z + a[10];
            double nz = a[2] * x + a[5] * y + a[8] * z + a[11];
            double bound = 0;
            if (!exact) {
                for (int s = 0; s < used; s++) {
                    int o = 12 * e[s];
                    double cx = affine[o] * x + affine[o + 3] * y + affine[o + 6] * z + affine[o + 9];
                    double cy = affine[o + 1] * x + affine[o + 4] * y + affine[o + 7] * z + affine[o + 10];
                    double cz = affine[o + 2] * x + affine[o + 5] * y + affine[o + 8] * z + affine[o + 11];
                    bound += w[s] * Math.sqrt((nx - cx) * (nx - cx) + (ny - cy) * (ny - cy) + (nz - cz) * (nz - cz));
                }
            }
            p[3 * v] = (float) nx;
            p[3 * v + 1] = (float) ny;
            p[3 * v + 2] = (float) nz;
            double normalScale = 1;
            if (normals != null) {
                normalScale = direction(c, normals, 3 * v);
            }
            double tangentScale = 1;
            if (tangents != null) {
                tangentScale = direction(linear(), tangents, 4 * v);
            }
            for (int t = 0; t < mp.length; t++) {
                if (mp[t] != null) {
                    delta(linear(), mp[t], 3 * v, 1);
                }
                if (mn[t] != null) {
                    delta(c, mn[t], 3 * v, normalScale);
                }
                if (mt[t] != null) {
                    delta(linear(), mt[t], 3 * v, tangentScale);
                }
            }
            for (int s = 0; s < used; s++) {
                int entry = e[s];
                if (corrected[entry] && !seenBefore(s)) {
                    entryVertices[entry]++;
                    if (exact) {
                        entryExact[entry]++;
                    }
                    entryBound[entry] = (float) Math.max(entryBound[entry], bound);
                }
            }
        }

        /** Whether an earlier weighted slot of the vertex names the same entry (counted once). */
        private boolean seenBefore(int s) {
            for (int i = 0; i < s; i++) {
                if (e[i] == e[s]) {
                    return true;
                }
            }
            return false;
        }

        private final double[] lin = new double[9];

        /** The upper 3x3 of the blended {@code A}. */
        private double[] linear() {
            System.arraycopy(a, 0, lin, 0, 9);
            return lin;
        }

        /** Fills {@code w} and {@code e} with the vertex's weighted slots, weights normalized; returns their count. */
        private int slots(int v) {
            if (part.joints == null) {
                w[0] = 1;
                e[0] = 0;
                return 1;
            }
            int[] joints = part.joints;
            float[] weights = part.weights;
            int count = 0;
            double sum = 0;
            for (int s = 0, base = v * k; s < k; s++) {
                float weight = weights[base + s];
                if (weight > 0) {
                    w[count] = weight;
                    e[count] = joints[base + s];
                    sum += weight;
                    count++;
                }
            }
            for (int s = 0; s < count; s++) {
                w[s] /= sum;
            }
            return count;
        }

        /** {@code d = m * d} (3x3, column-major) at {@code o}, rescaled to unit length; returns the scale. */
        private static double direction(double[] m, float[] d, int o) {
            double x = d[o];
            double y = d[o + 1];
            double z = d[o + 2];
            double rx = m[0] * x + m[3] * y + m[6] * z;
            double ry = m[1] * x + m[4] * y + m[7] * z;
            double rz = m[2] * x + m[5] * y + m[8] * z;
            double len = Math.sqrt(rx * rx + ry * ry + rz * rz);
            double scale = len > 0 ? 1 / len : 0;
            d[o] = (float) (rx * scale);
            d[o + 1] = (float) (ry * scale);
            d[o + 2] = (float) (rz * scale);
            return scale;
        }

        /** {@code d = scale * m * d} (3x3, column-major) at {@code o}. */
        private static void delta(double[] m, float[] d, int o, double scale) {
            double x = d[o];
            double y = d[o + 1];
            double z = d[o + 2];
            d[o] = (float) ((m[0] * x + m[3] * y + m[6] * z) * scale);
            d[o + 1] = (float) ((m[1] * x + m[4] * y + m[7] * z) * scale);
            d[o + 2] = (float) ((m[2] * x + m[5] * y + m[8] * z) * scale);
        }
    }
}
