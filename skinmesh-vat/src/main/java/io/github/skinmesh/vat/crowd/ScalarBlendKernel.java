package io.github.skinmesh.vat.crowd;

/** The blend kernel in plain Java: {@link PaletteKernel}'s loops, one value at a time. */
final class ScalarBlendKernel implements BlendKernel {
    static final ScalarBlendKernel INSTANCE = new ScalarBlendKernel();

    private ScalarBlendKernel() {
    }

    @Override
    public void blend(float[] src, int a, int b, float w, float[] dst, int d, int n) {
        PaletteKernel.blend(src, a, b, w, dst, d, n);
    }

    @Override
    public void copy(float[] src, int s, short[] dst, int d, int n) {
        PaletteKernel.copy(src, s, dst, d, n);
    }

    @Override
    public void blend(float[] src, int a, int b, float w, short[] dst, int d, int n) {
        PaletteKernel.blend(src, a, b, w, dst, d, n);
    }
}
