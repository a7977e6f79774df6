package io.github.skinmesh.core.partition;

import java.util.Arrays;

/**
 * The bone set of every triangle of one submesh, as a mode counts it: the distinct joints of the
 * slots of its three vertices (all slots for {@link PartitionMode#GREEDY}, slots of weight
 * {@code > 0} for {@link PartitionMode#OPTIMIZED}), in slot order (vertex by vertex, slot by slot).
 * Bones are renumbered locally, {@code 0..boneCount-1} in order of first use, so that kernels
 * index small dense arrays; {@link #entry} maps back to the palette.
 *
 * <p>Layout: triangle {@code t}'s bones are {@code bones[start[t] .. start[t+1]-1]}, at most
 * {@code 3*K} of them. Immutable once built; package-private.
 */
final class BoneSets {
    final int triangles;
    final int[] start;
    final int[] bones;
    private final int[] entries;

    private BoneSets(int triangles, int[] start, int[] bones, int[] entries) {
        this.triangles = triangles;
        this.start = start;
        this.bones = bones;
        this.entries = entries;
    }

    /**
     * @param indices the mesh's indices
     * @param firstIndex the submesh's first index
     * @param triangles its triangle count
     * @param joints the weights' joints, {@code K} per vertex
     * @param weights the weights, {@code K} per vertex
     * @param k influences per vertex
     * @param allSlots whether zero-weight slots count
     * @param localOf scratch, one int per palette entry, every element -1; restored before returning
     * @return the sets
     */
    static BoneSets of(int[] indices, int firstIndex, int triangles, int[] joints, float[] weights, int k,
            boolean allSlots, int[] localOf) {
        int[] start = new int[triangles + 1];
        int[] bones = new int[triangles * 3 * k];
        int[] entries = new int[16];
        int used = 0;
        int n = 0;
        for (int t = 0; t < triangles; t++) {
            int from = n;
            for (int c = 0; c < 3; c++) {
                int base = indices[firstIndex + 3 * t + c] * k;
                for (int s = 0; s < k; s++) {
                    if (!allSlots && !(weights[base + s] > 0f)) {
                        continue;
                    }
                    int j = joints[base + s];
                    int local = localOf[j];
                    if (local < 0) {
                        local = used++;
                        localOf[j] = local;
                        if (local == entries.length) {
                            entries = Arrays.copyOf(entries, 2 * local);
                        }
                        entries[local] = j;
                    }
                    if (!contains(bones, from, n, local)) {
                        bones[n++] = local;
                    }
                }
            }
            start[t + 1] = n;
        }
        for (int b = 0; b < used; b++) {
            localOf[entries[b]] = -1;
        }
        return new BoneSets(triangles, start, Arrays.copyOf(bones, n), Arrays.copyOf(entries, used));
    }

    private static boolean contains(int[] a, int from, int to, int value) {
        for (int i = from; i < to; i++) {
            if (a[i] == value) {
                return true;
            }
        }
        return false;
    }

    /** @return the number of distinct bones of the submesh */
    int boneCount() {
        return entries.length;
    }

    /**
     * @param local a local bone
     * @return its palette entry
     */
    int entry(int local) {
        return entries[local];
    }

    /**
     * @param t a triangle of the submesh
     * @return the size of its bone set
     */
    int size(int t) {
        return start[t + 1] - start[t];
    }

    /** @return the largest set */
    int maxSize() {
        int max = 0;
        for (int t = 0; t < triangles; t++) {
            max = Math.max(max, size(t));
        }
        return max;
    }
}
