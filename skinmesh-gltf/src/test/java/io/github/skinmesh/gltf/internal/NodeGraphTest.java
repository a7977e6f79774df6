package io.github.skinmesh.gltf.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.testkit.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class NodeGraphTest {
    /** A random forest of {@code n} nodes, parents before children, about one root in eight. */
    private static int[] forest(SplitMix64 rng, int n) {
        int[] parents = new int[n];
        for (int i = 0; i < n; i++) {
            parents[i] = i == 0 || rng.nf() < 0.125f ? NodeGraph.NO_PARENT : rng.nextInt(Math.max(0, i - 6), i - 1);
        }
        return parents;
    }

    private static boolean naiveContains(int[] parents, int ancestor, int node) {
        for (int x = node; x != NodeGraph.NO_PARENT; x = parents[x]) {
            if (x == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static int naiveRoot(int[] parents, int node) {
        int x = node;
        while (parents[x] != NodeGraph.NO_PARENT) {
            x = parents[x];
        }
        return x;
    }

    /** The deepest ancestor-or-self of {@code u} that contains {@code v}, by climbing. */
    private static int naiveCommonAncestor(int[] parents, int u, int v) {
        for (int x = u; x != NodeGraph.NO_PARENT; x = parents[x]) {
            if (naiveContains(parents, x, v)) {
                return x;
            }
        }
        return Index.NONE;
    }

    @Property(tries = 100, seed = "3")
    void preorderContainmentAndCommonAncestorsMatchClimbing(@ForAll @LongRange(min = 1, max = 1 << 30) long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        int n = rng.nextInt(1, 60);
        int[] parents = forest(rng, n);
        NodeGraph g = NodeGraph.of(parents);
        int[] preorder = g.preorder();
        assertThat(preorder).hasSize(n);
        boolean[] seen = new boolean[n];
        for (int k = 0; k < n; k++) {
            int x = preorder[k];
            assertThat(g.preorderIndex(x)).isEqualTo(k);
            assertThat(parents[x] == NodeGraph.NO_PARENT || seen[parents[x]]).as("parent before child").isTrue();
            seen[x] = true;
            assertThat(g.treeRoot(x)).isEqualTo(naiveRoot(parents, x));
        }
        for (int a = 0; a < n; a++) {
            for (int x = 0; x < n; x++) {
                assertThat(g.contains(a, x)).as("%d contains %d", a, x).isEqualTo(naiveContains(parents, a, x));
            }
        }
        List<int[]> pairs = new ArrayList<>();
        for (int k = 0; k < 3 * n; k++) {
            int u = rng.nextInt(0, n - 1);
            int v = rng.nextInt(0, n - 1);
            if (naiveRoot(parents, u) == naiveRoot(parents, v)) {
                pairs.add(new int[] {u, v});
            }
        }
        int[] us = pairs.stream().mapToInt(p -> p[0]).toArray();
        int[] vs = pairs.stream().mapToInt(p -> p[1]).toArray();
        int[] found = g.commonAncestors(us, vs);
        for (int i = 0; i < us.length; i++) {
            assertThat(found[i]).as("pair %d, %d", us[i], vs[i]).isEqualTo(naiveCommonAncestor(parents, us[i], vs[i]));
        }
    }

    @Test
    void aDeepChainNeedsNoRecursion() {
        int n = 200_000;
        int[] parents = new int[n];
        for (int i = 0; i < n; i++) {
            parents[i] = i - 1;
        }
        NodeGraph g = NodeGraph.of(parents);
        int q = 100_000;
        int[] us = new int[q];
        int[] vs = new int[q];
        for (int i = 0; i < q; i++) {
            us[i] = n - 1;
            vs[i] = i;
        }
        int[] found = g.commonAncestors(us, vs);
        for (int i = 0; i < q; i++) {
            assertThat(found[i]).isEqualTo(i);
        }
    }
}
