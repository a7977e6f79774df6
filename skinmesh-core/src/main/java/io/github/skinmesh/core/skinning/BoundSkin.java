package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;

/**
 * The influences of a mesh's vertices, validated once for skinning every frame: joints (palette
 * indices) and weights, {@code K} slots per vertex, with every joint checked against the palette
 * size when the object is made. {@link Skinning#skinInto(BoundSkin, float[], float[], float[],
 * float[], float[], float[], float[], int, int, SkinningOptions)} then skins with it without
 * scanning the joints again (the raw-array {@code skinInto} scans the joints of its range on every
 * call, which costs 15-25% of a four-influence pass with positions and normals on the vector
 * kernel).
 *
 * <p>Joints are stored as 32-bit ints or, where the palette has at most
 * {@value #MAX_PALETTE_16} matrices, as 16-bit unsigned values ({@link JointWidth#BITS_16}):
 * with four influences, positions and normals that is 8 instead of 16 bytes of joints, 72
 * instead of 80 bytes read and written per skinned vertex. The skinned bits do not depend on the
 * width.
 *
 * <p>Immutable and thread-safe: the factories copy the caller's arrays once.
 */
public final class BoundSkin {
    /** Largest palette whose joints fit {@link JointWidth#BITS_16}. */
    public static final int MAX_PALETTE_16 = 1 << 16;

    /** How the joints of a {@link BoundSkin} are stored. */
    public enum JointWidth {
        /** One 32-bit int per slot: any palette size. */
        BITS_32,
        /** One 16-bit unsigned value per slot: palettes of at most {@value BoundSkin#MAX_PALETTE_16} matrices. */
        BITS_16
    }

    private final int paletteSize;
    private final int k;
    private final int vertexCount;
    private final int @org.jspecify.annotations.Nullable [] joints32;
    private final char @org.jspecify.annotations.Nullable [] joints16;
    private final float[] weights;

    /** Adopts {@code joints} (narrowed to 16 bits when asked) and {@code weights} without copying. */
    private BoundSkin(int paletteSize, int k, int[] joints, float[] weights, JointWidth width) {
        this.paletteSize = paletteSize;
        this.k = k;
        this.vertexCount = joints.length / k;
        if (width == JointWidth.BITS_16) {
            char[] narrow = new char[joints.length];
            for (int i = 0; i < joints.length; i++) {
                narrow[i] = (char) joints[i];
            }
            this.joints16 = narrow;
            this.joints32 = null;
        } else {
            this.joints32 = joints;
            this.joints16 = null;
        }
        this.weights = weights;
    }

    /**
     * Validates and copies influences given as arrays.
     *
     * @param paletteSize number of skin matrices the joints index, {@code >= 1}
     *     ({@code <= }{@value #MAX_PALETTE_16} for {@link JointWidth#BITS_16})
     * @param influencesPerVertex {@code K}, 1..{@value BoneWeights#MAX_INFLUENCES}
     * @param joints palette index per slot, {@code K*vertexCount} ints, each
     *     {@code 0 <= j < paletteSize}; copied, and the copy is what is checked, so changes to the
     *     array during or after the call never reach the bound skin
     * @param weights weight per slot, {@code K*vertexCount} floats, used as given; copied
     * @param width how the joints are stored
     * @return the bound influences
     * @throws ValidationException when {@code paletteSize} is below 1, or above
     *     {@value #MAX_PALETTE_16} with {@link JointWidth#BITS_16}; {@code K} is outside 1..8;
     *     the joints' length is not a multiple of {@code K}; the weights' length differs from the
     *     joints'; or a joint is outside {@code 0..paletteSize-1} (naming the vertex, slot, value
     *     and palette size)
     */
    public static BoundSkin of(int paletteSize, int influencesPerVertex, int[] joints, float[] weights,
            JointWidth width) {
        String where = "BoundSkin.of";
        Objects.requireNonNull(width, "width");
        int k = requireLayout(where, paletteSize, width == JointWidth.BITS_16 ? MAX_PALETTE_16 : Integer.MAX_VALUE,
                influencesPerVertex, joints.length, weights.length);
        // the copy is what is checked and kept: a caller (or another thread) changing its array during
        // the call cannot slip an unchecked joint into the bound skin
        int[] copy = joints.clone();
        for (int i = 0; i < copy.length; i++) {
            int j = copy[i];
            if (j < 0 || j >= paletteSize) {
                throw new ValidationException(where + ": vertex " + (i / k) + " slot " + (i % k) + ": joint " + j
                        + ", expected 0.." + (paletteSize - 1) + " (paletteSize " + paletteSize + ")");
            }
        }
        return new BoundSkin(paletteSize, k, copy, weights.clone(), width);
    }

    /**
     * The trusted path ({@link io.github.skinmesh.core.internal.SkinningAccess}): adopts arrays the
     * caller owns and never changes again, with 32-bit joints, checking the joints against the
     * palette size only as an {@code assert}; the structural checks still run.
     */
    static BoundSkin trusted(int paletteSize, int influencesPerVertex, int[] joints, float[] weights) {
        String where = "BoundSkin.trusted";
        int k = requireLayout(where, paletteSize, Integer.MAX_VALUE, influencesPerVertex, joints.length,
                weights.length);
        assert jointsBelow(joints, paletteSize) : where + ": a joint outside 0.." + (paletteSize - 1);
        return new BoundSkin(paletteSize, k, joints, weights, JointWidth.BITS_32);
    }

    /**
     * The structural checks both ways of binding run: {@code K} in 1..8, the palette size in
     * {@code 1..maxPalette}, the joints a whole number of vertices and as many weights as joints.
     *
     * @return {@code K}
     */
    private static int requireLayout(String where, int paletteSize, int maxPalette, int influencesPerVertex,
            int jointsLength, int weightsLength) {
        int k = Checks.requireRange(where, "influencesPerVertex", influencesPerVertex, 1, BoneWeights.MAX_INFLUENCES);
        Checks.requireRange(where, "paletteSize", paletteSize, 1, maxPalette);
        if (jointsLength % k != 0) {
            throw new ValidationException(where + ": joints length " + jointsLength + " is not a multiple of "
                    + "influencesPerVertex " + k + ", expected K*vertexCount");
        }
        Checks.requireLength(where, "weights", weightsLength, jointsLength, "joints.length");
        return k;
    }

    private static boolean jointsBelow(int[] joints, int paletteSize) {
        for (int j : joints) {
            if (j < 0 || j >= paletteSize) {
                return false;
            }
        }
        return true;
    }

    /**
     * Binds a model {@link Skin}: its joints are valid by construction, so nothing is scanned.
     *
     * @param skin the skin whose palette and weights are bound
     * @param width how the joints are stored
     * @return the bound influences ({@code skin.paletteSize()} matrices)
     * @throws ValidationException when {@link JointWidth#BITS_16} is asked for a palette of more
     *     than {@value #MAX_PALETTE_16} matrices
     */
    public static BoundSkin of(Skin skin, JointWidth width) {
        Objects.requireNonNull(width, "width");
        if (width == JointWidth.BITS_16) {
            Checks.requireRange("BoundSkin.of", "paletteSize", skin.paletteSize(), 1, MAX_PALETTE_16);
        }
        BoneWeights bw = skin.weights();
        ModelAccess.Bridge raw = ModelAccess.get();
        // the model's arrays never change, but the bound skin does not share them (narrowing is a copy)
        int[] joints = raw.joints(bw);
        return new BoundSkin(skin.paletteSize(), bw.influencesPerVertex(),
                width == JointWidth.BITS_16 ? joints : joints.clone(), raw.weights(bw).clone(), width);
    }

    /** @return the number of skin matrices the joints index */
    public int paletteSize() {
        return paletteSize;
    }

    /** @return {@code K}, slots per vertex */
    public int influencesPerVertex() {
        return k;
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return how the joints are stored */
    public JointWidth jointWidth() {
        return joints16 != null ? JointWidth.BITS_16 : JointWidth.BITS_32;
    }

    /**
     * @param vertex vertex index, {@code 0 <= vertex < vertexCount()}
     * @param slot slot, {@code 0 <= slot < influencesPerVertex()}
     * @return the palette index of the slot
     * @throws IndexOutOfBoundsException when the vertex or the slot is out of range
     */
    public int joint(int vertex, int slot) {
        int i = index(vertex, slot);
        return joints16 != null ? joints16[i] : Objects.requireNonNull(joints32)[i];
    }

    /**
     * @param vertex vertex index, {@code 0 <= vertex < vertexCount()}
     * @param slot slot, {@code 0 <= slot < influencesPerVertex()}
     * @return the weight of the slot
     * @throws IndexOutOfBoundsException when the vertex or the slot is out of range
     */
    public float weight(int vertex, int slot) {
        return weights[index(vertex, slot)];
    }

    private int index(int vertex, int slot) {
        Objects.checkIndex(vertex, vertexCount);
        Objects.checkIndex(slot, k);
        return vertex * k + slot;
    }

    int @org.jspecify.annotations.Nullable [] joints32() {
        return joints32;
    }

    char @org.jspecify.annotations.Nullable [] joints16() {
        return joints16;
    }

    float[] weights() {
        return weights;
    }

    @Override
    public String toString() {
        return "BoundSkin[" + vertexCount + " vertices, K=" + k + ", paletteSize " + paletteSize + ", joints "
                + jointWidth() + "]";
    }
}
