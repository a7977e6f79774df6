package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.NodeGraph;
import io.github.skinmesh.gltf.internal.Transforms;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * Turns the nodes with a mesh into {@link Part}s with their {@link PartSource}s, in node order,
 * skinned ones (mesh and skin) and rigid ones alike. A rigid part hangs from the node's own bone,
 * else its nearest bone ancestor, else none, with the product of the non-bone nodes' matrices from
 * there down to the node as its transform; a skinned part has no attach bone and the identity
 * transform, and that placement goes into its source. A node whose mesh has no triangle primitive
 * is skipped with a warning. A mesh node outside the default scene (a viewer does not show it) is
 * read all the same, with a warning.
 */
final class PartImport {
    /** Charged per part for its objects: the part, its source, a mesh carrying node weights, names. */
    static final long PART_BYTES = 512;
    /** Charged per glTF primitive of a part's mesh, for its entry in the part's source. */
    static final long PRIMITIVE_BYTES = 32;
    /** The matrix of a node that is its part's attach bone: the identity (shared, read-only). */
    private static final float[] IDENTITY = new Matrix4f().get(new float[16]);

    private PartImport() {
    }

    /**
     * The parts of a document. Immutable; the table is shared and must not be changed.
     */
    static final class Parts {
        private final List<Part> parts;
        private final List<PartSource> sources;
        private final boolean[] partNode;

        Parts(List<Part> parts, List<PartSource> sources, boolean[] partNode) {
            this.parts = List.copyOf(parts);
            this.sources = List.copyOf(sources);
            this.partNode = partNode;
        }

        /** @return the parts, in node order */
        List<Part> parts() {
            return parts;
        }

        /** @return their sources, in the same order */
        List<PartSource> sources() {
            return sources;
        }

        /**
         * @param node node index
         * @return whether the node became a part
         */
        boolean isPart(int node) {
            return partNode[node];
        }
    }

    /**
     * Builds the parts.
     *
     * @param doc the document
     * @param nodes the skeleton and node names
     * @param primitives the mesh decoder
     * @param warnings receives what is tolerated
     * @return the parts
     * @throws FormatException on a malformed mesh, node weights or node transform
     */
    static Parts read(GltfDocument doc, SkeletonImport.Nodes nodes, PrimitiveImport primitives,
            List<String> warnings) {
        int n = doc.nodeCount();
        List<Part> parts = new ArrayList<>();
        List<PartSource> sources = new ArrayList<>();
        boolean[] partNode = new boolean[n];
        Placement placement = new Placement(doc, nodes, warnings);
        Skeleton skeleton = nodes.skeleton();
        int[] instances = new int[Json.count(doc.root(), "meshes")];
        int scene = doc.defaultScene();
        boolean @Nullable [] shown = scene == Index.NONE ? null : inScene(doc, scene);
        for (int i = 0; i < n; i++) {
            int mesh = doc.mesh(i);
            if (mesh == Index.NONE) {
                continue;
            }
            if (shown != null && !shown[i]) {
                warnings.add("nodes[" + i + "]: not in the default scene, scenes[" + scene + "], so a viewer does not "
                        + "show it; read as a part all the same");
            }
            float[] weights = Json.numbers(doc.node(i), "weights", "nodes[" + i + "]", primitives.targetCount(mesh));
            int skin = doc.skin(i);
            PrimitiveImport.Decoded decoded = primitives.mesh(mesh, skin, weights, i, warnings);
            Mesh m = decoded.mesh();
            if (m == null) {
                warnings.add("nodes[" + i + "]: meshes[" + mesh + "] has no triangle primitive; node skipped");
                continue;
            }
            partNode[i] = true;
            Placed placed = placement.place(i);
            boolean transformed = skin == Index.NONE && !Transforms.isIdentity(placed.local());
            instances[mesh]++;
            doc.budget().charge("nodes[" + i + "]", "posing meshes[" + mesh + "] (" + m.vertexCount()
                    + " vertices, instance " + instances[mesh] + (transformed ? ", with its own transform" : "")
                    + ")", partBytes(m, decoded.primitives().size(), transformed));
            String name = nodes.name(i);
            if (skin != Index.NONE) {
                parts.add(Part.of(name, m));
                sources.add(PartSource.skinned(i, mesh, skin, decoded.primitives(), placed.attach(), placed.local()));
            } else {
                String bone = placed.attach() == Skeleton.NO_PARENT ? null : skeleton.boneName(placed.attach());
                parts.add(Part.of(name, m, bone, new Matrix4f().set(placed.local())));
                sources.add(PartSource.rigid(i, mesh, decoded.primitives()));
            }
        }
        return new Parts(parts, sources, partNode);
    }

    /** @return per node, whether it or an ancestor is one of the scene's nodes */
    private static boolean[] inScene(GltfDocument doc, int scene) {
        String where = "scenes[" + scene + "]";
        NodeGraph graph = doc.graph();
        int n = graph.nodeCount();
        boolean[] listed = new boolean[n];
        JsonNode roots = Json.array(Json.element(doc.root().get("scenes"), scene, where), "nodes", where);
        if (roots != null) {
            for (int k = 0; k < roots.size(); k++) {
                listed[Json.indexValue(roots.get(k), where + ".nodes[" + k + "]", "nodes", n)] = true;
            }
        }
        boolean[] shown = new boolean[n];
        for (int x : graph.preorder()) {
            int p = graph.parent(x);
            shown[x] = listed[x] || (p != NodeGraph.NO_PARENT && shown[p]);
        }
        return shown;
    }

    /**
     * What a part costs beyond the mesh it shares with other nodes: its objects (the part, its
     * source, a mesh holding the node's morph weights), the positions that posing it writes
     * ({@link io.github.skinmesh.core.anim.CharacterPoser} gives every part its own output), and
     * for a rigid part with a transform the transformed copy of its vertex streams that the poser
     * bakes once. Charged per node, so a file cannot make posing take more than its budget by
     * instancing one mesh many times.
     */
    static long partBytes(Mesh m, int primitives, boolean transformed) {
        long v = m.vertexCount();
        long bytes = PART_BYTES + PRIMITIVE_BYTES * primitives + 4L * m.morphTargets().size() + 12 * v;
        if (transformed) {
            bytes += 12 * v + (m.hasNormals() ? 16 * v : 0) + (m.hasTangents() ? 20 * v : 0) + 4L * m.indexCount();
            for (MorphTarget t : m.morphTargets()) {
                bytes += 12 * v * ((t.hasPositions() ? 1 : 0) + (t.hasNormals() ? 1 : 0) + (t.hasTangents() ? 1 : 0));
            }
        }
        return bytes;
    }

    /**
     * Where a mesh node sits.
     *
     * @param attach its own bone, else its nearest bone ancestor, else {@link Skeleton#NO_PARENT}
     * @param local 16 floats, the product of the non-bone nodes' matrices from {@code attach} down to
     *     the node (shared, read-only)
     */
    private record Placed(int attach, float[] local) {
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

        /** @return where the node sits */
        Placed place(int node) {
            if (nodes.boneOfNode(node) != Index.NONE) {
                return new Placed(nodes.boneOfNode(node), IDENTITY);
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
            return new Placed(a, fromAttach[node]);
        }
    }
}
