package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import org.joml.Matrix4f;

/**
 * The skinning data of a mesh: a bone palette (bone names, resolved against a {@link Skeleton} by
 * name), one inverse bind matrix per palette entry and the per-vertex {@link BoneWeights} whose
 * joints index the palette.
 *
 * <p>Skin matrices are {@code skin_i = model(bone_i) * inverseBind_i}. Inverse bind matrices are
 * column-major {@code float[16]} per entry.
 *
 * <p>Immutable and thread-safe; the factory copies its arrays once.
 */
public final class Skin {
    /** Largest palette a skin may have (glTF allows unsigned 16-bit joint indices). */
    public static final int MAX_PALETTE_SIZE = 65536;

    private final String[] boneNames;
    private final float[] inverseBindMatrices;
    private final BoneWeights weights;

    private Skin(String[] boneNames, float[] inverseBindMatrices, BoneWeights weights) {
        this(boneNames, inverseBindMatrices, weights, false);
    }

    /**
     * With {@code trusted}, the finite check of the matrices and the joint range check over every
     * vertex (the two checks whose cost grows with the data) run only as {@code assert}s.
     */
    private Skin(String[] boneNames, float[] inverseBindMatrices, BoneWeights weights, boolean trusted) {
        String where = "skin";
        int m = boneNames.length;
        if (m == 0 || m > MAX_PALETTE_SIZE) {
            throw new ValidationException(where + ": palette size " + m + ", expected 1.." + MAX_PALETTE_SIZE);
        }
        Checks.requireLength(where, "inverse bind matrices", inverseBindMatrices.length, 16 * m, "16*paletteSize");
        if (trusted) {
            assert requireFinite(where, inverseBindMatrices);
        } else {
            requireFinite(where, inverseBindMatrices);
        }
        Object2IntOpenHashMap<String> seen = new Object2IntOpenHashMap<>(m);
        seen.defaultReturnValue(-1);
        for (int i = 0; i < m; i++) {
            String name = boneNames[i];
            if (name == null) {
                throw new ValidationException(where + ": palette entry " + i + " has no bone name");
            }
            int prev = seen.putIfAbsent(name, i);
            if (prev >= 0) {
                throw new ValidationException(where + ": palette entry " + i + " bone " + Checks.quote(name)
                        + " duplicates entry " + prev + ", expected each bone once");
            }
        }
        if (trusted) {
            assert requireJointsBelow(weights, m);
        } else {
            requireJointsBelow(weights, m);
        }
        this.boneNames = boneNames;
        this.inverseBindMatrices = inverseBindMatrices;
        this.weights = weights;
    }

    private static boolean requireFinite(String where, float[] inverseBindMatrices) {
        Checks.requireFinite(where, "inverse bind matrix", inverseBindMatrices, 16, "palette entry");
        return true;
    }

    private static boolean requireJointsBelow(BoneWeights weights, int m) {
        int[] joints = weights.rawJoints();
        int k = weights.influencesPerVertex();
        for (int i = 0; i < joints.length; i++) {
            if (joints[i] >= m) {
                throw new ValidationException("vertex " + (i / k) + ": joint " + (i % k) + " is " + joints[i]
                        + ", expected < palette size " + m);
            }
        }
        return true;
    }

    /**
     * Creates a skin, copying the arrays.
     *
     * @param boneNames palette: unique bone names, 1..{@value #MAX_PALETTE_SIZE} entries
     * @param inverseBindMatrices {@code 16*paletteSize} finite floats, column-major
     * @param weights per-vertex influences; every joint must be {@code < paletteSize}
     * @return the skin
     * @throws ValidationException on a length mismatch, duplicate or null names, non-finite
     *     matrices or a joint index past the palette
     */
    public static Skin of(String[] boneNames, float[] inverseBindMatrices, BoneWeights weights) {
        return new Skin(boneNames.clone(), inverseBindMatrices.clone(), weights);
    }

    static Skin adopt(String[] boneNames, float[] inverseBindMatrices, BoneWeights weights) {
        return new Skin(boneNames, inverseBindMatrices, weights);
    }

    /**
     * Adopts a palette and weights that an algorithm built from validated skins (the trusted
     * path): the palette size and the names are checked, the finiteness of the matrices and the
     * range of every joint only as {@code assert}s. The public factory always validates.
     */
    static Skin trusted(String[] boneNames, float[] inverseBindMatrices, BoneWeights weights) {
        return new Skin(boneNames, inverseBindMatrices, weights, true);
    }

    /** @return the number of palette entries */
    public int paletteSize() {
        return boneNames.length;
    }

    /**
     * @param entry palette index
     * @return the bone name of that entry
     */
    public String boneName(int entry) {
        return boneNames[entry];
    }

    /** @return a fresh copy of the palette's bone names */
    public String[] boneNames() {
        return boneNames.clone();
    }

    /**
     * Copies one inverse bind matrix.
     *
     * @param entry palette index
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f inverseBindMatrix(int entry, Matrix4f dest) {
        return dest.set(inverseBindMatrices, 16 * entry);
    }

    /**
     * Copies every inverse bind matrix ({@code 16*paletteSize} floats).
     *
     * @param dst destination
     * @param offset first element written
     * @return {@code dst}
     */
    public float[] inverseBindMatricesInto(float[] dst, int offset) {
        System.arraycopy(inverseBindMatrices, 0, dst, offset, inverseBindMatrices.length);
        return dst;
    }

    /** @return the per-vertex influences */
    public BoneWeights weights() {
        return weights;
    }

    /**
     * Resolves the palette against a skeleton by bone name.
     *
     * @param skeleton the skeleton
     * @return a fresh array: {@code result[entry]} is the skeleton bone of palette entry {@code entry}
     * @throws ValidationException naming the first palette bone that the skeleton lacks
     */
    public int[] bind(Skeleton skeleton) {
        int[] map = new int[boneNames.length];
        for (int i = 0; i < map.length; i++) {
            map[i] = skeleton.requireIndex(boneNames[i]);
        }
        return map;
    }

    /**
     * Returns a skin with other weights and the same palette.
     *
     * @param newWeights the weights (joints must index this palette)
     * @return a new skin sharing this one's palette
     */
    public Skin withWeights(BoneWeights newWeights) {
        return new Skin(boneNames, inverseBindMatrices, newWeights);
    }

    float[] rawInverseBindMatrices() {
        return inverseBindMatrices;
    }

    String[] rawBoneNames() {
        return boneNames;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Skin && Arrays.equals(((Skin) o).boneNames, boneNames)
                && Arrays.equals(((Skin) o).inverseBindMatrices, inverseBindMatrices)
                && ((Skin) o).weights.equals(weights));
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(boneNames) + weights.hashCode();
    }

    @Override
    public String toString() {
        return "Skin[" + boneNames.length + " bones, " + weights + "]";
    }
}
