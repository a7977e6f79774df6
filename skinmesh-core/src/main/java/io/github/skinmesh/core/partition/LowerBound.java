package io.github.skinmesh.core.partition;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * A lower bound on the number of groups any grouping of one submesh's triangles within
 * {@code maxBones} needs, for the bone sets given.
 *
 * <p>Proof. Let {@code G} be any such grouping, {@code U} the set of bones that the triangles'
 * sets hold. (1) Every bone of {@code U} lies in the set of some triangle, so the group of that
 * triangle binds it; the groups' palettes together cover {@code U}, each holds at most
 * {@code maxBones} bones, hence {@code |G| * maxBones >= |U|}, that is
 * {@code |G| >= ceil(|U| / maxBones)}. (2) Let {@code t_1 .. t_c} be triangles whose sets pairwise
 * unite to more than {@code maxBones} bones. Two of them in one group would make that group's
 * palette hold their union, more than {@code maxBones} bones; so they lie in {@code c} different
 * groups, and {@code |G| >= c}. Both hold for every {@code G}, so their maximum does, and a
 * submesh with a triangle needs at least one group. Draws never span submeshes, so the bounds of
 * the submeshes add up.
 *
 * <p>The set of pairwise-conflicting triangles of (2) is found greedily over the distinct sets,
 * largest first (ties in order of first appearance): a set joins when it conflicts with every set
 * already taken. Any such set gives a valid bound; the greedy one is not always the largest.
 * Distinct sets are found by hashing their sorted bones; work is
 * {@code O(corners + distinct sets x taken sets x set size)}.
 */
final class LowerBound {
    private LowerBound() {
    }

    /**
     * @param sets the bone sets, each of at most {@code maxBones} bones
     * @param maxBones the limit
     * @return the bound, 0 for a submesh without triangles
     */
    static int of(BoneSets sets, int maxBones) {
        if (sets.triangles == 0) {
            return 0;
        }
        int byBones = (int) ((sets.boneCount() + (long) maxBones - 1) / maxBones);
        int maxSize = sets.maxSize();
        if (2L * maxSize <= maxBones) {
            return Math.max(1, byBones); // no two sets can conflict
        }
        // distinct sets, each sorted, with a stable order: size descending, then first appearance
        it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap<Key> seen = new it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap<>();
        java.util.List<int[]> distinct = new java.util.ArrayList<>();
        for (int t = 0; t < sets.triangles; t++) {
            int[] s = Arrays.copyOfRange(sets.bones, sets.start[t], sets.start[t + 1]);
            Arrays.sort(s);
            Key k = new Key(s);
            if (!seen.containsKey(k)) {
                seen.put(k, distinct.size());
                distinct.add(s);
            }
        }
        Integer[] order = new Integer[distinct.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> distinct.get(a).length != distinct.get(b).length
                ? Integer.compare(distinct.get(b).length, distinct.get(a).length) : Integer.compare(a, b));
        IntArrayList taken = new IntArrayList();
        for (int i : order) {
            int[] s = distinct.get(i);
            boolean conflictsAll = true;
            for (int m = 0; m < taken.size() && conflictsAll; m++) {
                conflictsAll = unionSize(s, distinct.get(taken.getInt(m))) > maxBones;
            }
            if (conflictsAll) {
                taken.add(i);
            }
        }
        return Math.max(Math.max(1, byBones), taken.size());
    }

    /** @return the size of the union of two sorted sets */
    static int unionSize(int[] a, int[] b) {
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
            n++;
        }
        return n + (a.length - i) + (b.length - j);
    }

    /** A sorted bone set as a hash key. */
    private record Key(int[] bones) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(k.bones, bones);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bones);
        }
    }
}
