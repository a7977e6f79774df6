package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.Index;

/**
 * Smooth skin weights from the distance of a vertex to its surface's bone segments.
 *
 * <p>For each candidate bone (the bones of the vertex's surface) the raw weight is
 * {@code 1 / max(d, dMin)^4}, {@code d} the distance from the vertex to the segment joint-tail.
 * At a joint both neighbouring segments are equally close, so weights cross over smoothly, over a
 * length about the limb's radius (the fourth power keeps the blend that local); the floor
 * {@code dMin} keeps vertices on a segment finite. The {@code K} largest are kept, normalized,
 * weights below {@link #MIN_WEIGHT} dropped, and the rest renormalized so that the largest weight
 * takes the rounding: each vertex's float weights sum to 1 within a few ulps. Slots are sorted
 * by weight, largest first; unused slots hold {@link Index#NONE} and weight 0.
 *
 * <p>Alternatives considered: heat diffusion (Baran and Popovic 2007) gives nicer weights on
 * arbitrary meshes but needs a Laplacian solve; per-surface candidate bones already stop the
 * bleeding between fingers that plain nearest-bone weights suffer.
 */
final class SkinWeights {
    /** Weights below this share (after the first normalization) are dropped. */
    static final double MIN_WEIGHT = 0.01;

    private SkinWeights() {
    }

    /**
     * Weights the vertices {@code first..first+count-1}.
     *
     * @param rig bone segments
     * @param positions xyz per vertex
     * @param first first vertex
     * @param count vertex count
     * @param bones candidate skeleton bones
     * @param k influences per vertex
     * @param minDistance the distance floor {@code dMin}, meters
     * @param joints receives {@code k} skeleton bones per vertex ({@link Index#NONE} for empty slots)
     * @param weights receives {@code k} weights per vertex
     */
    static void compute(Rig rig, float[] positions, int first, int count, int[] bones, int k, double minDistance,
            int[] joints, float[] weights) {
        int[] topBone = new int[k];
        double[] topWeight = new double[k];
        for (int v = first; v < first + count; v++) {
            double px = positions[3 * v];
            double py = positions[3 * v + 1];
            double pz = positions[3 * v + 2];
            int used = 0;
            for (int bone : bones) {
                double d = Math.max(segmentDistance(rig, bone, px, py, pz), minDistance);
                double d2 = d * d;
                double w = 1 / (d2 * d2);
                // insertion into the descending top-k list
                int at = used < k ? used++ : k;
                while (at > 0 && topWeight[at - 1] < w) {
                    if (at < k) {
                        topWeight[at] = topWeight[at - 1];
                        topBone[at] = topBone[at - 1];
                    }
                    at--;
                }
                if (at < k) {
                    topWeight[at] = w;
                    topBone[at] = bone;
                }
            }
            double sum = 0;
            for (int i = 0; i < used; i++) {
                sum += topWeight[i];
            }
            int kept = 1;
            while (kept < used && topWeight[kept] / sum >= MIN_WEIGHT) {
                kept++;
            }
            double keptSum = 0;
            for (int i = 0; i < kept; i++) {
                keptSum += topWeight[i];
            }
            int base = v * k;
            double others = 0;
            for (int i = 1; i < k; i++) {
                if (i < kept) {
                    float w = (float) (topWeight[i] / keptSum);
                    weights[base + i] = w;
                    joints[base + i] = topBone[i];
                    others += w;
                } else {
                    weights[base + i] = 0;
                    joints[base + i] = Index.NONE;
                }
            }
            weights[base] = (float) (1 - others);
            joints[base] = topBone[0];
        }
    }

    /** Distance from a point to the segment from the bone's joint to its tail. */
    static double segmentDistance(Rig rig, int bone, double px, double py, double pz) {
        double ax = rig.head[3 * bone];
        double ay = rig.head[3 * bone + 1];
        double az = rig.head[3 * bone + 2];
        double bx = rig.tail[3 * bone] - ax;
        double by = rig.tail[3 * bone + 1] - ay;
        double bz = rig.tail[3 * bone + 2] - az;
        double qx = px - ax;
        double qy = py - ay;
        double qz = pz - az;
        double len2 = bx * bx + by * by + bz * bz;
        double t = len2 > 0 ? Math.max(0, Math.min(1, (qx * bx + qy * by + qz * bz) / len2)) : 0;
        double dx = qx - t * bx;
        double dy = qy - t * by;
        double dz = qz - t * bz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
