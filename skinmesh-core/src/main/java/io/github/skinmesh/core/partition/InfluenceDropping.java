package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.BoneSlots;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the triangles whose own bone set (as the mode counts it) exceeds {@code maxBones} and
 * either fails naming the first one or makes each fit by dropping influences
 * ({@link OversizeTriangles}).
 *
 * <p>Triangles are visited submesh by submesh, in order, each with the weights as earlier drops
 * left them. To make a triangle fit, the bone whose removal from its (distinct) vertices loses
 * the least weight goes first (ties to the first in set order), as long as every vertex keeps an
 * influence (and, counting all slots, a joint); a vertex that loses weight is rescaled to its
 * former sum. Counting all slots ({@link PartitionMode#GREEDY}), a dropped slot takes the joint
 * of the vertex's heaviest remaining slot, so that it stops counting a bone the triangle no
 * longer has; counting weighted slots only, the vertex's slots are put back in canonical form.
 *
 * <p>The input arrays are only read; the first drop copies them once.
 */
final class InfluenceDropping {
    /** Triangles a warning names at most. */
    private static final int NAMED_TRIANGLES = 5;

    final int[] joints;
    final float[] weights;
    final boolean changed;
    int droppedInfluences;
    int changedVertices;
    int changedTriangles;
    double weightRemoved;
    float largestFraction;
    int largestVertex = Index.NONE;
    final List<String> warnings = new ArrayList<>();

    private InfluenceDropping(int[] joints, float[] weights, boolean changed) {
        this.joints = joints;
        this.weights = weights;
        this.changed = changed;
    }

    /**
     * @param mesh the mesh (skinned)
     * @param joints its joints, {@code K} per vertex; read only
     * @param weights its weights; read only
     * @param maxBones the limit
     * @param allSlots whether zero-weight slots count
     * @param drop whether to drop influences rather than fail
     * @return the (possibly new) joints and weights and what was dropped
     * @throws ValidationException naming the first triangle that does not fit (or cannot be made to)
     */
    static InfluenceDropping run(Mesh mesh, int[] joints, float[] weights, int maxBones, boolean allSlots, boolean drop) {
        Skin skin = mesh.skin();
        assert skin != null;
        int k = skin.weights().influencesPerVertex();
        if (3 * k <= maxBones) {
            return new InfluenceDropping(joints, weights, false);
        }
        int[] indices = io.github.skinmesh.core.internal.ModelAccess.get().indices(mesh);
        int[] j = joints;
        float[] w = weights;
        boolean copied = false;
        int[] set = new int[3 * k];
        int[] vs = new int[3];
        float[] retained = null; // per vertex, the fraction of its original weight it keeps
        float[] originalSum = null;
        List<String> named = new ArrayList<>();
        int droppedInfluences = 0;
        int changedTriangles = 0;
        List<Submesh> submeshes = mesh.submeshes();
        for (int s = 0; s < submeshes.size(); s++) {
            Submesh sub = submeshes.get(s);
            for (int i = sub.firstIndex(), end = i + sub.indexCount(); i < end; i += 3) {
                int size = set(indices, i, j, w, k, allSlots, set);
                if (size <= maxBones) {
                    continue;
                }
                if (!drop) {
                    throw new ValidationException("partition: mesh " + Checks.quote(mesh.name()) + " submesh " + s
                            + " triangle " + i / 3 + " (vertices " + indices[i] + ", " + indices[i + 1] + ", "
                            + indices[i + 2] + ") uses " + size + " bones " + names(skin, set, size)
                            + (allSlots ? " counting zero-weight slots as GREEDY does" : "")
                            + ", expected at most maxBones " + maxBones
                            + "; OversizeTriangles.DROP_INFLUENCES drops its smallest influences until it fits");
                }
                if (!copied) {
                    j = j.clone();
                    w = w.clone();
                    retained = new float[mesh.vertexCount()];
                    Arrays.fill(retained, 1f);
                    originalSum = new float[mesh.vertexCount()];
                    Arrays.fill(originalSum, Float.NaN);
                    copied = true;
                }
                int nv = 0;
                for (int c = 0; c < 3; c++) {
                    int v = indices[i + c];
                    if (nv == 0 || (vs[0] != v && (nv == 1 || vs[1] != v))) {
                        vs[nv++] = v;
                    }
                }
                for (int m = 0; m < nv; m++) {
                    int v = vs[m];
                    if (Float.isNaN(originalSum[v])) {
                        originalSum[v] = rowSum(w, v * k, k);
                    }
                }
                changedTriangles++;
                if (named.size() < NAMED_TRIANGLES) {
                    named.add("triangle " + i / 3 + " of submesh " + s + " (" + size + " bones)");
                }
                while (size > maxBones) {
                    int best = -1;
                    double bestCost = Double.POSITIVE_INFINITY;
                    for (int b = 0; b < size; b++) {
                        double cost = removalCost(set[b], vs, nv, j, w, k, allSlots);
                        if (cost < bestCost) {
                            bestCost = cost;
                            best = b;
                        }
                    }
                    if (best < 0) {
                        throw new ValidationException("partition: mesh " + Checks.quote(mesh.name()) + " submesh " + s
                                + " triangle " + i / 3 + " (vertices " + indices[i] + ", " + indices[i + 1] + ", "
                                + indices[i + 2] + ") still uses " + size + " bones " + names(skin, set, size)
                                + ", expected at most maxBones " + maxBones + ", and no bone can be dropped without "
                                + "leaving one of its vertices without an influence");
                    }
                    int bone = set[best];
                    for (int m = 0; m < nv; m++) {
                        droppedInfluences += dropBone(vs[m], bone, j, w, k, allSlots, retained);
                    }
                    System.arraycopy(set, best + 1, set, best, size - best - 1);
                    size--;
                }
            }
        }
        if (!copied) {
            return new InfluenceDropping(joints, weights, false);
        }
        InfluenceDropping r = new InfluenceDropping(j, w, true);
        r.droppedInfluences = droppedInfluences;
        r.changedTriangles = changedTriangles;
        for (int v = 0; v < retained.length; v++) {
            if (Float.isNaN(originalSum[v]) || retained[v] == 1f) {
                continue;
            }
            float fraction = 1f - retained[v];
            r.changedVertices++;
            r.weightRemoved += (double) originalSum[v] * fraction;
            if (fraction > r.largestFraction) {
                r.largestFraction = fraction;
                r.largestVertex = v;
            }
        }
        r.warnings.add(String.format(java.util.Locale.ROOT, "partition: mesh %s: %d triangle%s used more than maxBones %d"
                + " bones (%s%s); dropped %d influence%s of %d vertices, weight %.6g in all, at most %.4f of one vertex's"
                + " weight (vertex %d)", Checks.quote(mesh.name()), changedTriangles, changedTriangles == 1 ? "" : "s",
                maxBones, String.join(", ", named), changedTriangles > named.size() ? ", ..." : "", droppedInfluences,
                droppedInfluences == 1 ? "" : "s", r.changedVertices, r.weightRemoved, r.largestFraction,
                r.largestVertex));
        return r;
    }

    /** Fills {@code set} with the triangle's distinct joints in slot order; returns their count. */
    private static int set(int[] indices, int i, int[] j, float[] w, int k, boolean allSlots, int[] set) {
        int n = 0;
        for (int c = 0; c < 3; c++) {
            int base = indices[i + c] * k;
            for (int s = 0; s < k; s++) {
                if (!allSlots && !(w[base + s] > 0f)) {
                    continue;
                }
                int joint = j[base + s];
                boolean seen = false;
                for (int m = 0; m < n && !seen; m++) {
                    seen = set[m] == joint;
                }
                if (!seen) {
                    set[n++] = joint;
                }
            }
        }
        return n;
    }

    /** @return the weight removing {@code bone} from the vertices loses, or +infinity when it would empty one */
    private static double removalCost(int bone, int[] vs, int nv, int[] j, float[] w, int k, boolean allSlots) {
        double cost = 0;
        for (int m = 0; m < nv; m++) {
            int base = vs[m] * k;
            double mine = 0;
            double others = 0;
            boolean otherJoint = false;
            for (int s = 0; s < k; s++) {
                float weight = w[base + s];
                if (j[base + s] == bone) {
                    mine += weight > 0 ? weight : 0;
                } else {
                    others += weight > 0 ? weight : 0;
                    otherJoint |= allSlots || weight > 0;
                }
            }
            if ((mine > 0 && others == 0) || !otherJoint && (allSlots || mine > 0)) {
                return Double.POSITIVE_INFINITY;
            }
            cost += mine;
        }
        return cost;
    }

    /**
     * Removes {@code bone} from vertex {@code v}, rescaling it to its sum, and multiplies its retained
     * fraction by what it keeps; returns the weighted slots dropped.
     */
    private static int dropBone(int v, int bone, int[] j, float[] w, int k, boolean allSlots, float[] retained) {
        int base = v * k;
        double before = 0;
        double lost = 0;
        int heaviest = -1;
        int dropped = 0;
        for (int s = 0; s < k; s++) {
            float weight = w[base + s];
            before += weight;
            if (j[base + s] == bone) {
                lost += weight;
                if (weight > 0) {
                    dropped++;
                }
            } else if (heaviest < 0 || weight > w[base + heaviest]) {
                heaviest = s;
            }
        }
        boolean any = false;
        for (int s = 0; s < k; s++) {
            if (j[base + s] == bone) {
                any = true;
                w[base + s] = 0f;
                j[base + s] = allSlots ? j[base + heaviest] : 0;
            }
        }
        if (!any) {
            return 0;
        }
        if (lost > 0) {
            double scale = before / (before - lost);
            for (int s = 0; s < k; s++) {
                w[base + s] = (float) (w[base + s] * scale);
            }
            retained[v] = (float) (retained[v] * (1 - lost / before));
        }
        if (!allSlots) {
            BoneSlots.canonicalizeRow(j, w, base, k);
        }
        return dropped;
    }

    private static float rowSum(float[] w, int base, int k) {
        float sum = 0;
        for (int s = 0; s < k; s++) {
            sum += w[base + s];
        }
        return sum;
    }

    private static String names(Skin skin, int[] set, int size) {
        StringBuilder sb = new StringBuilder("[");
        for (int m = 0; m < size; m++) {
            sb.append(m == 0 ? "" : ", ").append(Checks.quote(skin.boneName(set[m])));
        }
        return sb.append(']').toString();
    }
}
