package io.github.skinmesh.atlas;

import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Submesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rewrites one part for the atlas: each atlased submesh's vertices get their UV set mapped into the
 * submesh's rectangle and the submesh the merged material. A vertex is remapped once; when submeshes
 * that map it differently share it (two rectangles, or a rectangle and a kept material), the later
 * ones get a copy of it, made with {@link Meshes#selectVertices(Mesh, int[], int[], List)} so every
 * stream (skin weights, morph deltas, attributes) comes along; triangles keep their index positions.
 *
 * <p>The first submesh (in submesh order, index order within) to reach a vertex keeps the original; the
 * copies follow the original vertices in order of first reach, so the result is deterministic.
 */
final class PartRemap {
    /** A vertex no drawn submesh reached yet. */
    private static final int UNREACHED = Integer.MIN_VALUE;
    /** The rectangle id of submeshes that keep their material (no remap). */
    private static final int KEPT = -1;

    /**
     * Where an atlased submesh goes.
     *
     * @param transform the map of its UV set
     * @param texCoord the UV set mapped
     * @param material the merged material it is drawn with
     * @param id the rectangle's id: equal ids map alike
     */
    record Target(UvTransform transform, int texCoord, Material material, int id) {
    }

    /**
     * The rewritten part and the copies made.
     *
     * @param part the part (the same object when no submesh is atlased)
     * @param splitVertices vertices copied
     */
    record Result(Part part, int splitVertices) {
    }

    private PartRemap() {
    }

    /**
     * @param part the part
     * @param partIndex its index, the high half of the keys of {@code targets}
     * @param targets per (part, submesh) key ({@link Atlases#key}) of an atlased submesh, its target
     */
    static Result remap(Part part, int partIndex, Map<Long, Target> targets) {
        Mesh mesh = part.mesh();
        List<Submesh> subs = mesh.submeshes();
        Target[] target = new Target[subs.size()];
        boolean any = false;
        for (int s = 0; s < subs.size(); s++) {
            target[s] = targets.get(Atlases.key(partIndex, s));
            any |= target[s] != null;
        }
        if (!any) {
            return new Result(part, 0);
        }
        int vertexCount = mesh.vertexCount();
        int[] indices = mesh.indices();
        int[] idOf = new int[vertexCount]; // old vertex -> id of the submesh that keeps it
        Arrays.fill(idOf, UNREACHED);
        Map<Long, Integer> copies = new HashMap<>(); // (old vertex, id) -> new vertex, for copies
        List<Integer> copyOf = new ArrayList<>(); // copy k (new vertex vertexCount + k) -> old vertex
        List<Integer> copyId = new ArrayList<>();
        for (int s = 0; s < subs.size(); s++) {
            Submesh sub = subs.get(s);
            if (sub.indexCount() == 0) {
                continue;
            }
            int id = target[s] == null ? KEPT : target[s].id();
            for (int k = sub.firstIndex(); k < sub.firstIndex() + sub.indexCount(); k++) {
                int v = indices[k];
                if (idOf[v] == UNREACHED) {
                    idOf[v] = id;
                } else if (idOf[v] != id) {
                    long key = (long) v << 32 | (id & 0xFFFFFFFFL);
                    Integer copy = copies.get(key);
                    if (copy == null) {
                        copy = vertexCount + copyOf.size();
                        copies.put(key, copy);
                        copyOf.add(v);
                        copyId.add(id);
                    }
                    indices[k] = copy;
                }
            }
        }
        Mesh selected = mesh;
        int[] ids = idOf;
        if (!copyOf.isEmpty()) {
            int[] newToOld = new int[vertexCount + copyOf.size()];
            ids = Arrays.copyOf(idOf, newToOld.length);
            for (int v = 0; v < vertexCount; v++) {
                newToOld[v] = v;
            }
            for (int k = 0; k < copyOf.size(); k++) {
                newToOld[vertexCount + k] = copyOf.get(k);
                ids[vertexCount + k] = copyId.get(k);
            }
            selected = Meshes.selectVertices(mesh, newToOld, indices, subs);
        }
        // the target of each id, and the UV sets to rewrite
        Map<Integer, Target> byId = new HashMap<>();
        int channels = selected.uvChannelCount();
        for (Target t : target) {
            if (t != null) {
                byId.put(t.id(), t);
                channels = Math.max(channels, t.texCoord() + 1);
            }
        }
        int n = selected.vertexCount();
        float[][] uvs = new float[channels][];
        for (int c = 0; c < channels; c++) {
            uvs[c] = c < selected.uvChannelCount() ? selected.uvs(c) : new float[2 * n];
        }
        for (int v = 0; v < n; v++) {
            Target t = ids[v] >= 0 ? byId.get(ids[v]) : null;
            if (t != null) {
                t.transform().applyInto(uvs[t.texCoord()], 2 * v, uvs[t.texCoord()], 2 * v, 1);
            }
        }
        // materials in order of first use by a submesh
        Map<Material, Integer> materialIndex = new LinkedHashMap<>();
        List<Submesh> newSubs = new ArrayList<>(subs.size());
        for (int s = 0; s < subs.size(); s++) {
            Submesh sub = subs.get(s);
            Material m = target[s] != null ? target[s].material() : mesh.materials().get(sub.materialIndex());
            Integer index = materialIndex.computeIfAbsent(m, x -> materialIndex.size());
            newSubs.add(new Submesh(sub.firstIndex(), sub.indexCount(), index, sub.draws()));
        }
        Mesh.Builder b = selected.toBuilder().clearUvs().clearMaterials().clearSubmeshes();
        for (float[] uv : uvs) {
            b.addUvs(uv);
        }
        materialIndex.keySet().forEach(b::addMaterial);
        newSubs.forEach(b::addSubmesh);
        return new Result(part.withMesh(b.build()), copyOf.size());
    }
}
