package io.github.skinmesh.core.partition;

/**
 * Prices folds without clips, from the rest pose: moving weight {@code W} of a vertex at
 * {@code p} away from bone {@code b} costs {@code (W * |p - origin_b|)^2}, the squared
 * displacement the vertex would lose if {@code b} turned by one radian about its bind position
 * relative to the bone that takes the weight. Heavy weights far from their joint (a whole forearm)
 * cost much, light weights near the joint (a twist helper, a finger tip) little.
 *
 * <p>Notes. The estimate is additive and never negative, so the energy of the search's states
 * never decreases and the first state within a limit is the cheapest. The distance is to the
 * bone's own joint and not to the ancestor's: what is lost is the bone's own articulation; the
 * ancestor's motion is kept.
 */
final class RestFoldCost implements FoldCost {
    private final ReduceInput in;
    private final double[] energy;
    /** Scratch: the distinct bones losing weight at one vertex and their weights. */
    private final int[] lostBones;
    private final double[] lostWeights;

    RestFoldCost(ReduceInput in) {
        this.in = in;
        this.energy = new double[in.vertexCount];
        this.lostBones = new int[in.influences];
        this.lostWeights = new double[in.influences];
    }

    @Override
    public double evaluate(int[] verts, int n, int[] current, int[] trial, boolean apply) {
        int k = in.influences;
        double delta = 0;
        for (int i = 0; i < n; i++) {
            int v = verts[i];
            int lost = 0;
            for (int s = v * k; s < v * k + k; s++) {
                float w = in.weights[s];
                int j = in.joints[s];
                if (w > 0 && trial[j] != current[j]) {
                    int from = current[j];
                    int at = 0;
                    while (at < lost && lostBones[at] != from) {
                        at++;
                    }
                    if (at == lost) {
                        lostBones[lost] = from;
                        lostWeights[lost++] = 0;
                    }
                    lostWeights[at] += w;
                }
            }
            double cost = 0;
            for (int b = 0; b < lost; b++) {
                int u = lostBones[b];
                double dx = (double) in.positions[3 * v] - in.origin[3 * u];
                double dy = (double) in.positions[3 * v + 1] - in.origin[3 * u + 1];
                double dz = (double) in.positions[3 * v + 2] - in.origin[3 * u + 2];
                cost += lostWeights[b] * lostWeights[b] * (dx * dx + dy * dy + dz * dz);
            }
            delta += cost;
            if (apply) {
                energy[v] += cost;
            }
        }
        return delta;
    }

    @Override
    public double energy() {
        double sum = 0;
        for (double e : energy) {
            sum += e;
        }
        return sum;
    }

    @Override
    public double maxDisplacement() {
        return Double.NaN;
    }

    @Override
    public boolean nonDecreasing() {
        return true;
    }
}
