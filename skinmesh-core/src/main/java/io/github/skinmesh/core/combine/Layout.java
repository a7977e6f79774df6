package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.internal.StreamUnion;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * Everything about a combination except its big arrays: the output skeleton and palette, each
 * part's entries mapped to palette entries, the inverse bind matrix each bone keeps and each
 * entry's correction, the reconciled vertex data of each part, the streams and morph targets of
 * the result, its submeshes, and where each part's vertices go. Computed from the prepared parts
 * in time proportional to their entries, submeshes and targets, plus the reconciliation of the
 * parts that need one (cached on the parts).
 */
final class Layout {
    /** Largest relative difference of two corrections that {@link #alignIntroducedBones} takes for one. */
    static final float SAME_CORRECTION = 1e-6f;
    final List<PreparedPart> parts;
    final CombineOptions options;
    final List<String> partNames;
    final List<String> warnings = new ArrayList<>();
    final Skeleton skeleton;
    /** Palette: bone names in skeleton order, and the inverse bind matrix kept for each (16 floats). */
    final String[] paletteNames;
    final float[] paletteIbm;
    /** Per palette entry, the input whose matrix it keeps, or -1 for the rest pose. */
    final int[] referencePart;
    /** Per part, per entry: the palette entry of its bone, or -1 (dropped). */
    final int[][] entryPalette;
    /**
     * Per part, its entries' inverse bind matrices (16 floats each) as the result poses it: the
     * part's own, with those on bones whose rest frame has another scale in the result's skeleton
     * scaled by the ratio ({@link RestScale}); the part's own array when none is.
     */
    final float[][] entryIbm;
    /** Per part, per entry: the correction {@code C}, or null; null for a part without any. */
    final float @Nullable [][][] corrections;
    final PartData[] data;
    /**
     * The result's streams: normals, tangents, colors, UV channels, attributes, influences and the
     * morph targets united by name (as {@code Meshes.concat} unites them, under the clash policy).
     */
    final StreamUnion streams;
    final boolean canonical;
    final MaterialGroups groups;
    /**
     * The parts in the order of their vertices in the result: by the first submesh (in draw order)
     * holding any of their triangles, then by input order. So when every part has one material,
     * each submesh's vertices form one range and the ranges follow the submeshes (a writer can give
     * every submesh only its own vertices).
     */
    final int[] vertexOrder;
    /** Per part, its first vertex in the result. */
    final int[] firstVertex;
    final int vertexCount;
    final long indexCount;
    final List<String> droppedBones;
    final @Nullable Character clipSource;
    final String name;

    Layout(List<PreparedPart> parts, CombineOptions options) {
        this.parts = parts;
        this.options = options;
        int count = parts.size();
        partNames = new ArrayList<>(count);
        List<Skeleton> skeletons = new ArrayList<>(count);
        for (PreparedPart p : parts) {
            partNames.add(p.name);
            skeletons.add(p.input.skeleton());
        }
        // the size limits were checked by the plan, on these parts, before they were prepared
        for (PreparedPart p : parts) {
            warnings.addAll(p.warnings);
        }
        Character source = options.clipSource();
        if (source == null) {
            source = parts.get(0).input.source();
        }
        clipSource = source;
        String resultName = options.name();
        if (resultName == null) {
            resultName = source != null ? source.name() : "";
            if (resultName.isEmpty()) {
                resultName = parts.get(0).name;
            }
            if (resultName.isEmpty()) {
                resultName = CombineOptions.DEFAULT_NAME; // an unnamed file and part: a writer needs a name to keep
            }
        }
        name = resultName;
        Skeleton union = options.skeleton() != null ? options.skeleton()
                : SkeletonUnion.of(skeletons, partNames, options.remap().units(), warnings);
        // an unnamed union takes the result's name, which is what a file format keeps for it
        skeleton = options.skeleton() == null && union.name().isEmpty() ? renamed(union, name) : union;

        int boneCount = skeleton.boneCount();
        int[][] entryBone = new int[count][];
        entryIbm = unitScaled(parts, skeleton, options.remap(), "part", warnings);
        boolean[] inPalette = new boolean[boneCount];
        for (int i = 0; i < count; i++) {
            PreparedPart p = parts.get(i);
            entryBone[i] = SkeletonUnion.lookup(skeleton, p.entryBone);
            for (int e = 0; e < p.entryCount(); e++) {
                assert p.entryBone[e] == null || entryBone[i][e] >= 0 : "prepared against another skeleton";
                if (p.entryUsed[e] && entryBone[i][e] >= 0) {
                    inPalette[entryBone[i][e]] = true;
                }
            }
        }
        if (options.palette() == CombineOptions.PaletteBones.ALL) {
            Arrays.fill(inPalette, true);
        }
        int paletteSize = 0;
        for (boolean b : inPalette) {
            paletteSize += b ? 1 : 0;
        }
        if (paletteSize == 0) {
            // only parts without vertices: a skin still needs one entry
            int bone = 0;
            for (int i = 0; i < count && bone == 0; i++) {
                for (int b : entryBone[i]) {
                    if (b >= 0) {
                        bone = b;
                        break;
                    }
                }
            }
            inPalette[bone] = true;
            paletteSize = 1;
        }
        if (paletteSize > Skin.MAX_PALETTE_SIZE) {
            throw new ValidationException("combine: the palette needs " + paletteSize + " bones, expected at most "
                    + Skin.MAX_PALETTE_SIZE);
        }
        int[] paletteOfBone = new int[boneCount];
        paletteNames = new String[paletteSize];
        int[] boneOfPalette = new int[paletteSize];
        for (int b = 0, p = 0; b < boneCount; b++) {
            paletteOfBone[b] = inPalette[b] ? p : -1;
            if (inPalette[b]) {
                paletteNames[p] = skeleton.boneName(b);
                boneOfPalette[p++] = b;
            }
        }
        entryPalette = new int[count][];
        Set<String> dropped = new LinkedHashSet<>();
        for (int i = 0; i < count; i++) {
            PreparedPart p = parts.get(i);
            entryPalette[i] = new int[p.entryCount()];
            Skin skin = p.input.part().mesh().skin();
            for (int e = 0; e < p.entryCount(); e++) {
                int b = entryBone[i][e];
                entryPalette[i][e] = b < 0 ? -1 : paletteOfBone[b];
                String original = skin != null ? skin.boneName(e) : p.entryBone[e] != null && !p.entryMoved[e]
                        ? p.entryBone[e] : p.input.part().attachBone() != null ? p.input.part().attachBone()
                        : options.bindUnattachedTo();
                if (entryPalette[i][e] < 0 || p.entryMoved[e]) {
                    dropped.add(original);
                }
            }
        }
        droppedBones = List.copyOf(dropped);

        // the matrix each bone keeps: the first used skinned entry's, preferring a bone's own entries
        // over moved influences and both over rigid parts (whose vertices any matrix serves exactly)
        paletteIbm = new float[16 * paletteSize];
        referencePart = new int[paletteSize];
        Arrays.fill(referencePart, -1);
        boolean keep = options.remap().inverseBinds() == RemapOptions.InverseBinds.KEEP;
        if (keep) {
            int[] tier = new int[paletteSize];
            Arrays.fill(tier, Integer.MAX_VALUE);
            for (int i = 0; i < count; i++) {
                PreparedPart p = parts.get(i);
                for (int e = 0; e < p.entryCount(); e++) {
                    int pe = entryPalette[i][e];
                    if (pe < 0) {
                        continue;
                    }
                    int t = !p.entryUsed[e] ? 3 : p.entryIntrinsic[e] ? 2 : p.entryMoved[e] ? 1 : 0;
                    if (t < tier[pe]) {
                        tier[pe] = t;
                        referencePart[pe] = i;
                        System.arraycopy(entryIbm[i], 16 * e, paletteIbm, 16 * pe, 16);
                    }
                }
            }
        }
        for (int pe = 0; pe < paletteSize; pe++) {
            if (referencePart[pe] < 0) {
                System.arraycopy(Matrices.inverseRestModel(skeleton, boneOfPalette[pe]), 0, paletteIbm, 16 * pe, 16);
            }
        }
        float tolerance = options.remap().bindTolerance();
        corrections = new float[count][][];
        // per palette entry: the first part that uses it, and whether a part re-based its matrix
        int[] firstUser = new int[paletteSize];
        Arrays.fill(firstUser, -1);
        for (int i = 0; i < count; i++) {
            PreparedPart p = parts.get(i);
            for (int e = 0; e < p.entryCount(); e++) {
                int pe = entryPalette[i][e];
                if (pe >= 0 && p.entryUsed[e] && firstUser[pe] < 0) {
                    firstUser[pe] = i;
                }
            }
        }
        boolean[] rebased = new boolean[paletteSize];
        for (int i = 0; i < count; i++) {
            PreparedPart p = parts.get(i);
            float[][] c = null;
            for (int e = 0; e < p.entryCount(); e++) {
                int pe = entryPalette[i][e];
                if (pe < 0 || !p.entryUsed[e] || (!keep && !p.entryIntrinsic[e])
                        || Matrices.near(entryIbm[i], 16 * e, paletteIbm, 16 * pe, tolerance)) {
                    continue;
                }
                if (c == null) {
                    c = new float[p.entryCount()][];
                }
                c[e] = Matrices.correction(paletteIbm, 16 * pe, entryIbm[i], 16 * e);
            }
            if (keep && c != null) {
                alignIntroducedBones(i, c, tolerance, firstUser, rebased);
            }
            corrections[i] = c;
        }

        boolean allCanonical = true;
        List<Mesh> meshes = new ArrayList<>(count);
        int[] influences = new int[count];
        for (int i = 0; i < count; i++) {
            PreparedPart p = parts.get(i);
            meshes.add(p.mesh);
            influences[i] = p.influences;
            allCanonical &= p.canonical;
        }
        canonical = allCanonical;
        // the union's notes (morph default weights, renames) follow the reconciliation, as before
        List<String> unionWarnings = new ArrayList<>();
        streams = StreamUnion.of(meshes, influences, clash(options.morphNameClash()), new Wording(partNames),
                unionWarnings);

        data = new PartData[count];
        for (int i = 0; i < count; i++) {
            data[i] = BindReconciliation.correct(parts.get(i), corrections[i], streams.normals, streams.tangents);
        }
        warnings.addAll(unionWarnings);
        groups = MaterialGroups.of(parts);
        vertexOrder = vertexOrder(count, groups);
        firstVertex = new int[count];
        int n = 0;
        for (int i : vertexOrder) {
            firstVertex[i] = n;
            n += parts.get(i).vertexCount();
        }
        vertexCount = n;
        long indices = 0;
        for (long c : groups.indexCounts) {
            indices += c;
        }
        indexCount = indices;
        fillWarnings();

    }

    /**
     * A part bound in another bind space than the parts before it (its armature exported moved, say)
     * needs one correction {@code C} for every bone it shares with them, while a bone it brings
     * itself keeps its own matrix, correction the identity: a vertex weighting both would blend
     * {@code C} with the identity, exact only at the bind pose. So when every corrected entry of
     * part {@code i} is a bone an earlier part set, all with one correction (within
     * {@value #SAME_CORRECTION} relative, or the bind tolerance when smaller), and every other used
     * entry is a bone no earlier part uses, each such bone keeps {@code B * C^-1} instead of its
     * {@code B}, so that it needs {@code C} too, and every entry of the part takes that one
     * correction: each vertex is then re-expressed exactly, as {@link BindCorrection} describes.
     * The shared bones must be at least two, or include one an earlier part re-based this way (a
     * later part of the same moved space), or the part's matrices were converted from another
     * unit ({@link #unitScaled}) and the shared correction changes the unit too (a part in
     * centimetres, its vertices too, beside parts in metres: its whole bind space differs by that
     * unit, up to the armature's turn and place): otherwise one corrected bone alone may as well
     * be one bone bound anew, whose correction the part's other bones should not take. Leaves the
     * part as it is otherwise.
     */
    private void alignIntroducedBones(int i, float[][] c, float tolerance, int[] firstUser, boolean[] rebased) {
        PreparedPart p = parts.get(i);
        float near = Math.min(tolerance, SAME_CORRECTION);
        float[] common = null;
        int shared = 0;
        boolean movedSpace = false;
        boolean brings = false;
        for (int e = 0; e < p.entryCount(); e++) {
            int pe = entryPalette[i][e];
            if (pe < 0 || !p.entryUsed[e]) {
                continue;
            }
            if (referencePart[pe] == i) {
                if (c[e] != null || firstUser[pe] != i) {
                    return; // two matrices of the part for one bone, or a bone an earlier part uses too
                }
                brings = true;
            } else if (referencePart[pe] > i || c[e] == null) {
                return; // a shared bone set by a later part, or one that needs no correction
            } else if (common == null || Matrices.near(common, 0, c[e], 0, near)) {
                common = common == null ? c[e] : common;
                shared++;
                movedSpace |= rebased[pe];
            } else {
                return;
            }
        }
        // matrices converted from another unit, and a shared correction that changes the unit too (its
        // vertices are in that unit): the part's whole bind space differs, not one bone bound anew
        boolean converted = entryIbm[i] != p.entryIbm && common != null && changesUnit(common);
        if (!brings || !(shared >= 2 || movedSpace || converted)) {
            return;
        }
        float[] inverse = Matrices.inverseAffine(common);
        for (int e = 0; e < p.entryCount(); e++) {
            int pe = entryPalette[i][e];
            if (pe < 0 || !p.entryUsed[e]) {
                continue;
            }
            if (referencePart[pe] == i) {
                System.arraycopy(Matrices.product(entryIbm[i], 16 * e, inverse), 0, paletteIbm, 16 * pe, 16);
                rebased[pe] = true;
            }
            c[e] = common;
        }
    }

    /** One warning per filled or computed stream of a part, in part order, as concat words them. */
    private void fillWarnings() {
        for (int i = 0; i < parts.size(); i++) {
            PreparedPart p = parts.get(i);
            Mesh m = p.mesh;
            String who = "part " + Checks.quote(p.name);
            if (data[i].normalsComputed) {
                warnings.add(who + ": has no normals; computed from its triangles (area- and angle-weighted)");
            }
            if (data[i].tangentsComputed) {
                warnings.add(who + ": has no tangents; computed from its positions, "
                        + (m.hasNormals() ? "normals" : "computed normals")
                        + (m.uvChannelCount() > 0 ? " and UV set 0" : " alone (it has no UV set)"));
            }
            if (streams.colors && !m.hasColors()) {
                warnings.add(who + ": has no colors; filled with white (1, 1, 1, 1)");
            }
            int has = m.uvChannelCount();
            int uvChannels = streams.uvChannels;
            if (has < uvChannels) {
                warnings.add(who + ": has " + has + " UV " + (has == 1 ? "channel" : "channels") + " of " + uvChannels
                        + "; " + (uvChannels - has == 1 ? "channel " + has : "channels " + has + ".." + (uvChannels - 1))
                        + " filled with (0, 0)");
            }
            for (String a : streams.attributeNames) {
                if (m.attribute(a) == null) {
                    warnings.add(who + ": has no vertex attribute " + Checks.quote(a) + "; filled with zeros");
                }
            }
            boolean[] has2 = new boolean[streams.morphTargetCount()];
            for (int t : streams.morphRemap[i]) {
                has2[t] = true;
            }
            List<String> missing = new ArrayList<>();
            for (int t = 0; t < has2.length; t++) {
                if (!has2[t]) {
                    missing.add(Checks.quote(streams.morphNames.get(t)));
                }
            }
            if (!missing.isEmpty()) {
                warnings.add(who + ": has no morph " + (missing.size() == 1 ? "target " : "targets ")
                        + String.join(", ", missing) + "; zero deltas");
            }
        }
    }

    private static StreamUnion.MorphClash clash(CombineOptions.MorphNameClash policy) {
        return switch (policy) {
            case MERGE -> StreamUnion.MorphClash.MERGE;
            case REJECT -> StreamUnion.MorphClash.REJECT;
            case RENAME -> StreamUnion.MorphClash.RENAME;
        };
    }

    /** Combine's names for its inputs: {@code part 'hat' (input 3)}; warnings start {@code part 'hat':}. */
    private record Wording(List<String> partNames) implements StreamUnion.Wording {
        @Override
        public String operation() {
            return "combine";
        }

        @Override
        public String subject(int input) {
            return "part " + Checks.quote(partNames.get(input)) + ":";
        }

        @Override
        public String name(int input) {
            return "part " + Checks.quote(partNames.get(input)) + " (input " + input + ")";
        }

        @Override
        public String label(int input) {
            return partNames.get(input).isEmpty() ? "input" + input : partNames.get(input);
        }

        @Override
        public String defaultWeightDiffers(String target, int input, float weight, int first, float kept) {
            return "part " + Checks.quote(partNames.get(input)) + ": morph target " + target + " has default weight "
                    + weight + " but " + kept + " in part " + Checks.quote(partNames.get(first)) + "; " + kept
                    + " kept";
        }
    }

    private static int[] vertexOrder(int count, MaterialGroups groups) {
        int[] firstGroup = new int[count];
        java.util.Arrays.fill(firstGroup, Integer.MAX_VALUE);
        for (int g = groups.size() - 1; g >= 0; g--) {
            var members = groups.members.get(g);
            for (int m = 0; m < members.size(); m += 2) {
                firstGroup[members.getInt(m)] = g;
            }
        }
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> firstGroup[a] != firstGroup[b] ? Integer.compare(firstGroup[a], firstGroup[b])
                : Integer.compare(a, b));
        int[] result = new int[count];
        for (int i = 0; i < count; i++) {
            result[i] = order[i];
        }
        return result;
    }

    private static Skeleton renamed(Skeleton s, String name) {
        ModelAccess.Bridge raw = ModelAccess.get();
        String[] bones = new String[s.boneCount()];
        for (int b = 0; b < bones.length; b++) {
            bones[b] = s.boneName(b);
        }
        return raw.adoptSkeleton(name, bones, raw.parents(s), raw.restTranslations(s), raw.restRotations(s),
                raw.restScales(s));
    }

    /** Whether a correction's linear part is a uniform scale other than 1 times a rotation. */
    private static boolean changesUnit(float[] correction) {
        double ratio = RestScale.ratio(new Matrix4d(), new Matrix4d(new Matrix4f().set(correction)));
        return !Double.isNaN(ratio) && ratio != 1;
    }

    /**
     * Per part its entries' bind matrices on the result's skeleton: with {@link RemapOptions.Units#CONVERT},
     * where an entry's bone (a moved influence's ancestor, a rigid part's attach bone) has a rest
     * frame in the part's own skeleton that is the result's times a uniform scale
     * ({@link RestScale#ratio}), the matrix scaled by that ratio, and one warning per such part
     * naming the bones and ratios. With {@link RemapOptions.InverseBinds#FROM_TARGET_REST} only the
     * entries whose matrices still matter are converted (a rigid part's bone: the space of its
     * vertices). Parts on the result's skeleton (or an equal one), and parts without such a bone,
     * keep their arrays.
     */
    static float[][] unitScaled(List<PreparedPart> parts, Skeleton result, RemapOptions remap, String noun,
            List<String> warnings) {
        RemapOptions.Units units = remap.units();
        // recomputed from the target's rest, only the matrices of rigid parts' bones (their vertices' space) count
        boolean keep = remap.inverseBinds() == RemapOptions.InverseBinds.KEEP;
        float[][] out = new float[parts.size()][];
        Matrix4d[] resultModels = null;
        Map<Skeleton, Matrix4d[]> ownModels = new IdentityHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            PreparedPart p = parts.get(i);
            out[i] = p.entryIbm;
            Skeleton own = p.input.skeleton();
            if (units != RemapOptions.Units.CONVERT || own == result || own.equals(result)) {
                continue;
            }
            // per ratio as a float (the bones' ratios differ in their last bits), in order of first use: its bones
            Map<Float, Set<String>> scaled = new LinkedHashMap<>();
            for (int e = 0; e < p.entryCount(); e++) {
                String bone = p.entryBone[e];
                int b = bone == null ? -1 : result.indexOf(bone);
                int ob = bone == null ? -1 : own.indexOf(bone);
                if (b < 0 || ob < 0 || !keep && !p.entryIntrinsic[e]) {
                    continue;
                }
                if (resultModels == null) {
                    resultModels = RestScale.models(result);
                }
                Matrix4d[] models = ownModels.computeIfAbsent(own, RestScale::models);
                double ratio = RestScale.ratio(resultModels[b], models[ob]);
                if (!Double.isNaN(ratio) && ratio != 1) {
                    if (out[i] == p.entryIbm) {
                        out[i] = p.entryIbm.clone();
                    }
                    RestScale.scaleRows(out[i], 16 * e, ratio);
                    scaled.computeIfAbsent((float) ratio, r -> new LinkedHashSet<>()).add(bone);
                }
            }
            if (!scaled.isEmpty()) {
                warnings.add(noun + " " + Checks.quote(p.name) + ": skeleton " + Checks.quote(own.name())
                        + " is in another unit than skeleton " + Checks.quote(result.name()) + " on the bones it binds;"
                        + " its bind matrices were scaled so that it keeps its size: " + RestScale.groups("by", scaled)
                        + " (RemapOptions.Units.FOLLOW_BONES poses it as bound)");
            }
        }
        return out;
    }
}
