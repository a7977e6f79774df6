package io.github.skinmesh.core.internal;

/**
 * The canonical form of bone-weight slots, defined once for the model's factories and for the
 * algorithms that build weights themselves (combine, bone remapping): in each vertex's {@code K}
 * slots the weights do not increase, and every slot of weight 0 has joint 0 and weight
 * {@code +0.0}. Sorting is stable, so slots of equal weight keep their order. See
 * {@link io.github.skinmesh.core.model.BoneWeights} for what the form means. Not API.
 *
 * <p>Layout as in {@code BoneWeights}: vertex {@code v}'s slots are {@code joints[v*K .. v*K+K-1]}
 * and the same positions of {@code weights}; a row starts at {@code base = v*K}. Weights must be
 * finite and {@code >= 0} (the callers have validated them). Stateless; nothing allocates.
 */
public final class BoneSlots {
    private BoneSlots() {
    }

    /**
     * Tells whether one vertex's slots are canonical.
     *
     * @param joints joint per slot
     * @param weights weight per slot
     * @param base first slot of the row
     * @param k slots per vertex
     * @return whether the weights do not increase and every empty slot is joint 0, weight {@code +0.0}
     */
    public static boolean isCanonicalRow(int[] joints, float[] weights, int base, int k) {
        for (int s = base; s < base + k; s++) {
            float w = weights[s];
            if (s > base && w > weights[s - 1]) {
                return false;
            }
            if (w == 0f && (joints[s] != 0 || Float.floatToRawIntBits(w) != 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Tells whether every vertex's slots are canonical.
     *
     * @param joints {@code vertexCount*k} joints
     * @param weights {@code vertexCount*k} weights
     * @param k slots per vertex
     * @return whether every row is canonical
     */
    public static boolean isCanonical(int[] joints, float[] weights, int k) {
        for (int base = 0; base < joints.length; base += k) {
            if (!isCanonicalRow(joints, weights, base, k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Puts one vertex's slots in canonical form in place: a stable insertion sort by weight,
     * descending (insertion sort, as {@code K <= 8}), then every slot of weight 0 set to joint 0
     * and weight {@code +0.0}. Non-zero weights are never changed.
     *
     * @param joints joint per slot
     * @param weights weight per slot
     * @param base first slot of the row
     * @param k slots per vertex
     */
    public static void canonicalizeRow(int[] joints, float[] weights, int base, int k) {
        for (int i = base + 1; i < base + k; i++) {
            float w = weights[i];
            int j = joints[i];
            int m = i - 1;
            while (m >= base && weights[m] < w) {
                weights[m + 1] = weights[m];
                joints[m + 1] = joints[m];
                m--;
            }
            weights[m + 1] = w;
            joints[m + 1] = j;
        }
        for (int i = base; i < base + k; i++) {
            if (weights[i] == 0f) {
                joints[i] = 0;
                weights[i] = 0f; // turns -0 into +0
            }
        }
    }
}
