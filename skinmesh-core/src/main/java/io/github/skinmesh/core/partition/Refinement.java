package io.github.skinmesh.core.partition;

import java.util.Arrays;

/**
 * Improves a grouping without ever breaking the limit: the second stage of
 * {@link PartitionMode#OPTIMIZED}. In order of priority:
 * <ol>
 * <li><b>Merge</b> two groups whose bones together fit (fewer groups, and never more copies:
 *     vertices the two shared stop being split);</li>
 * <li><b>Dissolve</b> a group by moving each of its triangles into another group it fits, the
 *     group sharing most of the triangle's vertices first; all or nothing (fewer groups);</li>
 * <li><b>Move</b> single triangles to a neighbouring group where they fit when that lowers the
 *     number of copies: moving triangle {@code t} from {@code A} to {@code B} changes, for each of
 *     its vertices {@code v}, the number of groups using {@code v} by
 *     {@code [v keeps another triangle in A] - [v already has a triangle in B]}; only moves with a
 *     total below zero are made, so passes end. Up to {@value #MOVE_PASSES} passes.</li>
 * </ol>
 * Groups are then renumbered by their first triangle.
 *
 * <p>Per vertex, the groups of its triangles are kept with their corner counts (at most
 * {@code min(valence, groups)} entries), so a move's effect costs the few groups met at its three
 * vertices, not a scan of their triangles: a vertex shared by every triangle costs no more than
 * any other. Bone use is counted per (group, bone) in one dense table, {@code groups x bones} ints; when
 * that would exceed {@value #MAX_TABLE} ints (thousands of groups over thousands of bones, far
 * beyond real characters) the grouping is returned unrefined. Everything is in a fixed order,
 * so the result is deterministic.
 */
final class Refinement {
    /** Most passes of single-triangle moves. */
    static final int MOVE_PASSES = 6;
    /** Largest (group, bone) table. */
    static final long MAX_TABLE = 1L << 24;

    private final BoneSets sets;
    private final Topology topology;
    private final int maxBones;
    private final int bones;
    private final int[] groupOf;
    private int groups;
    private final int[] use; // use[g * bones + b]: triangles of group g holding bone b
    private final int[] size; // distinct bones per group
    private final int[] count; // triangles per group
    // per local vertex v, the groups of its triangles with their corner counts:
    // vertexGroup/vertexCount[vertexFirst[v] .. vertexFirst[v] + vertexGroups[v] - 1], unordered
    private final int[] vertexFirst;
    private final int[] vertexGroups;
    private final int[] vertexGroup;
    private final int[] vertexCount;

    private Refinement(BoneSets sets, Topology topology, Grouping start, int maxBones) {
        this.sets = sets;
        this.topology = topology;
        this.maxBones = maxBones;
        this.bones = sets.boneCount();
        this.groupOf = start.groupOf.clone();
        this.groups = start.count;
        this.use = new int[groups * bones];
        this.size = new int[groups];
        this.count = new int[groups];
        int vertices = topology.vertexCount;
        this.vertexFirst = new int[vertices];
        this.vertexGroups = new int[vertices];
        int capacity = 0;
        for (int v = 0; v < vertices; v++) {
            vertexFirst[v] = capacity;
            capacity += Math.min(topology.vertexStart[v + 1] - topology.vertexStart[v], groups);
        }
        this.vertexGroup = new int[capacity];
        this.vertexCount = new int[capacity];
        for (int t = 0; t < sets.triangles; t++) {
            add(t, groupOf[t]);
        }
    }

    /**
     * @param sets bone sets
     * @param topology adjacency
     * @param start a grouping within the limit
     * @param maxBones the limit
     * @return a grouping within the limit with no more groups, palettes left to the caller
     */
    static Grouping run(BoneSets sets, Topology topology, Grouping start, int maxBones) {
        if (start.count <= 1 || (long) start.count * sets.boneCount() > MAX_TABLE) {
            return start;
        }
        Refinement r = new Refinement(sets, topology, start, maxBones);
        r.merge();
        r.dissolve();
        for (int pass = 0; pass < MOVE_PASSES; pass++) {
            if (r.movePass() == 0) {
                break;
            }
        }
        return r.compact();
    }

    private void add(int t, int g) {
        groupOf[t] = g;
        count[g]++;
        for (int c = 3 * t; c < 3 * t + 3; c++) {
            int v = topology.corners[c];
            int first = vertexFirst[v];
            int end = first + vertexGroups[v];
            int e = first;
            while (e < end && vertexGroup[e] != g) {
                e++;
            }
            if (e == end) {
                vertexGroup[e] = g;
                vertexCount[e] = 0;
                vertexGroups[v]++;
            }
            vertexCount[e]++;
        }
        int base = g * bones;
        for (int i = sets.start[t]; i < sets.start[t + 1]; i++) {
            if (use[base + sets.bones[i]]++ == 0) {
                size[g]++;
            }
        }
    }

    private void remove(int t) {
        int g = groupOf[t];
        count[g]--;
        for (int c = 3 * t; c < 3 * t + 3; c++) {
            int v = topology.corners[c];
            int first = vertexFirst[v];
            int e = first;
            while (vertexGroup[e] != g) {
                e++;
            }
            if (--vertexCount[e] == 0) {
                int last = first + --vertexGroups[v];
                vertexGroup[e] = vertexGroup[last];
                vertexCount[e] = vertexCount[last];
            }
        }
        int base = g * bones;
        for (int i = sets.start[t]; i < sets.start[t + 1]; i++) {
            if (--use[base + sets.bones[i]] == 0) {
                size[g]--;
            }
        }
    }

    /** @return whether triangle {@code t} fits group {@code g} (which does not hold it) */
    private boolean fits(int t, int g) {
        int base = g * bones;
        int extra = 0;
        for (int i = sets.start[t]; i < sets.start[t + 1]; i++) {
            if (use[base + sets.bones[i]] == 0) {
                extra++;
            }
        }
        return size[g] + extra <= maxBones;
    }

    private void merge() {
        for (int a = 0; a < groups; a++) {
            if (count[a] == 0) {
                continue;
            }
            for (int b = a + 1; b < groups; b++) {
                if (count[b] == 0) {
                    continue;
                }
                int union = size[a];
                int baseA = a * bones;
                int baseB = b * bones;
                for (int bone = 0; bone < bones && union <= maxBones; bone++) {
                    if (use[baseB + bone] > 0 && use[baseA + bone] == 0) {
                        union++;
                    }
                }
                if (union <= maxBones) {
                    for (int t = 0; t < sets.triangles; t++) {
                        if (groupOf[t] == b) {
                            remove(t);
                            add(t, a);
                        }
                    }
                }
            }
        }
    }

    private void dissolve() {
        Integer[] order = new Integer[groups];
        for (int g = 0; g < groups; g++) {
            order[g] = g;
        }
        int[] snapshot = count.clone();
        Arrays.sort(order, (x, y) -> snapshot[x] != snapshot[y] ? Integer.compare(snapshot[x], snapshot[y])
                : Integer.compare(x, y));
        int[] moved = new int[sets.triangles];
        for (int g : order) {
            if (count[g] == 0 || alive() <= 1) {
                continue;
            }
            int n = 0;
            boolean ok = true;
            for (int t = 0; t < sets.triangles && ok; t++) {
                if (groupOf[t] != g) {
                    continue;
                }
                int target = bestNeighbour(t, g, true);
                if (target < 0) {
                    for (int h = 0; h < groups; h++) {
                        if (h != g && count[h] > 0 && fits(t, h)) {
                            target = h;
                            break;
                        }
                    }
                }
                if (target < 0) {
                    ok = false;
                    break;
                }
                remove(t);
                add(t, target);
                moved[n++] = t;
            }
            if (!ok) {
                for (int i = 0; i < n; i++) {
                    remove(moved[i]);
                    add(moved[i], g);
                }
            }
        }
    }

    private int alive() {
        int n = 0;
        for (int g = 0; g < groups; g++) {
            if (count[g] > 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * The neighbouring group (other than {@code own}) that triangle {@code t} fits and that the
     * most of its corners already touch; ties to the lower group. With {@code any} false only a
     * group whose move lowers the copies qualifies.
     *
     * @return the group, or -1
     */
    private int bestNeighbour(int t, int own, boolean any) {
        int[] corners = topology.corners;
        int best = -1;
        int bestGain = any ? Integer.MIN_VALUE : 0;
        for (int c = 0; c < 3; c++) {
            int v = corners[3 * t + c];
            for (int e = vertexFirst[v], end = e + vertexGroups[v]; e < end; e++) {
                int h = vertexGroup[e];
                if (h == own || h == best) {
                    continue;
                }
                int gain = gain(t, own, h);
                if ((gain > bestGain || (gain == bestGain && h < best)) && fits(t, h)) {
                    best = h;
                    bestGain = gain;
                }
            }
        }
        return best;
    }

    /**
     * @return how many fewer (vertex, group) pairs moving {@code t} from {@code from} (its group)
     *     to {@code to} makes
     */
    private int gain(int t, int from, int to) {
        int[] corners = topology.corners;
        int gain = 0;
        for (int c = 0; c < 3; c++) {
            int v = corners[3 * t + c];
            if ((c > 0 && corners[3 * t] == v) || (c > 1 && corners[3 * t + 1] == v)) {
                continue;
            }
            int own = (corners[3 * t] == v ? 1 : 0) + (corners[3 * t + 1] == v ? 1 : 0)
                    + (corners[3 * t + 2] == v ? 1 : 0);
            boolean keepsFrom = corners(v, from) > own;
            boolean hasTo = corners(v, to) > 0;
            gain += (hasTo ? 1 : 0) - (keepsFrom ? 1 : 0);
        }
        return gain;
    }

    /** @return the corners of group {@code g}'s triangles at local vertex {@code v} */
    private int corners(int v, int g) {
        for (int e = vertexFirst[v], end = e + vertexGroups[v]; e < end; e++) {
            if (vertexGroup[e] == g) {
                return vertexCount[e];
            }
        }
        return 0;
    }

    private int movePass() {
        int moves = 0;
        for (int t = 0; t < sets.triangles; t++) {
            int own = groupOf[t];
            int target = bestNeighbour(t, own, false);
            if (target >= 0) {
                remove(t);
                add(t, target);
                moves++;
            }
        }
        return moves;
    }

    private Grouping compact() {
        int[] renumber = new int[groups];
        Arrays.fill(renumber, -1);
        int next = 0;
        for (int t = 0; t < sets.triangles; t++) {
            int g = groupOf[t];
            if (renumber[g] < 0) {
                renumber[g] = next++;
            }
            groupOf[t] = renumber[g];
        }
        return new Grouping(next, groupOf, null);
    }
}
