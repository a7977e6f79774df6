package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4f;

/**
 * {@link Partition#drawMeshes}: each draw cut out with {@link Meshes#selectVertices(Mesh, int[], int[], List)}
 * (every stream carried), its vertices in order of first use by its triangles, then given a skin
 * of the draw's palette entries, joints renumbered to local slots. A zero-weight slot whose joint
 * the draw does not bind gets local slot 0 (it contributes nothing).
 */
final class DrawExtraction {
    private DrawExtraction() {
    }

    static List<DrawMesh> run(Mesh mesh) {
        Skin skin = mesh.skin();
        if (skin == null || !mesh.hasDraws()) {
            throw new ValidationException("drawMeshes: mesh " + Checks.quote(mesh.name())
                    + " has no draws, expected a partitioned mesh (see Partition.partition)");
        }
        ModelAccess.Bridge raw = ModelAccess.get();
        int[] indices = raw.indices(mesh);
        BoneWeights bw = skin.weights();
        int k = bw.influencesPerVertex();
        int[] joints = raw.joints(bw);
        float[] weights = raw.weights(bw);
        float[] ibm = raw.inverseBindMatrices(skin);
        int[] local = new int[mesh.vertexCount()];
        Arrays.fill(local, -1);
        int[] slotOf = new int[skin.paletteSize()];
        Arrays.fill(slotOf, -1);
        List<DrawMesh> out = new ArrayList<>();
        List<Submesh> submeshes = mesh.submeshes();
        for (int s = 0; s < submeshes.size(); s++) {
            Submesh sub = submeshes.get(s);
            List<Draw> draws = sub.hasDraws() ? sub.draws()
                    : sub.indexCount() == 0 ? List.of() : List.of(Draw.of(sub.firstIndex(), sub.indexCount(), all(skin)));
            for (int d = 0; d < draws.size(); d++) {
                Draw draw = draws.get(d);
                IntArrayList newToOld = new IntArrayList();
                int[] newIndices = new int[draw.indexCount()];
                for (int i = 0; i < newIndices.length; i++) {
                    int v = indices[draw.firstIndex() + i];
                    if (local[v] < 0) {
                        local[v] = newToOld.size();
                        newToOld.add(v);
                    }
                    newIndices[i] = local[v];
                }
                int[] map = newToOld.toIntArray();
                for (int v : map) {
                    local[v] = -1;
                }
                Mesh cut = Meshes.selectVertices(mesh, map, newIndices,
                        List.of(new Submesh(0, newIndices.length, sub.materialIndex())));
                int entries = draw.paletteEntryCount();
                String[] names = new String[entries];
                float[] drawIbm = new float[16 * entries];
                for (int e = 0; e < entries; e++) {
                    int entry = draw.paletteEntry(e);
                    slotOf[entry] = e;
                    names[e] = skin.boneName(entry);
                    System.arraycopy(ibm, 16 * entry, drawIbm, 16 * e, 16);
                }
                int[] drawJoints = new int[map.length * k];
                float[] drawWeights = new float[map.length * k];
                for (int v = 0; v < map.length; v++) {
                    for (int slot = 0; slot < k; slot++) {
                        int src = map[v] * k + slot;
                        int e = slotOf[joints[src]];
                        drawJoints[v * k + slot] = e < 0 ? 0 : e;
                        drawWeights[v * k + slot] = weights[src];
                        assert e >= 0 || !(weights[src] > 0) : "draw checks guarantee weighted joints are bound";
                    }
                }
                for (int e = 0; e < entries; e++) {
                    slotOf[draw.paletteEntry(e)] = -1;
                }
                Skin drawSkin = entries == 0 ? null
                        : Skin.of(names, drawIbm, BoneWeights.ofSlots(k, drawJoints, drawWeights));
                Mesh drawMesh = cut.toBuilder().skin(drawSkin).build();
                out.add(new DrawMesh(s, d, drawMesh, map));
            }
        }
        return List.copyOf(out);
    }

    static Character split(Character character) {
        Character.Builder b = Character.builder(character.name(), character.skeleton());
        Map<String, List<String>> renamed = new HashMap<>();
        for (Part p : character.parts()) {
            if (!p.mesh().hasDraws()) {
                b.addPart(p);
                continue;
            }
            List<String> names = new ArrayList<>();
            for (DrawMesh d : run(p.mesh())) {
                String name = p.name() + "." + d.submesh() + "." + d.draw();
                names.add(name);
                b.addPart(Part.of(name, d.mesh(), p.attachBone(), p.transform(new Matrix4f())));
            }
            renamed.put(p.name(), names);
        }
        for (AnimationClip clip : character.clips()) {
            List<MorphChannel> morphs = new ArrayList<>();
            for (MorphChannel c : clip.morphChannels()) {
                List<String> targets = renamed.get(c.target());
                if (targets == null) {
                    morphs.add(c);
                    continue;
                }
                float[] times = c.times();
                float[] values = c.values();
                for (String target : targets) {
                    morphs.add(MorphChannel.of(target, c.weightCount(), c.interpolation(), times, values));
                }
            }
            b.addClip(AnimationClip.of(clip.name(), clip.channels(), morphs).withDuration(clip.duration()));
        }
        return b.build();
    }

    private static int[] all(Skin skin) {
        int[] entries = new int[skin.paletteSize()];
        for (int e = 0; e < entries.length; e++) {
            entries[e] = e;
        }
        return entries;
    }
}
