package io.github.skinmesh.core.weights;

/**
 * Scales one vertex's weights to a unit sum.
 *
 * <p>The sum is taken in double precision and each weight divided by it in double precision, then
 * rounded to float: each rounding is monotonic, so the descending slot order survives, and the
 * rounded weights sum to 1 within {@code 2^-24} (the errors are relative to weights that sum to
 * 1). The remaining residue {@code 1 - sum} is then added to the largest weight (slot 0) when that
 * keeps it no smaller than slot 1, which brings the double-precision sum within half a float ulp
 * of that weight. Dividing by the sum (rather than multiplying by its reciprocal) avoids a second
 * rounding per weight.
 */
final class UnitSum {
    private UnitSum() {
    }

    /**
     * @param w weights
     * @param base first slot
     * @param count slots
     * @return the sum of {@code w[base .. base+count)} in double precision
     */
    static double sum(float[] w, int base, int count) {
        double sum = 0;
        for (int i = base, end = base + count; i < end; i++) {
            sum += w[i];
        }
        return sum;
    }

    /**
     * Normalizes {@code w[base .. base+count)} in place. The weights are finite, {@code >= 0} and
     * sorted descending.
     *
     * @param w weights
     * @param base first slot
     * @param count slots, {@code >= 1}
     * @return {@code false}, leaving the weights untouched, when they are all zero
     */
    static boolean normalize(float[] w, int base, int count) {
        double sum = sum(w, base, count);
        if (sum == 0) {
            return false;
        }
        if (sum != 1.0) {
            scale(w, base, count, sum);
        }
        return true;
    }

    /**
     * Divides {@code w[base .. base+count)} by {@code sum} (their positive sum) and lets slot 0
     * absorb the rounding residue.
     *
     * @return the sum of the scaled weights in double precision, as {@link #sum} would take it
     *     again (it is the sum the residue was taken from unless slot 0 absorbed it)
     */
    static double scale(float[] w, int base, int count, double sum) {
        assert sum > 0;
        double scaled = 0;
        int end = base + count;
        for (int i = base; i < end; i++) {
            float q = (float) (w[i] / sum);
            w[i] = q;
            scaled += q;
        }
        double residue = 1.0 - scaled;
        if (residue != 0) {
            float first = (float) (w[base] + residue);
            if (count == 1 || first >= w[base + 1]) {
                w[base] = first;
                return sum(w, base, count);
            }
        }
        return scaled;
    }
}
