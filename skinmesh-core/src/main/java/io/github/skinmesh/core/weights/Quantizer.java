package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Weights#quantize}: largest-remainder rounding (Hamilton's apportionment) of each
 * vertex's weights to integers summing exactly to {@code scale}.
 *
 * <p>Per vertex: targets {@code t_k = w_k / sum * scale} in double precision; every slot gets
 * {@code floor(t_k)}; the {@code scale - sum(floor)} units left (fewer than the number of slots
 * with a positive fractional part, since those parts sum to that count) go one each to the slots
 * with the largest fractional parts, ties to the lower slot. Hence {@code |q_k - t_k| < 1}. Order
 * is preserved: weights are sorted descending and {@code t} is monotonic in {@code w}, so a slot
 * either has a larger floor than the next one or the same floor and a remainder at least as
 * large, and then it is served first. Empty slots (weight 0) never receive a unit.
 *
 * <p>Alternatives: plain rounding followed by fixing the largest slot can break the order or push
 * a slot's error past one unit; rounding the cumulative sum keeps the error below one unit too but
 * can give a smaller weight a larger value when two weights are close. Selection of the largest
 * remainders is a scan per unit handed out (at most {@code K-1} units of {@code K} slots, K &le; 8),
 * cheaper than sorting at these sizes; one scratch array of {@code K} doubles per call.
 */
final class Quantizer {
    private static final double TAKEN = -1.0;

    private Quantizer() {
    }

    static QuantizeResult run(BoneWeights src, QuantizeOptions options) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int[] srcJoints = raw.joints(src);
        float[] srcWeights = raw.weights(src);
        int k = src.influencesPerVertex();
        int n = src.vertexCount();
        QuantizeFormat format = options.format();
        int scale = format.scale();
        float floatScale = scale;
        double doubleScale = scale;
        int[] values = new int[n * k];
        int[] dstJoints = srcJoints.clone();
        float[] dstWeights = new float[n * k];
        double[] remainders = new double[k];
        ZeroWeights zero = new ZeroWeights("quantize", options.zeroWeights(), options.fallbackEntry());
        double maxError = 0;
        int maxErrorVertex = Index.NONE;
        int zeroed = 0;
        int firstZeroedVertex = Index.NONE;
        int firstZeroedSlot = 0;
        for (int v = 0, base = 0; v < n; v++, base += k) {
            double sum = UnitSum.sum(srcWeights, base, k);
            if (sum == 0) {
                zero.bindOrFail(v, dstJoints, dstWeights, base);
                values[base] = scale;
                continue;
            }
            int total = 0;
            for (int i = 0; i < k; i++) {
                float w = srcWeights[base + i];
                double t = w / sum * doubleScale;
                int floor = (int) t;
                values[base + i] = floor;
                total += floor;
                remainders[i] = w > 0f ? t - floor : TAKEN;
            }
            int left = scale - total;
            assert left >= 0 && left < k : "vertex " + v + ": " + left + " units left";
            for (; left > 0; left--) {
                int best = -1;
                double bestRemainder = TAKEN;
                for (int i = 0; i < k; i++) {
                    if (remainders[i] > bestRemainder) {
                        bestRemainder = remainders[i];
                        best = i;
                    }
                }
                if (best < 0) {
                    best = 0; // unreachable: fewer units than slots with a positive remainder (see above)
                }
                values[base + best]++;
                remainders[best] = TAKEN;
            }
            for (int i = 0; i < k; i++) {
                int q = values[base + i];
                float w = srcWeights[base + i];
                dstWeights[base + i] = q / floatScale;
                double error = Math.abs(q / doubleScale - w / sum);
                if (maxErrorVertex == Index.NONE || error > maxError) {
                    maxError = error;
                    maxErrorVertex = v;
                }
                if (q == 0 && w > 0f && zeroed++ == 0) {
                    firstZeroedVertex = v;
                    firstZeroedSlot = i;
                }
            }
        }
        List<String> warnings = new ArrayList<>(2);
        if (zeroed > 0) {
            warnings.add("quantize: " + zeroed + (zeroed == 1 ? " non-zero influence" : " non-zero influences")
                    + " rounded to 0 of " + scale + " and removed (first: vertex " + firstZeroedVertex + " slot "
                    + firstZeroedSlot + ")");
        }
        zero.warnInto(warnings);
        BoneWeights out = raw.adoptWeights(k, dstJoints, dstWeights);
        return new QuantizeResult(format, values, out, maxError, maxErrorVertex, zeroed, zero.boundVertices(), warnings);
    }
}
