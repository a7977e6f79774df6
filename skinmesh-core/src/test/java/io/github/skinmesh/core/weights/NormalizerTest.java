package io.github.skinmesh.core.weights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link Weights#normalize} (its per-{@code K} loops and the trusted hand-over of the result)
 * against the straightforward algorithm written out here: per vertex the sum in double precision
 * in slot order, each weight divided by it, the residue to slot 0 when that keeps it no smaller
 * than slot 1, the error after from a second sum, and the result validated and canonicalized by
 * the public factory {@link BoneWeights#of}. Everything is compared bit for bit: joints, weights,
 * counts, both errors, warnings, and the exception and its message.
 */
class NormalizerTest {
    /** What the reference computes. */
    private record Expected(BoneWeights weights, int rescaled, int bound, double errorBefore, double errorAfter,
            List<String> warnings) {
    }

    /** The straightforward normalization of canonical weights. */
    private static Expected reference(BoneWeights in, NormalizeOptions options) {
        int k = in.influencesPerVertex();
        int n = in.vertexCount();
        int[] joints = in.joints();
        float[] weights = in.weights();
        int rescaled = 0;
        int bound = 0;
        int firstBound = -1;
        double before = 0;
        double after = 0;
        for (int v = 0; v < n; v++) {
            int base = v * k;
            double sum = 0;
            for (int s = 0; s < k; s++) {
                sum += weights[base + s];
            }
            before = Math.max(before, Math.abs(sum - 1.0));
            if (sum == 0) {
                if (options.zeroWeights() == ZeroWeightPolicy.FAIL) {
                    throw new ValidationException("normalize: vertex " + v + ": weights sum to 0, expected a positive"
                            + " sum (zeroWeights FAIL; BIND_TO_ENTRY binds such vertices to fallbackEntry)");
                }
                joints[base] = options.fallbackEntry();
                weights[base] = 1f;
                if (bound++ == 0) {
                    firstBound = v;
                }
                continue;
            }
            if (sum == 1.0) {
                continue;
            }
            double scaled = 0;
            for (int s = 0; s < k; s++) {
                weights[base + s] = (float) (weights[base + s] / sum);
                scaled += weights[base + s];
            }
            double residue = 1.0 - scaled;
            if (residue != 0) {
                float first = (float) (weights[base] + residue);
                if (k == 1 || first >= weights[base + 1]) {
                    weights[base] = first;
                }
            }
            rescaled++;
            double again = 0;
            for (int s = 0; s < k; s++) {
                again += weights[base + s];
            }
            after = Math.max(after, Math.abs(again - 1.0));
        }
        List<String> warnings = new ArrayList<>();
        if (bound > 0) {
            warnings.add("normalize: " + bound + (bound == 1 ? " vertex" : " vertices")
                    + " with all-zero weights bound to palette entry " + options.fallbackEntry() + " (first: vertex "
                    + firstBound + ")");
        }
        return new Expected(BoneWeights.of(k, joints, weights), rescaled, bound, before, after, warnings);
    }

    /** One vertex kind per case of the generator. */
    private enum Kind {
        RANDOM, ZERO, EXACT_ONE, ONE_SLOT, TINY, SUBNORMAL, HUGE, HUGE_AND_SUBNORMAL, WIDE, NEAR_TIE, TIES
    }

    /** Raw slots of a seeded mix of every {@link Kind}, with {@code K} of 1, 2, 4, 8 or any other. */
    private static final class Input {
        final int k;
        final int[] joints;
        final float[] weights;

        /** A random {@code K}, up to 59 vertices, of random kinds. */
        Input(long seed) {
            this(new RandomWeights(seed, false), -1, -1, null);
        }

        /** {@code n} vertices of {@code k} slots, all of one kind. */
        Input(long seed, int k, int n, Kind only) {
            this(new RandomWeights(seed, false), k, n, only);
        }

        private Input(RandomWeights r, int fixedK, int fixedN, Kind only) {
            int[] ks = {1, 2, 4, 4, 4, 8, 8, 3, 5, 6, 7};
            k = fixedK > 0 ? fixedK : ks[r.nextInt(ks.length)];
            int n = fixedN >= 0 ? fixedN : r.nextInt(60);
            joints = new int[n * k];
            weights = new float[n * k];
            Kind[] kinds = Kind.values();
            for (int v = 0; v < n; v++) {
                int base = v * k;
                for (int s = 0; s < k; s++) {
                    joints[base + s] = r.nextInt(100);
                }
                Kind kind = only != null ? only : kinds[r.nextInt(kinds.length)];
                for (int s = 0; s < k; s++) {
                    weights[base + s] = r.nextInt(4) == 0 && s > 0 ? 0f : weight(kind, r, s);
                }
                if (kind == Kind.ZERO) {
                    for (int s = 0; s < k; s++) {
                        weights[base + s] = r.nextInt(2) == 0 ? 0f : -0f;
                    }
                } else if (kind == Kind.EXACT_ONE) {
                    exactOne(r, base);
                } else if (kind == Kind.NEAR_TIE) {
                    nearTie(r, base);
                } else if (kind == Kind.ONE_SLOT) {
                    for (int s = 0; s < k; s++) {
                        weights[base + s] = s == r.nextInt(k) ? weight(Kind.RANDOM, r, s) : 0f;
                    }
                }
            }
        }

        /**
         * Weights whose slot-1 quotient lies within a few double ulps of a midpoint between two
         * floats, where rounding {@code w * (1 / sum)} instead of {@code w / sum} could round the
         * other way (slot 1: slot 0 absorbs the residue, which would hide a different rounding of
         * its own quotient). Slot 1 holds {@code b}; slot 0 and the slots after 1 split
         * {@code b / m - b} (for a midpoint {@code m} below 1/2, nudged by up to 12 double ulps) into
         * floats, each taking the bits the previous one could not hold, so that their double sum
         * reaches the nudged target. With {@code K = 2} slot 0 alone cannot hold them all.
         */
        private void nearTie(RandomWeights r, int base) {
            if (k == 1) {
                weights[base] = 1f + r.nextFloat();
                return;
            }
            float b = 1f + r.nextFloat();
            float q = 0.25f + 0.24f * r.nextFloat();
            double midpoint = q + Math.ulp(q) / 2.0;
            double rest = b / midpoint * (1 + (r.nextInt(25) - 12) * 0x1p-53) - b;
            for (int s = 0; s < k; s++) {
                if (s == 1) {
                    weights[base + 1] = b;
                    continue;
                }
                float part = (float) rest;
                if (part > rest) {
                    part = Math.nextDown(part);
                }
                weights[base + s] = Math.max(part, 0f);
                rest -= weights[base + s];
            }
        }

        /** Dyadic weights summing to exactly 1 (halving a random slot's share), in random slots. */
        private void exactOne(RandomWeights r, int base) {
            for (int s = 0; s < k; s++) {
                weights[base + s] = 0f;
            }
            float left = 1f;
            for (int s = 0; s < k - 1; s++) {
                float share = left * (r.nextInt(3) == 0 ? 0.5f : r.nextInt(2) == 0 ? 0.75f : 0.25f);
                int slot = r.nextInt(k);
                weights[base + slot] += share;
                left -= share;
            }
            weights[base + r.nextInt(k)] += left;
        }

        private static float weight(Kind kind, RandomWeights r, int slot) {
            switch (kind) {
                case TINY:
                    return 1e-30f * (1 + r.nextFloat());
                case SUBNORMAL:
                    return Float.MIN_VALUE * (1 + r.nextInt(1 << 22));
                case HUGE:
                    return Float.MAX_VALUE * (0.5f + 0.5f * r.nextFloat());
                case HUGE_AND_SUBNORMAL:
                    // the subnormals' quotients round to zero next to a huge weight
                    return slot == 0 ? Float.MAX_VALUE * (0.5f + 0.5f * r.nextFloat())
                            : Float.MIN_VALUE * (1 + r.nextInt(8));
                case WIDE:
                    // any finite non-negative float, so some slots' quotients underflow and others not
                    return Float.intBitsToFloat(r.nextInt(0x7f800000));
                case TIES:
                    return 0.125f * (1 + r.nextInt(2));
                default:
                    return r.nextFloat() * (r.nextInt(3) == 0 ? 20f : 1f);
            }
        }
    }

    private static void assertSame(NormalizeResult actual, Expected expected, String what) {
        BoneWeights a = actual.weights();
        BoneWeights e = expected.weights();
        assertThat(a.influencesPerVertex()).as(what).isEqualTo(e.influencesPerVertex());
        assertThat(a.joints()).as("%s joints", what).containsExactly(e.joints());
        assertThat(bits(a.weights())).as("%s weight bits", what).containsExactly(bits(e.weights()));
        assertThat(a.isCanonical()).as("%s canonical", what).isTrue();
        assertThat(a).as(what).isEqualTo(e);
        assertThat(actual.vertexCount()).as(what).isEqualTo(e.vertexCount());
        assertThat(actual.rescaledVertices()).as("%s rescaled", what).isEqualTo(expected.rescaled());
        assertThat(actual.boundVertices()).as("%s bound", what).isEqualTo(expected.bound());
        assertThat(Double.doubleToRawLongBits(actual.maxSumErrorBefore())).as("%s error before", what)
                .isEqualTo(Double.doubleToRawLongBits(expected.errorBefore()));
        assertThat(Double.doubleToRawLongBits(actual.maxSumErrorAfter())).as("%s error after", what)
                .isEqualTo(Double.doubleToRawLongBits(expected.errorAfter()));
        assertThat(actual.warnings()).as("%s warnings", what).isEqualTo(expected.warnings());
    }

    private static int[] bits(float[] w) {
        int[] b = new int[w.length];
        for (int i = 0; i < w.length; i++) {
            b[i] = Float.floatToRawIntBits(w[i]);
        }
        return b;
    }

    /** Normalizes under one options value and compares with the reference, exceptions included. */
    private static void check(BoneWeights in, NormalizeOptions options, String what) {
        Expected expected;
        try {
            expected = reference(in.canonical(), options);
        } catch (ValidationException e) {
            assertThatThrownBy(() -> Weights.normalize(in, options)).as(what).isInstanceOf(ValidationException.class)
                    .hasMessage(e.getMessage());
            return;
        }
        assertSame(Weights.normalize(in, options), expected, what);
    }

    @Property(tries = 400, seed = "3318207")
    void everyKindOfVertexNormalizesBitForBitAsTheStraightforwardAlgorithm(@ForAll long seed) {
        Input g = new Input(seed);
        List<BoneWeights> forms = List.of(BoneWeights.of(g.k, g.joints, g.weights),
                BoneWeights.ofSlots(g.k, g.joints, g.weights));
        for (BoneWeights in : forms) {
            String what = "seed " + seed + ", K " + g.k + (in.isCanonical() ? "" : ", slots as stored");
            check(in, NormalizeOptions.DEFAULTS, what + ", FAIL");
            check(in, NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY)
                    .withFallbackEntry((int) (seed & 7)), what + ", BIND_TO_ENTRY");
        }
    }

    /**
     * Guards the division: a quotient taken as {@code w * (1 / sum)} rounds to another float for
     * some of these vertices.
     */
    @Test
    void quotientsNextToAFloatMidpointRoundAsTheDivisionDoes() {
        for (int k : new int[] {4, 8, 3}) {
            Input g = new Input(20261202L + k, k, 4000, Kind.NEAR_TIE);
            BoneWeights in = BoneWeights.of(k, g.joints, g.weights);
            // the generator's point: many slot-1 quotients within 8 double ulps of a float midpoint
            int nearMidpoint = 0;
            for (int v = 0; v < in.vertexCount(); v++) {
                double sum = 0;
                for (int s = 0; s < k; s++) {
                    sum += in.weight(v, s);
                }
                long low = Double.doubleToRawLongBits(in.weight(v, 1) / sum) & ((1L << 29) - 1);
                if (Math.abs(low - (1L << 28)) <= 8) {
                    nearMidpoint++;
                }
            }
            assertThat(nearMidpoint).as("K %d", k).isGreaterThan(in.vertexCount() / 4);
            assertSame(Weights.normalize(in), reference(in, NormalizeOptions.DEFAULTS), "K " + k);
        }
    }

    @Test
    void aWeightWhoseQuotientUnderflowsBecomesAnEmptySlot() {
        for (int k : new int[] {2, 4, 8, 3}) {
            int[] joints = new int[k];
            float[] weights = new float[k];
            for (int s = 0; s < k; s++) {
                joints[s] = 5 + s;
                weights[s] = s == 0 ? Float.MAX_VALUE : Float.MIN_VALUE;
            }
            NormalizeResult r = Weights.normalize(BoneWeights.of(k, joints, weights));
            assertThat(r.weights().weight(0, 0)).isEqualTo(1f);
            assertThat(r.weights().joint(0, 0)).isEqualTo(5);
            for (int s = 1; s < k; s++) {
                assertThat(Float.floatToRawIntBits(r.weights().weight(0, s))).as("K %d slot %d", k, s).isZero();
                assertThat(r.weights().joint(0, s)).as("K %d slot %d", k, s).isZero();
            }
            assertThat(r.rescaledVertices()).isEqualTo(1);
            assertSame(r, reference(BoneWeights.of(k, joints, weights), NormalizeOptions.DEFAULTS), "K " + k);
        }
    }

    @Test
    void aVertexSummingToExactlyOneIsNeitherChangedNorCounted() {
        float[] w = {0.5f, 0.25f, 0.125f, 0.125f, 0.6f, 0.2f, 0.1f, 0f};
        NormalizeResult r = Weights.normalize(BoneWeights.of(4, new int[] {1, 2, 3, 4, 1, 2, 3, 4}, w));
        assertThat(r.rescaledVertices()).isEqualTo(1);
        assertThat(bits(new float[] {r.weights().weight(0, 0), r.weights().weight(0, 1), r.weights().weight(0, 2),
            r.weights().weight(0, 3)})).containsExactly(bits(new float[] {0.5f, 0.25f, 0.125f, 0.125f}));
        assertThat(r.weights().joint(1, 3)).isZero();
    }
}
