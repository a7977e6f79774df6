package io.github.skinmesh.testkit.internal;

import io.github.skinmesh.core.model.Skeleton;
import org.joml.Matrix4d;
import org.joml.Matrix4f;

/**
 * Inverse bind matrices that make a skeleton's rest pose the bind pose: for each palette entry
 * {@code inverse(restModel(bone))}, so that {@code restModel(bone) * inverseBind = identity}.
 *
 * <p>The rest model matrices come from {@link Skeleton#restModelMatricesInto(float[], int)} (the
 * float matrices every kernel will compute), and are inverted in double precision as general
 * affine matrices, so non-uniform scale and shear along the hierarchy are handled. Not API.
 */
public final class BindMatrices {
    private BindMatrices() {
    }

    /**
     * Computes the inverse rest model matrix of each palette bone.
     *
     * @param skeleton the skeleton
     * @param paletteBones skeleton bone index per palette entry, each {@code 0..boneCount-1}
     * @return a fresh {@code 16*paletteBones.length} array, column-major
     */
    public static float[] inverseRestModel(Skeleton skeleton, int[] paletteBones) {
        float[] model = skeleton.restModelMatricesInto(new float[16 * skeleton.boneCount()], 0);
        float[] ibm = new float[16 * paletteBones.length];
        Matrix4f single = new Matrix4f();
        Matrix4d wide = new Matrix4d();
        for (int e = 0; e < paletteBones.length; e++) {
            int bone = paletteBones[e];
            assert bone >= 0 && bone < skeleton.boneCount();
            wide.set(single.set(model, 16 * bone)).invertAffine().get(ibm, 16 * e);
        }
        return ibm;
    }
}
