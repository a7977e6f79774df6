package io.github.skinmesh.core.partition;

import java.util.Arrays;

/**
 * Grows groups over connected triangles, fewest new bones first: the first stage of
 * {@link PartitionMode#OPTIMIZED}.
 *
 * <p>A group starts from a seed triangle and repeatedly takes, among the triangles that share a
 * vertex with it (its frontier), one that adds the fewest bones it does not yet hold, oldest first
 * among equals (so growth is breadth-first over triangles the group's bones already cover); it
 * ends when the cheapest frontier triangle no longer fits. That test is final: a triangle's
 * union with the group, {@code |group| + cost}, never shrinks as the group grows, so a triangle
 * that does not fit now never will. The next seed is the oldest cheapest triangle left on the
 * finished group's frontier (so groups tile the surface without leaving islands behind), or,
 * when the frontier is empty (a new connected piece), the first unassigned triangle in order.
 *
 * <p>Costs are kept exact: a frontier triangle sits in the bucket of its current cost (0 to the
 * largest set size); when the group takes a bone, the frontier triangles holding that bone move
 * one bucket down (the stale entry is skipped when met). A vertex's triangles are queued the first
 * time the group reaches it and not scanned again for that group (all of them are then taken or
 * queued), so work is {@code O(corners x groups meeting at a vertex + bone additions x triangles per
 * bone)}, also when one vertex is shared by every triangle; allocation is a few ints per triangle, vertex and bone.
 *
 * <p>Measured (with {@link Refinement} after it): on the shared assets, the combined testkit
 * humanoid and seeded random humanoids at 24 and 16 bones it reaches the lower bound of
 * {@link LowerBound} everywhere but on the meshes with all triangles in one submesh at 16 bones (the
 * humanoid: 5 draws against a bound of 4), and duplicates no vertex
 * where the exporter's grouping duplicates hundreds (README table); on the 50,625-vertex workload it
 * runs, with refinement and the comparison with the exporter's grouping, at 1.3-1.9 M triangles/s.
 * Other seed and tie rules were not measured.
 */
final class RegionGrowing {
    private RegionGrowing() {
    }

    /**
     * @param sets bone sets, each of at most {@code maxBones} bones
     * @param topology the triangles' vertex adjacency
     * @param maxBones the limit
     * @return the grouping (palettes left to the caller)
     */
    static Grouping run(BoneSets sets, Topology topology, int maxBones) {
        int triangles = sets.triangles;
        int bones = sets.boneCount();
        int[] groupOf = new int[triangles];
        Arrays.fill(groupOf, -1);
        if (triangles == 0) {
            return new Grouping(0, groupOf, null);
        }
        // bone -> triangles holding it
        int[] boneStart = new int[bones + 1];
        for (int i = 0; i < sets.bones.length; i++) {
            boneStart[sets.bones[i] + 1]++;
        }
        for (int b = 0; b < bones; b++) {
            boneStart[b + 1] += boneStart[b];
        }
        int[] boneTriangles = new int[sets.bones.length];
        int[] fill = new int[bones];
        for (int t = 0; t < triangles; t++) {
            for (int i = sets.start[t]; i < sets.start[t + 1]; i++) {
                int b = sets.bones[i];
                boneTriangles[boneStart[b] + fill[b]++] = t;
            }
        }
        int maxCost = sets.maxSize();
        Buckets buckets = new Buckets(maxCost + 1);
        int[] heldBy = new int[bones];
        Arrays.fill(heldBy, -1);
        int[] queuedBy = new int[triangles];
        Arrays.fill(queuedBy, -1);
        int[] cost = new int[triangles];
        int[] expandedBy = new int[topology.vertexCount];
        Arrays.fill(expandedBy, -1);
        int[] corners = topology.corners;
        int[] vertexStart = topology.vertexStart;
        int[] vertexTriangles = topology.vertexTriangles;
        int scan = 0;
        int group = 0;
        int seed = 0;
        while (seed >= 0) {
            buckets.clear();
            queuedBy[seed] = group;
            cost[seed] = sets.size(seed);
            buckets.push(cost[seed], seed);
            int size = 0;
            while (true) {
                int t = buckets.pop(groupOf, queuedBy, cost, group);
                if (t < 0) {
                    break;
                }
                int c = cost[t];
                if (size + c > maxBones) {
                    buckets.unpop();
                    break;
                }
                groupOf[t] = group;
                for (int i = sets.start[t]; i < sets.start[t + 1]; i++) {
                    int b = sets.bones[i];
                    if (heldBy[b] == group) {
                        continue;
                    }
                    heldBy[b] = group;
                    size++;
                    for (int m = boneStart[b]; m < boneStart[b + 1]; m++) {
                        int u = boneTriangles[m];
                        if (groupOf[u] < 0 && queuedBy[u] == group) {
                            buckets.push(--cost[u], u);
                        }
                    }
                }
                for (int corner = 3 * t; corner < 3 * t + 3; corner++) {
                    int v = corners[corner];
                    if (expandedBy[v] == group) {
                        continue; // its triangles are all taken or queued by this group already
                    }
                    expandedBy[v] = group;
                    for (int m = vertexStart[v]; m < vertexStart[v + 1]; m++) {
                        int u = vertexTriangles[m];
                        if (groupOf[u] >= 0 || queuedBy[u] == group) {
                            continue;
                        }
                        int k = 0;
                        for (int i = sets.start[u]; i < sets.start[u + 1]; i++) {
                            if (heldBy[sets.bones[i]] != group) {
                                k++;
                            }
                        }
                        queuedBy[u] = group;
                        cost[u] = k;
                        buckets.push(k, u);
                    }
                }
            }
            // next seed: the oldest cheapest triangle left on this group's frontier, else the first unassigned one
            seed = buckets.pop(groupOf, queuedBy, cost, group);
            if (seed < 0) {
                while (scan < triangles && groupOf[scan] >= 0) {
                    scan++;
                }
                seed = scan < triangles ? scan : -1;
            }
            group++;
        }
        return new Grouping(group, groupOf, null);
    }

    /** FIFO queues of triangles per cost, with the lowest non-empty cost tracked. */
    private static final class Buckets {
        private final int[][] items;
        private final int[] head;
        private final int[] tail;
        private int low;
        private int lastBucket = -1;

        Buckets(int costs) {
            items = new int[costs][16];
            head = new int[costs];
            tail = new int[costs];
        }

        void clear() {
            Arrays.fill(head, 0);
            Arrays.fill(tail, 0);
            low = 0;
        }

        void push(int c, int t) {
            if (tail[c] == items[c].length) {
                if (head[c] > 0) {
                    System.arraycopy(items[c], head[c], items[c], 0, tail[c] - head[c]);
                    tail[c] -= head[c];
                    head[c] = 0;
                }
                if (tail[c] == items[c].length) {
                    items[c] = Arrays.copyOf(items[c], 2 * items[c].length);
                }
            }
            items[c][tail[c]++] = t;
            if (c < low) {
                low = c;
            }
        }

        /** @return the oldest live entry of the lowest cost, removed, or -1 */
        int pop(int[] groupOf, int[] queuedBy, int[] cost, int group) {
            while (low < head.length) {
                int c = low;
                while (head[c] < tail[c]) {
                    int t = items[c][head[c]++];
                    if (groupOf[t] < 0 && queuedBy[t] == group && cost[t] == c) {
                        lastBucket = c;
                        return t;
                    }
                }
                low++;
            }
            return -1;
        }

        /** Puts back the entry the last {@link #pop} returned. */
        void unpop() {
            head[lastBucket]--;
            low = Math.min(low, lastBucket);
        }
    }
}
