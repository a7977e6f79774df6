package io.github.skinmesh.atlas.image;

import java.util.Arrays;

/**
 * Length-limited Huffman code lengths by package-merge (Larmore and Hirschberg, "A fast algorithm
 * for optimal length-limited Huffman codes", 1990), for the literal/length, distance and
 * code-length alphabets of {@link DeflateBlocks}.
 *
 * <p>Package-merge gives the lengths of a minimum-cost prefix code whose longest code is at most
 * {@code maxBits}, directly, so no overflow repair is needed (zlib builds an unlimited Huffman tree
 * and then moves overflowing leaves up by a heuristic that is not always optimal). Symbols are
 * sorted by frequency with ties broken by symbol index, and a leaf goes before a package of equal
 * weight in every merge, so the lengths are a function of the frequencies alone.
 *
 * <p>How the lengths are read off: list {@code t} (0 is the deepest level, {@code maxBits - 1} the
 * level of one-bit codes) merges all leaves with the pairs ("packages") of list {@code t - 1}. The
 * first {@code 2n - 2} items of the last list are selected; a selected package selects the two items
 * it was made of one list down. Each selection of a leaf adds one bit to its symbol's code length.
 * Since leaves keep their sorted order in every list, the selected leaves of a list are a prefix of
 * the sorted symbols, so one count per list suffices.
 *
 * <p>Alternative considered: a Huffman tree with zlib's overflow heuristic. Package-merge costs
 * {@code O(n * maxBits)} per alphabet, under 9,000 item steps for the 286 literal/length symbols,
 * negligible beside the 16,384 symbols of a block, and it is optimal.
 */
final class HuffmanLengths {
    private HuffmanLengths() {
    }

    /**
     * Computes code lengths.
     *
     * <p>When fewer than two symbols have a non-zero frequency the result still holds two codes of
     * one bit (the used symbol, if any, and the lowest other ones), so that every code is complete:
     * some decoders reject an incomplete code, and deflate permits the spare one.
     *
     * @param freq frequency per symbol, each {@code >= 0}; only read
     * @param maxBits the longest code allowed, with {@code 2^maxBits >= freq.length}
     * @return a fresh array of {@code freq.length} code lengths, 0 for unused symbols
     */
    static int[] compute(int[] freq, int maxBits) {
        int symbolCount = freq.length;
        assert symbolCount >= 2 && symbolCount <= 1 << maxBits;
        int[] lengths = new int[symbolCount];
        int used = 0;
        for (int f : freq) {
            if (f > 0) {
                used++;
            }
        }
        if (used < 2) {
            for (int s = 0; s < symbolCount && used < 2; s++) {
                if (freq[s] == 0) {
                    lengths[s] = 1;
                    used++;
                }
            }
            for (int s = 0; s < symbolCount; s++) {
                if (freq[s] > 0) {
                    lengths[s] = 1;
                }
            }
            return lengths;
        }

        // leaves sorted by (frequency, symbol): the key packs both into one long
        long[] keys = new long[used];
        int k = 0;
        for (int s = 0; s < symbolCount; s++) {
            if (freq[s] > 0) {
                keys[k++] = ((long) freq[s] << 16) | s;
            }
        }
        Arrays.sort(keys);
        int[] symbols = new int[used];
        long[] leafWeights = new long[used];
        for (int i = 0; i < used; i++) {
            symbols[i] = (int) (keys[i] & 0xFFFF);
            leafWeights[i] = keys[i] >>> 16;
        }

        int capacity = 2 * used;
        long[][] weights = new long[maxBits][];
        boolean[][] isPackage = new boolean[maxBits][];
        int[] sizes = new int[maxBits];
        weights[0] = Arrays.copyOf(leafWeights, capacity);
        isPackage[0] = new boolean[capacity];
        sizes[0] = used;
        for (int t = 1; t < maxBits; t++) {
            long[] below = weights[t - 1];
            int packages = sizes[t - 1] / 2;
            long[] w = new long[capacity];
            boolean[] p = new boolean[capacity];
            int leaf = 0;
            int pack = 0;
            int n = 0;
            while (leaf < used || pack < packages) {
                long packWeight = pack < packages ? below[2 * pack] + below[2 * pack + 1] : Long.MAX_VALUE;
                if (leaf < used && leafWeights[leaf] <= packWeight) {
                    w[n++] = leafWeights[leaf++];
                } else {
                    w[n] = packWeight;
                    p[n++] = true;
                    pack++;
                }
            }
            weights[t] = w;
            isPackage[t] = p;
            sizes[t] = n;
        }

        int take = 2 * used - 2;
        for (int t = maxBits - 1; t >= 0 && take > 0; t--) {
            assert take <= sizes[t];
            int leaves = 0;
            int packages = 0;
            boolean[] p = isPackage[t];
            for (int i = 0; i < take; i++) {
                if (p[i]) {
                    packages++;
                } else {
                    leaves++;
                }
            }
            for (int i = 0; i < leaves; i++) {
                lengths[symbols[i]]++;
            }
            take = 2 * packages;
        }
        assert kraftSum(lengths, maxBits) == 1L << maxBits : "package-merge lengths form a complete code";
        return lengths;
    }

    /** Sum of {@code 2^(maxBits - length)} over the used symbols; {@code 2^maxBits} for a complete code. */
    static long kraftSum(int[] lengths, int maxBits) {
        long sum = 0;
        for (int length : lengths) {
            if (length > 0) {
                sum += 1L << (maxBits - length);
            }
        }
        return sum;
    }
}
