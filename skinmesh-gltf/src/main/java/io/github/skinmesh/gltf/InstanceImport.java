package io.github.skinmesh.gltf;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.NodeGraph;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * Turns the nodes with a mesh into {@link MeshInstance}s, in node order: skinned ones (mesh and
 * skin) and rigid ones. Each is placed on the skeleton: the attach bone is the node's own bone,
 * else its nearest bone ancestor, else none; the local matrix is the product of the non-bone
 * nodes' matrices from there down to the node. A node whose mesh has no triangle primitive is
 * skipped with a warning.
 */
final class InstanceImport {
    private InstanceImport() {
    }

    /**
     * The mesh instances of a document. Immutable; the flag array is shared and must not be
     * changed.
     */
    static final class Instances {
        private final List<MeshInstance> skinned;
        private final List<MeshInstance> rigid;
        private final boolean[] instanceNode;

        Instances(List<MeshInstance> skinned, List<MeshInstance> rigid, boolean[] instanceNode) {
            this.skinned = List.copyOf(skinned);
            this.rigid = List.copyOf(rigid);
            this.instanceNode = instanceNode;
        }

        /** @return the skinned instances, in node order */
        List<MeshInstance> skinned() {
            return skinned;
        }

        /** @return the rigid instances, in node order */
        List<MeshInstance> rigid() {
            return rigid;
        }

        /**
         * @param node node index
         * @return whether the node became a mesh instance
         */
        boolean isInstance(int node) {
            return instanceNode[node];
        }
    }

    /**
     * Builds the instances.
     *
     * @param doc the document
     * @param nodes the skeleton and node names
     * @param primitives the mesh decoder
     * @param warnings receives what is tolerated
     * @return the instances
     * @throws FormatException on a malformed mesh, node weights or node transform
     */
    static Instances read(GltfDocument doc, SkeletonImport.Nodes nodes, PrimitiveImport primitives,
            List<String> warnings) {
        int n = doc.nodeCount();
        List<MeshInstance> skinned = new ArrayList<>();
        List<MeshInstance> rigid = new ArrayList<>();
        boolean[] instanceNode = new boolean[n];
        Placement placement = new Placement(doc, nodes, warnings);
        for (int i = 0; i < n; i++) {
            int mesh = doc.mesh(i);
            if (mesh == Index.NONE) {
                continue;
            }
            float[] weights = Json.numbers(doc.node(i), "weights", "nodes[" + i + "]", primitives.targetCount(mesh));
            List<Mesh> meshes = primitives.meshes(mesh, doc.skin(i), weights, warnings);
            if (meshes.isEmpty()) {
                warnings.add("nodes[" + i + "]: meshes[" + mesh + "] has no triangle primitive; node skipped");
                continue;
            }
            instanceNode[i] = true;
            placement.place(i);
            boolean isSkinned = doc.skin(i) != Index.NONE;
            MeshInstance instance = MeshInstance.imported(nodes.name(i), meshes, placement.attach, placement.local, i,
                    mesh, doc.skin(i));
            (isSkinned ? skinned : rigid).add(instance);
        }
        return new Instances(skinned, rigid, instanceNode);
    }

    private static float[] identity() {
        return new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    }

    /**
     * Places mesh nodes, skinned and rigid alike, memoizing each non-bone node's matrix relative to
     * its attach bone, so a chain costs linear time overall. A skinned node's parent is always a
     * bone, so its local matrix is its own.
     */
    private static final class Placement {
        private final GltfDocument doc;
        private final SkeletonImport.Nodes nodes;
        private final List<String> warnings;
        private final NodeGraph graph;
        /** Per non-bone node already placed: its matrix relative to its attach bone (shared, read-only). */
        private final float[] @Nullable [] fromAttach;
        private final int[] attachOf;
        private final int[] chain;
        int attach;
        float[] local;

        Placement(GltfDocument doc, SkeletonImport.Nodes nodes, List<String> warnings) {
            this.doc = doc;
            this.nodes = nodes;
            this.warnings = warnings;
            this.graph = doc.graph();
            int n = graph.nodeCount();
            this.fromAttach = new float[n][];
            this.attachOf = new int[n];
            this.chain = new int[n];
        }

        /** Sets {@link #attach} and {@link #local} (a fresh array) for a node. */
        void place(int node) {
            if (nodes.boneOfNode(node) != Index.NONE) {
                attach = nodes.boneOfNode(node);
                local = identity();
                return;
            }
            int length = 0;
            int x = node;
            while (x != NodeGraph.NO_PARENT && nodes.boneOfNode(x) == Index.NONE && fromAttach[x] == null) {
                chain[length++] = x;
                x = graph.parent(x);
            }
            float[] above = null;
            int a;
            if (x == NodeGraph.NO_PARENT) {
                a = Skeleton.NO_PARENT;
            } else if (nodes.boneOfNode(x) != Index.NONE) {
                a = nodes.boneOfNode(x);
            } else {
                above = fromAttach[x];
                a = attachOf[x];
            }
            for (int k = length - 1; k >= 0; k--) {
                int c = chain[k];
                float[] m = NodeTransforms.local(doc, c, warnings);
                if (above != null) {
                    m = new Matrix4f().set(above).mul(new Matrix4f().set(m)).get(new float[16]);
                }
                fromAttach[c] = m;
                attachOf[c] = a;
                above = m;
            }
            attach = a;
            local = fromAttach[node].clone();
        }
    }
}
