package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The construction-time checks of a mesh's {@link Draw}s: they tile their submesh, they only
 * appear on a skinned mesh, their palette entries exist, and every vertex of a draw's triangles
 * weights only the draw's entries.
 *
 * <p>The vertex check visits each index of each draw once and each vertex's slots once per draw
 * that uses it (a stamp per vertex records the last draw that checked it): work
 * {@code O(indexCount + K * vertices per draw)}. It allocates one flag per palette entry and one
 * int per vertex, and only when some submesh has draws.
 */
final class DrawRules {
    /** Number of palette entries up to which a message lists a draw's entries. */
    private static final int LISTED_ENTRIES = 16;

    private DrawRules() {
    }

    /**
     * @param where the mesh, e.g. {@code "mesh 'Body'"}
     * @param submeshes the validated submeshes (ranges within the index list)
     * @param indices the validated indices
     * @param skin the mesh's skin (its weights cover every vertex)
     * @param vertices whether to run the vertex check too; without it only the checks whose cost
     *     grows with the draws and their palette entries run (the trusted path)
     * @return {@code true}, for use in an {@code assert}
     * @throws ValidationException naming the first draw that breaks a rule
     */
    static boolean run(String where, List<Submesh> submeshes, int[] indices, @Nullable Skin skin, boolean vertices) {
        boolean any = false;
        for (int s = 0; s < submeshes.size(); s++) {
            Submesh sub = submeshes.get(s);
            if (!sub.hasDraws()) {
                continue;
            }
            any = true;
            if (skin == null) {
                throw new ValidationException(where + ": submesh " + s + " has " + sub.draws().size()
                        + " draws but the mesh has no skin, expected draws only on a skinned mesh");
            }
            requireTiling(where, s, sub);
            requireEntries(where, s, sub, skin.paletteSize());
        }
        if (!any || !vertices) {
            return true;
        }
        assert skin != null;
        BoneWeights bw = skin.weights();
        int k = bw.influencesPerVertex();
        int[] joints = bw.rawJoints();
        float[] weights = bw.rawWeights();
        boolean[] bound = new boolean[skin.paletteSize()];
        int[] checkedBy = new int[bw.vertexCount()];
        Arrays.fill(checkedBy, -1);
        int drawId = 0;
        for (int s = 0; s < submeshes.size(); s++) {
            List<Draw> draws = submeshes.get(s).draws();
            for (int d = 0; d < draws.size(); d++, drawId++) {
                Draw draw = draws.get(d);
                int[] entries = draw.rawPaletteEntries();
                for (int e : entries) {
                    bound[e] = true;
                }
                for (int i = draw.firstIndex(), end = i + draw.indexCount(); i < end; i++) {
                    int v = indices[i];
                    if (checkedBy[v] == drawId) {
                        continue;
                    }
                    checkedBy[v] = drawId;
                    for (int slot = 0, base = v * k; slot < k; slot++) {
                        int j = joints[base + slot];
                        float w = weights[base + slot];
                        if (w > 0f && !bound[j]) {
                            throw new ValidationException(where + ": submesh " + s + " draw " + d + " triangle "
                                    + (i / 3) + " vertex " + v + " weights palette entry " + j + " (bone "
                                    + Checks.quote(skin.boneName(j)) + ") with " + w + " in slot " + slot
                                    + ", expected only the draw's palette entries " + describe(entries));
                        }
                    }
                }
                for (int e : entries) {
                    bound[e] = false;
                }
            }
        }
        return true;
    }

    private static void requireTiling(String where, int s, Submesh sub) {
        List<Draw> draws = sub.draws();
        long expectedStart = sub.firstIndex();
        long submeshEnd = (long) sub.firstIndex() + sub.indexCount();
        for (int d = 0; d < draws.size(); d++) {
            Draw draw = draws.get(d);
            long end = (long) draw.firstIndex() + draw.indexCount();
            if (draw.firstIndex() != expectedStart) {
                throw new ValidationException(where + ": submesh " + s + " draw " + d + " covers indices "
                        + draw.firstIndex() + ".." + end + ", expected to start at " + expectedStart
                        + (d == 0 ? " (the submesh's first index)" : " where draw " + (d - 1) + " ends")
                        + "; draws tile their submesh in order");
            }
            if (end > submeshEnd) {
                throw new ValidationException(where + ": submesh " + s + " draw " + d + " covers indices "
                        + draw.firstIndex() + ".." + end + ", expected to end by the submesh's end " + submeshEnd);
            }
            expectedStart = end;
        }
        if (expectedStart != submeshEnd) {
            throw new ValidationException(where + ": submesh " + s + " draws cover indices " + sub.firstIndex() + ".."
                    + expectedStart + ", expected the whole submesh " + sub.firstIndex() + ".." + submeshEnd);
        }
    }

    private static void requireEntries(String where, int s, Submesh sub, int paletteSize) {
        List<Draw> draws = sub.draws();
        for (int d = 0; d < draws.size(); d++) {
            int[] entries = draws.get(d).rawPaletteEntries();
            for (int i = 0; i < entries.length; i++) {
                if (entries[i] >= paletteSize) {
                    throw new ValidationException(where + ": submesh " + s + " draw " + d + " palette entry " + i
                            + " is " + entries[i] + ", expected < palette size " + paletteSize);
                }
            }
        }
    }

    private static String describe(int[] entries) {
        if (entries.length <= LISTED_ENTRIES) {
            return Arrays.toString(entries);
        }
        return "(" + entries.length + " entries, " + Arrays.toString(Arrays.copyOf(entries, LISTED_ENTRIES))
                .replace("]", ", ...]") + ")";
    }
}
