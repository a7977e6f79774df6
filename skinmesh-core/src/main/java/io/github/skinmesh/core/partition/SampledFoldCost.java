package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import java.util.Arrays;

/**
 * Prices folds by the displacement they cause on sampled poses: the affected vertices are gathered
 * with their joints rewritten, skinned at every pose by the core skinning kernel
 * ({@link Skinning#skinInto}, the same kernel that posed the reference), and compared with the
 * input mesh's posed positions. A vertex's energy is {@code sum over poses |p' - p|^2}; its
 * displacement the largest {@code |p' - p|}.
 *
 * <p>Notes. Only vertices whose joints change are skinned, so a fold costs
 * {@code poses * affected vertices} skinned vertices rather than the whole mesh. Keeping the
 * reference positions of every pose costs {@code 12 * vertexCount} bytes per pose; posing them
 * again per candidate instead would double the skinning work. A fold can lower the energy (two
 * siblings moving in opposite directions cancel when both are folded), which is why the
 * search keeps every state and the selection takes the best one within the limit.
 */
final class SampledFoldCost implements FoldCost {
    private final ReduceInput in;
    private final PoseSet poses;
    /** Per vertex: the energy and the largest displacement of the current state. */
    private final double[] energy;
    private final float[] displacement;
    // scratch sized for the whole mesh: gathered positions, joints, weights, skinned positions, per-vertex sums
    private final float[] positions;
    private final int[] joints;
    private final float[] weights;
    private final float[] skinned;
    private final double[] newEnergy;
    private final float[] newDisplacement;

    SampledFoldCost(ReduceInput in, PoseSet poses) {
        this.in = in;
        this.poses = poses;
        int n = in.vertexCount;
        int k = in.influences;
        this.energy = new double[n];
        this.displacement = new float[n];
        this.positions = new float[3 * n];
        this.joints = new int[k * n];
        this.weights = new float[k * n];
        this.skinned = new float[3 * n];
        this.newEnergy = new double[n];
        this.newDisplacement = new float[n];
    }

    @Override
    public double evaluate(int[] verts, int n, int[] current, int[] trial, boolean apply) {
        int k = in.influences;
        for (int i = 0; i < n; i++) {
            int v = verts[i];
            System.arraycopy(in.positions, 3 * v, positions, 3 * i, 3);
            for (int s = 0; s < k; s++) {
                float w = in.weights[v * k + s];
                weights[i * k + s] = w;
                joints[i * k + s] = w > 0 ? trial[in.joints[v * k + s]] : 0;
            }
        }
        Arrays.fill(newEnergy, 0, n, 0);
        Arrays.fill(newDisplacement, 0, n, 0);
        for (int p = 0; p < poses.count; p++) {
            Skinning.skinInto(poses.palettes[p], k, joints, weights, positions, skinned, null, null, null, null, 0, n,
                    SkinningOptions.DEFAULTS);
            float[] ref = poses.reference[p];
            for (int i = 0; i < n; i++) {
                int v = verts[i];
                double dx = (double) skinned[3 * i] - ref[3 * v];
                double dy = (double) skinned[3 * i + 1] - ref[3 * v + 1];
                double dz = (double) skinned[3 * i + 2] - ref[3 * v + 2];
                double d2 = dx * dx + dy * dy + dz * dz;
                newEnergy[i] += d2;
                float d = (float) Math.sqrt(d2);
                if (d > newDisplacement[i]) {
                    newDisplacement[i] = d;
                }
            }
        }
        double delta = 0;
        for (int i = 0; i < n; i++) {
            int v = verts[i];
            delta += newEnergy[i] - energy[v];
            if (apply) {
                energy[v] = newEnergy[i];
                displacement[v] = newDisplacement[i];
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
        float max = 0;
        for (float d : displacement) {
            max = Math.max(max, d);
        }
        return max;
    }
}
