package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.BoneSlots;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.SlotSummary;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Per-vertex bone influences: a fixed number {@code K} of (joint, weight) slots per vertex.
 *
 * <p>Layout: {@code joints[v*K + k]} is an index into the owning {@link Skin}'s bone palette and
 * {@code weights[v*K + k]} its weight.
 *
 * <h2>Two forms</h2>
 *
 * <p><b>Canonical</b> (what {@link #of} and {@link #ofNormalized} build, and what computation
 * uses): each vertex's slots are sorted by weight, largest first (the factories keep ties in their
 * input order), and every slot of weight 0 has joint 0 and weight {@code +0.0}. The factories sort
 * and canonicalize; they never change a non-zero weight.
 *
 * <p><b>As stored</b> (what {@link #ofSlots} builds): the slots exactly as a file had them, their
 * order and the joints of zero-weight slots included, so that a reader can write a file back byte
 * for byte. Such weights are {@linkplain #isCanonical() canonical} only when the file's slots
 * happened to be; {@link #canonical()} converts explicitly. Equality compares the slots as stored,
 * so weights in the two forms are equal only when their slots are identical.
 *
 * <p>How the rest of the library treats the stored form: skinning uses the slots as they are,
 * which is correct in any order because a slot of weight 0 contributes nothing (a different order
 * of the non-zero slots can change the last bits of a sum); the functions of
 * {@code io.github.skinmesh.core.weights.Weights} canonicalize their input first and return
 * canonical weights; validation and the draw checks of {@link Mesh} look only at weights
 * {@code > 0} and accept any order; every joint, that of a zero-weight slot included, must be
 * below the palette size of the {@link Skin} that owns the weights.
 *
 * <p>{@link #of} and {@link #ofSlots} accept any non-negative finite weights (normalization is a
 * separate step, see {@code io.github.skinmesh.core.weights.Weights}); {@link #ofNormalized}
 * additionally requires every vertex's weights to sum to 1 within {@link #SUM_TOLERANCE}.
 *
 * <p>Immutable and thread-safe; arrays are copied once by the factories.
 */
public final class BoneWeights {
    /** Largest number of influences per vertex. */
    public static final int MAX_INFLUENCES = 8;
    /** Tolerance of the unit-sum check of {@link #ofNormalized}. */
    public static final float SUM_TOLERANCE = 1e-5f;

    private final int influences;
    private final int[] joints;
    private final float[] weights;
    private final boolean canonical;
    /** The slots' summary, computed on first request (a benign race: every thread computes the same). */
    private volatile @Nullable SlotSummary summary;

    /**
     * Validates and, when {@code canonicalize}, puts the slots in canonical order in place;
     * otherwise keeps them and records whether they happen to be canonical.
     */
    private BoneWeights(int influences, int[] joints, float[] weights, boolean requireUnitSum, boolean canonicalize) {
        String where = "bone weights";
        Checks.requireRange(where, "influencesPerVertex", influences, 1, MAX_INFLUENCES);
        Checks.requireLength(where, "weights", weights.length, joints.length, "joints.length");
        if (joints.length % influences != 0) {
            throw new ValidationException(where + ": joints length " + joints.length
                    + " is not a multiple of influencesPerVertex " + influences);
        }
        int n = joints.length / influences;
        boolean allCanonical = true;
        for (int v = 0; v < n; v++) {
            int base = v * influences;
            float sum = 0;
            for (int k = 0; k < influences; k++) {
                float w = weights[base + k];
                int j = joints[base + k];
                if (!(w >= 0) || w == Float.POSITIVE_INFINITY) {
                    throw new ValidationException("vertex " + v + ": weight " + k + " is " + w
                            + ", expected a finite value >= 0");
                }
                if (j < 0) {
                    throw new ValidationException("vertex " + v + ": joint " + k + " is " + j + ", expected >= 0");
                }
                sum += w;
            }
            if (requireUnitSum && !(Math.abs(sum - 1f) <= SUM_TOLERANCE)) {
                throw new ValidationException("vertex " + v + ": weights sum to " + sum + ", expected 1 within "
                        + SUM_TOLERANCE);
            }
            if (!BoneSlots.isCanonicalRow(joints, weights, base, influences)) {
                if (canonicalize) {
                    BoneSlots.canonicalizeRow(joints, weights, base, influences);
                } else {
                    allCanonical = false;
                }
            }
        }
        this.influences = influences;
        this.joints = joints;
        this.weights = weights;
        this.canonical = allCanonical;
    }

    /**
     * The trusted path: adopts slots that an algorithm built from validated weights, checking
     * them (and that {@code canonical} tells the truth) only as an {@code assert}.
     */
    private BoneWeights(int influences, int[] joints, float[] weights, boolean canonical) {
        assert influences >= 1 && influences <= MAX_INFLUENCES && joints.length == weights.length
                && joints.length % influences == 0 : "trusted bone weights: layout";
        this.influences = influences;
        this.joints = joints;
        this.weights = weights;
        this.canonical = canonical;
        assert new BoneWeights(influences, joints.clone(), weights.clone(), false, false).canonical == canonical
                : "trusted bone weights: canonical is " + canonical + " but the slots say otherwise";
    }

    /**
     * Creates bone weights from copies of the arrays, putting each vertex's slots in canonical
     * order.
     *
     * @param influencesPerVertex {@code K}, 1..{@value #MAX_INFLUENCES}
     * @param joints {@code vertexCount*K} palette indices, each {@code >= 0} (the upper bound is
     *     checked by the {@link Skin} that owns these weights)
     * @param weights {@code vertexCount*K} finite weights {@code >= 0}
     * @return the weights
     * @throws ValidationException on mismatched lengths, a negative joint or a negative or
     *     non-finite weight
     */
    public static BoneWeights of(int influencesPerVertex, int[] joints, float[] weights) {
        return new BoneWeights(influencesPerVertex, joints.clone(), weights.clone(), false, true);
    }

    /**
     * Like {@link #of} but also requires each vertex's weights to sum to 1 within
     * {@link #SUM_TOLERANCE} (strict mode).
     *
     * @param influencesPerVertex {@code K}, 1..{@value #MAX_INFLUENCES}
     * @param joints {@code vertexCount*K} palette indices
     * @param weights {@code vertexCount*K} weights
     * @return the weights
     * @throws ValidationException as {@link #of}, and naming the first vertex whose sum is off
     */
    public static BoneWeights ofNormalized(int influencesPerVertex, int[] joints, float[] weights) {
        return new BoneWeights(influencesPerVertex, joints.clone(), weights.clone(), true, true);
    }

    /**
     * Creates bone weights from copies of the arrays, keeping every slot exactly as given: the
     * order of each vertex's slots, the joints of slots of weight 0 and the sign of zero weights.
     * This is the form for readers that must write a file back byte for byte; see the class
     * comment for how the rest of the library treats it. The result {@linkplain #isCanonical() is
     * canonical} when the given slots already are.
     *
     * @param influencesPerVertex {@code K}, 1..{@value #MAX_INFLUENCES}
     * @param joints {@code vertexCount*K} palette indices, each {@code >= 0}, those of zero-weight
     *     slots included (the upper bound is checked by the {@link Skin} that owns these weights)
     * @param weights {@code vertexCount*K} finite weights {@code >= 0}, in any order
     * @return the weights, slots as given
     * @throws ValidationException on mismatched lengths, a negative joint or a negative or
     *     non-finite weight
     */
    public static BoneWeights ofSlots(int influencesPerVertex, int[] joints, float[] weights) {
        return new BoneWeights(influencesPerVertex, joints.clone(), weights.clone(), false, false);
    }

    static BoneWeights adopt(int influencesPerVertex, int[] joints, float[] weights) {
        return new BoneWeights(influencesPerVertex, joints, weights, false, true);
    }

    static BoneWeights adoptSlots(int influencesPerVertex, int[] joints, float[] weights) {
        return new BoneWeights(influencesPerVertex, joints, weights, false, false);
    }

    /**
     * Adopts slots without checking them (the trusted path of skinmesh's own algorithms, which
     * build them from validated weights): every weight finite and {@code >= 0}, every joint
     * {@code >= 0}, and {@code canonical} telling whether the slots are in canonical form, all
     * checked only as {@code assert}s. The public factories always validate.
     */
    static BoneWeights trusted(int influencesPerVertex, int[] joints, float[] weights, boolean canonical) {
        return new BoneWeights(influencesPerVertex, joints, weights, canonical);
    }

    /**
     * Tells whether the slots are in canonical form: each vertex's weights non-increasing, every
     * slot of weight 0 with joint 0 and weight {@code +0.0}. Always {@code true} for weights from
     * {@link #of} and {@link #ofNormalized}.
     *
     * @return whether the slots are canonical
     */
    public boolean isCanonical() {
        return canonical;
    }

    /**
     * Returns the canonical form of these weights, as {@link #of} builds it from the same slots:
     * sorted by weight (ties in slot order), empty slots with joint 0.
     *
     * @return {@code this} when already canonical, else new weights (allocating
     *     {@code vertexCount*K} ints and floats)
     */
    public BoneWeights canonical() {
        return canonical ? this : new BoneWeights(influences, joints.clone(), weights.clone(), false, true);
    }

    /** @return {@code K}, the number of slots per vertex */
    public int influencesPerVertex() {
        return influences;
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return joints.length / influences;
    }

    /**
     * @param vertex vertex index
     * @param slot slot 0..K-1 (in canonical form, 0 is the largest weight)
     * @return the palette index of that slot
     */
    public int joint(int vertex, int slot) {
        return joints[vertex * influences + checkSlot(slot)];
    }

    /**
     * @param vertex vertex index
     * @param slot slot 0..K-1 (in canonical form, 0 is the largest weight)
     * @return the weight of that slot
     */
    public float weight(int vertex, int slot) {
        return weights[vertex * influences + checkSlot(slot)];
    }

    private int checkSlot(int slot) {
        if (slot < 0 || slot >= influences) {
            throw new IndexOutOfBoundsException("slot " + slot + ", expected 0.." + (influences - 1));
        }
        return slot;
    }

    /** The slots' summary, computed once (for the bridge). */
    SlotSummary summary() {
        SlotSummary s = summary;
        if (s == null) {
            s = SlotSummary.of(joints, weights, influences);
            summary = s;
        }
        return s;
    }

    /** @return the largest joint index used by a slot of non-zero weight, or -1 when there is none */
    public int maxJoint() {
        int max = -1;
        for (int i = 0; i < joints.length; i++) {
            if (weights[i] > 0 && joints[i] > max) {
                max = joints[i];
            }
        }
        return max;
    }

    /**
     * Copies all joints ({@code vertexCount*K} ints) into {@code dst}.
     *
     * @param dst destination
     * @param offset first element written
     * @return {@code dst}
     */
    public int[] jointsInto(int[] dst, int offset) {
        System.arraycopy(joints, 0, dst, offset, joints.length);
        return dst;
    }

    /**
     * Copies all weights ({@code vertexCount*K} floats) into {@code dst}.
     *
     * @param dst destination
     * @param offset first element written
     * @return {@code dst}
     */
    public float[] weightsInto(float[] dst, int offset) {
        System.arraycopy(weights, 0, dst, offset, weights.length);
        return dst;
    }

    /** @return a fresh copy of the joints */
    public int[] joints() {
        return joints.clone();
    }

    /** @return a fresh copy of the weights */
    public float[] weights() {
        return weights.clone();
    }

    int[] rawJoints() {
        return joints;
    }

    float[] rawWeights() {
        return weights;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof BoneWeights && ((BoneWeights) o).influences == influences
                && Arrays.equals(((BoneWeights) o).joints, joints) && Arrays.equals(((BoneWeights) o).weights, weights));
    }

    @Override
    public int hashCode() {
        return 31 * (31 * influences + Arrays.hashCode(joints)) + Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return "BoneWeights[" + vertexCount() + " vertices, " + influences + " influences"
                + (canonical ? "" : ", slots as stored") + "]";
    }
}
