package io.github.skinmesh.core.partition;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The reported lower bound against the true least number of draws, found by trying every
 * partition of the triangles of tiny meshes into groups: the bound never exceeds it, and the
 * optimized mode never goes below it (nor the greedy mode below its own count of bones).
 */
class LowerBoundBruteForceTest {
    @Property(tries = 300, seed = "7401")
    void theLowerBoundIsAtMostTheLeastPossibleDraws(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int k = 1 + r.nextInt(3);
        Mesh mesh = PartitionFixtures.soup(r, 5 + r.nextInt(5), 2 + r.nextInt(6), 2 + r.nextInt(9), k);
        for (PartitionMode mode : PartitionMode.values()) {
            long[] sets = sets(mesh, mode == PartitionMode.GREEDY);
            int largest = 0;
            for (long s : sets) {
                largest = Math.max(largest, Long.bitCount(s));
            }
            for (int maxBones = Math.max(1, largest); maxBones <= largest + 3; maxBones++) {
                int best = least(sets, maxBones);
                PartitionReport report = Partition.partition(mesh, maxBones, PartitionOptions.DEFAULTS.withMode(mode))
                        .report();
                String where = mode + " seed " + seed + " at " + maxBones + " bones";
                assertThat(report.lowerBound()).as(where).isLessThanOrEqualTo(best);
                assertThat(report.draws()).as(where).isGreaterThanOrEqualTo(best);
            }
        }
    }

    /** Each triangle's bones as a bit set, counting all slots or only weighted ones. */
    static long[] sets(Mesh mesh, boolean allSlots) {
        BoneWeights w = mesh.skin().weights();
        long[] out = new long[mesh.triangleCount()];
        for (int t = 0; t < out.length; t++) {
            for (int c = 0; c < 3; c++) {
                int v = mesh.index(3 * t + c);
                for (int s = 0; s < w.influencesPerVertex(); s++) {
                    if (allSlots || w.weight(v, s) > 0) {
                        out[t] |= 1L << w.joint(v, s);
                    }
                }
            }
        }
        return out;
    }

    /** The least number of groups of at most {@code maxBones} bones, over every assignment. */
    static int least(long[] sets, int maxBones) {
        return search(sets, maxBones, 0, new long[sets.length], 0, sets.length);
    }

    private static int search(long[] sets, int maxBones, int t, long[] groups, int used, int best) {
        if (used >= best) {
            return best;
        }
        if (t == sets.length) {
            return used;
        }
        for (int g = 0; g <= used && g < groups.length; g++) {
            long before = groups[g];
            long merged = before | sets[t];
            if (Long.bitCount(merged) <= maxBones) {
                groups[g] = merged;
                best = Math.min(best, search(sets, maxBones, t + 1, groups, g == used ? used + 1 : used, best));
                groups[g] = before;
            }
        }
        return best;
    }
}
