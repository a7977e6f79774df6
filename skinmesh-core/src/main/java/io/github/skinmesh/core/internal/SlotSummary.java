package io.github.skinmesh.core.internal;

/**
 * What one pass over a skin's slots tells: which joints carry weight, how many slots are empty
 * (weight 0) and, only when some are, how many vertices carry no weight at all. The model keeps
 * one per {@code BoneWeights} once computed (they are immutable), so an operation that asks
 * again, such as combining the same outfit parts once more, does not scan again. Immutable. Not
 * API.
 *
 * <p>Joints below 64 collect in four register masks over the flat slot array (four, so that
 * consecutive slots do not wait on each other); a scattered {@code boolean} store per slot, and
 * then one mask, each cost about as much as copying the joints (measured on workload
 * {@code combine}: 3 to 4 times slower than the masks). When a joint of 64 or more turns up the
 * pass is redone with the store per slot.
 */
public final class SlotSummary {
    private final boolean[] weighted;
    /** Slots of weight 0. */
    public final int emptySlots;
    /** Vertices whose every slot has weight 0. */
    public final int unweightedRows;

    private SlotSummary(boolean[] weighted, int emptySlots, int unweightedRows) {
        this.weighted = weighted;
        this.emptySlots = emptySlots;
        this.unweightedRows = unweightedRows;
    }

    /**
     * @param joint a joint index {@code >= 0}
     * @return whether some slot of weight {@code > 0} names it
     */
    public boolean weighted(int joint) {
        return joint < weighted.length && weighted[joint];
    }

    /**
     * Scans slots.
     *
     * @param joints joint per slot, each {@code >= 0}
     * @param weights weight per slot, each {@code >= 0}
     * @param k slots per vertex
     * @return the summary
     */
    public static SlotSummary of(int[] joints, float[] weights, int k) {
        int length = weights.length;
        long m0 = 0;
        long m1 = 0;
        long m2 = 0;
        long m3 = 0;
        int any = 0;
        int zeros = 0;
        int i = 0;
        for (; i + 3 < length; i += 4) {
            int p0 = weights[i] > 0 ? 1 : 0;
            int p1 = weights[i + 1] > 0 ? 1 : 0;
            int p2 = weights[i + 2] > 0 ? 1 : 0;
            int p3 = weights[i + 3] > 0 ? 1 : 0;
            int j0 = joints[i];
            int j1 = joints[i + 1];
            int j2 = joints[i + 2];
            int j3 = joints[i + 3];
            any |= j0 | j1 | j2 | j3;
            m0 |= (long) p0 << j0;
            m1 |= (long) p1 << j1;
            m2 |= (long) p2 << j2;
            m3 |= (long) p3 << j3;
            zeros += 4 - p0 - p1 - p2 - p3;
        }
        for (; i < length; i++) {
            int p = weights[i] > 0 ? 1 : 0;
            any |= joints[i];
            m0 |= (long) p << joints[i];
            zeros += 1 - p;
        }
        boolean[] weighted;
        if (any < 64) {
            long mask = m0 | m1 | m2 | m3;
            weighted = new boolean[64 - Long.numberOfLeadingZeros(mask)];
            for (int j = 0; j < weighted.length; j++) {
                weighted[j] = (mask >>> j & 1) != 0;
            }
        } else {
            int max = -1;
            for (int s = 0; s < length; s++) {
                if (weights[s] > 0) {
                    max = Math.max(max, joints[s]);
                }
            }
            weighted = new boolean[max + 1];
            for (int s = 0; s < length; s++) {
                if (weights[s] > 0) {
                    weighted[joints[s]] = true;
                }
            }
        }
        int unweighted = 0;
        if (zeros >= k) {
            for (int base = 0; base < length; base += k) {
                boolean w = false;
                for (int s = 0; s < k; s++) {
                    w |= weights[base + s] > 0;
                }
                unweighted += w ? 0 : 1;
            }
        }
        return new SlotSummary(weighted, zeros, unweighted);
    }
}
