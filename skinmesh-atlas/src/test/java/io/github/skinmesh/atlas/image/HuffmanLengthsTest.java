package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.TestRandom;
import java.util.PriorityQueue;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Package-merge code lengths against exhaustive search and against unlimited Huffman codes. */
class HuffmanLengthsTest {
    private static long cost(int[] freq, int[] lengths) {
        long c = 0;
        for (int i = 0; i < freq.length; i++) {
            c += (long) freq[i] * lengths[i];
        }
        return c;
    }

    /** Least cost over every assignment of lengths 1..maxBits to the used symbols with Kraft sum at most 1. */
    private static long bruteForceCost(int[] freq, int maxBits) {
        int[] used = java.util.stream.IntStream.range(0, freq.length).filter(i -> freq[i] > 0).toArray();
        int[] lengths = new int[used.length];
        long best = Long.MAX_VALUE;
        long combos = 1;
        for (int i = 0; i < used.length; i++) {
            combos *= maxBits;
        }
        for (long c = 0; c < combos; c++) {
            long x = c;
            long kraft = 0;
            long cost = 0;
            for (int i = 0; i < used.length; i++) {
                lengths[i] = (int) (x % maxBits) + 1;
                x /= maxBits;
                kraft += 1L << (maxBits - lengths[i]);
                cost += (long) freq[used[i]] * lengths[i];
            }
            if (kraft <= 1L << maxBits) {
                best = Math.min(best, cost);
            }
        }
        return best;
    }

    /** Cost of an unlimited Huffman code: the sum of the merged weights. */
    private static long huffmanCost(int[] freq) {
        PriorityQueue<Long> q = new PriorityQueue<>();
        for (int f : freq) {
            if (f > 0) {
                q.add((long) f);
            }
        }
        long cost = 0;
        while (q.size() > 1) {
            long s = q.poll() + q.poll();
            cost += s;
            q.add(s);
        }
        return cost;
    }

    @Property(tries = 300, seed = "20261202")
    void lengthsAreOptimalUnderTheLimitAndComplete(@ForAll @IntRange(min = 2, max = 7) int symbols,
            @ForAll @IntRange(min = 3, max = 4) int maxBits, @ForAll long seed) {
        TestRandom rng = new TestRandom(seed);
        int[] freq = new int[symbols];
        int used = 0;
        for (int i = 0; i < symbols; i++) {
            // skewed weights so that the limit binds often
            freq[i] = rng.nf() < 0.2f ? 0 : 1 << rng.nextInt(0, 12);
            used += freq[i] > 0 ? 1 : 0;
        }
        int[] lengths = HuffmanLengths.compute(freq, maxBits);
        assertThat(HuffmanLengths.kraftSum(lengths, maxBits)).isEqualTo(1L << maxBits);
        for (int i = 0; i < symbols; i++) {
            assertThat(lengths[i]).isBetween(freq[i] > 0 ? 1 : 0, maxBits);
        }
        if (used >= 2) {
            assertThat(cost(freq, lengths)).isEqualTo(bruteForceCost(freq, maxBits));
        }
    }

    @Property(tries = 200, seed = "20261203")
    void withARoomyLimitTheCostIsHuffmans(@ForAll @IntRange(min = 2, max = 286) int symbols, @ForAll long seed) {
        TestRandom rng = new TestRandom(seed);
        int[] freq = new int[symbols];
        for (int i = 0; i < symbols; i++) {
            freq[i] = rng.nf() < 0.3f ? 0 : rng.nextInt(1, 1000);
        }
        freq[0] = 1;
        freq[symbols - 1] = 1;
        int[] lengths = HuffmanLengths.compute(freq, 15);
        // 286 symbols with weights up to 1000 cannot need 15 bits... unless the tree is deep; check only when it is not
        int max = java.util.Arrays.stream(lengths).max().orElse(0);
        assertThat(HuffmanLengths.kraftSum(lengths, 15)).isEqualTo(1L << 15);
        if (max < 15) {
            assertThat(cost(freq, lengths)).isEqualTo(huffmanCost(freq));
        }
    }

    @Test
    void fibonacciWeightsAreCutToFifteenBits() {
        // Fibonacci weights make an unlimited Huffman tree of depth n - 1: 24 symbols need 23 bits
        int[] freq = new int[24];
        freq[0] = 1;
        freq[1] = 1;
        for (int i = 2; i < freq.length; i++) {
            freq[i] = freq[i - 1] + freq[i - 2];
        }
        int[] lengths = HuffmanLengths.compute(freq, 15);
        assertThat(java.util.Arrays.stream(lengths).max().getAsInt()).isEqualTo(15);
        assertThat(HuffmanLengths.kraftSum(lengths, 15)).isEqualTo(1L << 15);
        assertThat(cost(freq, lengths)).isGreaterThan(huffmanCost(freq));
    }

    @Test
    void fewerThanTwoUsedSymbolsStillGiveTwoOneBitCodes() {
        assertThat(HuffmanLengths.compute(new int[] {0, 0, 0, 0}, 15)).containsExactly(1, 1, 0, 0);
        assertThat(HuffmanLengths.compute(new int[] {0, 0, 5, 0}, 15)).containsExactly(1, 0, 1, 0);
        assertThat(HuffmanLengths.compute(new int[] {9, 0, 0, 0}, 7)).containsExactly(1, 1, 0, 0);
    }

    @Test
    void equalWeightsTieByLowerSymbolFirst() {
        // five equal weights: two codes of 3 bits and three of 2. Sorted order puts the lowest symbols
        // first among equal weights, as it puts the lightest first, so they take the longer codes
        assertThat(HuffmanLengths.compute(new int[] {4, 4, 4, 4, 4}, 15)).containsExactly(3, 3, 2, 2, 2);
        assertThat(HuffmanLengths.compute(new int[] {4, 4, 4, 4, 3}, 15)).containsExactly(3, 2, 2, 2, 3);
    }
}
