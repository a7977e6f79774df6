package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.MatrixTolerance;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.List;

/**
 * The union of skinned meshes' bone palettes by bone name, in order of first appearance: each
 * bone's inverse bind matrix is the first mesh's, and any other mesh's matrix for the bone must
 * equal it within the tolerance. One hash lookup per palette entry.
 */
final class PaletteUnion {
    final String[] names;
    final float[] inverseBindMatrices;
    /** Per mesh: its palette entry -> united entry. */
    final int[][] remap;

    private PaletteUnion(String[] names, float[] inverseBindMatrices, int[][] remap) {
        this.names = names;
        this.inverseBindMatrices = inverseBindMatrices;
        this.remap = remap;
    }

    /** @param meshes skinned meshes (checked by the caller) */
    static PaletteUnion of(List<Mesh> meshes, float tolerance) {
        ModelAccess.Bridge raw = ModelAccess.get();
        Object2IntOpenHashMap<String> united = new Object2IntOpenHashMap<>();
        united.defaultReturnValue(-1);
        int[] owner = new int[16];
        int total = 0;
        for (Mesh m : meshes) {
            total += m.skin().paletteSize();
        }
        String[] names = new String[Math.min(total, Skin.MAX_PALETTE_SIZE + 1)];
        float[] ibm = new float[16 * names.length];
        int[][] remap = new int[meshes.size()][];
        int size = 0;
        for (int i = 0; i < meshes.size(); i++) {
            Skin skin = meshes.get(i).skin();
            String[] palette = raw.paletteNames(skin);
            float[] matrices = raw.inverseBindMatrices(skin);
            remap[i] = new int[palette.length];
            for (int e = 0; e < palette.length; e++) {
                int u = united.getInt(palette[e]);
                if (u < 0) {
                    if (size == Skin.MAX_PALETTE_SIZE) {
                        throw new ValidationException(Meshes.CONCAT + ": the united palette needs more than "
                                + Skin.MAX_PALETTE_SIZE + " bones (at " + Meshes.describe(i, meshes.get(i))
                                + " palette entry " + e + "), expected at most " + Skin.MAX_PALETTE_SIZE);
                    }
                    u = size++;
                    united.put(palette[e], u);
                    names[u] = palette[e];
                    System.arraycopy(matrices, 16 * e, ibm, 16 * u, 16);
                    if (u >= owner.length) {
                        owner = Arrays.copyOf(owner, Math.max(2 * owner.length, u + 1));
                    }
                    owner[u] = i;
                } else {
                    requireSameMatrix(meshes, owner[u], i, palette[e], ibm, 16 * u, matrices, 16 * e, tolerance);
                }
                remap[i][e] = u;
            }
        }
        return new PaletteUnion(Arrays.copyOf(names, size), Arrays.copyOf(ibm, 16 * size), remap);
    }

    private static void requireSameMatrix(List<Mesh> meshes, int first, int other, String bone, float[] a, int ao,
            float[] b, int bo, float tolerance) {
        int k = MatrixTolerance.firstDifference(a, ao, b, bo, tolerance);
        if (k >= 0) {
            float x = a[ao + k];
            float y = b[bo + k];
            throw new ValidationException(Meshes.CONCAT + ": bone " + Checks.quote(bone)
                    + " has different inverse bind matrices in " + Meshes.describe(first, meshes.get(first))
                    + " and " + Meshes.describe(other, meshes.get(other)) + ": element " + k
                    + " (column " + k / 4 + ", row " + k % 4 + ") is " + x + " and " + y
                    + ", expected equal within " + tolerance + " (bindMatrixTolerance, relative beyond 1);"
                    + " reconcile the bind poses before concatenating");
        }
    }
}
