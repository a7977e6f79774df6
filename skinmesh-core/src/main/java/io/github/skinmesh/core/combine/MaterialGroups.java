package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Submesh;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The submeshes of the result: the parts' submeshes grouped by material, equal meaning
 * {@link Material#equalsIgnoringName} (template, factors, textures and render state), one
 * contiguous submesh per group holding its submeshes' triangles part after part, submesh after
 * submesh. Groups are ordered for drawing: opaque, then alpha-masked, then blended; within one
 * alpha mode in order of first appearance. Materials of different render states are never equal,
 * so transparent and double-sided materials never merge with opaque single-sided ones. A group
 * without triangles is left out. Each group keeps the first material's name.
 */
final class MaterialGroups {
    /** The materials of the result, one per group, in submesh order. */
    final List<Material> materials = new ArrayList<>();
    /** Per group, pairs (part, submesh of the part) in copy order. */
    final List<IntArrayList> members = new ArrayList<>();
    /** Per group, its index count. */
    final List<Long> indexCounts = new ArrayList<>();

    private MaterialGroups() {
    }

    static MaterialGroups of(List<PreparedPart> parts) {
        record Group(Material material, int order, IntArrayList members, long[] indices) {
        }
        List<Group> groups = new ArrayList<>();
        Int2ObjectOpenHashMap<IntArrayList> byHash = new Int2ObjectOpenHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            Mesh mesh = parts.get(i).mesh;
            List<Submesh> subs = mesh.submeshes();
            for (int s = 0; s < subs.size(); s++) {
                Submesh sub = subs.get(s);
                Material m = mesh.materials().get(sub.materialIndex());
                IntArrayList candidates = byHash.computeIfAbsent(m.hashCodeIgnoringName(), h -> new IntArrayList());
                Group group = null;
                for (int g : candidates) {
                    if (groups.get(g).material().equalsIgnoringName(m)) {
                        group = groups.get(g);
                        break;
                    }
                }
                if (group == null) {
                    candidates.add(groups.size());
                    group = new Group(m, groups.size(), new IntArrayList(), new long[1]);
                    groups.add(group);
                }
                group.members().add(i);
                group.members().add(s);
                group.indices()[0] += sub.indexCount();
            }
        }
        List<Group> ordered = new ArrayList<>(groups);
        ordered.sort(Comparator.comparingInt((Group g) -> rank(g.material().alphaMode())).thenComparingInt(Group::order));
        MaterialGroups out = new MaterialGroups();
        for (Group g : ordered) {
            if (g.indices()[0] == 0) {
                continue;
            }
            out.materials.add(g.material());
            out.members.add(g.members());
            out.indexCounts.add(g.indices()[0]);
        }
        return out;
    }

    int size() {
        return materials.size();
    }

    private static int rank(AlphaMode mode) {
        switch (mode) {
            case OPAQUE:
                return 0;
            case MASK:
                return 1;
            default:
                return 2;
        }
    }
}
