package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.StreamUnion;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Submesh;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Vertex operations that carry every stream of a mesh at once: {@link #selectVertices} reorders,
 * duplicates and drops vertices, {@link #concat} appends meshes.
 *
 * <p>"Every stream" means positions, normals, tangents, colors, every UV set, every extra
 * {@linkplain io.github.skinmesh.core.model.VertexAttribute attribute}, the skin's bone weights
 * (slot for slot, so {@linkplain BoneWeights#isCanonical() canonical} weights stay canonical and
 * weights kept as stored stay as stored) and the position, normal and tangent deltas of every
 * morph target. Materials, morph default weights, the skin's palette and (for
 * {@code selectVertices}) the submeshes with their draws come along unchanged.
 *
 * <p>Contract shared by the operations: inputs are immutable and only read; everything is
 * validated before the output's arrays are allocated, and a failure throws a
 * {@link ValidationException} naming the element, the value and the expectation; each output
 * array is allocated once and handed to the new mesh without a second copy (the new mesh
 * validates itself as every mesh does). Stateless and thread-safe; results depend only on the
 * arguments.
 *
 * <p>Example, dropping the vertices no triangle uses and duplicating nothing:
 * <pre>{@code
 * boolean[] used = new boolean[mesh.vertexCount()];
 * for (int i = 0; i < mesh.indexCount(); i++) {
 *     used[mesh.index(i)] = true;
 * }
 * int[] newToOld = IntStream.range(0, used.length).filter(v -> used[v]).toArray();
 * Mesh compact = Meshes.selectVertices(mesh, newToOld);
 * }</pre>
 */
public final class Meshes {
    static final String CONCAT = "concat";

    private Meshes() {
    }

    /**
     * Selects vertices by a map: new vertex {@code i} is old vertex {@code newToOld[i]}, with all
     * its streams. The map may reorder, duplicate and drop vertices (the equivalent of
     * meshoptimizer's remap functions). Each triangle index is renumbered to the first new vertex
     * that selects its old vertex; submeshes and their draws keep their index ranges.
     *
     * <p>Allocates one int per old vertex (the inverse map) before checking the triangles, then
     * the new mesh's arrays ({@code newToOld.length} vertices, {@code indexCount} indices).
     *
     * @param mesh the mesh
     * @param newToOld for each new vertex the old vertex it copies, each {@code 0..vertexCount-1};
     *     {@code newToOld.length} is the new vertex count; read only
     * @return the new mesh, with the same name, materials, submeshes, palette and morph targets
     * @throws ValidationException when an entry of {@code newToOld} is not a vertex of the mesh
     *     (naming its position and value), when a triangle index refers to a vertex that
     *     {@code newToOld} drops (naming the index position and the vertex), or when an output
     *     array would exceed the largest array length
     */
    public static Mesh selectVertices(Mesh mesh, int[] newToOld) {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(newToOld, "newToOld");
        return VertexSelection.select(mesh, newToOld);
    }

    /**
     * Selects vertices by a map and gives the result a new topology: new vertex {@code i} is old
     * vertex {@code newToOld[i]} with all its streams, and the triangles and submeshes are the
     * given ones, in the new numbering. This is what partitioning needs: a vertex shared by two
     * draws is duplicated, and each draw's triangles point at its own copy.
     *
     * <p>The new indices are copied once. The submeshes (with their draws) are checked when the
     * new mesh is built: ranges of whole triangles within {@code newIndices}, materials of the
     * mesh, draws tiling their submesh and binding every bone their vertices weight. An empty
     * list gives one submesh over all triangles with material 0.
     *
     * @param mesh the mesh
     * @param newToOld for each new vertex the old vertex it copies, each {@code 0..vertexCount-1};
     *     read only
     * @param newIndices the new triangle list in the new numbering, each
     *     {@code 0..newToOld.length-1}, a multiple of 3 long; read only (copied)
     * @param newSubmeshes the new submeshes, index ranges of {@code newIndices}, material indices
     *     of the mesh's materials
     * @return the new mesh, with the same name, materials, palette and morph targets
     * @throws ValidationException when an entry of {@code newToOld} is not a vertex of the mesh,
     *     a new index is not a new vertex or their count is not a multiple of 3 (naming the
     *     position and value), when an output array would exceed the largest array length, or as
     *     the mesh's builder for submeshes and draws that do not fit
     */
    public static Mesh selectVertices(Mesh mesh, int[] newToOld, int[] newIndices, List<Submesh> newSubmeshes) {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(newToOld, "newToOld");
        Objects.requireNonNull(newIndices, "newIndices");
        Objects.requireNonNull(newSubmeshes, "newSubmeshes");
        return VertexSelection.select(mesh, newToOld, newIndices, newSubmeshes);
    }

    /**
     * Concatenates meshes with {@link ConcatOptions#DEFAULTS}.
     *
     * @param meshes the meshes, at least one
     * @return the mesh, warnings and where each input went
     * @throws ValidationException as {@link #concat(List, ConcatOptions)}
     */
    public static ConcatResult concat(List<Mesh> meshes) {
        return concat(meshes, ConcatOptions.DEFAULTS);
    }

    /**
     * Concatenates meshes: their vertices one after the other in list order, indices offset by
     * the vertices before, submeshes and materials kept in order with their indices offset (equal
     * materials are not merged: that is combine's job), draws kept with their index ranges offset
     * and their palette entries renumbered.
     *
     * <p>Where the meshes differ:
     * <ul>
     * <li>A stream that some meshes have and others lack is filled for the others, with a
     * warning naming the mesh: colors white {@code (1, 1, 1, 1)}, UV channels {@code (0, 0)},
     * extra attributes zeros, normals computed from the mesh's own triangles
     * ({@link VertexNormals}), tangents computed from its positions, normals (its own or computed)
     * and UV set 0 when it has one ({@link VertexTangents}). The result has as many UV channels as
     * the mesh with the most.</li>
     * <li>Skins: all meshes are skinned or none is. Palettes are united by bone name in order of
     * first appearance and joints renumbered; the inverse bind matrices that meshes give one bone
     * must agree within {@link ConcatOptions#bindMatrixTolerance()} (the first is kept; reconcile
     * bind poses before concatenating). The result has the largest influence count of the meshes,
     * other meshes' extra slots empty. Weights kept as stored have every joint renumbered, those
     * of empty slots included, so each slot still names its bone.</li>
     * <li>Morph targets are united by name in order of first appearance (a name used by several
     * targets of one mesh is matched by occurrence); a mesh without a target has zero deltas for
     * it (with a warning), and a target has the delta streams any mesh gives it. The default
     * weight is the first mesh's that has the target; a mesh giving another is warned about.</li>
     * <li>Extra attributes are united by name in order of first appearance; meshes that share a
     * name must agree on its component count.</li>
     * </ul>
     *
     * <p>Allocates the result's arrays once, plus scratch for normals and tangents that are
     * computed, and small tables per mesh.
     *
     * @param meshes the meshes, at least one; read only
     * @param options the result's name and the bind matrix tolerance
     * @return the mesh, the warnings, and each input's offsets and renumberings
     * @throws ValidationException when the list is empty, some meshes are skinned and others not
     *     (naming both), two meshes give a bone different inverse bind matrices (naming both meshes,
     *     the bone and the element), two meshes give an attribute different component counts, the
     *     united palette exceeds {@value io.github.skinmesh.core.model.Skin#MAX_PALETTE_SIZE}
     *     bones, or the total vertex count exceeds {@link Integer#MAX_VALUE} or an output array the
     *     largest array length (all before allocating the output)
     */
    public static ConcatResult concat(List<Mesh> meshes, ConcatOptions options) {
        Objects.requireNonNull(meshes, "meshes");
        Objects.requireNonNull(options, "options");
        return Concatenation.run(meshes, options);
    }

    /**
     * The exact size of what {@link #concat(List, ConcatOptions)} allocates for the result's
     * vertex streams and indices, in bytes, without allocating it: {@code 4*(vertexCount*F +
     * indexCount)} with {@code F} the floats (and ints) per vertex of the united streams (3
     * positions, 3 normals, 4 tangents, 4 colors, 2 per UV channel, each attribute's components,
     * {@code 2*K} joints and weights when skinned, 3 per delta stream of each united morph
     * target). For a reader that charges decoded data against a budget before joining meshes.
     *
     * <p>Allocates only small tables per mesh. Thread-safe.
     *
     * @param meshes the meshes, at least one; read only
     * @return the bytes of the result's streams and indices
     * @throws ValidationException when the list is empty or two meshes give an attribute
     *     different component counts (as {@link #concat(List, ConcatOptions)} words it)
     */
    public static long concatByteSize(List<Mesh> meshes) {
        Objects.requireNonNull(meshes, "meshes");
        if (meshes.isEmpty()) {
            throw new ValidationException(CONCAT + ": meshes is empty, expected at least one mesh");
        }
        long vertices = 0;
        long indices = 0;
        boolean skinned = false;
        for (Mesh m : meshes) {
            vertices += m.vertexCount();
            indices += m.indexCount();
            skinned |= m.skin() != null;
        }
        StreamUnion streams = Concatenation.union(meshes, new ArrayList<>());
        return 4 * (vertices * streams.floatsPerVertex(skinned) + indices);
    }

    /** {@code mesh 2 'Hat'}: a mesh of an input list, for messages. */
    static String describe(int index, Mesh mesh) {
        return "mesh " + index + " " + Checks.quote(mesh.name());
    }
}
