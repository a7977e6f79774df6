package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.Gather;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.Arrays;
import java.util.List;

/**
 * {@link Meshes#selectVertices}: checks the map (and the triangles) before allocating anything
 * of the output, then gathers every stream through the map with {@link Gather} and hands the
 * fresh arrays to the new mesh without a second copy.
 *
 * <p>With the mesh's own triangles, each index is remapped through {@code oldToNew}, the first
 * new vertex that selects each old one: an int per old vertex, the only allocation before the
 * triangles are known to be valid.
 */
final class VertexSelection {
    static final String WHERE = "selectVertices";
    /** {@code oldToNew} entry of an old vertex that no new vertex selects. */
    static final int UNMAPPED = -1;

    private VertexSelection() {
    }

    static Mesh select(Mesh mesh, int[] newToOld) {
        requireMap(mesh, newToOld);
        ModelAccess.Bridge raw = ModelAccess.get();
        int[] oldToNew = new int[mesh.vertexCount()]; // old vertex -> first new vertex selecting it
        Arrays.fill(oldToNew, UNMAPPED);
        for (int i = 0; i < newToOld.length; i++) {
            if (oldToNew[newToOld[i]] == UNMAPPED) {
                oldToNew[newToOld[i]] = i;
            }
        }
        int[] indices = raw.indices(mesh);
        for (int i = 0; i < indices.length; i++) {
            if (oldToNew[indices[i]] == UNMAPPED) {
                throw new ValidationException(WHERE + ": mesh " + Checks.quote(mesh.name()) + " index " + i
                        + " (triangle " + i / 3 + ") refers to vertex " + indices[i] + ", which newToOld does not"
                        + " select; expected every vertex a triangle uses to be selected");
            }
        }
        int[] newIndices = new int[indices.length];
        for (int i = 0; i < indices.length; i++) {
            newIndices[i] = oldToNew[indices[i]];
        }
        return gather(mesh, newToOld, newIndices, mesh.submeshes());
    }

    static Mesh select(Mesh mesh, int[] newToOld, int[] newIndices, List<Submesh> newSubmeshes) {
        requireMap(mesh, newToOld);
        if (newIndices.length % 3 != 0) {
            throw new ValidationException(WHERE + ": newIndices length " + newIndices.length
                    + " is not a multiple of 3 (triangle list)");
        }
        for (int i = 0; i < newIndices.length; i++) {
            int v = newIndices[i];
            if (v < 0 || v >= newToOld.length) {
                throw new ValidationException(WHERE + ": newIndices[" + i + "] is " + v + ", expected 0.."
                        + (newToOld.length - 1) + " (newToOld.length " + newToOld.length + ")");
            }
        }
        for (int s = 0; s < newSubmeshes.size(); s++) {
            if (newSubmeshes.get(s) == null) {
                throw new NullPointerException("newSubmeshes[" + s + "]");
            }
        }
        return gather(mesh, newToOld, newIndices.clone(), newSubmeshes);
    }

    /** Requires every entry of the map to name a vertex, and every output array to fit. */
    private static void requireMap(Mesh mesh, int[] newToOld) {
        int n = mesh.vertexCount();
        for (int i = 0; i < newToOld.length; i++) {
            int old = newToOld[i];
            if (old < 0 || old >= n) {
                throw new ValidationException(WHERE + ": newToOld[" + i + "] is " + old + ", expected 0.." + (n - 1)
                        + " (vertexCount " + n + ")");
            }
        }
        long count = newToOld.length;
        ArrayLimits.requireLength(WHERE, "positions", count, 3, "3*vertexCount");
        if (mesh.hasTangents() || mesh.hasColors()) {
            ArrayLimits.requireLength(WHERE, mesh.hasTangents() ? "tangents" : "colors", count, 4, "4*vertexCount");
        }
        for (VertexAttribute a : mesh.attributes()) {
            ArrayLimits.requireLength(WHERE, "vertex attribute " + a.name(), count, a.componentCount(),
                    a.componentCount() + "*vertexCount");
        }
        Skin skin = mesh.skin();
        if (skin != null) {
            int k = skin.weights().influencesPerVertex();
            ArrayLimits.requireLength(WHERE, "joints", count, k, k + "*vertexCount");
        }
    }

    /** Builds the new mesh: every stream gathered through {@code newToOld}, the given topology. */
    private static Mesh gather(Mesh mesh, int[] newToOld, int[] newIndices, List<Submesh> submeshes) {
        ModelAccess.Bridge raw = ModelAccess.get();
        // trusted path: every stream is gathered from the validated mesh through a checked map, and the
        // indices were checked (or renumbered through oldToNew) by the caller
        Mesh.Builder b = raw.trustedMeshBuilder(mesh.name());
        b.positions(Gather.floats(raw.positions(mesh), 3, newToOld));
        float[] normals = raw.normals(mesh);
        if (normals != null) {
            b.normals(Gather.floats(normals, 3, newToOld));
        }
        float[] tangents = raw.tangents(mesh);
        if (tangents != null) {
            b.tangents(Gather.floats(tangents, 4, newToOld));
        }
        float[] colors = raw.colors(mesh);
        if (colors != null) {
            b.colors(Gather.floats(colors, 4, newToOld));
        }
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            b.addUvs(Gather.floats(raw.uvs(mesh, c), 2, newToOld));
        }
        for (VertexAttribute a : mesh.attributes()) {
            b.addAttribute(raw.trustedAttribute(a.name(), a.componentCount(),
                    Gather.floats(raw.values(a), a.componentCount(), newToOld)));
        }
        b.indices(newIndices);
        submeshes.forEach(b::addSubmesh);
        for (Material m : mesh.materials()) {
            b.addMaterial(m);
        }
        Skin skin = mesh.skin();
        if (skin != null) {
            BoneWeights w = skin.weights();
            int k = w.influencesPerVertex();
            // the slots are copied as they are, so canonical weights stay canonical; weights as stored
            // may come out canonical when the selection leaves out every vertex that was not, so
            // their form is decided again on the gathered slots (ofSlots keeps them as they are)
            int[] gatheredJoints = Gather.ints(raw.joints(w), k, newToOld);
            float[] gatheredWeights = Gather.floats(raw.weights(w), k, newToOld);
            BoneWeights gathered = w.isCanonical()
                    ? raw.trustedWeights(k, gatheredJoints, gatheredWeights, true)
                    : BoneWeights.ofSlots(k, gatheredJoints, gatheredWeights);
            b.skin(raw.trustedSkin(raw.paletteNames(skin), raw.inverseBindMatrices(skin), gathered));
        }
        for (MorphTarget t : mesh.morphTargets()) {
            float[] p = raw.positions(t);
            float[] n = raw.normals(t);
            float[] tg = raw.tangents(t);
            b.addMorphTarget(raw.trustedMorphTarget(t.name(), p == null ? null : Gather.floats(p, 3, newToOld),
                    n == null ? null : Gather.floats(n, 3, newToOld), tg == null ? null : Gather.floats(tg, 3,
                            newToOld)));
        }
        b.morphWeights(mesh.morphWeights());
        return b.build();
    }
}
