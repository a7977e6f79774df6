package io.github.skinmesh.core.weights;

import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Weights#normalize}: one pass over the vertices, each scaled by {@link UnitSum}'s rule. The
 * output arrays start as copies of the input's and are handed to the new weights without a second
 * copy.
 *
 * <p>The pass computes exactly what {@link UnitSum#sum} and {@link UnitSum#scale} compute (the sum
 * in double precision in slot order, each weight divided by it, the residue given to slot 0), with
 * a loop written out for 4 slots per vertex, the layout of nearly every glTF skin, and one for any
 * {@code K}; both leave a vertex whose sum is exactly 1 untouched and take its error after
 * normalization from the sum of the scaled weights the rule forms anyway; the general loop sums
 * again only when slot 0 took the residue, the 4-slot loop sums the final weights always (no
 * branch on the data). The result is canonical by construction: dividing by a positive sum and
 * rounding are monotonic, so the descending order and the ties survive, a zero weight stays
 * {@code +0.0}, slot 0 takes the residue only when it stays no smaller than slot 1, and a bound
 * all-zero vertex gets one slot of weight 1. The one thing scaling can break is a weight so small
 * next to the sum that its quotient rounds to zero (a subnormal next to a weight near
 * {@code Float.MAX_VALUE}): its slot becomes empty and gets joint 0, as the canonical form
 * requires. The weights are therefore handed over on the model's trusted path, checked only by
 * assertions, instead of being validated and canonicalized once more.
 *
 * <p>Measured on the testkit humanoid's skins (9,555 vertices of 4 slots, three quarters of them
 * rescaled, a third of the slots empty), the smallest of 30 rounds of CPU time per vertex on a
 * shared 2-vCPU AMD EPYC: the general loop with {@code UnitSum} and the validating adoption took
 * 42-45 ns on JDK 17 and 21-22 ns on JDK 25; this loop and the trusted hand-over 10-14 and 8.
 * Tried and dropped: skipping a vertex whose sum is exactly 1 by a branch (a quarter of them, at
 * random, so mispredicted: 16 ns against 12 on JDK 17, 8.9 against 7.9 on JDK 25); one division
 * per vertex, {@code 1 / sum}, and a product per weight, falling back to the divisions only when
 * a product lies within a few double ulps of a float rounding midpoint (bit for bit the same, but
 * 11.0 against 11.7 ns on JDK 17 and 10 against 8.6 on JDK 25: the divisions are not what bounds
 * this loop); {@code Math.max} for the two running errors instead of a compare (12.9 against 10.4
 * ns on JDK 17, the same on JDK 25).
 */
final class Normalizer {
    private Normalizer() {
    }

    static NormalizeResult run(BoneWeights src, NormalizeOptions options) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int k = src.influencesPerVertex();
        int n = src.vertexCount();
        int[] dstJoints = raw.joints(src).clone();
        float[] dstWeights = raw.weights(src).clone();
        ZeroWeights zero = new ZeroWeights("normalize", options.zeroWeights(), options.fallbackEntry());
        Pass pass = new Pass();
        if (k == 4) {
            pass.run4(dstJoints, dstWeights, n, zero);
        } else {
            pass.runAny(dstJoints, dstWeights, k, n, zero);
        }
        List<String> warnings = new ArrayList<>(1);
        zero.warnInto(warnings);
        BoneWeights out = raw.trustedWeights(k, dstJoints, dstWeights, true);
        return new NormalizeResult(out, n, pass.rescaled, zero.boundVertices(), pass.errorBefore, pass.errorAfter,
                warnings);
    }

    /** The pass's counters: the errors are {@code >= 0} and finite, so a compare replaces {@code Math.max}. */
    private static final class Pass {
        int rescaled;
        double errorBefore;
        double errorAfter;

        /**
         * {@code K = 4}: the straight-line form of {@link #runAny} (same operations, same order),
         * without a branch that depends on the data except for all-zero vertices and underflow,
         * both rare: a vertex whose sum is exactly 1 goes through the same arithmetic, which
         * leaves it unchanged ({@code w / 1.0 == w}, the residue is 0), and is just not counted;
         * a residue of 0 leaves slot 0 as it is; the sum after is taken of the final weights,
         * which is the sum of the scaled weights unless slot 0 took the residue.
         */
        void run4(int[] joints, float[] weights, int n, ZeroWeights zero) {
            int rescaledHere = 0;
            double before = 0;
            double after = 0;
            for (int v = 0, base = 0; v < n; v++, base += 4) {
                float w0 = weights[base];
                float w1 = weights[base + 1];
                float w2 = weights[base + 2];
                float w3 = weights[base + 3];
                // (double) w0 equals 0.0 + w0 except for -0.0, which gives the same tests and errors below
                double sum = (double) w0 + w1 + w2 + w3;
                double e = Math.abs(sum - 1.0);
                if (e > before) {
                    before = e;
                }
                if (sum == 0) {
                    zero.bindOrFail(v, joints, weights, base);
                    continue;
                }
                float q0 = (float) (w0 / sum);
                float q1 = (float) (w1 / sum);
                float q2 = (float) (w2 / sum);
                float q3 = (float) (w3 / sum);
                double residue = 1.0 - ((double) q0 + q1 + q2 + q3);
                float first = (float) (q0 + residue);
                q0 = first >= q1 ? first : q0;
                weights[base] = q0;
                weights[base + 1] = q1;
                weights[base + 2] = q2;
                weights[base + 3] = q3;
                if ((q1 == 0f & w1 != 0f) | (q2 == 0f & w2 != 0f) | (q3 == 0f & w3 != 0f)) {
                    emptyUnderflowed(joints, weights, base, 4);
                }
                rescaledHere += sum != 1.0 ? 1 : 0;
                double ea = Math.abs((double) q0 + q1 + q2 + q3 - 1.0);
                if (ea > after) {
                    after = ea;
                }
            }
            rescaled = rescaledHere;
            errorBefore = before;
            errorAfter = after;
        }

        /** Any {@code K}: {@link UnitSum#sum} and {@link UnitSum#scale} per vertex. */
        void runAny(int[] joints, float[] weights, int k, int n, ZeroWeights zero) {
            int rescaledHere = 0;
            double before = 0;
            double after = 0;
            int last = k - 1;
            for (int v = 0, base = 0; v < n; v++, base += k) {
                double sum = UnitSum.sum(weights, base, k);
                double e = Math.abs(sum - 1.0);
                if (e > before) {
                    before = e;
                }
                if (sum == 1.0) {
                    continue;
                }
                if (sum == 0) {
                    zero.bindOrFail(v, joints, weights, base);
                    continue;
                }
                double scaled = UnitSum.scale(weights, base, k, sum);
                if (weights[base + last] == 0f) {
                    emptyUnderflowed(joints, weights, base, k);
                }
                rescaledHere++;
                double ea = Math.abs(scaled - 1.0);
                if (ea > after) {
                    after = ea;
                }
            }
            rescaled = rescaledHere;
            errorBefore = before;
            errorAfter = after;
        }

        /**
         * Gives joint 0 to the slots of a scaled vertex whose weight is 0: the input's empty slots
         * (joint 0 already) and those whose quotient rounded to zero. The zeros are {@code +0.0}.
         */
        private static void emptyUnderflowed(int[] joints, float[] weights, int base, int k) {
            for (int s = base, end = base + k; s < end; s++) {
                if (weights[s] == 0f) {
                    joints[s] = 0;
                }
            }
        }
    }
}
