package io.github.skinmesh.core.internal;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The vertex streams of a mesh assembled from several inputs, one after the other: what
 * {@code Meshes.concat} and {@code Combine.combine} both build, defined once. The result has every
 * stream some input has: normals, tangents and colors when any input has them, as many UV
 * channels as the input with the most, the extra attributes united by name in order of first
 * appearance (inputs that share a name must agree on its component count), the largest influence
 * count, and the morph targets united by name.
 *
 * <p>Morph targets: united in order of first appearance; a name that one input uses for several
 * targets is matched by occurrence (its second target with another input's second target of that
 * name, so unnamed targets unite by position among the unnamed). A united target has a delta
 * stream (positions, normals, tangents) when any input's target has it, and the default weight of
 * the first input that has it (a differing one is warned about). Under {@link MorphClash#REJECT} a
 * name that an earlier input already used is an error; under {@link MorphClash#RENAME} the later
 * input's targets of that name get a new, unique name.
 *
 * <p>{@link #fillWarnings} words what an input lacks and gets filled in, in one order for every
 * caller: normals and tangents per input, then colors, UV channels, attributes and morph targets.
 * Operations name their inputs through {@link Wording}. Not API.
 */
public final class StreamUnion {
    /** What happens when two inputs have a morph target of one name. */
    public enum MorphClash {
        /** The targets become one. */
        MERGE,
        /** An error naming both inputs. */
        REJECT,
        /** The later input's targets of that name are renamed. */
        RENAME
    }

    /** How an operation names its inputs in errors and warnings. */
    public interface Wording {
        /** @return the operation, the start of an error, e.g. {@code "concat"} */
        String operation();

        /**
         * @param input an input
         * @return the start of a warning about it, e.g. {@code "concat: mesh 1 'bare'"}; the
         *     warning goes on with {@code " has no colors; ..."}
         */
        String subject(int input);

        /**
         * @param input an input
         * @return the input within a sentence, e.g. {@code "mesh 1 'bare'"}
         */
        String name(int input);

        /**
         * @param input an input
         * @return the suffix of a renamed morph target, e.g. the part's name
         */
        String label(int input);

        /**
         * @param target the target's description ({@link #describeTarget})
         * @param input the input whose default weight is not kept
         * @param weight its default weight
         * @param first the input whose default weight is kept
         * @param kept that weight
         * @return the warning
         */
        String defaultWeightDiffers(String target, int input, float weight, int first, float kept);
    }

    private record Key(String name, int occurrence) {
    }

    /** Whether the result has normals, tangents, colors. */
    public final boolean normals;
    public final boolean tangents;
    public final boolean colors;
    /** UV channels of the result. */
    public final int uvChannels;
    /** Extra attributes of the result, by name in order of first appearance, with their component counts. */
    public final List<String> attributeNames;
    public final List<Integer> attributeComponents;
    /** Influences per vertex of the result: the largest of the inputs', at least 1. */
    public final int influences;
    /** United morph targets: names, delta streams (positions, normals, tangents) and default weights. */
    public final List<String> morphNames = new ArrayList<>();
    public final List<boolean[]> morphStreams = new ArrayList<>();
    public final List<Float> morphDefaultWeights = new ArrayList<>();
    /** Per united target, the input whose default weight it has. */
    private final List<Integer> morphOwner = new ArrayList<>();
    /** Per input: its own target -> united target. */
    public final int[][] morphRemap;

    private StreamUnion(boolean normals, boolean tangents, boolean colors, int uvChannels, List<String> attributeNames,
            List<Integer> attributeComponents, int influences, int inputs) {
        this.normals = normals;
        this.tangents = tangents;
        this.colors = colors;
        this.uvChannels = uvChannels;
        this.attributeNames = attributeNames;
        this.attributeComponents = attributeComponents;
        this.influences = influences;
        this.morphRemap = new int[inputs][];
    }

    /**
     * Unites the streams of the inputs.
     *
     * @param meshes the inputs' meshes, in order
     * @param influences per input its influences per vertex ({@code 0} for an input without skin)
     * @param clash the morph name policy
     * @param wording names the inputs in messages
     * @param warnings receives the morph targets' default weight and rename notes
     * @return the union
     * @throws ValidationException when two inputs give an attribute different component counts,
     *     or (under {@link MorphClash#REJECT}) both have a morph target of one name, naming both
     */
    public static StreamUnion of(List<Mesh> meshes, int[] influences, MorphClash clash, Wording wording,
            List<String> warnings) {
        boolean normals = false;
        boolean tangents = false;
        boolean colors = false;
        int uvChannels = 0;
        int k = 1;
        List<String> names = new ArrayList<>();
        List<Integer> components = new ArrayList<>();
        Map<String, Integer> attributeIndex = new HashMap<>();
        List<Integer> attributeOwner = new ArrayList<>();
        for (int i = 0; i < meshes.size(); i++) {
            Mesh m = meshes.get(i);
            normals |= m.hasNormals();
            tangents |= m.hasTangents();
            colors |= m.hasColors();
            uvChannels = Math.max(uvChannels, m.uvChannelCount());
            k = Math.max(k, influences[i]);
            for (VertexAttribute a : m.attributes()) {
                Integer index = attributeIndex.get(a.name());
                if (index == null) {
                    attributeIndex.put(a.name(), names.size());
                    names.add(a.name());
                    components.add(a.componentCount());
                    attributeOwner.add(i);
                } else if (components.get(index) != a.componentCount()) {
                    int first = attributeOwner.get(index);
                    throw new ValidationException(wording.operation() + ": vertex attribute " + Checks.quote(a.name())
                            + " has " + components.get(index) + " components in " + wording.name(first) + " and "
                            + a.componentCount() + " in " + wording.name(i) + ", expected the same component count");
                }
            }
        }
        StreamUnion u = new StreamUnion(normals, tangents, colors, uvChannels, List.copyOf(names),
                List.copyOf(components), k, meshes.size());
        u.uniteMorphs(meshes, clash, wording, warnings);
        return u;
    }

    private void uniteMorphs(List<Mesh> meshes, MorphClash clash, Wording wording, List<String> warnings) {
        Map<Key, Integer> united = new HashMap<>();
        Map<String, Integer> firstInputOfName = new HashMap<>();
        Set<String> unitedNames = new HashSet<>();
        for (int i = 0; i < meshes.size(); i++) {
            Mesh mesh = meshes.get(i);
            List<MorphTarget> targets = mesh.morphTargets();
            float[] weights = mesh.morphWeights();
            Map<String, Integer> occurrences = new HashMap<>();
            Map<String, String> renamed = new LinkedHashMap<>();
            Set<String> ownNames = new HashSet<>();
            for (MorphTarget t : targets) {
                ownNames.add(t.name());
            }
            morphRemap[i] = new int[targets.size()];
            for (int t = 0; t < targets.size(); t++) {
                MorphTarget target = targets.get(t);
                String name = target.name();
                int occurrence = occurrences.merge(name, 1, Integer::sum) - 1;
                Integer earlier = firstInputOfName.get(name);
                if (earlier != null && clash != MorphClash.MERGE) {
                    if (clash == MorphClash.REJECT) {
                        throw new ValidationException(wording.operation() + ": " + wording.name(earlier) + " and "
                                + wording.name(i) + " both have morph target " + Checks.quote(name)
                                + ", expected distinct names (MorphNameClash.REJECT)");
                    }
                    String label = wording.label(i);
                    name = renamed.computeIfAbsent(name, original -> unique(original + "." + label, unitedNames,
                            ownNames));
                }
                Key key = new Key(name, occurrence);
                Integer index = united.get(key);
                if (index == null) {
                    index = morphNames.size();
                    united.put(key, index);
                    morphNames.add(name);
                    unitedNames.add(name);
                    morphStreams.add(new boolean[3]);
                    morphDefaultWeights.add(weights[t]);
                    morphOwner.add(i);
                } else if (Float.floatToIntBits(morphDefaultWeights.get(index)) != Float.floatToIntBits(weights[t])) {
                    warnings.add(wording.defaultWeightDiffers(describeTarget(name, occurrence), i, weights[t],
                            morphOwner.get(index), morphDefaultWeights.get(index)));
                }
                boolean[] s = morphStreams.get(index);
                s[0] |= target.hasPositions();
                s[1] |= target.hasNormals();
                s[2] |= target.hasTangents();
                morphRemap[i][t] = index;
            }
            for (Map.Entry<String, String> r : renamed.entrySet()) {
                warnings.add(wording.subject(i) + " morph target " + Checks.quote(r.getKey())
                        + " is also a target of an earlier part; renamed " + Checks.quote(r.getValue()));
            }
            for (MorphTarget t : targets) {
                firstInputOfName.putIfAbsent(t.name(), i);
            }
            for (String r : renamed.values()) {
                firstInputOfName.putIfAbsent(r, i);
            }
        }
    }

    private static String unique(String candidate, Set<String> taken, Set<String> own) {
        String name = candidate;
        for (int n = 2; taken.contains(name) || own.contains(name); n++) {
            name = candidate + "#" + n;
        }
        return name;
    }

    /**
     * @param name a target's name
     * @param occurrence which target of that name within its mesh, from 0
     * @return the quoted name, with the occurrence when it is not the first
     */
    public static String describeTarget(String name, int occurrence) {
        return Checks.quote(name) + (occurrence == 0 ? "" : " (occurrence " + (occurrence + 1) + " of the name)");
    }

    /**
     * @param other another union
     * @return whether both describe the same streams of the result: the same stream flags, UV
     *     channels, attributes, influences, and morph targets (names, delta streams, default
     *     weights), whatever the inputs they came from
     */
    public boolean sameStreams(StreamUnion other) {
        if (normals != other.normals || tangents != other.tangents || colors != other.colors
                || uvChannels != other.uvChannels || influences != other.influences
                || !attributeNames.equals(other.attributeNames) || !attributeComponents.equals(other.attributeComponents)
                || !morphNames.equals(other.morphNames) || !morphDefaultWeights.equals(other.morphDefaultWeights)) {
            return false;
        }
        for (int t = 0; t < morphStreams.size(); t++) {
            if (!java.util.Arrays.equals(morphStreams.get(t), other.morphStreams.get(t))) {
                return false;
            }
        }
        return true;
    }

    /** @return the number of united morph targets */
    public int morphTargetCount() {
        return morphNames.size();
    }

    /** @return the united default weights, one per target */
    public float[] morphWeights() {
        float[] w = new float[morphDefaultWeights.size()];
        for (int t = 0; t < w.length; t++) {
            w[t] = morphDefaultWeights.get(t);
        }
        return w;
    }

    /** @return the number of floats per vertex of the result's streams, joints and weights included (when skinned) */
    public long floatsPerVertex(boolean skinned) {
        long n = 3 + (normals ? 3 : 0) + (tangents ? 4 : 0) + (colors ? 4 : 0) + 2L * uvChannels
                + (skinned ? 2L * influences : 0);
        for (int c : attributeComponents) {
            n += c;
        }
        for (boolean[] s : morphStreams) {
            n += 3L * ((s[0] ? 1 : 0) + (s[1] ? 1 : 0) + (s[2] ? 1 : 0));
        }
        return n;
    }

    /**
     * Words what each input lacks and gets filled in, appending to {@code warnings}: a computed
     * normal or tangent stream (with the number of vertices that got a fallback), white colors,
     * zero UV channels, zero attributes and zero morph deltas.
     *
     * @param meshes the inputs' meshes
     * @param normalFallbacks per input: {@code -1} when its normals were not computed, else the
     *     number of vertices that got the fallback normal
     * @param tangentFallbacks per input: {@code -1} when its tangents were not computed, else the
     *     number of vertices that got a tangent from the normal alone
     * @param wording names the inputs
     * @param warnings receives the warnings
     */
    public void fillWarnings(List<Mesh> meshes, int[] normalFallbacks, int[] tangentFallbacks, Wording wording,
            List<String> warnings) {
        for (int i = 0; i < meshes.size(); i++) {
            Mesh m = meshes.get(i);
            if (normalFallbacks[i] >= 0) {
                warnings.add(wording.subject(i) + " has no normals; computed from its triangles (area- and"
                        + " angle-weighted)" + fallbackNote(normalFallbacks[i],
                        "the fallback normal (0, 0, 1) (no triangle with area)"));
            }
            if (tangentFallbacks[i] >= 0) {
                String source = m.uvChannelCount() == 0 ? " alone (it has no UV set)" : " and UV set 0"
                        + fallbackNote(tangentFallbacks[i], "a tangent from the normal alone (no usable UV gradient)");
                warnings.add(wording.subject(i) + " has no tangents; computed from its positions, "
                        + (m.hasNormals() ? "normals" : "computed normals") + source);
            }
        }
        if (colors) {
            for (int i = 0; i < meshes.size(); i++) {
                if (!meshes.get(i).hasColors()) {
                    warnings.add(wording.subject(i) + " has no colors; filled with white (1, 1, 1, 1)");
                }
            }
        }
        for (int i = 0; i < meshes.size(); i++) {
            int has = meshes.get(i).uvChannelCount();
            if (has < uvChannels) {
                warnings.add(wording.subject(i) + " has " + has + " UV " + (has == 1 ? "channel" : "channels") + " of "
                        + uvChannels + "; " + (uvChannels - has == 1 ? "channel " + has
                        : "channels " + has + ".." + (uvChannels - 1)) + " filled with (0, 0)");
            }
        }
        for (String a : attributeNames) {
            for (int i = 0; i < meshes.size(); i++) {
                if (meshes.get(i).attribute(a) == null) {
                    warnings.add(wording.subject(i) + " has no vertex attribute " + Checks.quote(a)
                            + "; filled with zeros");
                }
            }
        }
        for (int i = 0; i < meshes.size(); i++) {
            boolean[] has = new boolean[morphNames.size()];
            for (int t : morphRemap[i]) {
                has[t] = true;
            }
            List<String> missing = new ArrayList<>();
            for (int t = 0; t < has.length; t++) {
                if (!has[t]) {
                    missing.add(Checks.quote(morphNames.get(t)));
                }
            }
            if (!missing.isEmpty()) {
                warnings.add(wording.subject(i) + " has no morph " + (missing.size() == 1 ? "target " : "targets ")
                        + String.join(", ", missing) + "; zero deltas");
            }
        }
    }

    private static String fallbackNote(int fallbacks, String what) {
        return fallbacks == 0 ? "" : "; " + fallbacks + (fallbacks == 1 ? " vertex" : " vertices") + " got " + what;
    }
}
