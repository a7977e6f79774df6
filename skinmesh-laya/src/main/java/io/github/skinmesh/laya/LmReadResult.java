package io.github.skinmesh.laya;

import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@link LayaModels#read(byte[], LmReadOptions)} found in a {@code .lm} file.
 *
 * <p>The mesh holds the vertex buffer's streams (positions, and as declared normals, colors, UV and
 * UV1 as UV channels 0 and 1, tangents, {@code NORMAL_BYTE} as an extra attribute), the triangle
 * indices, one submesh per {@code SUBMESH} block with material index {@code i} for block {@code i}
 * (LayaAir binds a renderer's {@code i}-th material to submesh {@code i}; the file names no
 * material, so each material is an unnamed default), and for a skinned file the skin: bone names
 * and inverse bind matrices in bone order, bone weights with their slots exactly as stored (the
 * draw-local indices turned into palette indices through each vertex's draw's dictionary), and
 * the draws of every submesh with their dictionaries as palette entries.
 *
 * @param version the version string, {@code LAYAMODEL:05}, {@code LAYAMODEL:0501} or {@code LAYAMODEL:0502}
 * @param convention the convention the mesh and the stored bounds are in, as
 *     {@link LmReadOptions#convention()} asked
 * @param mesh the mesh, in that convention
 * @param storedBounds the bounds the file stores (in the convention asked for), or {@code null} for
 *     {@code LAYAMODEL:05}, which has none; they need not equal {@code mesh.bounds()} exactly
 *     (LayaAir's Unity exporter stores Unity's own, which can differ in the last bits)
 * @param declaration the vertex declaration in file order, read-only
 * @param blocks the block table in file order (the MESH block, then one SUBMESH block per submesh
 *     in the files LayaAir writes), read-only
 * @param indexBytes the index width, 2 or 4
 * @param warnings what the reader tolerated, one sentence each naming the element, read-only
 */
public record LmReadResult(String version, LmConvention convention, Mesh mesh, @Nullable Bounds storedBounds,
        List<LmElement> declaration, List<LmBlock> blocks, int indexBytes, List<String> warnings) {
    /**
     * Copies the lists.
     *
     * @param version the version string
     * @param convention the convention of the mesh and the stored bounds
     * @param mesh the mesh
     * @param storedBounds the stored bounds or {@code null}
     * @param declaration the declaration in file order
     * @param blocks the block table in file order
     * @param indexBytes the index width
     * @param warnings the warnings
     * @throws NullPointerException when an argument but {@code storedBounds} is null
     */
    public LmReadResult {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(convention, "convention");
        Objects.requireNonNull(mesh, "mesh");
        declaration = List.copyOf(declaration);
        blocks = List.copyOf(blocks);
        warnings = List.copyOf(warnings);
    }

    /**
     * The options that write this mesh back as the file had it: the {@link #convention()} it was
     * read in (so the writer undoes what the read did), the draws kept, the stored bounds in the
     * file's space. For a {@code LAYAMODEL:0501} file laid out as LayaAir's exporter does, read in
     * {@link LmConvention#LAYA} (the default) or {@link LmConvention#GLTF}, the bytes are the file's;
     * read in {@link LmConvention#UNITY}, a {@code v} may differ in its last bit
     * ({@code 1 - (1 - v)} rounds).
     *
     * @return the options
     */
    public LmWriteOptions rewriteOptions() {
        return LmWriteOptions.DEFAULTS.withConvention(convention).withDraws(LmDraws.KEEP)
                .withMaxBones(LmWriteOptions.MAX_BONES_LIMIT)
                .withBounds(storedBounds == null ? null : convention.mapBounds(storedBounds));
    }
}
