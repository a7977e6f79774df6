package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import java.util.Objects;

/**
 * Bone-weight functions: {@linkplain #normalize normalize} each vertex's weights to a unit sum,
 * {@linkplain #limit limit} them to K influences, {@linkplain #prune prune} small ones, and
 * {@linkplain #quantize quantize} them to 8- or 16-bit integers with an exact per-vertex sum.
 *
 * <p>Contract shared by every function: the input {@link BoneWeights} is read, never changed (it
 * is immutable). The functions work on the canonical form (weight descending, ties in slot order,
 * empty slots with joint 0), rely on it and return it: weights that keep a file's slots as stored
 * ({@link BoneWeights#ofSlots}, not {@link BoneWeights#isCanonical() canonical}) are converted
 * with {@link BoneWeights#canonical()} first, which costs one more copy of the arrays. Each call
 * allocates the new
 * joint and weight arrays once ({@code vertexCount*K} ints and floats, {@code K} being the
 * result's slots per vertex) and hands them to the returned {@code BoneWeights} without a second
 * copy; {@link #quantize} also allocates its {@code vertexCount*K} ints. Nothing is allocated per
 * vertex. Joints are palette indices and pass through unchanged, except that a slot that becomes
 * empty gets joint 0 and an all-zero vertex bound under {@link ZeroWeightPolicy#BIND_TO_ENTRY}
 * gets the fallback entry in slot 0; that entry must exist in the palette of the {@code Skin}
 * the weights go into (checked by {@code Skin}). Weights after {@link #normalize},
 * {@link #limit} and {@link #prune} sum to 1 within 1e-6 per vertex (in fact within about 6e-8,
 * summed in double precision).
 *
 * <p>All functions are stateless and thread-safe. When an all-zero vertex is met under
 * {@link ZeroWeightPolicy#FAIL} they throw before returning anything.
 *
 * <p>Example, preparing weights for a 4-influence, 8-bit vertex stream:
 * <pre>{@code
 * Skin skin = mesh.skin();
 * LimitResult limited = Weights.limit(skin.weights(), LimitOptions.DEFAULTS.withMaxInfluences(4));
 * limited.warnings().forEach(log::warn);
 * QuantizeResult q = Weights.quantize(limited.weights());
 * int[] unorm8 = q.values();                  // 4 per vertex, each vertex sums to 255
 * Skin gpuSkin = skin.withWeights(q.weights()); // weights q/255, what the GPU will see
 * }</pre>
 */
public final class Weights {
    private Weights() {
    }

    /**
     * Normalizes with {@link NormalizeOptions#DEFAULTS} (an all-zero vertex fails).
     *
     * @param weights the weights
     * @return the normalized weights and a report
     * @throws ValidationException naming the first vertex whose weights are all zero
     */
    public static NormalizeResult normalize(BoneWeights weights) {
        return normalize(weights, NormalizeOptions.DEFAULTS);
    }

    /**
     * Scales each vertex's weights so that they sum to 1. The sum is taken in double precision and
     * the largest weight absorbs the float rounding residue, so each vertex sums to 1 within
     * about 6e-8 (well within 1e-6). Zero weights stay zero, the slot order and the joints are
     * kept, and a vertex whose sum is already exactly 1 is left bit-for-bit unchanged. A vertex
     * whose weights are all zero is handled by {@link NormalizeOptions#zeroWeights()}.
     *
     * @param weights the weights ({@code K} slots per vertex, kept)
     * @param options the options
     * @return the normalized weights (new arrays) and a report
     * @throws ValidationException under {@link ZeroWeightPolicy#FAIL}, naming the first vertex
     *     whose weights are all zero
     */
    public static NormalizeResult normalize(BoneWeights weights, NormalizeOptions options) {
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(options, "options");
        return Normalizer.run(weights.canonical(), options);
    }

    /**
     * Limits with {@link LimitOptions#DEFAULTS}: at most 4 influences, narrow layout.
     *
     * @param weights the weights
     * @return the limited weights and a report
     * @throws ValidationException naming the first vertex whose weights are all zero
     */
    public static LimitResult limit(BoneWeights weights) {
        return limit(weights, LimitOptions.DEFAULTS);
    }

    /**
     * Keeps at most {@link LimitOptions#maxInfluences()} influences per vertex: the largest
     * weights, ties going to the lower slot, then renormalizes the kept weights to sum 1 as
     * {@link #normalize} does. The result has {@code min(K, maxInfluences)} slots per vertex with
     * {@link SlotLayout#NARROW}, or the input's {@code K} with {@link SlotLayout#KEEP} (slots past
     * the limit empty). The report counts the dropped influences and names the largest dropped
     * weight and its vertex.
     *
     * @param weights the weights
     * @param options the options
     * @return the limited weights (new arrays) and a report
     * @throws ValidationException under {@link ZeroWeightPolicy#FAIL}, naming the first vertex
     *     whose weights are all zero
     */
    public static LimitResult limit(BoneWeights weights, LimitOptions options) {
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(options, "options");
        return Limiter.run(weights.canonical(), options);
    }

    /**
     * Prunes with {@link PruneOptions#DEFAULTS}: threshold 0.01.
     *
     * @param weights the weights
     * @return the pruned weights and a report
     * @throws ValidationException naming the first vertex whose weights are all zero
     */
    public static PruneResult prune(BoneWeights weights) {
        return prune(weights, PruneOptions.DEFAULTS);
    }

    /**
     * Removes every stored weight strictly below {@link PruneOptions#threshold()}, except each
     * vertex's largest weight (slot 0), which is always kept; then renormalizes the remaining
     * weights to sum 1 as {@link #normalize} does. Removed slots become empty (weight 0, joint 0);
     * the slot count per vertex is unchanged. The threshold is compared with the stored weights,
     * so normalize first if they are not normalized.
     *
     * @param weights the weights
     * @param options the options
     * @return the pruned weights (new arrays) and a report
     * @throws ValidationException under {@link ZeroWeightPolicy#FAIL}, naming the first vertex
     *     whose weights are all zero
     */
    public static PruneResult prune(BoneWeights weights, PruneOptions options) {
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(options, "options");
        return Pruner.run(weights.canonical(), options);
    }

    /**
     * Quantizes with {@link QuantizeOptions#DEFAULTS}: 8-bit, each vertex summing to 255.
     *
     * @param weights the weights
     * @return the quantized values and weights
     * @throws ValidationException naming the first vertex whose weights are all zero
     */
    public static QuantizeResult quantize(BoneWeights weights) {
        return quantize(weights, QuantizeOptions.DEFAULTS);
    }

    /**
     * Quantizes each vertex's weights to unsigned integers that sum to exactly
     * {@code scale} = {@link QuantizeFormat#scale()} (255 for 8-bit), by largest-remainder
     * rounding of {@code scale * w / sum}: every slot's integer is within one unit of its exact
     * share (error below {@code 1/scale} in weight), the integers are non-increasing within a
     * vertex like the weights, the joints are unchanged (a slot rounded to 0 becomes empty), and
     * ties between equal remainders go to the lower slot, so the result is deterministic. The
     * input need not be normalized. The result also holds the weights {@code q / scale} as
     * {@link BoneWeights} and reports the largest error and how many non-zero weights rounded
     * to 0.
     *
     * @param weights the weights ({@code K} slots per vertex, kept)
     * @param options the options
     * @return the quantized values (new arrays) and weights
     * @throws ValidationException under {@link ZeroWeightPolicy#FAIL}, naming the first vertex
     *     whose weights are all zero
     */
    public static QuantizeResult quantize(BoneWeights weights, QuantizeOptions options) {
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(options, "options");
        return Quantizer.run(weights.canonical(), options);
    }
}
