package io.github.skinmesh.gltf;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.internal.BoneSelection;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.NodeGraph;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the nodes that become bones and builds the {@link Skeleton} from them; names the bones
 * and the mesh nodes uniquely; resolves each skin's joint nodes to palette bone names.
 *
 * <p>Bones are the nodes {@link BoneSelection} selects: the joints of every skin, the parent of
 * every skinned mesh node, every skinned mesh node that a translation, rotation or scale channel
 * targets (with {@link GltfReadOptions.AnimatedNodes#ADD_AS_BONES}, every node so targeted), the
 * nodes without a mesh and the animated nodes of each skin's skeleton hierarchy, and all their
 * ancestors; ordered parents first, otherwise by node index. The skeleton's name is that of the
 * default scene.
 */
final class SkeletonImport {
    /**
     * Charged per bone for what the skeleton and the node maps keep of it: a unique name, its rest
     * transform, its entry in the skeleton's name lookup and in the node tables.
     */
    static final long BONE_BYTES = 192;

    private SkeletonImport() {
    }

    /**
     * The skeleton and how it maps to the document's nodes. Immutable; arrays are shared and must
     * not be changed.
     */
    static final class Nodes {
        private final Skeleton skeleton;
        private final int[] boneOfNode;
        private final int[] nodeOfBone;
        private final @Nullable String[] nodeNames;
        private final String[][] palettes;

        Nodes(Skeleton skeleton, int[] boneOfNode, int[] nodeOfBone, @Nullable String[] nodeNames,
                String[][] palettes) {
            this.skeleton = skeleton;
            this.boneOfNode = boneOfNode;
            this.nodeOfBone = nodeOfBone;
            this.nodeNames = nodeNames;
            this.palettes = palettes;
        }

        Skeleton skeleton() {
            return skeleton;
        }

        /**
         * @param node node index
         * @return the bone made from it, or {@link Index#NONE}
         */
        int boneOfNode(int node) {
            return boneOfNode[node];
        }

        /** @return per node, its bone or {@link Index#NONE} (shared, read-only) */
        int[] boneOfNodeTable() {
            return boneOfNode;
        }

        /** @return per bone, its node (shared, read-only) */
        int[] nodeOfBoneTable() {
            return nodeOfBone;
        }

        /**
         * @param node a node that is a bone or has a mesh
         * @return its unique name
         */
        String name(int node) {
            String name = nodeNames[node];
            assert name != null : "nodes[" + node + "] is neither a bone nor a mesh node";
            return name;
        }

        /**
         * @param skin skin index
         * @return the bone names of its joints, in palette order (shared, read-only)
         */
        String[] palette(int skin) {
            return palettes[skin];
        }
    }

    /**
     * Builds the skeleton.
     *
     * @param doc the document
     * @param skins the decoded skins
     * @param animated per node, whether a translation, rotation or scale channel targets it
     * @param warnings receives what is tolerated
     * @return the skeleton and its node maps
     * @throws FormatException when more than {@value Skeleton#MAX_BONES} nodes would become bones, or
     *     a rest transform is malformed or rejected by the model
     */
    static Nodes read(GltfDocument doc, SkinImport.Skins skins, boolean[] animated, List<String> warnings) {
        NodeGraph graph = doc.graph();
        int n = graph.nodeCount();
        boolean[] hasMesh = new boolean[n];
        boolean[] skinned = new boolean[n];
        for (int i = 0; i < n; i++) {
            hasMesh[i] = doc.mesh(i) != Index.NONE;
            skinned[i] = doc.skin(i) != Index.NONE;
        }
        boolean[] bone = BoneSelection.select(graph, hasMesh, skinned, skins.jointTable(), skins.declaredRoots(),
                animated, doc.options().animatedNodes() == GltfReadOptions.AnimatedNodes.ADD_AS_BONES);
        int[] order = graph.parentsFirstOrder(bone);
        int b = order.length;
        if (b > Skeleton.MAX_BONES) {
            throw new FormatException("glTF: " + b + " nodes would become bones, expected at most "
                    + Skeleton.MAX_BONES);
        }
        doc.budget().charge("skeleton", "making " + b + " bones", BONE_BYTES * b);
        int[] boneOfNode = new int[n];
        Arrays.fill(boneOfNode, Index.NONE);
        for (int k = 0; k < b; k++) {
            boneOfNode[order[k]] = k;
        }
        @Nullable String[] nodeNames = new String[n];
        Set<String> taken = new HashSet<>();
        String[] names = new String[b];
        int[] parents = new int[b];
        float[] t = new float[3 * b];
        float[] r = new float[4 * b];
        float[] s = new float[3 * b];
        for (int k = 0; k < b; k++) {
            int node = order[k];
            names[k] = uniqueName(doc, node, taken);
            nodeNames[node] = names[k];
            int p = graph.parent(node);
            parents[k] = p == NodeGraph.NO_PARENT ? Skeleton.NO_PARENT : boneOfNode[p];
            NodeTransforms.rest(doc, node, t, r, s, k, warnings);
        }
        for (int i = 0; i < n; i++) {
            if (doc.mesh(i) != Index.NONE && boneOfNode[i] == Index.NONE) {
                nodeNames[i] = uniqueName(doc, i, taken);
            }
        }
        String[][] palettes = new String[skins.count()][];
        for (int sk = 0; sk < skins.count(); sk++) {
            int[] joints = skins.joints(sk);
            String[] palette = new String[joints.length];
            for (int k = 0; k < palette.length; k++) {
                palette[k] = names[boneOfNode[joints[k]]];
            }
            palettes[sk] = palette;
        }
        Skeleton skeleton;
        try {
            skeleton = ModelAccess.get().adoptSkeleton(sceneName(doc), names, parents, t, r, s);
        } catch (ValidationException e) {
            throw new FormatException("glTF skeleton: " + e.getMessage(), e);
        }
        return new Nodes(skeleton, boneOfNode, order, nodeNames, palettes);
    }

    /** @return the name of the default scene (or of scene 0), or "" */
    private static String sceneName(GltfDocument doc) {
        int scene = doc.defaultScene();
        if (scene == Index.NONE) {
            return "";
        }
        String where = "scenes[" + scene + "]";
        String name = Json.string(Json.element(doc.root().get("scenes"), scene, where), "name", where);
        return name == null ? "" : name;
    }

    /** The node's name, or "node7" without one; a name already taken gets "#node" appended until unique. */
    private static String uniqueName(GltfDocument doc, int node, Set<String> taken) {
        String n = Json.string(doc.node(node), "name", "nodes[" + node + "]");
        String base = n == null || n.isEmpty() ? "node" + node : n;
        if (taken.add(base)) {
            return base;
        }
        String candidate = base + "#" + node;
        while (!taken.add(candidate)) {
            candidate += "#";
        }
        return candidate;
    }
}
