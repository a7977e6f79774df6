package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** {@link SlotSummary} against a naive count, with joints below and above the 64 of the mask path. */
class SlotSummaryTest {
    @Property(tries = 200, seed = "64")
    void summaryMatchesANaiveCount(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int k = 1 + r.nextInt(8);
        int n = r.nextInt(40);
        int maxJoint = r.nextBoolean() ? 1 + r.nextInt(64) : 1 + r.nextInt(300);
        int[] joints = new int[k * n];
        float[] weights = new float[k * n];
        for (int i = 0; i < joints.length; i++) {
            joints[i] = r.nextInt(maxJoint);
            weights[i] = r.nextInt(3) == 0 ? 0f : (float) r.nextDouble();
        }
        SlotSummary s = SlotSummary.of(joints, weights, k);
        int empty = 0;
        for (float w : weights) {
            empty += w == 0f ? 1 : 0;
        }
        assertThat(s.emptySlots).isEqualTo(empty);
        int unweighted = 0;
        for (int v = 0; v < n; v++) {
            boolean any = false;
            for (int slot = 0; slot < k; slot++) {
                any |= weights[k * v + slot] > 0;
            }
            unweighted += any ? 0 : 1;
        }
        assertThat(s.unweightedRows).isEqualTo(unweighted);
        for (int j = 0; j < maxJoint + 70; j++) {
            boolean used = false;
            for (int i = 0; i < joints.length; i++) {
                used |= joints[i] == j && weights[i] > 0;
            }
            assertThat(s.weighted(j)).as("joint %d", j).isEqualTo(used);
        }
    }
}
