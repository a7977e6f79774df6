package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import org.joml.Matrix4fc;
import org.jspecify.annotations.Nullable;

/**
 * Evaluates a {@link Pose}: local transforms to model matrices, model matrices to the skin
 * matrices of a mesh's bone palette, into caller-supplied arrays.
 *
 * <p>Matrices are column-major {@code float[16]} (element {@code (row r, column c)} at
 * {@code 16*i + 4*c + r}) acting on column vectors ({@code p' = M p}). Model matrices are
 * {@code model(i) = root * ... * local(parent(i)) * local(i)} with {@code local = T * R * S}
 * (glTF), so they map a bone's space to the skeleton's model space (or, with a root matrix, to the
 * root matrix's target space). Skin matrices are {@code skin(e) = model(bone(e)) *
 * inverseBind(e)} and map the mesh's bind space to the same space: they are what linear blend
 * skinning multiplies vertices by.
 *
 * <p>Every method validates all sizes and indices before writing, allocates nothing and is
 * thread-safe as long as concurrent calls write to different arrays.
 *
 * <pre>{@code
 * int[] paletteBones = mesh.skin().bind(skeleton);          // once
 * float[] model = new float[16 * skeleton.boneCount()];     // once
 * float[] palette = new float[16 * mesh.skin().paletteSize()];
 * sampler.sample(t, pose);                                  // per frame
 * PoseEvaluation.modelMatricesInto(skeleton, pose, model);
 * PoseEvaluation.skinMatricesInto(mesh.skin(), paletteBones, model, palette);
 * }</pre>
 */
public final class PoseEvaluation {
    private PoseEvaluation() {
    }

    /**
     * Computes the model matrix of every bone: {@code model(i) = model(parent(i)) * T(i) R(i) S(i)},
     * roots {@code T R S} alone.
     *
     * @param skeleton the skeleton (its parent indices; the rest transforms are not used)
     * @param pose local transforms with the skeleton's bone count; rotations must be unit
     *     quaternions (as {@link ClipSampler} writes them)
     * @param dst destination, at least {@code 16*boneCount} floats; bone {@code i}'s matrix is
     *     written at {@code 16*i}, every float of it including the last row {@code (0, 0, 0, 1)}
     * @return {@code dst}
     * @throws ValidationException when the pose's bone count differs from the skeleton's or
     *     {@code dst} is shorter than {@code 16*boneCount}
     */
    public static float[] modelMatricesInto(Skeleton skeleton, Pose pose, float[] dst) {
        return modelMatricesInto(skeleton, pose, null, dst, 0);
    }

    /**
     * Computes the model matrix of every bone, pre-multiplied by a root matrix:
     * {@code model(i) = model(parent(i)) * T(i) R(i) S(i)} and {@code model(root) = root * T R S}.
     *
     * <p>The output range must not overlap arrays the caller reads concurrently; it cannot alias
     * the pose (whose arrays are private).
     *
     * @param skeleton the skeleton (its parent indices; the rest transforms are not used)
     * @param pose local transforms with the skeleton's bone count; rotations must be unit
     *     quaternions
     * @param root an affine matrix (last row {@code (0, 0, 0, 1)}, finite) applied to every root
     *     bone, for example the character's placement in the world; {@code null} for the identity
     * @param dst destination, at least {@code dstOffset + 16*boneCount} floats
     * @param dstOffset first float written, {@code >= 0}; bone {@code i} at {@code dstOffset + 16*i}
     * @return {@code dst}
     * @throws ValidationException when the pose's bone count differs from the skeleton's, the root
     *     matrix is not finite or not affine, {@code dstOffset} is negative or {@code dst} is too
     *     short; nothing is written then
     */
    public static float[] modelMatricesInto(Skeleton skeleton, Pose pose, @Nullable Matrix4fc root, float[] dst,
            int dstOffset) {
        String where = "modelMatricesInto";
        int n = skeleton.boneCount();
        if (pose.boneCount() != n) {
            throw new ValidationException(where + ": pose boneCount " + pose.boneCount() + ", expected the boneCount "
                    + n + " of skeleton " + Checks.quote(skeleton.name()));
        }
        if (dstOffset < 0) {
            throw new ValidationException(where + ": dstOffset " + dstOffset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", dst.length, dstOffset + 16L * n, "dstOffset + 16*boneCount");
        if (root != null) {
            requireAffine(where, root);
        }
        LocalToModel.run(ModelAccess.get().parents(skeleton), pose.translations, pose.rotations, pose.scales, n, root,
                dst, dstOffset);
        return dst;
    }

    private static void requireAffine(String where, Matrix4fc root) {
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                float v = root.get(c, r);
                if (!Float.isFinite(v)) {
                    throw new ValidationException(where + ": root matrix column " + c + " row " + r + " is " + v
                            + ", expected finite values");
                }
            }
        }
        if (root.m03() != 0 || root.m13() != 0 || root.m23() != 0 || root.m33() != 1) {
            throw new ValidationException(where + ": root matrix last row is (" + root.m03() + ", " + root.m13() + ", "
                    + root.m23() + ", " + root.m33() + "), expected (0, 0, 0, 1) (an affine matrix)");
        }
    }

    /**
     * Computes the skin matrices of a bone palette: {@code skin(e) = model(paletteBones[e]) *
     * inverseBind(e)} for every palette entry {@code e}.
     *
     * @param skin the skin whose inverse bind matrices are used
     * @param paletteBones palette entry to bone index, {@code skin.paletteSize()} entries, as
     *     returned by {@link Skin#bind(Skeleton)}
     * @param modelMatrices model matrices, 16 floats per bone from 0 (see
     *     {@link #modelMatricesInto(Skeleton, Pose, float[])})
     * @param dst destination, at least {@code 16*paletteSize} floats; must not be
     *     {@code modelMatrices}
     * @return {@code dst}
     * @throws ValidationException as
     *     {@link #skinMatricesInto(Skin, int[], float[], int, float[], int)}
     */
    public static float[] skinMatricesInto(Skin skin, int[] paletteBones, float[] modelMatrices, float[] dst) {
        return skinMatricesInto(skin, paletteBones, modelMatrices, 0, dst, 0);
    }

    /**
     * Computes the skin matrices of a bone palette: {@code skin(e) = model(paletteBones[e]) *
     * inverseBind(e)}, full 4x4 products.
     *
     * @param skin the skin whose inverse bind matrices are used
     * @param paletteBones palette entry to bone index ({@code paletteBones[e]} is the bone of entry
     *     {@code e}), {@code skin.paletteSize()} entries, each a bone whose matrix lies inside
     *     {@code modelMatrices}
     * @param modelMatrices model matrices, bone {@code b}'s at {@code modelOffset + 16*b}
     * @param modelOffset first float of bone 0's matrix, {@code >= 0}
     * @param dst destination, at least {@code dstOffset + 16*paletteSize} floats, entry {@code e}
     *     at {@code dstOffset + 16*e}; must not be the same array as {@code modelMatrices}
     * @param dstOffset first float written, {@code >= 0}
     * @return {@code dst}
     * @throws ValidationException when {@code paletteBones} has another length than the palette,
     *     names a bone index that is negative or whose matrix lies past the end of
     *     {@code modelMatrices}, an offset is negative, {@code dst} is too short or is
     *     {@code modelMatrices}; nothing is written then
     */
    public static float[] skinMatricesInto(Skin skin, int[] paletteBones, float[] modelMatrices, int modelOffset,
            float[] dst, int dstOffset) {
        String where = "skinMatricesInto";
        int m = skin.paletteSize();
        Checks.requireLength(where, "paletteBones", paletteBones.length, m, "paletteSize");
        if (modelOffset < 0) {
            throw new ValidationException(where + ": modelOffset " + modelOffset + ", expected >= 0");
        }
        if (dstOffset < 0) {
            throw new ValidationException(where + ": dstOffset " + dstOffset + ", expected >= 0");
        }
        if (dst == modelMatrices) {
            throw new ValidationException(where + ": dst is the modelMatrices array, expected a separate array");
        }
        long boneLimit = ((long) modelMatrices.length - modelOffset) / 16;
        for (int e = 0; e < m; e++) {
            int b = paletteBones[e];
            if (b < 0 || b >= boneLimit) {
                throw new ValidationException(where + ": paletteBones[" + e + "] (bone " + Checks.quote(skin.boneName(e))
                        + ") is " + b + ", expected 0.." + (boneLimit - 1) + " (modelMatrices length "
                        + modelMatrices.length + " from modelOffset " + modelOffset + " holds " + Math.max(0, boneLimit)
                        + " matrices)");
            }
        }
        Checks.requireAtLeast(where, "dst", dst.length, dstOffset + 16L * m, "dstOffset + 16*paletteSize");
        ModelToSkin.run(paletteBones, modelMatrices, modelOffset, ModelAccess.get().inverseBindMatrices(skin), dst,
                dstOffset);
        return dst;
    }
}
