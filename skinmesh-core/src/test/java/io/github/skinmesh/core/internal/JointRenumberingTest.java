package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link JointRenumbering} against a naive loop: every strategy (identity, constant offset, the
 * vector kernel when this JVM has it, the scalar loop), with and without zeroing empty slots, at
 * offsets and counts that leave tails, and with tables shorter and longer than a vector.
 */
class JointRenumberingTest {
    /** What renumbering means, one slot at a time. */
    private static int[] naive(int[] table, int[] joints, float[] weights, boolean zeroEmpty, int from, int[] dst,
            int to, int count) {
        int[] out = dst.clone();
        for (int j = 0; j < count; j++) {
            out[to + j] = zeroEmpty && weights[from + j] == 0f ? 0 : table[joints[from + j]];
        }
        return out;
    }

    @Property(tries = 300, seed = "17")
    void everyKernelMatchesTheNaiveLoop(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int entries = 1 + r.nextInt(r.nextBoolean() ? 17 : 70);
        int[] table = new int[entries];
        switch (r.nextInt(4)) {
            case 0 -> Arrays.setAll(table, e -> e);
            case 1 -> {
                int shift = r.nextInt(50);
                Arrays.setAll(table, e -> e + shift);
            }
            default -> Arrays.setAll(table, e -> r.nextInt(300));
        }
        int count = r.nextInt(200);
        int from = r.nextInt(20);
        int to = r.nextInt(20);
        int[] joints = new int[from + count + r.nextInt(5)];
        float[] weights = new float[joints.length];
        for (int i = 0; i < joints.length; i++) {
            joints[i] = r.nextInt(entries);
            int kind = r.nextInt(4);
            weights[i] = kind == 0 ? 0f : kind == 1 ? -0f : (float) r.nextDouble();
        }
        int[] dst = new int[to + count + r.nextInt(5)];
        Arrays.setAll(dst, i -> -1 - i);
        for (boolean zeroEmpty : new boolean[] {false, true}) {
            int[] expected = naive(table, joints, weights, zeroEmpty, from, dst, to, count);
            float[] w = zeroEmpty ? weights : null;
            int[] scalar = dst.clone();
            JointRenumbering.renumber(table, joints, w, from, scalar, to, count, null);
            assertThat(scalar).as("scalar, zeroEmpty %s", zeroEmpty).isEqualTo(expected);
            int[] chosen = dst.clone();
            JointRenumbering.renumber(table, joints, w, from, chosen, to, count);
            assertThat(chosen).as("default kernel, zeroEmpty %s", zeroEmpty).isEqualTo(expected);
            if (JointRenumbering.VECTOR != null) {
                int[] vector = dst.clone();
                JointRenumbering.renumber(table, joints, w, from, vector, to, count, JointRenumbering.VECTOR);
                assertThat(vector).as("vector, zeroEmpty %s", zeroEmpty).isEqualTo(expected);
            }
        }
    }

    /** A table that fits the vector, the workload's shape: the vector path runs on every full vector. */
    @Test
    void vectorKernelTakesTablesUpToItsLanes() {
        JointLookup vector = JointRenumbering.VECTOR;
        if (System.getProperty("skinmesh.test.vectorModule", "").equals("present")) {
            assertThat(vector).as("the vector kernel in the run with the incubator module").isNotNull();
        }
        if (vector == null) {
            assertThat(JointRenumbering.vectorKernelAvailable()).isFalse();
            return;
        }
        int lanes = vector.maxTableLength();
        int[] table = new int[lanes];
        Arrays.setAll(table, e -> (lanes - e) * 3);
        int count = 5 * lanes + 3;
        int[] joints = new int[count];
        float[] weights = new float[count];
        for (int i = 0; i < count; i++) {
            joints[i] = (i * 7) % lanes;
            weights[i] = i % 5 == 0 ? 0f : 0.5f;
        }
        int[] padded = table.clone();
        int[] out = new int[count];
        vector.lookup(padded, joints, 0, out, 0, count);
        assertThat(out).isEqualTo(naive(table, joints, weights, false, 0, new int[count], 0, count));
        vector.lookupNonEmpty(padded, joints, weights, 0, out, 0, count);
        assertThat(out).isEqualTo(naive(table, joints, weights, true, 0, new int[count], 0, count));
    }
}
