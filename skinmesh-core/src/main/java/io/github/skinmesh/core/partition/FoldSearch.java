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
 * <p>A state is the set of kept bones, and nothing else: every weighted bone's weight goes to its
 * representative, the nearest kept bone among itself and its ancestors, derived from the set after
 * every move (never from the history of moves), so a bone that is kept again gets its own weight
 * back. Moves:
 * <ul>
 *   <li><b>fold</b> a kept bone that has a kept ancestor: its weight (and that of the bones it
 *       represents) goes to that ancestor; one bone fewer;</li>
 *   <li><b>merge</b> into an ancestor {@code a} that keeps no weight (outside the palette, or
 *       folded earlier): the kept bones below {@code a} with no kept bone in between (at least
 *       two) give their weight to {@code a}, which is kept from then on, and so do the bones below
 *       {@code a} that its nearest kept ancestor represented ({@code a} itself when it has weight
 *       of its own); {@code n - 1} bones fewer, one more when that ancestor is left without
 *       weight. This is how weighted bones whose common ancestors are outside the palette (sibling
 *       roots of a skin, two fingers under an unweighted hand) come together.</li>
 * </ul>
 * Each step prices every move by {@link FoldCost} (the change of energy, divided by the bones it
 * removes) and applies the cheapest; ties go to the smaller energy change, then folds before
 * merges, then the bone first in skeleton order, so the search is deterministic. The sequence of
 * states does not depend on the limit; selection ({@link #best}) takes the state of least error
 * among those within the limit, so a larger limit (which admits more states) never gives a larger
 * error.
 *
 * <p>Notes. A move's price only changes when the bones it moves, their destination, or a vertex
 * weighting one of them changes, so prices are cached per bone and recomputed only then:
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
            members[u] = new IntArrayList();
        }
        derive(kept, rep, members);
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
        Priced[] folds = new Priced[count];
        Priced[] merges = new Priced[count];
        int[] verts = new int[in.vertexCount];
        int[] seen = new int[in.vertexCount];
        Arrays.fill(seen, -1);
        int[] token = {0};
        int steps = Math.max(1, in.weightedCount - 1);
        String stage = "folding bones";

        for (int step = 0;; step++) {
            progress.checkCancelled(in.operation);
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
            Priced best = null;
            for (int u = 0; u < count; u++) {
                if (kept[u] && nearestKept[u] >= 0) {
                    int[] moved = members[u].toIntArray();
                    folds[u] = priced(folds[u], u, false, moved, nearestKept[u], 1, step, lastChange, rep, trial,
                            verts, seen, token);
                    if (best == null || folds[u].beats(best)) {
                        best = folds[u];
                    }
                }
                if (!kept[u] && in.eligible[u] && cover[u].size() >= 2) {
                    // the merge makes u kept: the kept bones it covers give it their weight, and so do the
                    // bones below u that its nearest kept ancestor represents (u itself among them when
                    // weighted), since u is now their nearest kept ancestor-or-self
                    IntArrayList moved = new IntArrayList();
                    for (int i = 0; i < cover[u].size(); i++) {
                        moved.addAll(members[cover[u].getInt(i)]);
                    }
                    int above = nearestKept[u];
                    int removed = cover[u].size() - 1;
                    if (above >= 0) {
                        int left = 0;
                        for (int i = 0; i < members[above].size(); i++) {
                            int m = members[above].getInt(i);
                            if (isAncestorOrSelf(u, m)) {
                                moved.add(m);
                            } else {
                                left++;
                            }
                        }
                        if (left == 0) {
                            removed++; // the ancestor keeps no weight after the merge
                        }
                    }
                    int[] sorted = moved.toIntArray();
                    Arrays.sort(sorted);
                    merges[u] = priced(merges[u], u, true, sorted, u, removed, step, lastChange, rep, trial, verts,
                            seen, token);
                    if (best == null || merges[u].beats(best)) {
                        best = merges[u];
                    }
                }
            }
            if (best == null) {
                break;
            }
            // apply the move: the new kept set, and every weight derived from it
            int n = affected(best.moved, verts, seen, ++token[0]);
            price(best.moved, best.target, verts, n, rep, trial, true);
            if (best.merge) {
                for (int i = 0; i < cover[best.bone].size(); i++) {
                    kept[cover[best.bone].getInt(i)] = false;
                }
                kept[best.bone] = true;
            } else {
                kept[best.bone] = false;
            }
            derive(kept, rep, members);
            keptCount = 0;
            for (int u = 0; u < count; u++) {
                if (kept[u] && members[u].isEmpty()) {
                    kept[u] = false; // an added ancestor whose weight all went back below it
                }
                keptCount += kept[u] ? 1 : 0;
            }
            System.arraycopy(rep, 0, trial, 0, count);
            int k = in.influences;
            for (int i = 0; i < n; i++) {
                int v = verts[i];
                for (int s = v * k; s < v * k + k; s++) {
                    if (in.weights[s] > 0) {
                        lastChange[in.joints[s]] = step;
                    }
                }
            }
            record(rep, keptCount, limit);
            progress.update(stage, Math.min(step + 1, steps), steps);
        }
    }

    /**
     * A priced move: the bone it folds (or merges into), the weighted bones whose representative
     * it changes (ascending), where they go, how many kept bones it removes, its price and the step
     * it was priced at.
     */
    private record Priced(int bone, boolean merge, int[] moved, int target, int removed, double price, int stamp) {
        double perBone() {
            return price / removed;
        }

        /** Whether this move beats {@code other}: a lower price per bone, then a lower price, then folds first. */
        boolean beats(Priced other) {
            return better(perBone(), price, merge, other.perBone(), other.price, other.merge);
        }
    }

    /**
     * The move, priced at this step unless {@code cached} still holds: the same bones move to the
     * same target, and no vertex weighting them has changed since it was priced (a move's price is
     * a function of those vertices' current representatives).
     */
    private Priced priced(Priced cached, int bone, boolean merge, int[] moved, int target, int removed, int step,
            int[] lastChange, int[] rep, int[] trial, int[] verts, int[] seen, int[] token) {
        boolean valid = cached != null && cached.merge == merge && cached.target == target
                && cached.removed == removed && Arrays.equals(cached.moved, moved);
        for (int i = 0; valid && i < moved.length; i++) {
            valid = cached.stamp > lastChange[moved[i]];
        }
        if (valid) {
            return cached;
        }
        int n = affected(moved, verts, seen, ++token[0]);
        double price = price(moved, target, verts, n, rep, trial, false);
        return new Priced(bone, merge, moved, target, removed, price, step);
    }

    /**
     * Derives the state from the kept set: each weighted bone's representative is its nearest
     * ancestor-or-self that is kept; {@code members[r]} lists the bones {@code r} represents, ascending.
     */
    private void derive(boolean[] kept, int[] rep, IntArrayList[] members) {
        for (int u = 0; u < in.boneCount; u++) {
            members[u].clear();
        }
        for (int u = 0; u < in.boneCount; u++) {
            int r = -1;
            if (in.weighted[u]) {
                r = u;
                while (r != Skeleton.NO_PARENT && !kept[r]) {
                    r = in.parent[r];
                }
                if (r == Skeleton.NO_PARENT) {
                    throw new AssertionError("weighted bone " + in.quotedName(u) + " has no kept ancestor-or-self");
                }
                members[r].add(u);
            }
            rep[u] = r;
        }
    }

    /** Whether universe bone {@code a} is {@code b} or one of its ancestors. */
    private boolean isAncestorOrSelf(int a, int b) {
        for (int x = b; x != Skeleton.NO_PARENT; x = in.parent[x]) {
            if (x == a) {
                return true;
            }
        }
        return false;
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

    /** Writes the distinct vertices weighting the bones {@code moved} to {@code verts}; returns their count. */
    private int affected(int[] moved, int[] verts, int[] seen, int token) {
        int n = 0;
        for (int m : moved) {
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

    /** Prices (or applies) giving the weight of the bones {@code moved} to {@code target}. */
    private double price(int[] moved, int target, int[] verts, int n, int[] rep, int[] trial, boolean apply) {
        for (int m : moved) {
            trial[m] = target;
        }
        double price = cost.evaluate(verts, n, rep, trial, apply);
        for (int m : moved) {
            trial[m] = rep[m];
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
        int which = metric == ErrorMetric.MAX && !Double.isNaN(cost.maxDisplacement()) ? 1 : 0;
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
