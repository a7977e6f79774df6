package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.SkinningFixtures.Palette;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The vector kernel, every loop shape, against the scalar kernel: the same bits. Needs
 * {@code --add-modules jdk.incubator.vector}; {@link SkinningBitIdentityTest} covers thread counts
 * and splits.
 */
class VectorLbsKernelTest {
    @Property(tries = 80, seed = "777")
    void vectorKernelMatchesScalarKernelBitForBit(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
            @ForAll Palette kind, @ForAll NormalTransform normalTransform, @ForAll Renormalization renormalization,
            @ForAll boolean withNormals, @ForAll boolean withTangents, @ForAll @IntRange(min = 0, max = 40) int first) {
        assertThat(LbsKernels.VECTOR).as("the vector kernel; run with --add-modules jdk.incubator.vector")
                .isNotNull();
        SkinningFixtures f = SkinningFixtures.random(seed, k, 64, 41, kind);
        boolean cof = normalTransform == NormalTransform.COFACTOR;
        boolean unit = renormalization == Renormalization.UNIT_LENGTH;
        float[][] scalar = run(ScalarLbsKernel.INSTANCE, f, first, withNormals, withTangents, cof, unit);
        float[][] vector = run(LbsKernels.VECTOR, f, first, withNormals, withTangents, cof, unit);
        float[][] narrow = run(new VectorLbsKernel(false), f, first, withNormals, withTangents, cof, unit);
        float[][] wide = run(new VectorLbsKernel(true), f, first, withNormals, withTangents, cof, unit);
        float[][] matrix = run(new VectorLbsKernel(VectorLbsKernel.Shape.MATRIX_512), f, first, withNormals,
                withTangents, cof, unit);
        String[] streams = {"positions", "normals", "tangents"};
        for (int s = 0; s < 3; s++) {
            SkinningBitIdentityTest.assertSameBits(scalar[s], vector[s], "vector " + streams[s]);
            SkinningBitIdentityTest.assertSameBits(scalar[s], narrow[s], "vector (128-bit blend) " + streams[s]);
            SkinningBitIdentityTest.assertSameBits(scalar[s], wide[s], "vector (256-bit blend) " + streams[s]);
            SkinningBitIdentityTest.assertSameBits(scalar[s], matrix[s], "vector (512-bit matrix) " + streams[s]);
        }
    }

    @Property(tries = 60, seed = "1616")
    void sixteenBitJointsGiveTheSameBitsInEveryShapeAndTheScalarKernel(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 8) int k, @ForAll Palette kind, @ForAll NormalTransform normalTransform,
            @ForAll Renormalization renormalization, @ForAll boolean withNormals, @ForAll boolean withTangents,
            @ForAll @IntRange(min = 0, max = 40) int first) {
        SkinningFixtures f = SkinningFixtures.random(seed, k, 64, 41, kind);
        boolean cof = normalTransform == NormalTransform.COFACTOR;
        boolean unit = renormalization == Renormalization.UNIT_LENGTH;
        float[][] expected = run(ScalarLbsKernel.INSTANCE, f, first, withNormals, withTangents, cof, unit);
        java.util.List<LbsKernel> kernels = new java.util.ArrayList<>(java.util.List.of(ScalarLbsKernel.INSTANCE));
        for (VectorLbsKernel.Shape shape : VectorLbsKernel.Shape.values()) {
            kernels.add(new VectorLbsKernel(shape));
        }
        char[] narrow = new char[f.joints.length];
        for (int i = 0; i < narrow.length; i++) {
            narrow[i] = (char) f.joints[i];
        }
        String[] streams = {"positions", "normals", "tangents"};
        for (LbsKernel kernel : kernels) {
            int n = f.vertexCount;
            float[] p = new float[3 * n];
            float[] nn = withNormals ? new float[3 * n] : null;
            float[] t = withTangents ? new float[4 * n] : null;
            kernel.skin(f.palette, f.k, narrow, f.weights, f.positions, p, withNormals ? f.normals : null, nn,
                    withTangents ? f.tangents : null, t, first, n, cof, unit);
            float[][] actual = {p, nn, t};
            for (int s = 0; s < 3; s++) {
                SkinningBitIdentityTest.assertSameBits(expected[s], actual[s],
                        kernel.name() + " 16-bit joints " + streams[s]);
            }
        }
    }

    /**
     * Four influences, positions with and without normals, 32- and 16-bit joints: every shape skins
     * a range of 1 to 24 vertices starting at 0 to 8 to the scalar kernel's bits and writes no float
     * outside the range (the one-vertex steps store a fourth float, the 512-bit shape's four-vertex
     * steps sixteen floats for twelve).
     */
    @Property(tries = 12, seed = "4242")
    void everyShapeWritesItsRangeAndNothingElse(@ForAll long seed, @ForAll Palette kind, @ForAll boolean withNormals,
            @ForAll boolean sixteenBit) {
        SkinningFixtures f = SkinningFixtures.random(seed, 4, 64, 40, kind);
        float[][] expected = run(ScalarLbsKernel.INSTANCE, f, 0, withNormals, false, false, false);
        char[] narrow = new char[f.joints.length];
        for (int i = 0; i < narrow.length; i++) {
            narrow[i] = (char) f.joints[i];
        }
        int n = f.vertexCount;
        for (VectorLbsKernel.Shape shape : VectorLbsKernel.Shape.values()) {
            LbsKernel kernel = new VectorLbsKernel(shape);
            for (int first = 0; first <= 8; first++) {
                for (int end = first + 1; end <= first + 24; end++) {
                    float[] p = new float[3 * n];
                    float[] nn = withNormals ? new float[3 * n] : null;
                    java.util.Arrays.fill(p, Float.NaN);
                    if (nn != null) {
                        java.util.Arrays.fill(nn, Float.NaN);
                    }
                    if (sixteenBit) {
                        kernel.skin(f.palette, 4, narrow, f.weights, f.positions, p, withNormals ? f.normals : null,
                                nn, null, null, first, end, false, false);
                    } else {
                        kernel.skin(f.palette, 4, f.joints, f.weights, f.positions, p,
                                withNormals ? f.normals : null, nn, null, null, first, end, false, false);
                    }
                    String what = kernel.name() + (sixteenBit ? " 16-bit" : " 32-bit") + " joints, vertices " + first
                            + ".." + (end - 1);
                    assertRange(expected[0], p, first, end, what + " positions");
                    if (nn != null) {
                        assertRange(expected[1], nn, first, end, what + " normals");
                    }
                }
            }
        }
    }

    /** xyz triples {@code first..end-1} of {@code actual} equal {@code expected}'s bit for bit; the rest are NaN. */
    private static void assertRange(float[] expected, float[] actual, int first, int end, String what) {
        for (int i = 0; i < actual.length; i++) {
            if (i >= 3 * first && i < 3 * end) {
                if (Float.floatToRawIntBits(actual[i]) != Float.floatToRawIntBits(expected[i])) {
                    throw new AssertionError(what + ": element " + i + " is " + actual[i] + ", expected "
                            + expected[i]);
                }
            } else if (!Float.isNaN(actual[i])) {
                throw new AssertionError(what + ": element " + i + " outside the range was written: " + actual[i]);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void theDefaultShapeIsTheWidestThatPaysOnTheRunningJdk() {
        assertThat(VectorLbsKernel.defaultShape(512, 25)).isEqualTo(VectorLbsKernel.Shape.MATRIX_512);
        assertThat(VectorLbsKernel.defaultShape(512, 26)).isEqualTo(VectorLbsKernel.Shape.MATRIX_512);
        assertThat(VectorLbsKernel.defaultShape(512, 17)).isEqualTo(VectorLbsKernel.Shape.PAIRS_256);
        assertThat(VectorLbsKernel.defaultShape(256, 25)).isEqualTo(VectorLbsKernel.Shape.PAIRS_256);
        assertThat(VectorLbsKernel.defaultShape(256, 17)).isEqualTo(VectorLbsKernel.Shape.PAIRS_256);
        assertThat(VectorLbsKernel.defaultShape(128, 25)).isEqualTo(VectorLbsKernel.Shape.COLUMNS_128);
        assertThat(new VectorLbsKernel().name()).isEqualTo(VectorLbsKernel.DEFAULT_SHAPE.kernelName);
        assertThat(LbsKernels.select(SkinningKernel.AUTO).name()).isEqualTo(VectorLbsKernel.DEFAULT_SHAPE.kernelName);
    }

    /** Skins vertices {@code first..n-1} of {@code f} with {@code kernel}: positions, normals, tangents (or null). */
    private static float[][] run(LbsKernel kernel, SkinningFixtures f, int first, boolean normals, boolean tangents,
            boolean cofactor, boolean unit) {
        int n = f.vertexCount;
        float[] p = new float[3 * n];
        float[] nn = normals ? new float[3 * n] : null;
        float[] t = tangents ? new float[4 * n] : null;
        kernel.skin(f.palette, f.k, f.joints, f.weights, f.positions, p, normals ? f.normals : null, nn,
                tangents ? f.tangents : null, t, first, n, cofactor, unit);
        return new float[][] {p, nn, t};
    }
}
