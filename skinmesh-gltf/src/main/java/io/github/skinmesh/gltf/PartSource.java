package io.github.skinmesh.gltf;

import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Part;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.joml.Matrix4f;

/**
 * Where a {@link Part} of a {@link GltfAsset} came from in the file: what only a glTF document has
 * and the core model does not. One per part, in the order of {@link GltfAsset#character()}'s parts
 * (node index order).
 *
 * <ul>
 *   <li>{@link #node()}, {@link #mesh()}, {@link #skin()}: the glTF node the part was read from,
 *       its mesh and its skin ({@link Index#NONE} for a rigid part).</li>
 *   <li>{@link #primitives()}: one entry per glTF primitive of that mesh, in primitive order: the
 *       submesh of the part's mesh it became and the range of the part's vertices it uses.
 *       Primitives that share every vertex attribute accessor (and morph target accessor) share
 *       their vertices, so their ranges are equal; a primitive that is not made of triangles (or
 *       has no positions) was skipped and has no submesh.</li>
 *   <li>{@link #nodeBone()} and {@link #nodeMatrix}: for a skinned part, where its node sits.
 *       glTF ignores a skinned node's transform when skinning, so the skinned {@link Part} has no
 *       attach bone and the identity transform; the node's world matrix
 *       {@code W_node = model(nodeBone) * nodeMatrix} only matters to express skinned positions in
 *       the node's own space ({@link PoseSpace#MODEL}). {@code nodeBone} is the node's own bone
 *       when the node is a bone, else its nearest bone ancestor, else none; {@code nodeMatrix} is
 *       the product of the matrices of the non-bone nodes from there down to the node. A rigid
 *       part's node placement is the part's own attach bone and transform, so here it is
 *       {@link Index#NONE} and the identity.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe. Equality compares every field.
 */
public final class PartSource {
    private static final float[] IDENTITY = new Matrix4f().get(new float[16]);

    /**
     * One glTF primitive of the part's mesh.
     *
     * @param submesh the submesh of the part's mesh this primitive became, or {@link Index#NONE}
     *     when the primitive was skipped (points, lines, or no POSITION)
     * @param firstVertex the first vertex of the part's mesh that the primitive uses (0 when skipped)
     * @param vertexCount the number of vertices, from {@code firstVertex} on, that belong to the
     *     primitive: its accessors' count (0 when skipped)
     * @param attributes the attribute semantics the file declares for this primitive, whatever
     *     the part's mesh holds: when primitives with different attributes are joined into one
     *     mesh, the streams one of them lacks are filled in (see {@link GltfAsset}), and this list
     *     still names only the primitive's own. Order: {@code POSITION}, {@code NORMAL},
     *     {@code TANGENT}, the {@code TEXCOORD_n} sets, the {@code COLOR_n} sets, the
     *     {@code JOINTS_n}/{@code WEIGHTS_n} pairs by set, then every other name (custom
     *     {@code _NAME} attributes) in string order; sets by their number. Empty when the
     *     primitive has no {@code attributes} object. Sets the reader ignores ({@code COLOR_1},
     *     influences beyond 8) are listed too. The record keeps a read-only copy.
     */
    public record Primitive(int submesh, int firstVertex, int vertexCount, List<String> attributes) {
        /**
         * Copies the attribute list.
         *
         * @param submesh see the record description
         * @param firstVertex see the record description
         * @param vertexCount see the record description
         * @param attributes see the record description
         */
        public Primitive {
            attributes = List.copyOf(attributes);
        }

        /** @return whether the primitive was read (it is a submesh of the part's mesh) */
        public boolean isRead() {
            return submesh != Index.NONE;
        }
    }

    private final int node;
    private final int mesh;
    private final int skin;
    private final List<Primitive> primitives;
    private final int nodeBone;
    private final float[] nodeMatrix;

    private PartSource(int node, int mesh, int skin, List<Primitive> primitives, int nodeBone, float[] nodeMatrix) {
        this.node = node;
        this.mesh = mesh;
        this.skin = skin;
        this.primitives = List.copyOf(primitives);
        this.nodeBone = nodeBone;
        this.nodeMatrix = nodeMatrix;
    }

    /**
     * A skinned part's source; adopts {@code nodeMatrix}.
     *
     * @param node node index
     * @param mesh mesh index
     * @param skin skin index
     * @param primitives per glTF primitive, its submesh and vertex range
     * @param nodeBone the bone the node's world matrix starts from, or {@link Index#NONE}
     * @param nodeMatrix 16 floats, the node's matrix relative to {@code nodeBone}
     */
    static PartSource skinned(int node, int mesh, int skin, List<Primitive> primitives, int nodeBone,
            float[] nodeMatrix) {
        return new PartSource(node, mesh, skin, primitives, nodeBone, nodeMatrix);
    }

    /**
     * A rigid part's source (its placement is the part's).
     *
     * @param node node index
     * @param mesh mesh index
     * @param primitives per glTF primitive, its submesh and vertex range
     */
    static PartSource rigid(int node, int mesh, List<Primitive> primitives) {
        return new PartSource(node, mesh, Index.NONE, primitives, Index.NONE, IDENTITY);
    }

    /** @return the glTF node index */
    public int node() {
        return node;
    }

    /** @return the glTF mesh index */
    public int mesh() {
        return mesh;
    }

    /** @return the glTF skin index, or {@link Index#NONE} for a rigid part */
    public int skin() {
        return skin;
    }

    /** @return whether the node has a skin */
    public boolean isSkinned() {
        return skin != Index.NONE;
    }

    /** @return per glTF primitive of the mesh, in primitive order, read-only */
    public List<Primitive> primitives() {
        return primitives;
    }

    /**
     * @return for a skinned part, the bone whose model matrix the node's world matrix starts from
     *     (its own bone, else its nearest bone ancestor), or {@link Index#NONE} when the node has no
     *     bone above it; {@link Index#NONE} for a rigid part
     */
    public int nodeBone() {
        return nodeBone;
    }

    /**
     * Copies the node's matrix relative to {@link #nodeBone()} ({@code W_node = model(nodeBone) *
     * nodeMatrix}); the identity for a rigid part.
     *
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f nodeMatrix(Matrix4f dest) {
        return dest.set(nodeMatrix);
    }

    /**
     * Copies the node matrix, column-major.
     *
     * @param dst destination, at least {@code offset + 16} floats
     * @param offset first float written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short or {@code offset} negative
     */
    public float[] nodeMatrixInto(float[] dst, int offset) {
        System.arraycopy(nodeMatrix, 0, dst, offset, 16);
        return dst;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof PartSource)) {
            return false;
        }
        PartSource s = (PartSource) o;
        return node == s.node && mesh == s.mesh && skin == s.skin && nodeBone == s.nodeBone
                && primitives.equals(s.primitives) && Arrays.equals(nodeMatrix, s.nodeMatrix);
    }

    @Override
    public int hashCode() {
        return Objects.hash(node, mesh, skin, nodeBone, primitives, Arrays.hashCode(nodeMatrix));
    }

    @Override
    public String toString() {
        return "PartSource[node " + node + ", mesh " + mesh + (skin != Index.NONE ? ", skin " + skin : "") + ", "
                + primitives.size() + " primitives]";
    }
}
