package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Result of {@link Weights#quantize(BoneWeights, QuantizeOptions)}: per-slot integers whose
 * per-vertex sum is exactly {@link QuantizeFormat#scale()}, the matching {@link BoneWeights}
 * (weights {@code q / scale}) and the quantization error.
 *
 * <p>The integers use the input's layout: {@code values[v*K + k]} belongs to slot {@code k} of
 * vertex {@code v}, {@code K} = {@link #influencesPerVertex()}, each in {@code 0..scale}, and
 * non-increasing within a vertex like the weights they encode. Their joints are those of
 * {@link #weights()}: the input's, except that a slot quantized to 0 has joint 0 (canonical empty
 * slot) and a bound all-zero vertex has the fallback entry in slot 0.
 *
 * <p>Immutable and thread-safe; {@link #values()} returns a fresh copy.
 */
public final class QuantizeResult {
    private final QuantizeFormat format;
    private final int[] values;
    private final BoneWeights weights;
    private final double maxAbsError;
    private final int maxErrorVertex;
    private final int zeroedInfluences;
    private final int boundVertices;
    private final List<String> warnings;

    QuantizeResult(QuantizeFormat format, int[] values, BoneWeights weights, double maxAbsError, int maxErrorVertex,
            int zeroedInfluences, int boundVertices, List<String> warnings) {
        assert values.length == weights.vertexCount() * weights.influencesPerVertex();
        this.format = format;
        this.values = values;
        this.weights = weights;
        this.maxAbsError = maxAbsError;
        this.maxErrorVertex = maxErrorVertex;
        this.zeroedInfluences = zeroedInfluences;
        this.boundVertices = boundVertices;
        this.warnings = List.copyOf(warnings);
    }

    /** @return the integer encoding; its {@link QuantizeFormat#scale() scale} is each vertex's sum */
    public QuantizeFormat format() {
        return format;
    }

    /** @return {@code K}, slots per vertex, as in the input */
    public int influencesPerVertex() {
        return weights.influencesPerVertex();
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return weights.vertexCount();
    }

    /**
     * @param vertex vertex index, 0..vertexCount-1
     * @param slot slot 0..K-1
     * @return the quantized weight of that slot, 0..scale
     * @throws IndexOutOfBoundsException when the vertex or slot is out of range
     */
    public int value(int vertex, int slot) {
        int k = influencesPerVertex();
        Objects.checkIndex(slot, k);
        return values[Objects.checkIndex(vertex, vertexCount()) * k + slot];
    }

    /** @return a fresh copy of all quantized weights, {@code vertexCount*K} ints */
    public int[] values() {
        return values.clone();
    }

    /**
     * Copies all quantized weights ({@code vertexCount*K} ints) into {@code dst}.
     *
     * @param dst destination, length at least {@code offset + vertexCount*K}
     * @param offset first element written, {@code >= 0}
     * @return {@code dst}
     * @throws io.github.skinmesh.core.ValidationException when {@code offset} is negative or
     *     {@code dst} is too short; nothing is written then
     */
    public int[] valuesInto(int[] dst, int offset) {
        Checks.requireRange("QuantizeResult.valuesInto", "offset", offset, 0, Integer.MAX_VALUE);
        Checks.requireAtLeast("QuantizeResult.valuesInto", "dst", dst.length, (long) offset + values.length,
                "offset + vertexCount*K");
        System.arraycopy(values, 0, dst, offset, values.length);
        return dst;
    }

    /** @return the weights {@code q / scale} with their joints (see the class comment) */
    public BoneWeights weights() {
        return weights;
    }

    /**
     * @return the largest {@code |q/scale - w/sum|} over all slots, {@code w/sum} being the input
     *     weight normalized in double precision; below {@code 1/scale}
     */
    public double maxAbsError() {
        return maxAbsError;
    }

    /** @return the first vertex with error {@link #maxAbsError()}, or {@link Index#NONE} for no vertex */
    public int maxErrorVertex() {
        return maxErrorVertex;
    }

    /** @return non-zero input weights that quantized to 0 (their slots became empty) */
    public int zeroedInfluences() {
        return zeroedInfluences;
    }

    /** @return all-zero vertices bound to the fallback entry */
    public int boundVertices() {
        return boundVertices;
    }

    /** @return human-readable notes (zeroed influences, bound vertices), read-only */
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof QuantizeResult)) {
            return false;
        }
        QuantizeResult r = (QuantizeResult) o;
        return format == r.format && Arrays.equals(values, r.values)
                && weights.equals(r.weights) && Double.compare(maxAbsError, r.maxAbsError) == 0
                && maxErrorVertex == r.maxErrorVertex && zeroedInfluences == r.zeroedInfluences
                && boundVertices == r.boundVertices && warnings.equals(r.warnings);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * format.hashCode() + Arrays.hashCode(values)) + weights.hashCode();
    }

    @Override
    public String toString() {
        return "QuantizeResult[" + format + ", " + vertexCount() + " vertices, " + influencesPerVertex()
                + " slots, max error " + maxAbsError + ", " + zeroedInfluences + " zeroed influences]";
    }
}
