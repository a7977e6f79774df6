package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Skeleton;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The greedy search of a bone reduction: from the input (every weighted bone keeps its weight), it
 * repeatedly applies the cheapest move per bone removed, until no move is left, and records every
 * state it passes through.
 *
 * <p>A state is the set of kept bones; every weighted bone's weight goes to its representative,
 * the nearest kept bone among itself and its ancestors. Moves:
 * <ul>
 *   <li><b>fold</b> a kept bone that has a kept ancestor: its weight (and that of the bones it
 *       represents) goes to that ancestor; one bone fewer;</li>
 *   <li><b>merge</b> into an ancestor {@code a} without weight: the kept bones below {@code a}
 *       with no kept bone in between (at least two) give their weight to {@code a}, which is
 *       kept from then on; {@code n - 1} bones fewer. This is how weighted bones whose common
 *       ancestors are outside the palette (sibling roots of a skin, two fingers under an
 *       unweighted hand) come together.</li>
 * </ul>
 * Each step prices every move by {@link FoldCost} (the change of energy, divided by the bones it
 * removes) and applies the cheapest; ties go to the smaller energy change, then folds before
 * merges, then the bone first in skeleton order, so the search is deterministic. The sequence of
 * states does not depend on the limit; selection ({@link #best}) takes the state of least error
 * among those within the limit, so a larger limit (which admits more states) never gives a larger
 * error.
 *
 * <p>Notes. A move's price only changes when a vertex weighting one of the bones it moves changes,
 * or when its destination changes, so prices are cached per bone and recomputed only then:
 * {@code lastChange[u]} records the last step that changed a vertex weighting {@code u}. Measured
 * on the testkit humanoid (seed 7, six parts combined: 9,555 vertices, 53 weighted bones, walk and
 * idle at 63 poses) reduced to 24 bones, the whole call on JDK 17: 0.53 to 0.60 s with the cache,
 * 1.6 to 3.0 s pricing every move at every step (the same error). The candidate sets are
 * rebuilt at every step from the kept set, in {@code O(universe * depth)}.
 */
final class FoldSearch {
    /** Whether a state meets the caller's limit. */
    interface Limit {
        /**
         * @param keptCount bones that keep weight
         * @param rep each universe bone's representative (-1 for bones without weight)
         * @return whether the state is within the limit
         */
        boolean accepts(int keptCount, int[] rep);
    }

    private final ReduceInput in;
    private final FoldCost cost;
    /** Per state: the representatives, the kept count, the energy and the largest displacement. */
    final List<int[]> reps = new ArrayList<>();
    final IntArrayList keptCounts = new IntArrayList();
    final List<double[]> metrics = new ArrayList<>();
    /** Per state: whether it meets the limit. */
    final List<Boolean> accepted = new ArrayList<>();

    private FoldSearch(ReduceInput in, FoldCost cost) {
        this.in = in;
        this.cost = cost;
    }

    /**
     * Runs the search.
     *
     * @param in the input
     * @param cost the pricing
     * @param limit the caller's limit
     * @param progress one update per step; cancels between steps
     * @return the search with its states
     */
    static FoldSearch run(ReduceInput in, FoldCost cost, Limit limit, Progress progress) {
        FoldSearch search = new FoldSearch(in, cost);
        search.search(limit, progress);
        return search;
    }

    private void search(Limit limit, Progress progress) {
        int count = in.boneCount;
        boolean[] kept = in.weighted.clone();
        int[] rep = new int[count];
        IntArrayList[] members = new IntArrayList[count];
        for (int u = 0; u < count; u++) {
            rep[u] = in.weighted[u] ? u : -1;
            members[u] = new IntArrayList();
            if (in.weighted[u]) {
                members[u].add(u);
            }
        }
        int[] trial = rep.clone();
        int keptCount = in.weightedCount;
        record(rep, keptCount, limit);

        int[] nearestKept = new int[count];
        IntArrayList[] cover = new IntArrayList[count];
        for (int u = 0; u < count; u++) {
            cover[u] = new IntArrayList();
        }
        int[] lastChange = new int[count];
        Arrays.fill(lastChange, -1);
        int[] foldStamp = new int[count];
        int[] foldTarget = new int[count];
        double[] foldPrice = new double[count];
        int[] mergeStamp = new int[count];
        int[][] mergeSet = new int[count][];
        double[] mergePrice = new double[count];
        Arrays.fill(foldStamp, -1);
        Arrays.fill(mergeStamp, -1);
        int[] verts = new int[in.vertexCount];
        int[] seen = new int[in.vertexCount];
        Arrays.fill(seen, -1);
        int token = 0;
        int steps = Math.max(1, in.weightedCount - 1);
        String stage = "folding bones";

        for (int step = 0;; step++) {
            progress.checkCancelled(in.operation);
            if (cost.nonDecreasing() && accepted.get(accepted.size() - 1)) {
                break; // prices never fall: no later state can be better than this first one within the limit
            }
            for (int u = 0; u < count; u++) {
                int p = in.parent[u];
                nearestKept[u] = p == Skeleton.NO_PARENT ? -1 : kept[p] ? p : nearestKept[p];
                cover[u].clear();
            }
            for (int c = 0; c < count; c++) {
                if (kept[c]) {
                    for (int a = in.parent[c]; a != Skeleton.NO_PARENT && !kept[a]; a = in.parent[a]) {
                        cover[a].add(c);
                    }
                }
            }
            int bestBone = -1;
            boolean bestMerge = false;
            double bestPerBone = 0;
            double bestPrice = 0;
            for (int u = 0; u < count; u++) {
                if (kept[u] && nearestKept[u] >= 0) {
                    int target = nearestKept[u];
                    if (!(foldStamp[u] > lastChange[u] && foldTarget[u] == target)) {
                        int n = affected(members, u, verts, 0, seen, ++token);
                        foldPrice[u] = price(members, new int[] {u}, target, verts, n, rep, trial, false);
                        foldStamp[u] = step;
                        foldTarget[u] = target;
                    }
                    double price = foldPrice[u];
                    if (bestBone < 0 || better(price, price, false, bestPerBone, bestPrice, bestMerge)) {
                        bestBone = u;
                        bestMerge = false;
                        bestPerBone = price;
                        bestPrice = price;
                    }
                }
                if (!kept[u] && in.eligible[u] && cover[u].size() >= 2) {
                    int[] set = cover[u].toIntArray();
                    boolean valid = mergeStamp[u] >= 0 && Arrays.equals(set, mergeSet[u]);
                    for (int i = 0; valid && i < set.length; i++) {
                        valid = mergeStamp[u] > lastChange[set[i]];
                    }
                    if (!valid) {
                        int n = 0;
                        token++;
                        for (int c : set) {
                            n = affected(members, c, verts, n, seen, token);
                        }
                        mergePrice[u] = price(members, set, u, verts, n, rep, trial, false);
                        mergeStamp[u] = step;
                        mergeSet[u] = set;
                    }
                    double price = mergePrice[u];
                    double perBone = price / (set.length - 1);
                    if (bestBone < 0 || better(perBone, price, true, bestPerBone, bestPrice, bestMerge)) {
                        bestBone = u;
                        bestMerge = true;
                        bestPerBone = perBone;
                        bestPrice = price;
                    }
                }
            }
            if (bestBone < 0) {
                break;
            }
            // apply the move
            int[] removed = bestMerge ? mergeSet[bestBone] : new int[] {bestBone};
            int target = bestMerge ? bestBone : nearestKept[bestBone];
            int n = 0;
            token++;
            for (int r : removed) {
                n = affected(members, r, verts, n, seen, token);
            }
            price(members, removed, target, verts, n, rep, trial, true);
            for (int r : removed) {
                for (int i = 0; i < members[r].size(); i++) {
                    int m = members[r].getInt(i);
                    rep[m] = target;
                    trial[m] = target;
                }
                members[target].addAll(members[r]);
                members[r].clear();
                kept[r] = false;
            }
            kept[target] = true;
            keptCount -= bestMerge ? removed.length - 1 : 1;
            int k = in.influences;
            for (int i = 0; i < n; i++) {
                int v = verts[i];
                for (int s = v * k; s < v * k + k; s++) {
                    if (in.weights[s] > 0) {
                        lastChange[rep[in.joints[s]]] = step;
                    }
                }
            }
            lastChange[target] = step;
            record(rep, keptCount, limit);
            progress.update(stage, Math.min(step + 1, steps), steps);
        }
    }

    /** Whether a move (price per bone removed, price, kind) beats the best so far; ties keep the earlier bone. */
    private static boolean better(double perBone, double price, boolean merge, double bestPerBone, double bestPrice,
            boolean bestMerge) {
        if (perBone != bestPerBone) {
            return perBone < bestPerBone;
        }
        if (price != bestPrice) {
            return price < bestPrice;
        }
        return !merge && bestMerge;
    }

    /** Appends the vertices weighting the bones {@code r} represents to {@code verts} from {@code n}; returns the new count. */
    private int affected(IntArrayList[] members, int r, int[] verts, int n, int[] seen, int token) {
        IntArrayList list = members[r];
        for (int i = 0; i < list.size(); i++) {
            int m = list.getInt(i);
            for (int x = in.vertexStart[m]; x < in.vertexStart[m + 1]; x++) {
                int v = in.vertexList[x];
                if (seen[v] != token) {
                    seen[v] = token;
                    verts[n++] = v;
                }
            }
        }
        return n;
    }

    /** Prices (or applies) moving the weight of the bones {@code removed} represent to {@code target}. */
    private double price(IntArrayList[] members, int[] removed, int target, int[] verts, int n, int[] rep,
            int[] trial, boolean apply) {
        for (int r : removed) {
            for (int i = 0; i < members[r].size(); i++) {
                trial[members[r].getInt(i)] = target;
            }
        }
        double price = cost.evaluate(verts, n, rep, trial, apply);
        for (int r : removed) {
            for (int i = 0; i < members[r].size(); i++) {
                int m = members[r].getInt(i);
                trial[m] = rep[m];
            }
        }
        return price;
    }

    private void record(int[] rep, int keptCount, Limit limit) {
        reps.add(rep.clone());
        keptCounts.add(keptCount);
        metrics.add(new double[] {cost.energy(), cost.maxDisplacement()});
        accepted.add(limit.accepts(keptCount, rep));
    }

    /**
     * The state of least error within the limit: least energy ({@link ErrorMetric#RMS}, and always
     * without clips) or least largest displacement ({@link ErrorMetric#MAX}); among equals the
     * earliest (fewest moves).
     *
     * @param metric the measure
     * @return the state's index, or -1 when no state is within the limit
     */
    int best(ErrorMetric metric) {
        int which = metric == ErrorMetric.MAX && !cost.nonDecreasing() ? 1 : 0;
        int best = -1;
        for (int i = 0; i < reps.size(); i++) {
            if (accepted.get(i) && (best < 0 || metrics.get(i)[which] < metrics.get(best)[which])) {
                best = i;
            }
        }
        return best;
    }

    /** @return the number of states recorded (the input included) */
    int stateCount() {
        return reps.size();
    }
}
