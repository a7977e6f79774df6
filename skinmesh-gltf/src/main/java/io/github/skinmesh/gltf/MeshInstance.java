package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;

/**
 * One placement of a mesh in an asset: a glTF node with a mesh, as a list of core
 * {@link Mesh}es (one per glTF primitive, each with one submesh and one material) and where it
 * sits relative to the skeleton.
 *
 * <p>The node's world matrix at any pose is {@code W_node = model(attachBone) * local}, with
 * {@code model} the bone's model matrix from the asset's {@link Skeleton}, or just {@code local}
 * when {@link #attachBone()} is {@link Skeleton#NO_PARENT}. For a skinned instance every primitive
 * has a {@link io.github.skinmesh.core.model.Skin} whose palette names the joints in
 * {@code skin.joints} order and whose inverse bind matrices are the file's; glTF skins in world
 * space, {@code world = sum_i w_i * model(joint_i) * inverseBind_i * p}, and the node's own
 * transform only matters to express that result in the node's space
 * ({@code inverse(W_node) * world}). A rigid instance's primitives have no skin and follow
 * {@code W_node}.
 *
 * <p>Immutable and thread-safe. Equality compares the name, the primitives, the attach bone and
 * the local matrix; the provenance ({@link #node()}, {@link #mesh()}, {@link #skin()}) is not
 * compared, so an asset equals its own export read back.
 */
public final class MeshInstance {
    private final String name;
    private final List<Mesh> primitives;
    private final int attachBone;
    private final float[] local;
    private final boolean skinned;
    private final int node;
    private final int mesh;
    private final int skin;

    private MeshInstance(String name, List<Mesh> primitives, int attachBone, float[] local, int node, int mesh,
            int skin) {
        this.name = Objects.requireNonNull(name, "name");
        String where = "mesh instance " + Checks.quote(name);
        this.primitives = List.copyOf(primitives);
        if (this.primitives.isEmpty()) {
            throw new ValidationException(where + ": no primitives, expected at least 1");
        }
        boolean first = this.primitives.get(0).skin() != null;
        for (int p = 1; p < this.primitives.size(); p++) {
            if ((this.primitives.get(p).skin() != null) != first) {
                throw new ValidationException(where + ": primitive " + p + (first ? " has no skin" : " has a skin")
                        + " while primitive 0 " + (first ? "has one" : "has none") + "; expected all or none skinned");
            }
        }
        if (attachBone < Skeleton.NO_PARENT) {
            throw new ValidationException(where + ": attachBone " + attachBone + ", expected " + Skeleton.NO_PARENT
                    + " or a bone index");
        }
        Checks.requireFinite(where, "local matrix", local, 16, "matrix");
        this.skinned = first;
        this.attachBone = attachBone;
        this.local = local;
        this.node = node;
        this.mesh = mesh;
        this.skin = skin;
    }

    /**
     * Creates an instance to assemble an asset for export.
     *
     * @param name the node name (unique within an asset)
     * @param primitives one or more meshes, all skinned or all rigid; a mesh with several submeshes
     *     is written as several glTF primitives sharing its vertex accessors
     * @param attachBone the bone the node hangs from, or {@link Skeleton#NO_PARENT}; checked
     *     against the skeleton by {@link GltfAsset.Builder#build()}
     * @param local the node's matrix relative to the attach bone (finite)
     * @return the instance
     * @throws ValidationException when {@code primitives} is empty or mixes skinned and rigid
     *     meshes, {@code attachBone < -1}, or the matrix is not finite
     */
    public static MeshInstance of(String name, List<Mesh> primitives, int attachBone, Matrix4fc local) {
        return new MeshInstance(name, primitives, attachBone, local.get(new float[16]), Index.NONE, Index.NONE,
                Index.NONE);
    }

    /** Adopts {@code local} without a copy. */
    static MeshInstance imported(String name, List<Mesh> primitives, int attachBone, float[] local, int node,
            int mesh, int skin) {
        return new MeshInstance(name, primitives, attachBone, local, node, mesh, skin);
    }

    /** @return the node name (unique among the instances and bones of an imported asset) */
    public String name() {
        return name;
    }

    /** @return the primitives, read-only; meshes are shared between instances of the same glTF mesh and skin */
    public List<Mesh> primitives() {
        return primitives;
    }

    /** @return whether the primitives are skinned */
    public boolean isSkinned() {
        return skinned;
    }

    /** @return the bone the node hangs from, or {@link Skeleton#NO_PARENT} */
    public int attachBone() {
        return attachBone;
    }

    /**
     * Copies the local matrix ({@code W_node = model(attachBone) * local}).
     *
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f localMatrix(Matrix4f dest) {
        return dest.set(local);
    }

    /**
     * Copies the local matrix, column-major.
     *
     * @param dst destination, at least {@code offset + 16} floats
     * @param offset first float written
     * @return {@code dst}
     */
    public float[] localMatrixInto(float[] dst, int offset) {
        System.arraycopy(local, 0, dst, offset, 16);
        return dst;
    }

    /** @return the glTF node index it was read from, or {@link Index#NONE} */
    public int node() {
        return node;
    }

    /** @return the glTF mesh index it was read from, or {@link Index#NONE} */
    public int mesh() {
        return mesh;
    }

    /** @return the glTF skin index it was read from, or {@link Index#NONE} (rigid or assembled) */
    public int skin() {
        return skin;
    }

    /** @return the vertices of all primitives */
    public int vertexCount() {
        int n = 0;
        for (Mesh m : primitives) {
            n += m.vertexCount();
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof MeshInstance)) {
            return false;
        }
        MeshInstance m = (MeshInstance) o;
        return name.equals(m.name) && attachBone == m.attachBone && Arrays.equals(local, m.local)
                && primitives.equals(m.primitives);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, attachBone, primitives);
    }

    @Override
    public String toString() {
        return "MeshInstance[" + Checks.quote(name) + ", " + primitives.size() + " primitives, "
                + (skinned ? "skinned" : "rigid") + ", attachBone " + attachBone + (node >= 0 ? ", node " + node : "")
                + "]";
    }
}
