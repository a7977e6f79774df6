package io.github.skinmesh.vat;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Index;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The space a bake writes its positions (and normals, tangents, skin matrices) in.
 *
 * <p>{@link #CHARACTER}, the default, is the character's model space: the space
 * {@link io.github.skinmesh.core.anim.CharacterPoser} poses in, {@code sum_i w_i * model(joint_i) *
 * inverseBind_i * p} (for a glTF file, the scene's space, which glTF viewers show, ignoring the skinned
 * node's own transform).
 *
 * <p>{@link #ofParts} expresses each part relative to a reference of its own, as a glTF skinned node's
 * own space does: part {@code p}'s reference at a pose is {@code R_p = model(bone_p) * matrix_p} (just
 * {@code matrix_p} when {@code bone_p} is {@link Index#NONE}), and its baked values are
 * {@code inverse(R_p) * character-space value}, with {@code R_p} evaluated at the same pose as the
 * frame. For a glTF skinned node, {@code bone_p} is the node's nearest bone (itself or an ancestor)
 * and {@code matrix_p} the node's matrix relative to it, so the bake holds what
 * {@code skinmesh skin --space model} writes. Positions follow {@code inverse(R_p)}; normals its
 * inverse transpose and tangents its upper 3x3, each keeping its length, tangent handedness
 * negated where {@code R_p} mirrors.
 *
 * <p>A bone texture has one space for its one palette: each frame's skin matrices become
 * {@code inverse(R) * model(bone) * inverseBind}, so every part must have the same reference. An
 * engine draws such a texture with {@code R} in its model matrix (per instance:
 * {@code instance * R}) to place the mesh as the character's model space does; with a constant
 * reference ({@link Index#NONE}, or a bone the clips do not animate) that is one matrix for the whole
 * bake; with an animated bone the reference moves with it and the texture holds the motion relative
 * to it only.
 *
 * <p>Immutable and thread-safe; the factory copies its arrays once and no method returns an
 * internal array.
 */
public final class BakeSpace {
    /** The character's model space: no reference, values as the poser gives them. */
    public static final BakeSpace CHARACTER = new BakeSpace(null, null);

    private final int @Nullable [] bones;
    private final float @Nullable [] matrices;

    private BakeSpace(int @Nullable [] bones, float @Nullable [] matrices) {
        this.bones = bones;
        this.matrices = matrices;
    }

    /**
     * A reference per part: part {@code p} is baked relative to
     * {@code R_p = model(bones[p]) * matrix_p}. One reference ({@code bones.length == 1}) applies to
     * every part of a bake.
     *
     * @param bones per part, the bone its reference starts from, or {@link Index#NONE} for
     *     {@code matrix_p} alone; length {@code n >= 1}
     * @param matrices per part, 16 floats of a column-major affine matrix (row 3 is
     *     {@code 0 0 0 1}); length {@code 16 * n}; copied
     * @return the space
     * @throws ValidationException when {@code bones} is empty, the lengths do not match, a bone is
     *     below {@link Index#NONE}, or a matrix is not finite or not affine (naming the part)
     */
    public static BakeSpace ofParts(int[] bones, float[] matrices) {
        String where = "BakeSpace.ofParts";
        if (bones.length == 0) {
            throw new ValidationException(where + ": no part, expected at least one reference");
        }
        if (matrices.length != 16L * bones.length) {
            throw new ValidationException(where + ": matrices has " + matrices.length + " floats, expected 16 * "
                    + bones.length + " = " + 16L * bones.length + " (one matrix per part)");
        }
        for (int p = 0; p < bones.length; p++) {
            if (bones[p] < Index.NONE) {
                throw new ValidationException(where + ": part " + p + ": bone " + bones[p] + ", expected a bone index"
                        + " >= 0 or Index.NONE (" + Index.NONE + ")");
            }
            for (int i = 16 * p; i < 16 * p + 16; i++) {
                if (!Float.isFinite(matrices[i])) {
                    throw new ValidationException(where + ": part " + p + ": matrix element " + (i - 16 * p) + " is "
                            + matrices[i] + ", expected a finite number");
                }
            }
            int at = 16 * p;
            if (matrices[at + 3] != 0 || matrices[at + 7] != 0 || matrices[at + 11] != 0 || matrices[at + 15] != 1) {
                throw new ValidationException(where + ": part " + p + ": matrix row 3 is (" + matrices[at + 3] + ", "
                        + matrices[at + 7] + ", " + matrices[at + 11] + ", " + matrices[at + 15]
                        + "), expected (0, 0, 0, 1) (an affine matrix)");
            }
        }
        return new BakeSpace(bones.clone(), matrices.clone());
    }

    /** @return whether this is {@link #CHARACTER}, the character's model space */
    public boolean isCharacter() {
        return bones == null;
    }

    /** @return the number of references: 0 for {@link #CHARACTER}, else {@code n} of {@link #ofParts} */
    public int partCount() {
        return bones == null ? 0 : bones.length;
    }

    /**
     * @param part reference index, {@code 0 <= part < partCount()}
     * @return the bone its reference starts from, or {@link Index#NONE}
     * @throws IndexOutOfBoundsException when {@code part} is out of range (always for
     *     {@link #CHARACTER})
     */
    public int bone(int part) {
        return requireBones("bone", part)[part];
    }

    /**
     * Copies a reference's matrix (column-major).
     *
     * @param part reference index, {@code 0 <= part < partCount()}
     * @param dst receives 16 floats from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code part} is out of range (always for
     *     {@link #CHARACTER}) or {@code dst} is too short
     */
    public float[] matrixInto(int part, float[] dst, int offset) {
        requireBones("matrixInto", part);
        if (offset < 0 || offset > dst.length - 16) {
            throw new IndexOutOfBoundsException("BakeSpace.matrixInto: dst length " + dst.length + ", offset " + offset
                    + ", expected offset >= 0 and length >= offset + 16 = " + ((long) offset + 16));
        }
        assert matrices != null;
        System.arraycopy(matrices, 16 * part, dst, offset, 16);
        return dst;
    }

    /** The references, requiring {@code part} to be one of them (the message names the part and the range). */
    private int[] requireBones(String method, int part) {
        if (bones == null) {
            throw new IndexOutOfBoundsException("BakeSpace." + method + ": part " + part + ", but BakeSpace.CHARACTER"
                    + " has no references (partCount() = 0)");
        }
        if (part < 0 || part >= bones.length) {
            throw new IndexOutOfBoundsException("BakeSpace." + method + ": part " + part + ", expected 0.."
                    + (bones.length - 1) + " (" + bones.length + (bones.length == 1 ? " reference)" : " references)"));
        }
        return bones;
    }

    /** @return the reference index of a part of a bake of {@code parts} parts */
    int referenceOf(int part) {
        return partCount() == 1 ? 0 : part;
    }

    /** @return whether references {@code a} and {@code b} are the same bone and matrix */
    boolean sameReference(int a, int b) {
        requireBones("sameReference", a);
        int[] bs = requireBones("sameReference", b);
        assert matrices != null;
        return bs[a] == bs[b] && Arrays.equals(matrices, 16 * a, 16 * a + 16, matrices, 16 * b, 16 * b + 16);
    }

    /** @return a reference described for messages: its bone and matrix */
    String describe(int part, io.github.skinmesh.core.model.Skeleton skeleton) {
        int bone = bone(part);
        float[] m = matrixInto(part, new float[16], 0);
        return (bone == Index.NONE ? "" : "model(bone " + Checks.quote(skeleton.boneName(bone)) + ") * ") + "matrix "
                + Arrays.toString(m);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BakeSpace s && Arrays.equals(bones, s.bones) && Arrays.equals(matrices, s.matrices);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bones) + Arrays.hashCode(matrices);
    }

    @Override
    public String toString() {
        return bones == null ? "BakeSpace.CHARACTER" : "BakeSpace.ofParts(" + bones.length + " references)";
    }
}
