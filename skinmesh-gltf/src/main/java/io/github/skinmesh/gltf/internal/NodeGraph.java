package io.github.skinmesh.gltf.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import java.util.Arrays;
import java.util.PriorityQueue;
import org.jspecify.annotations.Nullable;

/**
 * The node hierarchy of a glTF document: one parent per node, no cycles (glTF 2.0 section 3.5.2:
 * "the node hierarchy MUST be a set of disjoint strict trees").
 *
 * <p>Building it is linear in the number of nodes and children; a node listed as the child of two
 * nodes, a node that is its own ancestor, or a child index out of range is a
 * {@link FormatException} naming the nodes involved.
 */
public final class NodeGraph {
    /** Parent index of a root node. */
    public static final int NO_PARENT = -1;

    private final int[] parents;
    private final int[][] children;

    private NodeGraph(int[] parents, int[][] children) {
        this.parents = parents;
        this.children = children;
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
            JsonNode node = Json.element(java.util.Objects.requireNonNull(nodes), i, where);
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

    /**
     * Finds the nodes of one subtree in linear time (each node is climbed at most once).
     *
     * @param root the subtree's root
     * @return per node, whether {@code root} is the node or one of its ancestors
     */
    public boolean[] subtree(int root) {
        int n = parents.length;
        byte[] state = new byte[n]; // 0 unknown, 1 inside, 2 outside
        state[root] = 1;
        int[] path = new int[n];
        for (int i = 0; i < n; i++) {
            int len = 0;
            int x = i;
            while (x != NO_PARENT && state[x] == 0) {
                path[len++] = x;
                x = parents[x];
            }
            byte s = x == NO_PARENT ? 2 : state[x];
            for (int k = 0; k < len; k++) {
                state[path[k]] = s;
            }
        }
        boolean[] inside = new boolean[n];
        for (int i = 0; i < n; i++) {
            inside[i] = state[i] == 1;
        }
        return inside;
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
