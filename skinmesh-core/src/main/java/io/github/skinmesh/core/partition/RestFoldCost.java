package io.github.skinmesh.core.partition;

/**
 * Prices folds without clips, from the rest pose. In a state where joint {@code j} of a vertex at
 * {@code p} is represented by its ancestor-or-self {@code r}, the vertex loses the articulation of
 * every bone {@code x} from {@code j} up to, but not including, {@code r}. A vertex's energy is
 * {@code sum over lost bones x of (W_x * |p - origin_x|)^2}, where {@code W_x} is the vertex's
 * weight carried past {@code x} (on joints at or below {@code x} represented above it): the
 * squared displacement the vertex would lose if {@code x} turned by one radian about its bind
 * position relative to the bone that takes the weight. Heavy weights far from their joint (a whole
 * forearm) cost much, light weights near the joint (a twist helper, a finger tip) little.
 *
 * <p>Notes. The energy depends only on the state, so folding a bone and later making it keep
 * weight again (a merge into it) returns its own vertices' share: a move can lower the energy.
 * The distance is to the lost bone's own joint and not to the ancestor's: what is lost is the
 * bone's own articulation; the ancestor's motion is kept.
 */
final class RestFoldCost implements FoldCost {
    private final ReduceInput in;
    private final double[] energy;
    /** Scratch: the distinct bones a vertex loses and the weight carried past each. */
    private final int[] lostBones;
    private final double[] lostWeights;

    RestFoldCost(ReduceInput in) {
        this.in = in;
        this.energy = new double[in.vertexCount];
        int depth = 0;
        int[] level = new int[in.boneCount];
        for (int u = 0; u < in.boneCount; u++) { // parents come before children
            int p = in.parent[u];
            level[u] = p < 0 ? 1 : level[p] + 1;
            depth = Math.max(depth, level[u]);
        }
        this.lostBones = new int[in.influences * depth];
        this.lostWeights = new double[in.influences * depth];
    }

    @Override
    public double evaluate(int[] verts, int n, int[] current, int[] trial, boolean apply) {
        double delta = 0;
        for (int i = 0; i < n; i++) {
            int v = verts[i];
            double e = vertexEnergy(v, trial);
            delta += e - energy[v];
            if (apply) {
                energy[v] = e;
            }
        }
        return delta;
    }

    /** The energy of vertex {@code v} when its joints are represented as {@code rep} says. */
    private double vertexEnergy(int v, int[] rep) {
        int k = in.influences;
        int lost = 0;
        for (int s = v * k; s < v * k + k; s++) {
            float w = in.weights[s];
            if (!(w > 0)) {
                continue;
            }
            int j = in.joints[s];
            for (int x = j; x != rep[j]; x = in.parent[x]) {
                int at = 0;
                while (at < lost && lostBones[at] != x) {
                    at++;
                }
                if (at == lost) {
                    lostBones[lost] = x;
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
        return cost;
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
}
