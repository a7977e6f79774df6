package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.MorphTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The morph targets of the result: the parts' targets united by name under a
 * {@link CombineOptions.MorphNameClash} policy, in order of first appearance. Within one part a
 * name used by several targets is matched by occurrence (its second target with another part's
 * second target of that name). A united target has a delta stream when any part's target has it,
 * and the default weight of the first part that has it.
 */
final class MorphLayout {
    private record Key(String name, int occurrence) {
    }

    final List<String> names = new ArrayList<>();
    final List<boolean[]> streams = new ArrayList<>();
    final List<Float> defaultWeights = new ArrayList<>();
    /** Per united target, the part whose default weight it has. */
    final List<Integer> owner = new ArrayList<>();
    /** Per part: its own target -> united target. */
    final int[][] remap;

    private MorphLayout(int parts) {
        this.remap = new int[parts][];
    }

    int size() {
        return names.size();
    }

    static MorphLayout of(List<PreparedPart> parts, CombineOptions.MorphNameClash policy, List<String> warnings) {
        MorphLayout u = new MorphLayout(parts.size());
        Map<Key, Integer> united = new LinkedHashMap<>();
        Map<String, Integer> firstPartOfName = new HashMap<>();
        Set<String> unitedNames = new HashSet<>();
        for (int i = 0; i < parts.size(); i++) {
            PreparedPart part = parts.get(i);
            List<MorphTarget> targets = part.mesh.morphTargets();
            float[] weights = part.mesh.morphWeights();
            Map<String, Integer> occurrences = new HashMap<>();
            Map<String, String> renamed = new LinkedHashMap<>();
            Set<String> ownNames = new HashSet<>();
            for (MorphTarget t : targets) {
                ownNames.add(t.name());
            }
            u.remap[i] = new int[targets.size()];
            for (int t = 0; t < targets.size(); t++) {
                MorphTarget target = targets.get(t);
                String name = target.name();
                int occurrence = occurrences.merge(name, 1, Integer::sum) - 1;
                Integer earlier = firstPartOfName.get(name);
                if (earlier != null && policy != CombineOptions.MorphNameClash.MERGE) {
                    if (policy == CombineOptions.MorphNameClash.REJECT) {
                        throw new ValidationException("combine: part " + Checks.quote(parts.get(earlier).name)
                                + " (input " + earlier + ") and part " + Checks.quote(part.name) + " (input " + i
                                + ") both have morph target " + Checks.quote(name)
                                + ", expected distinct names (MorphNameClash.REJECT)");
                    }
                    String label = part.name.isEmpty() ? "input" + i : part.name;
                    name = renamed.computeIfAbsent(name, original -> unique(original + "." + label, unitedNames,
                            ownNames));
                }
                Key key = new Key(name, occurrence);
                Integer index = united.get(key);
                if (index == null) {
                    index = u.names.size();
                    united.put(key, index);
                    u.names.add(name);
                    unitedNames.add(name);
                    u.streams.add(new boolean[3]);
                    u.defaultWeights.add(weights[t]);
                    u.owner.add(i);
                } else if (Float.floatToIntBits(u.defaultWeights.get(index)) != Float.floatToIntBits(weights[t])) {
                    int first = u.owner.get(index);
                    warnings.add("part " + Checks.quote(part.name) + ": morph target " + describe(name, occurrence)
                            + " has default weight " + weights[t] + " but " + u.defaultWeights.get(index) + " in part "
                            + Checks.quote(parts.get(first).name) + "; " + u.defaultWeights.get(index) + " kept");
                }
                boolean[] s = u.streams.get(index);
                s[0] |= target.hasPositions();
                s[1] |= target.hasNormals();
                s[2] |= target.hasTangents();
                u.remap[i][t] = index;
            }
            for (Map.Entry<String, String> r : renamed.entrySet()) {
                warnings.add("part " + Checks.quote(part.name) + ": morph target " + Checks.quote(r.getKey())
                        + " is also a target of an earlier part; renamed " + Checks.quote(r.getValue()));
            }
            for (MorphTarget t : targets) {
                firstPartOfName.putIfAbsent(t.name(), i);
            }
            for (String r : renamed.values()) {
                firstPartOfName.putIfAbsent(r, i);
            }
        }
        return u;
    }

    private static String unique(String candidate, Set<String> taken, Set<String> own) {
        String name = candidate;
        for (int n = 2; taken.contains(name) || own.contains(name); n++) {
            name = candidate + "#" + n;
        }
        return name;
    }

    static String describe(String name, int occurrence) {
        return Checks.quote(name) + (occurrence == 0 ? "" : " (occurrence " + (occurrence + 1) + " of the name)");
    }
}
