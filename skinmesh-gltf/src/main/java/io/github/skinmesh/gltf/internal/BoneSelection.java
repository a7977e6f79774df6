package io.github.skinmesh.gltf.internal;

import io.github.skinmesh.core.model.Index;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which nodes of a glTF node hierarchy are the bones of the skeleton: the one rule the reader
 * applies to every file, and the writer replays on the file it is about to write to find the bones
 * a reader would not recover by themselves (it then declares those in a skin of their own).
 *
 * <p>A node is a bone when it is
 * <ol>
 * <li>a joint of any skin (used by a mesh or not);
 * <li>the parent of a node with a skinned mesh, or such a node that a translation, rotation or
 *     scale channel moves;
 * <li>with {@code animatedAsBones}, any node such a channel moves;
 * <li>in the skeleton hierarchy of a skin: below one of the skin's hierarchy roots, reached from it
 *     through nodes without a mesh (helper and socket nodes, end sites), or moved by a
 *     translation, rotation or scale channel anywhere below it. A skin's hierarchy roots are its
 *     {@code skeleton} node when that is an ancestor-or-self of every joint, else, in each tree
 *     holding some of its joints, the closest common ancestor-or-self of those joints (a skin
 *     whose joints span several trees, a multi-root skeleton, has one root per tree);
 * <li>an ancestor of a bone.
 * </ol>
 * Mesh nodes below the hierarchy stay parts hanging from their nearest bone, unless a
 * rule above makes them bones; nodes outside every hierarchy (cameras, props at the scene root)
 * are not bones.
 *
 * <p>Cost: linear in nodes and joints ({@link NodeGraph#commonAncestors}), whatever the depth.
 */
public final class BoneSelection {
    private BoneSelection() {
    }

    /**
     * Selects the bones.
     *
     * @param graph the node hierarchy
     * @param hasMesh per node, whether it has a mesh
     * @param skinnedMesh per node, whether it has a mesh and a skin
     * @param skinJoints per skin, its joint nodes (at least one each)
     * @param declaredRoots per skin, its {@code skeleton} node when that contains every joint, else
     *     {@link Index#NONE}
     * @param animated per node, whether a translation, rotation or scale channel moves it
     * @param animatedAsBones whether every such node is a bone (rule 3)
     * @return per node, whether it is a bone; closed under ancestors
     */
    public static boolean[] select(NodeGraph graph, boolean[] hasMesh, boolean[] skinnedMesh, int[][] skinJoints,
            int[] declaredRoots, boolean[] animated, boolean animatedAsBones) {
        int n = graph.nodeCount();
        boolean[] bone = new boolean[n];
        for (int[] joints : skinJoints) {
            for (int j : joints) {
                bone[j] = true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (skinnedMesh[i]) {
                int p = graph.parent(i);
                if (p != NodeGraph.NO_PARENT) {
                    bone[p] = true;
                }
                if (animated[i]) {
                    bone[i] = true;
                }
            }
            if (animated[i] && animatedAsBones) {
                bone[i] = true;
            }
        }
        boolean[] root = hierarchyRoots(graph, skinJoints, declaredRoots);
        // One pass in preorder: a node is inside a hierarchy when it or an ancestor is a root, and
        // open when the path from the nearest such root down to it crosses no other mesh node.
        boolean[] inside = new boolean[n];
        boolean[] open = new boolean[n];
        for (int x : graph.preorder()) {
            int p = graph.parent(x);
            boolean parentInside = p != NodeGraph.NO_PARENT && inside[p];
            boolean parentPassable = p != NodeGraph.NO_PARENT && open[p] && (root[p] || !hasMesh[p]);
            inside[x] = root[x] || parentInside;
            open[x] = root[x] || parentPassable;
            if ((open[x] && !hasMesh[x]) || (inside[x] && animated[x])) {
                bone[x] = true;
            }
        }
        graph.closeUnderAncestors(bone);
        return bone;
    }

    /** @return per node, whether it is the hierarchy root of some skin */
    private static boolean[] hierarchyRoots(NodeGraph graph, int[][] skinJoints, int[] declaredRoots) {
        boolean[] root = new boolean[graph.nodeCount()];
        List<int[]> pairs = new ArrayList<>();
        for (int s = 0; s < skinJoints.length; s++) {
            if (declaredRoots[s] != Index.NONE) {
                root[declaredRoots[s]] = true;
                continue;
            }
            // per tree: the joints first and last in preorder; their common ancestor contains all
            Map<Integer, int[]> span = new HashMap<>();
            for (int j : skinJoints[s]) {
                int[] firstLast = span.get(graph.treeRoot(j));
                if (firstLast == null) {
                    span.put(graph.treeRoot(j), new int[] {j, j});
                } else {
                    firstLast[0] = before(graph, j, firstLast[0]) ? j : firstLast[0];
                    firstLast[1] = before(graph, firstLast[1], j) ? j : firstLast[1];
                }
            }
            pairs.addAll(span.values());
        }
        int[] us = new int[pairs.size()];
        int[] vs = new int[pairs.size()];
        for (int i = 0; i < us.length; i++) {
            us[i] = pairs.get(i)[0];
            vs[i] = pairs.get(i)[1];
        }
        for (int a : graph.commonAncestors(us, vs)) {
            root[a] = true;
        }
        return root;
    }

    /** @return whether {@code a} comes before {@code b} in preorder */
    private static boolean before(NodeGraph graph, int a, int b) {
        return graph.preorderIndex(a) < graph.preorderIndex(b);
    }
}
