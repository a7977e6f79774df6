package io.github.skinmesh.core.weights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Seeded property tests of {@link Weights} against naive reference implementations written from
 * the definitions: they sort each vertex's raw slots with a comparator (weight descending, raw
 * slot ascending) instead of relying on the canonical order, and renormalize in double precision.
 */
class WeightsPropertiesTest {
    /** Required unit-sum accuracy of normalized weights (float and double summation). */
    private static final double SUM_TOLERANCE = 1e-6;
    /**
     * What normalization promises beyond 1e-6: the residue goes to the largest weight, so the
     * double-precision sum is within half a float ulp of a weight below 1.
     */
    private static final double TIGHT_SUM_TOLERANCE = 0x1p-24;
    /** Allowed difference between a kernel weight and the double-precision reference. */
    private static final double WEIGHT_TOLERANCE = 1e-6;
    /** Slack on the quantization error bound 1/scale for double rounding in the reference. */
    private static final double QUANT_SLACK = 1e-12;

    /** One raw slot of one vertex. */
    private record Slot(int rawSlot, int joint, float weight) {
    }

    /** The vertex's slots in canonical order, computed naively. */
    private static List<Slot> sortedSlots(RandomWeights g, int v) {
        List<Slot> slots = new ArrayList<>();
        for (int k = 0; k < g.influences; k++) {
            slots.add(new Slot(k, g.joints[v * g.influences + k], g.weights[v * g.influences + k]));
        }
        slots.sort(Comparator.comparingDouble((Slot s) -> -s.weight()).thenComparingInt(Slot::rawSlot));
        return slots;
    }

    private static double sum(List<Slot> slots) {
        double s = 0;
        for (Slot slot : slots) {
            s += slot.weight();
        }
        return s;
    }

    private static BoneWeights input(RandomWeights g) {
        return BoneWeights.of(g.influences, g.joints, g.weights);
    }

    /** Checks one result vertex against the expected kept slots renormalized in double. */
    private static void assertVertex(BoneWeights out, int v, List<Slot> kept) {
        double keptSum = sum(kept);
        double floatSum = 0;
        float floatAccumulated = 0f;
        for (int k = 0; k < out.influencesPerVertex(); k++) {
            float w = out.weight(v, k);
            if (k < kept.size() && kept.get(k).weight() > 0f) {
                assertThat(out.joint(v, k)).as("vertex %d slot %d joint", v, k).isEqualTo(kept.get(k).joint());
                assertThat((double) w).as("vertex %d slot %d weight", v, k)
                        .isCloseTo(kept.get(k).weight() / keptSum, within(WEIGHT_TOLERANCE));
                assertThat(w).as("vertex %d slot %d stays positive", v, k).isPositive();
            } else {
                assertThat(w).as("vertex %d slot %d empty", v, k).isZero();
                assertThat(out.joint(v, k)).as("vertex %d slot %d empty joint", v, k).isZero();
            }
            if (k > 0) {
                assertThat(w).as("vertex %d order", v).isLessThanOrEqualTo(out.weight(v, k - 1));
            }
            floatSum += w;
            floatAccumulated += w;
        }
        assertThat(floatSum).as("vertex %d double sum", v).isCloseTo(1.0, within(TIGHT_SUM_TOLERANCE));
        assertThat((double) floatAccumulated).as("vertex %d float sum", v).isCloseTo(1.0, within(SUM_TOLERANCE));
    }

    @Property(tries = 300, seed = "5247130")
    void normalizedWeightsSumToOne(@ForAll long seed) {
        RandomWeights g = new RandomWeights(seed, false);
        NormalizeResult r = Weights.normalize(input(g));
        int rescaled = 0;
        for (int v = 0; v < g.vertexCount; v++) {
            List<Slot> slots = sortedSlots(g, v);
            assertVertex(r.weights(), v, slots);
            if (sum(slots) != 1.0) {
                rescaled++;
            }
        }
        assertThat(r.rescaledVertices()).isEqualTo(rescaled);
        assertThat(r.boundVertices()).isZero();
        assertThat(r.maxSumErrorAfter()).isLessThanOrEqualTo(TIGHT_SUM_TOLERANCE);
        assertThat(r.warnings()).isEmpty();
    }

    @Property(tries = 200, seed = "88121")
    void normalizeBindsAllZeroVerticesToTheFallbackEntry(@ForAll long seed) {
        RandomWeights g = new RandomWeights(seed, true);
        int entry = (int) Math.floorMod(seed, 100L);
        NormalizeResult r = Weights.normalize(input(g),
                NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(entry));
        int bound = 0;
        for (int v = 0; v < g.vertexCount; v++) {
            List<Slot> slots = sortedSlots(g, v);
            if (sum(slots) == 0) {
                bound++;
                assertVertex(r.weights(), v, List.of(new Slot(0, entry, 1f)));
            } else {
                assertVertex(r.weights(), v, slots);
            }
        }
        assertThat(r.boundVertices()).isEqualTo(bound);
        assertThat(r.warnings()).hasSize(bound > 0 ? 1 : 0);
    }

    @Property(tries = 300, seed = "700331")
    void limitKeepsTheLargestInfluencesAndSumsToOne(@ForAll long seed) {
        RandomWeights g = new RandomWeights(seed, false);
        int max = 1 + (int) Math.floorMod(seed >>> 7, 8L);
        SlotLayout layout = (seed & 1) == 0 ? SlotLayout.NARROW : SlotLayout.KEEP;
        LimitResult r = Weights.limit(input(g), LimitOptions.DEFAULTS.withMaxInfluences(max).withLayout(layout));
        int keep = Math.min(max, g.influences);
        assertThat(r.slotsBefore()).isEqualTo(g.influences);
        assertThat(r.slotsAfter()).isEqualTo(layout == SlotLayout.NARROW ? keep : g.influences);
        assertThat(r.weights().influencesPerVertex()).isEqualTo(r.slotsAfter());
        int dropped = 0;
        int affected = 0;
        int before = 0;
        float largest = 0f;
        int largestVertex = Index.NONE;
        for (int v = 0; v < g.vertexCount; v++) {
            List<Slot> slots = sortedSlots(g, v);
            assertVertex(r.weights(), v, slots.subList(0, keep));
            int droppedHere = 0;
            for (int k = 0; k < slots.size(); k++) {
                float w = slots.get(k).weight();
                if (w > 0f) {
                    before++;
                }
                if (k >= keep && w > 0f) {
                    droppedHere++;
                    if (w > largest) {
                        largest = w;
                        largestVertex = v;
                    }
                }
            }
            dropped += droppedHere;
            affected += droppedHere > 0 ? 1 : 0;
        }
        assertThat(r.droppedInfluences()).isEqualTo(dropped);
        assertThat(r.affectedVertices()).isEqualTo(affected);
        assertThat(r.influencesBefore()).isEqualTo(before);
        assertThat(r.influencesAfter()).isEqualTo(before - dropped);
        assertThat(r.largestDroppedWeight()).isEqualTo(largest);
        assertThat(r.largestDroppedVertex()).isEqualTo(largestVertex);
        assertThat(r.warnings()).hasSize(dropped > 0 ? 1 : 0);
    }

    @Property(tries = 300, seed = "31337")
    void pruneRemovesExactlyTheWeightsBelowTheThresholdExceptTheLargest(@ForAll long seed) {
        RandomWeights g = new RandomWeights(seed, false);
        float[] thresholds = {0f, 0.01f, 0.015f, 0.3f, 1f, g.nextFloat()};
        float threshold = thresholds[(int) Math.floorMod(seed, (long) thresholds.length)];
        PruneResult r = Weights.prune(input(g), PruneOptions.DEFAULTS.withThreshold(threshold));
        int removed = 0;
        int before = 0;
        int after = 0;
        float largest = 0f;
        int largestVertex = Index.NONE;
        for (int v = 0; v < g.vertexCount; v++) {
            List<Slot> slots = sortedSlots(g, v);
            List<Slot> kept = new ArrayList<>();
            for (int k = 0; k < slots.size(); k++) {
                Slot s = slots.get(k);
                if (s.weight() > 0f) {
                    before++;
                }
                if (k == 0 || s.weight() >= threshold) {
                    kept.add(s);
                    after += s.weight() > 0f ? 1 : 0;
                } else if (s.weight() > 0f) {
                    removed++;
                    if (s.weight() > largest) {
                        largest = s.weight();
                        largestVertex = v;
                    }
                }
            }
            assertVertex(r.weights(), v, kept);
        }
        assertThat(r.weights().influencesPerVertex()).isEqualTo(g.influences);
        assertThat(r.removedInfluences()).isEqualTo(removed);
        assertThat(r.influencesBefore()).isEqualTo(before);
        assertThat(r.influencesAfter()).isEqualTo(after);
        assertThat(r.largestRemovedWeight()).isEqualTo(largest);
        assertThat(r.largestRemovedVertex()).isEqualTo(largestVertex);
    }

    @Property(tries = 300, seed = "255255")
    void quantizedWeightsSumExactlyToTheScaleAndKeepOrderAndJoints(@ForAll long seed) {
        RandomWeights g = new RandomWeights(seed, false);
        QuantizeFormat format = (seed & 3) == 0 ? QuantizeFormat.UNORM16 : QuantizeFormat.UNORM8;
        int scale = format.scale();
        QuantizeResult r = Weights.quantize(input(g), QuantizeOptions.DEFAULTS.withFormat(format));
        assertThat(r.vertexCount()).isEqualTo(g.vertexCount);
        assertThat(r.influencesPerVertex()).isEqualTo(g.influences);
        double maxError = 0;
        int zeroed = 0;
        for (int v = 0; v < g.vertexCount; v++) {
            List<Slot> slots = sortedSlots(g, v);
            int[] expected = naiveLargestRemainder(slots, scale);
            double sum = sum(slots);
            int total = 0;
            for (int k = 0; k < g.influences; k++) {
                int q = r.value(v, k);
                Slot s = slots.get(k);
                assertThat(q).as("vertex %d slot %d value", v, k).isEqualTo(expected[k]);
                assertThat(q).isBetween(0, scale);
                if (k > 0) {
                    assertThat(q).as("vertex %d order", v).isLessThanOrEqualTo(r.value(v, k - 1));
                }
                double error = Math.abs(q / (double) scale - s.weight() / sum);
                assertThat(error).as("vertex %d slot %d error", v, k).isLessThanOrEqualTo(1.0 / scale + QUANT_SLACK);
                maxError = Math.max(maxError, error);
                assertThat(r.weights().weight(v, k)).isEqualTo(q / (float) scale);
                assertThat(r.weights().joint(v, k)).isEqualTo(q > 0 ? s.joint() : 0);
                if (s.weight() == 0f) {
                    assertThat(q).isZero();
                } else if (q == 0) {
                    zeroed++;
                }
                total += q;
            }
            assertThat(total).as("vertex %d sum", v).isEqualTo(scale);
        }
        assertThat(r.maxAbsError()).isEqualTo(maxError);
        assertThat(r.zeroedInfluences()).isEqualTo(zeroed);
    }

    /**
     * Every function canonicalizes weights kept as stored (slot order and the joints of empty
     * slots as a file had them) and then gives exactly what it gives for the canonical form.
     */
    @Property(tries = 200, seed = "4401")
    void slotsAsStoredGiveWhatTheCanonicalFormGives(@ForAll long seed) {
        RandomWeights g = new RandomWeights(seed, false);
        BoneWeights stored = BoneWeights.ofSlots(g.influences, g.joints, g.weights);
        BoneWeights canonical = input(g);
        assertThat(stored.canonical()).isEqualTo(canonical);
        assertThat(Weights.normalize(stored).weights()).isEqualTo(Weights.normalize(canonical).weights());
        LimitOptions limit = LimitOptions.DEFAULTS.withMaxInfluences(1 + (int) Math.floorMod(seed, 8L));
        assertThat(Weights.limit(stored, limit).weights()).isEqualTo(Weights.limit(canonical, limit).weights());
        assertThat(Weights.prune(stored).weights()).isEqualTo(Weights.prune(canonical).weights());
        QuantizeResult q = Weights.quantize(stored);
        assertThat(q.weights()).isEqualTo(Weights.quantize(canonical).weights());
        assertThat(q.values()).containsExactly(Weights.quantize(canonical).values());
        assertThat(Weights.normalize(stored).weights().isCanonical()).isTrue();
    }

    /** Largest remainder by the book: floors, then sort the slots by remainder and hand out the rest. */
    private static int[] naiveLargestRemainder(List<Slot> slots, int scale) {
        double sum = sum(slots);
        int n = slots.size();
        int[] q = new int[n];
        double[] remainder = new double[n];
        int total = 0;
        for (int k = 0; k < n; k++) {
            double t = slots.get(k).weight() / sum * scale;
            q[k] = (int) Math.floor(t);
            remainder[k] = t - q[k];
            total += q[k];
        }
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            if (slots.get(k).weight() > 0f) {
                order.add(k);
            }
        }
        order.sort(Comparator.comparingDouble((Integer k) -> -remainder[k]).thenComparingInt(k -> k));
        for (int i = 0; i < scale - total; i++) {
            q[order.get(i)]++;
        }
        return q;
    }
}
