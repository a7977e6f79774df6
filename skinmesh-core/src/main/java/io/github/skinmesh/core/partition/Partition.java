package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import java.util.List;

/**
 * Bone-palette partitioning: splits each submesh of a skinned mesh into draws that bind at most
 * {@code maxBones} bones each, for renderers that upload a limited bone palette per draw call
 * (LayaAir 24 bones, WebGL 1 budgets of about 21-32, crowd shaders of 24-32).
 *
 * <p>A triangle goes into exactly one draw; a vertex used by several draws is duplicated, one copy
 * per further draw, the copies appended after the mesh's vertices. The result's submeshes carry
 * their {@link io.github.skinmesh.core.model.Draw draws}: an index range and the palette entries
 * the draw binds (local slot {@code i} binds entry {@code paletteEntry(i)}, the draw's "bone
 * dictionary"). Joints stay indices into the mesh's palette; a writer that needs draw-local
 * joints derives them from the draw's entries, or takes each draw as a mesh of its own with
 * {@link #drawMeshes}.
 *
 * <pre>{@code
 * PartitionResult r = Partition.partition(body, 24, PartitionOptions.DEFAULTS);
 * PartitionReport report = r.report();
 * System.out.println(report.draws() + " draws (at least " + report.lowerBound() + "), "
 *         + report.duplicatedVertices() + " vertices duplicated");
 * }</pre>
 *
 * <p>Stateless and thread-safe; the result depends only on the arguments (same input, same
 * output, on every run and JDK).
 */
public final class Partition {
    private Partition() {
    }

    /**
     * Partitions with {@link PartitionOptions#DEFAULTS} ({@link PartitionMode#OPTIMIZED}, failing on
     * a triangle that cannot fit).
     *
     * @param mesh a skinned mesh
     * @param maxBones the most bones one draw may bind, {@code 1..}{@value io.github.skinmesh.core.model.Skin#MAX_PALETTE_SIZE}
     * @return the partitioned mesh and the report
     * @throws ValidationException as {@link #partition(Mesh, int, PartitionOptions, Progress)}
     */
    public static PartitionResult partition(Mesh mesh, int maxBones) {
        return partition(mesh, maxBones, PartitionOptions.DEFAULTS, Progress.NONE);
    }

    /**
     * Partitions without progress reporting.
     *
     * @param mesh a skinned mesh
     * @param maxBones the most bones one draw may bind, {@code 1..}{@value io.github.skinmesh.core.model.Skin#MAX_PALETTE_SIZE}
     * @param options the mode and the policy for triangles that cannot fit
     * @return the partitioned mesh and the report
     * @throws ValidationException as {@link #partition(Mesh, int, PartitionOptions, Progress)}
     */
    public static PartitionResult partition(Mesh mesh, int maxBones, PartitionOptions options) {
        return partition(mesh, maxBones, options, Progress.NONE);
    }

    /**
     * Splits every submesh of a skinned mesh into draws of at most {@code maxBones} bones.
     *
     * <p>Existing draws of the mesh are ignored and replaced. Each submesh keeps its index range
     * and material; its triangles are reordered draw by draw (each draw's triangles in their
     * original order). The mesh's vertices keep their indices and every stream; copies are appended
     * ({@link PartitionResult#sourceVertex} tells which vertex each copies). A submesh without
     * triangles gets no draws. Bone weights are finite and non-negative by construction of
     * {@link io.github.skinmesh.core.model.BoneWeights} (which rejects NaN, naming the vertex), so no
     * weight needs checking here.
     *
     * <p>What it allocates: a few ints per vertex, per index and per (draw, bone), the new mesh
     * once (through {@link io.github.skinmesh.core.mesh.Meshes#selectVertices(Mesh, int[], int[], List)}),
     * and, when influences are dropped, one copy of the bone weights. Work is about linear in the
     * triangles; {@link PartitionMode#OPTIMIZED} does several passes over them. Progress is
     * reported once per submesh (stage {@code "partitioning triangles"}, units triangles).
     *
     * @param mesh a skinned mesh; its submeshes are partitioned one by one
     * @param maxBones the most bones one draw may bind, {@code 1..}{@value io.github.skinmesh.core.model.Skin#MAX_PALETTE_SIZE}
     *     (a draw-local joint index addresses at most that many)
     * @param options the mode and the policy for triangles that cannot fit
     * @param progress progress listener and cancellation check
     * @return the partitioned mesh and the report
     * @throws ValidationException when {@code maxBones} is out of range, the mesh has no skin, a
     *     triangle's own bones exceed {@code maxBones} with {@link OversizeTriangles#FAIL} (naming
     *     the submesh, the triangle, its vertices and its bones), or with
     *     {@link OversizeTriangles#DROP_INFLUENCES} no bone can be dropped without leaving one of
     *     its vertices without an influence
     * @throws CancelledException when {@code progress} asks to stop
     * @throws NullPointerException when an argument is null
     */
    public static PartitionResult partition(Mesh mesh, int maxBones, PartitionOptions options, Progress progress) {
        return Partitioner.run(mesh, maxBones, options, progress);
    }

    /**
     * Cuts every draw of a partitioned mesh out as a mesh of its own: the vertices the draw's
     * triangles use (in order of first use, every stream and morph target carried), one submesh
     * with the draw's material, and a skin whose palette is the draw's palette entries in slot
     * order, with their inverse bind matrices, the joints renumbered to those local slots (a
     * zero-weight slot whose joint the draw does not bind gets slot 0). This is what a format or
     * engine that binds one palette per mesh needs; for a glTF file, a node and a skin per draw.
     * A submesh without draws comes out whole, with the whole palette; a draw that binds no bone
     * (every weight of its vertices zero) comes out without a skin.
     *
     * <p>Allocates each draw's mesh once.
     *
     * @param mesh a mesh with draws, for example {@link PartitionResult#mesh()}
     * @return one entry per draw, submesh by submesh, draw by draw, read-only
     * @throws ValidationException when the mesh has no draws
     */
    public static List<DrawMesh> drawMeshes(Mesh mesh) {
        return DrawExtraction.run(mesh);
    }

    /**
     * Replaces every part of a character whose mesh has draws by one part per draw
     * ({@link #drawMeshes}), named {@code <part>.<submesh>.<draw>}, with the part's attach bone and
     * transform; morph-weight channels that targeted the part target each of its draws. Parts
     * without draws, the skeleton and the bone channels are kept. Written as glTF, each draw becomes
     * a node with its own mesh and a skin holding exactly the draw's bones, which a viewer shows as
     * the split and an engine with a bone limit per draw loads as it is.
     *
     * <p>Allocates each draw's mesh once, and the new clips.
     *
     * @param character a character whose parts were partitioned
     * @return the character with a part per draw
     * @throws ValidationException when a new part name clashes with another part's
     */
    public static Character splitDraws(Character character) {
        return DrawExtraction.split(character);
    }
}
