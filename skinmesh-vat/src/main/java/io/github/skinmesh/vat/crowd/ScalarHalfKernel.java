package io.github.skinmesh.vat.crowd;

/** The half kernel in plain Java: {@link PaletteKernel}'s loops, one value at a time. */
final class ScalarHalfKernel implements HalfKernel {
    static final ScalarHalfKernel INSTANCE = new ScalarHalfKernel();

    private ScalarHalfKernel() {
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
