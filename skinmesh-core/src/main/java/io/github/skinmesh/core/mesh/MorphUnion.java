package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The union of meshes' morph targets by name, in order of first appearance. A name that one
 * mesh uses for several targets is matched by occurrence: its second target unites with the
 * other meshes' second target of that name (so unnamed targets unite by position among the
 * unnamed). A united target has a delta stream (positions, normals, tangents) when any mesh's
 * target has it; its default weight is the first mesh's that has the target.
 */
final class MorphUnion {
    /** A target's identity across meshes: its name and which occurrence of the name it is. */
    private record Key(String name, int occurrence) {
    }

    final List<String> names = new ArrayList<>();
    final List<boolean[]> streams = new ArrayList<>();
    final List<Float> defaultWeights = new ArrayList<>();
    /** Per mesh: its target -> united target. */
    final int[][] remap;

    private MorphUnion(int meshCount) {
        this.remap = new int[meshCount][];
    }

    static MorphUnion of(List<Mesh> meshes, List<String> warnings) {
        MorphUnion u = new MorphUnion(meshes.size());
        Map<Key, Integer> united = new LinkedHashMap<>();
        List<Integer> owner = new ArrayList<>();
        for (int i = 0; i < meshes.size(); i++) {
            Mesh mesh = meshes.get(i);
            List<MorphTarget> targets = mesh.morphTargets();
            float[] weights = mesh.morphWeights();
            Map<String, Integer> seen = new HashMap<>();
            u.remap[i] = new int[targets.size()];
            for (int t = 0; t < targets.size(); t++) {
                MorphTarget target = targets.get(t);
                int occurrence = seen.merge(target.name(), 1, Integer::sum) - 1;
                Key key = new Key(target.name(), occurrence);
                Integer index = united.get(key);
                if (index == null) {
                    index = u.names.size();
                    united.put(key, index);
                    u.names.add(target.name());
                    u.streams.add(new boolean[3]);
                    u.defaultWeights.add(weights[t]);
                    owner.add(i);
                } else if (Float.floatToIntBits(u.defaultWeights.get(index)) != Float.floatToIntBits(weights[t])) {
                    int first = owner.get(index);
                    warnings.add(Meshes.CONCAT + ": morph target " + describe(target.name(), occurrence)
                            + " has default weight " + weights[t] + " in " + Meshes.describe(i, mesh) + " but "
                            + u.defaultWeights.get(index) + " in " + Meshes.describe(first, meshes.get(first))
                            + "; " + u.defaultWeights.get(index) + " kept");
                }
                boolean[] s = u.streams.get(index);
                s[0] |= target.hasPositions();
                s[1] |= target.hasNormals();
                s[2] |= target.hasTangents();
                u.remap[i][t] = index;
            }
        }
        return u;
    }

    int size() {
        return names.size();
    }

    static String describe(String name, int occurrence) {
        return Checks.quote(name) + (occurrence == 0 ? "" : " (occurrence " + (occurrence + 1) + " of the name)");
    }
}
