package io.github.skinmesh.gltf.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import java.util.Arrays;
import java.util.Objects;
import java.util.PriorityQueue;
import org.jspecify.annotations.Nullable;

/**
 * The node hierarchy of a glTF document: one parent per node, no cycles (glTF 2.0 section 3.5.2:
 * "the node hierarchy MUST be a set of disjoint strict trees").
 *
 * <p>Building it is linear in the number of nodes and children; a node listed as the child of two
 * nodes, a node that is its own ancestor, or a child index out of range is a
 * {@link FormatException} naming the nodes involved. The graph also numbers the nodes in
 * depth-first preorder (roots in index order, children in file order), so that "is {@code a} an
 * ancestor of {@code x}" is two comparisons and the closest common ancestors of many node sets
 * take linear time together. Immutable; arrays handed out are shared and must not be changed.
 */
public final class NodeGraph {
    /** Parent index of a root node. */
    public static final int NO_PARENT = -1;

    private final int[] parents;
    private final int[][] children;
    /** Nodes in depth-first preorder. */
    private final int[] preorder;
    /** Per node, its position in {@link #preorder}. */
    private final int[] pre;
    /** Per node, the nodes in its subtree, itself included. */
    private final int[] size;
    /** Per node, the root of its tree. */
    private final int[] treeRoot;

    private NodeGraph(int[] parents, int[][] children) {
        this.parents = parents;
        this.children = children;
        int n = parents.length;
        preorder = new int[n];
        pre = new int[n];
        size = new int[n];
        treeRoot = new int[n];
        int[] stack = new int[n];
        int k = 0;
        for (int r = 0; r < n; r++) {
            if (parents[r] != NO_PARENT) {
                continue;
            }
            int top = 0;
            stack[top++] = r;
            while (top > 0) {
                int x = stack[--top];
                pre[x] = k;
                preorder[k++] = x;
                treeRoot[x] = parents[x] == NO_PARENT ? x : treeRoot[parents[x]];
                for (int c = children[x].length - 1; c >= 0; c--) {
                    stack[top++] = children[x][c];
                }
            }
        }
        assert k == n : "every node is reached from a root (no cycles)";
        Arrays.fill(size, 1);
        for (int i = n - 1; i >= 0; i--) {
            int x = preorder[i];
            if (parents[x] != NO_PARENT) {
                size[parents[x]] += size[x];
            }
        }
    }

    /**
     * Reads {@code nodes[*].children} and checks the hierarchy.
     *
     * @param nodes the {@code nodes} array, or {@code null}
     * @return the graph
     * @throws FormatException on a bad child index, a node with two parents or a cycle
     */
    public static NodeGraph read(@Nullable JsonNode nodes) {
        int n = nodes == null ? 0 : nodes.size();
        int[] parents = new int[n];
        Arrays.fill(parents, NO_PARENT);
        int[][] children = new int[n][];
        for (int i = 0; i < n; i++) {
            String where = "nodes[" + i + "]";
            JsonNode node = Json.element(Objects.requireNonNull(nodes), i, where);
            JsonNode list = Json.array(node, "children", where);
            int m = list == null ? 0 : list.size();
            children[i] = new int[m];
            for (int k = 0; k < m; k++) {
                int c = Json.indexValue(list.get(k), where + ".children[" + k + "]", "nodes", n);
                if (c == i) {
                    throw new FormatException(where + ".children[" + k + "] is " + c
                            + ": the node is its own child, a cycle in the node hierarchy");
                }
                if (parents[c] != NO_PARENT) {
                    throw new FormatException("nodes[" + c + "] has two parents, nodes[" + parents[c] + "] and nodes["
                            + i + "]; expected at most one (the hierarchy must be a set of disjoint trees)");
                }
                parents[c] = i;
                children[i][k] = c;
            }
        }
        // Every node has at most one parent: walk up from each node, marking the walk; meeting the
        // current walk again is a cycle, meeting an earlier walk or a root is fine.
        int[] walk = new int[n];
        for (int i = 0; i < n; i++) {
            if (walk[i] != 0) {
                continue;
            }
            int stamp = i + 1;
            int x = i;
            while (x != NO_PARENT && walk[x] == 0) {
                walk[x] = stamp;
                x = parents[x];
            }
            if (x != NO_PARENT && walk[x] == stamp) {
                throw new FormatException("nodes[" + x + "] is its own ancestor (cycle through nodes[" + parents[x]
                        + "]); expected the node hierarchy to be a set of disjoint trees");
            }
        }
        return new NodeGraph(parents, children);
    }

    /**
     * Builds the graph of a forest given by its parent links (a skeleton, or a writer's node list,
     * where a part's node may come before the bone it hangs from), each node's children in index
     * order.
     *
     * @param parents per node its parent, another node, or {@link #NO_PARENT} for a root; the links
     *     form no cycle
     * @return the graph
     */
    public static NodeGraph of(int[] parents) {
        int n = parents.length;
        int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            assert parents[i] == NO_PARENT || (parents[i] >= 0 && parents[i] < n && parents[i] != i) : "node " + i
                    + " parent " + parents[i];
            if (parents[i] != NO_PARENT) {
                count[parents[i]]++;
            }
        }
        int[][] children = new int[n][];
        for (int i = 0; i < n; i++) {
            children[i] = new int[count[i]];
            count[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            if (parents[i] != NO_PARENT) {
                children[parents[i]][count[parents[i]]++] = i;
            }
        }
        return new NodeGraph(parents.clone(), children);
    }

    /** @return the number of nodes */
    public int nodeCount() {
        return parents.length;
    }

    /**
     * @param node node index
     * @return its parent, or {@link #NO_PARENT}
     */
    public int parent(int node) {
        return parents[node];
    }

    /**
     * @param node node index
     * @return its children, in file order (read-only)
     */
    public int[] children(int node) {
        return children[node];
    }

    /** @return every node in depth-first preorder: a parent before its subtree (read-only) */
    public int[] preorder() {
        return preorder;
    }

    /**
     * @param node node index
     * @return its position in {@link #preorder()}
     */
    public int preorderIndex(int node) {
        return pre[node];
    }

    /**
     * @param node node index
     * @return the root of its tree (itself for a root)
     */
    public int treeRoot(int node) {
        return treeRoot[node];
    }

    /**
     * @param ancestor a node
     * @param node a node
     * @return whether {@code ancestor} is {@code node} or one of its ancestors
     */
    public boolean contains(int ancestor, int node) {
        return pre[ancestor] <= pre[node] && pre[node] < pre[ancestor] + size[ancestor];
    }

    /**
     * Finds the closest common ancestor (ancestor-or-self) of each node pair, all pairs together in
     * time linear in the nodes and pairs.
     *
     * <p>Nodes are finished in reversed preorder, each absorbing its children's subtrees into one
     * union-find set whose top it is. When the earlier node {@code u} of a pair (in preorder) is
     * finished, the later node {@code v} is, and the top {@code a} of {@code v}'s set is the highest
     * finished ancestor of {@code v}: {@code u} itself when {@code u} contains {@code v}, else the
     * child of the common ancestor on {@code v}'s side (every node between it and {@code v} comes
     * after {@code u} in preorder, the common ancestor before), so the answer is {@code u} or
     * {@code parent(a)}. (Tarjan's offline algorithm, run over the preorder instead of a
     * recursion.)
     *
     * @param us first node of each pair
     * @param vs second node of each pair, in the same tree as the first
     * @return per pair the deepest node that contains both
     */
    public int[] commonAncestors(int[] us, int[] vs) {
        int q = us.length;
        int n = parents.length;
        // pairs by their earlier node in preorder: pairAt[pairStart[x] .. pairStart[x + 1])
        int[] first = new int[q];
        int[] pairStart = new int[n + 1];
        for (int i = 0; i < q; i++) {
            assert treeRoot[us[i]] == treeRoot[vs[i]] : "pair " + i + " spans two trees";
            first[i] = pre[us[i]] <= pre[vs[i]] ? us[i] : vs[i];
            pairStart[first[i] + 1]++;
        }
        for (int x = 0; x < n; x++) {
            pairStart[x + 1] += pairStart[x];
        }
        int[] pairAt = new int[q];
        int[] fill = Arrays.copyOf(pairStart, n);
        for (int i = 0; i < q; i++) {
            pairAt[fill[first[i]]++] = i;
        }
        int[] out = new int[q];
        int[] set = new int[n];
        int[] top = new int[n];
        for (int x = 0; x < n; x++) {
            set[x] = x;
            top[x] = x;
        }
        for (int i = n - 1; i >= 0; i--) {
            int x = preorder[i];
            for (int c : children[x]) {
                set[find(set, c)] = find(set, x);
                top[find(set, x)] = x;
            }
            for (int k = pairStart[x]; k < pairStart[x + 1]; k++) {
                int p = pairAt[k];
                int later = first[p] == us[p] ? vs[p] : us[p];
                int a = top[find(set, later)];
                out[p] = a == x ? x : parents[a];
            }
        }
        return out;
    }

    private static int find(int[] set, int x) {
        int r = x;
        while (set[r] != r) {
            r = set[r];
        }
        while (set[x] != r) {
            int next = set[x];
            set[x] = r;
            x = next;
        }
        return r;
    }

    /**
     * Adds every ancestor of every marked node to the marked set.
     *
     * @param marked one flag per node, updated in place
     */
    public void closeUnderAncestors(boolean[] marked) {
        for (int i = 0; i < marked.length; i++) {
            if (marked[i]) {
                for (int p = parents[i]; p != NO_PARENT && !marked[p]; p = parents[p]) {
                    marked[p] = true;
                }
            }
        }
    }

    /**
     * Orders the marked nodes parents first, and otherwise by node index: each step emits the
     * smallest-index marked node whose parent is unmarked or already emitted. Where the file
     * already lists parents before children this is plain index order.
     *
     * @param marked flags closed under ancestors
     * @return the marked node indices in that order
     */
    public int[] parentsFirstOrder(boolean[] marked) {
        int count = 0;
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int i = 0; i < marked.length; i++) {
            if (marked[i]) {
                count++;
                if (parents[i] == NO_PARENT || !marked[parents[i]]) {
                    ready.add(i);
                }
            }
        }
        int[] order = new int[count];
        int k = 0;
        while (!ready.isEmpty()) {
            int x = ready.poll();
            order[k++] = x;
            for (int c : children[x]) {
                if (marked[c]) {
                    ready.add(c);
                }
            }
        }
        assert k == count;
        return order;
    }
}
