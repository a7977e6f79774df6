package io.github.skinmesh.core.anim;

/**
 * Skin matrices of a bone palette: {@code skin(e) = model(bone(e)) * inverseBind(e)}, full 4x4
 * products of column-major matrices (inverse bind matrices are not required to be affine), no
 * allocation.
 */
final class ModelToSkin {
    private ModelToSkin() {
    }

    /**
     * @param paletteBones bone index per palette entry (validated against {@code model})
     * @param model model matrices, 16 floats per bone from {@code modelOffset}
     * @param modelOffset first float of bone 0's matrix
     * @param inverseBind inverse bind matrices, 16 floats per entry
     * @param dst destination, 16 floats per entry from {@code dstOffset}; not {@code model}
     * @param dstOffset first float written
     */
    static void run(int[] paletteBones, float[] model, int modelOffset, float[] inverseBind, float[] dst,
            int dstOffset) {
        for (int e = 0; e < paletteBones.length; e++) {
            int a = modelOffset + 16 * paletteBones[e];
            int b = 16 * e;
            int o = dstOffset + 16 * e;
            float a00 = model[a], a10 = model[a + 1], a20 = model[a + 2], a30 = model[a + 3];
            float a01 = model[a + 4], a11 = model[a + 5], a21 = model[a + 6], a31 = model[a + 7];
            float a02 = model[a + 8], a12 = model[a + 9], a22 = model[a + 10], a32 = model[a + 11];
            float a03 = model[a + 12], a13 = model[a + 13], a23 = model[a + 14], a33 = model[a + 15];
            for (int c = 0; c < 4; c++) {
                float b0 = inverseBind[b + 4 * c];
                float b1 = inverseBind[b + 4 * c + 1];
                float b2 = inverseBind[b + 4 * c + 2];
                float b3 = inverseBind[b + 4 * c + 3];
                int oc = o + 4 * c;
                dst[oc] = a00 * b0 + a01 * b1 + a02 * b2 + a03 * b3;
                dst[oc + 1] = a10 * b0 + a11 * b1 + a12 * b2 + a13 * b3;
                dst[oc + 2] = a20 * b0 + a21 * b1 + a22 * b2 + a23 * b3;
                dst[oc + 3] = a30 * b0 + a31 * b1 + a32 * b2 + a33 * b3;
            }
        }
    }
}
