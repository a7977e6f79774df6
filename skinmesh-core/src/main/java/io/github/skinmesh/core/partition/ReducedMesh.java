package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the mesh of a chosen reduction state: the new palette, the weights moved to each bone's
 * representative (slots of one vertex that land on the same bone merged, renormalized to sum 1,
 * canonical order), and the draws rewritten so that each still binds every bone its vertices
 * weight. Every other stream, the submesh ranges, materials and morph targets are shared with the
 * input unchanged.
 */
final class ReducedMesh {
    /** The built mesh and what the report says about it. */
    record Built(Mesh mesh, int paletteSize, List<BoneFold> folds, List<String> addedBones, double weightMoved,
            int bonesAfter, int maxDrawBonesAfter, List<String> warnings) {
    }

    private ReducedMesh() {
    }

    /**
     * @param in the input
     * @param rep each universe bone's representative in the chosen state
     * @param mode the palette mode
     * @param oneDrawLimit for {@code fitOneDraw} its {@code maxBones}: each submesh becomes one draw
     *     when the palette is larger; 0 to keep (and rewrite) the input's draws
     * @return the mesh and its report data
     */
    static Built build(ReduceInput in, int[] rep, PaletteMode mode, int oneDrawLimit) {
        int count = in.boneCount;
        boolean[] kept = new boolean[count];
        boolean anyFold = false;
        for (int u = 0; u < count; u++) {
            if (in.weighted[u]) {
                kept[rep[u]] = true;
                anyFold |= rep[u] != u;
            }
        }
        int bonesAfter = 0;
        for (boolean k : kept) {
            bonesAfter += k ? 1 : 0;
        }
        List<BoneFold> folds = new ArrayList<>();
        double weightMoved = 0;
        Skin skin = in.skin;
        int oldSize = skin.paletteSize();
        int[] universeOfEntry = new int[oldSize];
        Arrays.fill(universeOfEntry, -1);
        for (int u = 0; u < count; u++) {
            if (in.entry[u] >= 0) {
                universeOfEntry[in.entry[u]] = u;
            }
        }
        for (int e = 0; e < oldSize; e++) {
            int u = universeOfEntry[e];
            if (u >= 0 && in.weighted[u] && rep[u] != u) {
                int vertices = in.vertexStart[u + 1] - in.vertexStart[u];
                folds.add(new BoneFold(in.name(u), in.name(rep[u]), vertices, in.mass[u]));
                weightMoved += in.mass[u];
            }
        }
        List<String> added = new ArrayList<>();
        for (int u = 0; u < count; u++) {
            if (kept[u] && !in.weighted[u]) {
                added.add(in.name(u));
            }
        }

        // the palette: new entry per kept universe bone
        int[] newEntry = new int[count];
        Arrays.fill(newEntry, -1);
        List<String> names = new ArrayList<>();
        FloatArrayList ibm = new FloatArrayList(16 * (oldSize + 1));
        float[] oldIbm = ModelAccess.get().inverseBindMatrices(skin);
        for (int e = 0; e < oldSize; e++) {
            int u = universeOfEntry[e];
            boolean keep = mode == PaletteMode.KEEP || (u >= 0 && kept[u]);
            if (keep) {
                if (u >= 0) {
                    newEntry[u] = names.size();
                }
                names.add(skin.boneName(e));
                ibm.addElements(ibm.size(), oldIbm, 16 * e, 16);
            }
        }
        for (int u = 0; u < count; u++) {
            if (kept[u] && in.entry[u] < 0) {
                newEntry[u] = names.size();
                names.add(in.name(u));
                ibm.addElements(ibm.size(), in.inverseBind, 16 * u, 16);
            }
        }
        boolean paletteUnchanged = names.size() == oldSize;
        boolean drawsNeeded = oneDrawLimit > 0 && names.size() > oneDrawLimit;
        boolean hasDraws = in.mesh.hasDraws();
        int maxDrawBonesAfter = maxDrawBones(in, rep);
        boolean nothingWeighted = bonesAfter == 0; // no vertex: there is no palette to compact to
        if (nothingWeighted || !anyFold && paletteUnchanged && !drawsNeeded && !(oneDrawLimit > 0 && hasDraws)) {
            return new Built(in.mesh, oldSize, folds, added, weightMoved, bonesAfter, maxDrawBonesAfter, List.of());
        }

        // the weights
        int k = in.influences;
        int n = in.vertexCount;
        int[] joints = new int[n * k];
        float[] weights = new float[n * k];
        for (int v = 0; v < n; v++) {
            int base = v * k;
            int used = 0;
            for (int s = base; s < base + k; s++) {
                float w = in.weights[s];
                if (!(w > 0)) {
                    continue;
                }
                int j = newEntry[rep[in.joints[s]]];
                int at = base;
                while (at < base + used && joints[at] != j) {
                    at++;
                }
                if (at == base + used) {
                    joints[at] = j;
                    used++;
                }
                weights[at] += w;
            }
            float sum = 0;
            for (int s = base; s < base + used; s++) {
                sum += weights[s];
            }
            for (int s = base; s < base + used; s++) {
                weights[s] /= sum;
            }
        }
        ModelAccess.Bridge raw = ModelAccess.get();
        BoneWeights newWeights = raw.adoptWeights(k, joints, weights);
        Skin newSkin = raw.adoptSkin(names.toArray(new String[0]), ibm.toFloatArray(), newWeights);

        // the draws
        List<String> notes = new ArrayList<>();
        List<Submesh> submeshes = in.mesh.submeshes();
        List<Submesh> rebuilt = new ArrayList<>(submeshes.size());
        int[] indices = raw.indices(in.mesh);
        int newSize = names.size();
        int[] slotOf = new int[newSize];
        Arrays.fill(slotOf, -1);
        String where = "mesh " + Checks.quote(in.mesh.name());
        for (int s = 0; s < submeshes.size(); s++) {
            Submesh sub = submeshes.get(s);
            if (oneDrawLimit > 0) {
                if (drawsNeeded && sub.indexCount() > 0) {
                    IntArrayList entries = new IntArrayList();
                    requireVertexEntries(sub.firstIndex(), sub.indexCount(), indices, joints, weights, k, entries,
                            slotOf);
                    int[] sorted = entries.toIntArray();
                    for (int e : sorted) {
                        slotOf[e] = -1;
                    }
                    Arrays.sort(sorted);
                    rebuilt.add(sub.withDraws(List.of(Draw.of(sub.firstIndex(), sub.indexCount(), sorted))));
                } else {
                    rebuilt.add(sub.withDraws(List.of()));
                }
                if (sub.hasDraws()) {
                    notes.add(where + ": submesh " + s + ": its " + sub.draws().size() + " draws were replaced by "
                            + (drawsNeeded && sub.indexCount() > 0 ? "one draw" : "none (the palette fits one draw)"));
                }
                continue;
            }
            if (!sub.hasDraws()) {
                rebuilt.add(sub);
                continue;
            }
            List<Draw> draws = new ArrayList<>(sub.draws().size());
            for (Draw draw : sub.draws()) {
                IntArrayList entries = new IntArrayList(draw.paletteEntryCount());
                for (int i = 0; i < draw.paletteEntryCount(); i++) {
                    int e = draw.paletteEntry(i);
                    int u = universeOfEntry[e];
                    int mapped = u >= 0 && in.weighted[u] ? newEntry[rep[u]]
                            : u >= 0 && kept[u] ? newEntry[u]
                            : mode == PaletteMode.KEEP ? e : -1;
                    if (mapped >= 0 && slotOf[mapped] < 0) {
                        slotOf[mapped] = entries.size();
                        entries.add(mapped);
                    }
                }
                int listed = entries.size();
                requireVertexEntries(draw.firstIndex(), draw.indexCount(), indices, joints, weights, k, entries,
                        slotOf);
                if (entries.size() > listed) {
                    notes.add(where + ": submesh " + s + " draw at indices " + draw.firstIndex() + ".."
                            + (draw.firstIndex() + draw.indexCount()) + ": " + (entries.size() - listed)
                            + " palette entries added for vertices that had no weight and follow palette entry 0");
                }
                for (int i = 0; i < entries.size(); i++) {
                    slotOf[entries.getInt(i)] = -1;
                }
                draws.add(Draw.of(draw.firstIndex(), draw.indexCount(), entries.toIntArray()));
            }
            rebuilt.add(sub.withDraws(draws));
        }
        Mesh.Builder b = in.mesh.toBuilder().skin(newSkin).clearSubmeshes();
        rebuilt.forEach(b::addSubmesh);
        return new Built(b.build(), newSize, folds, added, weightMoved, bonesAfter, maxDrawBonesAfter, notes);
    }

    /**
     * Appends to {@code entries} every new palette entry weighted by a vertex of the index range
     * that is not listed yet; {@code slotOf[e] >= 0} marks listed entries (and is left set for the
     * appended ones).
     */
    private static void requireVertexEntries(int first, int count, int[] indices, int[] joints, float[] weights,
            int k, IntArrayList entries, int[] slotOf) {
        for (int i = first; i < first + count; i++) {
            int v = indices[i];
            for (int s = v * k; s < v * k + k; s++) {
                if (weights[s] > 0 && slotOf[joints[s]] < 0) {
                    slotOf[joints[s]] = entries.size();
                    entries.add(joints[s]);
                }
            }
        }
    }

    /** The most bones with weight that one submesh's triangles use in the state {@code rep}. */
    static int maxDrawBones(ReduceInput in, int[] rep) {
        int max = 0;
        int[] seen = new int[in.boneCount];
        Arrays.fill(seen, -1);
        for (int s = 0; s < in.submeshBones.length; s++) {
            int n = 0;
            for (int u : in.submeshBones[s]) {
                int r = rep[u];
                if (seen[r] != s) {
                    seen[r] = s;
                    n++;
                }
            }
            max = Math.max(max, n);
        }
        return max;
    }
}
