package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.SkinningFixtures.Palette;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The vector kernel against the scalar kernel; needs {@code --add-modules jdk.incubator.vector}. */
class VectorLbsKernelTest {
    /** Vector kernel against scalar kernel, relative to the magnitude of the summed terms. */
    private static final double KERNEL_TOLERANCE = 1e-6;

    @Property(tries = 80, seed = "777")
    void vectorKernelMatchesScalarKernel(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
            @ForAll Palette kind, @ForAll NormalTransform normalTransform, @ForAll Renormalization renormalization,
            @ForAll boolean withNormals, @ForAll boolean withTangents) {
        assertThat(LbsKernels.VECTOR).as("the vector kernel; run with --add-modules jdk.incubator.vector")
                .isNotNull();
        SkinningFixtures f = SkinningFixtures.random(seed, k, 64, 41, kind);
        int n = f.vertexCount;
        boolean cof = normalTransform == NormalTransform.COFACTOR;
        boolean unit = renormalization == Renormalization.UNIT_LENGTH;
        float[][] scalar = run(ScalarLbsKernel.INSTANCE, f, withNormals, withTangents, cof, unit);
        float[][] vector = run(LbsKernels.VECTOR, f, withNormals, withTangents, cof, unit);
        // both loop shapes (128-bit and 256-bit blending) give bit-identical results
        float[][] narrow = run(new VectorLbsKernel(false), f, withNormals, withTangents, cof, unit);
        float[][] wide = run(new VectorLbsKernel(true), f, withNormals, withTangents, cof, unit);
        for (int s = 0; s < 3; s++) {
            assertThat(wide[s]).isEqualTo(narrow[s]);
            assertThat(vector[s]).isEqualTo(narrow[s]);
        }
        double[] ref = new double[3], mag = new double[3];
        for (int v = 0; v < n; v++) {
            f.referencePosition(v, ref, mag);
            for (int c = 0; c < 3; c++) {
                assertThat((double) Math.abs(vector[0][3 * v + c] - scalar[0][3 * v + c])).as("vertex %d position", v)
                        .isLessThanOrEqualTo(KERNEL_TOLERANCE * mag[c] + 1e-30);
            }
            if (withNormals) {
                double m = f.directionMagnitude(v, f.normals, 3 * v, cof);
                double len = unit ? norm(f.referenceDirection(v, f.normals, 3 * v, cof)) : 1;
                for (int c = 0; c < 3; c++) {
                    assertThat((double) Math.abs(vector[1][3 * v + c] - scalar[1][3 * v + c])).as("vertex %d normal", v)
                            .isLessThanOrEqualTo(KERNEL_TOLERANCE * m / len);
                }
            }
            if (withTangents) {
                double m = f.directionMagnitude(v, f.tangents, 4 * v, false);
                double len = unit ? norm(f.referenceDirection(v, f.tangents, 4 * v, false)) : 1;
                for (int c = 0; c < 3; c++) {
                    assertThat((double) Math.abs(vector[2][4 * v + c] - scalar[2][4 * v + c])).as("vertex %d tangent", v)
                            .isLessThanOrEqualTo(KERNEL_TOLERANCE * m / len);
                }
                assertThat(vector[2][4 * v + 3]).isEqualTo(scalar[2][4 * v + 3]);
            }
        }
    }

    private static double norm(double[] d) {
        return Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    }

    /** Skins all of {@code f}'s vertices with {@code kernel}: positions, normals or null, tangents or null. */
    private static float[][] run(LbsKernel kernel, SkinningFixtures f, boolean normals, boolean tangents,
            boolean cofactor, boolean unit) {
        int n = f.vertexCount;
        float[] p = new float[3 * n];
        float[] nn = normals ? new float[3 * n] : null;
        float[] t = tangents ? new float[4 * n] : null;
        kernel.skin(f.palette, f.k, f.joints, f.weights, f.positions, p, normals ? f.normals : null, nn,
                tangents ? f.tangents : null, t, 0, n, cofactor, unit);
        return new float[][] {p, nn, t};
    }
}
