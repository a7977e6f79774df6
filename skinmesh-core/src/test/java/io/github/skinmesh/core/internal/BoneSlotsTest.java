package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link BoneSlots}, the one definition of canonical slots: canonicalizing a row gives what a
 * naive reference gives (a stable library sort of the slot positions by weight, then empty slots
 * cleared), and the test of canonical form agrees with that reference.
 */
class BoneSlotsTest {
    @Test
    void aRowIsSortedStablyAndItsEmptySlotsCleared() {
        int[] joints = {7, 3, 5, 9, 2};
        float[] weights = {0.25f, 0f, 0.5f, 0.25f, -0f};
        BoneSlots.canonicalizeRow(joints, weights, 0, 5);
        assertThat(joints).containsExactly(5, 7, 9, 0, 0);
        assertThat(weights).containsExactly(0.5f, 0.25f, 0.25f, 0f, 0f);
        assertThat(Float.floatToRawIntBits(weights[4])).as("-0 becomes +0").isZero();
        assertThat(BoneSlots.isCanonicalRow(joints, weights, 0, 5)).isTrue();
    }

    @Test
    void eachBreachOfTheFormIsSeen() {
        assertThat(BoneSlots.isCanonicalRow(new int[] {0, 1}, new float[] {0.25f, 0.75f}, 0, 2)).as("increasing")
                .isFalse();
        assertThat(BoneSlots.isCanonicalRow(new int[] {1, 2}, new float[] {1f, 0f}, 0, 2)).as("empty slot joint 2")
                .isFalse();
        assertThat(BoneSlots.isCanonicalRow(new int[] {1, 0}, new float[] {1f, -0f}, 0, 2)).as("empty slot -0")
                .isFalse();
        assertThat(BoneSlots.isCanonical(new int[] {1, 0, 0, 1}, new float[] {1, 0, 0, 0.5f}, 2))
                .as("the second row increases").isFalse();
        assertThat(BoneSlots.isCanonical(new int[] {1, 0, 2, 1}, new float[] {1, 0, 0.5f, 0.5f}, 2)).isTrue();
    }

    @Property(tries = 300, seed = "8086")
    void canonicalizingMatchesAStableSortOfTheSlots(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int k = 1 + r.nextInt(8);
        int base = r.nextInt(3) * k;
        int[] joints = new int[base + k];
        float[] weights = new float[base + k];
        for (int s = base; s < base + k; s++) {
            joints[s] = r.nextInt(6);
            int kind = r.nextInt(4); // repeated weights make ties, zeros of both signs make empty slots
            weights[s] = kind == 0 ? 0f : kind == 1 ? -0f : kind == 2 ? 0.25f : (float) r.nextDouble();
        }
        Integer[] order = new Integer[k];
        for (int s = 0; s < k; s++) {
            order[s] = base + s;
        }
        float[] original = weights.clone();
        int[] originalJoints = joints.clone();
        Arrays.sort(order, Comparator.comparingDouble((Integer s) -> -original[s])); // stable
        int[] expectedJoints = new int[k];
        float[] expectedWeights = new float[k];
        boolean alreadyCanonical = true;
        for (int s = 0; s < k; s++) {
            float w = original[order[s]];
            expectedWeights[s] = w == 0f ? 0f : w;
            expectedJoints[s] = w == 0f ? 0 : originalJoints[order[s]];
            alreadyCanonical &= Float.floatToRawIntBits(original[base + s]) == Float.floatToRawIntBits(expectedWeights[s])
                    && originalJoints[base + s] == expectedJoints[s];
        }
        assertThat(BoneSlots.isCanonicalRow(joints, weights, base, k)).isEqualTo(alreadyCanonical);
        BoneSlots.canonicalizeRow(joints, weights, base, k);
        assertThat(Arrays.copyOfRange(joints, base, base + k)).containsExactly(expectedJoints);
        for (int s = 0; s < k; s++) {
            assertThat(Float.floatToRawIntBits(weights[base + s])).as("slot %d", s)
                    .isEqualTo(Float.floatToRawIntBits(expectedWeights[s]));
        }
        assertThat(Arrays.copyOfRange(joints, 0, base)).as("rows before untouched")
                .containsExactly(Arrays.copyOfRange(originalJoints, 0, base));
        assertThat(BoneSlots.isCanonicalRow(joints, weights, base, k)).isTrue();
    }
}
