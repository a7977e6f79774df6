package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.BoundSkin.JointWidth;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Benchmark workload {@code lbs} (W-SKIN-50K: SplitMix64 seed {@code 0x5EED}, 64 rigid skin
 * matrices, 50,000 vertices with four influences) through every kernel, shape and joint width:
 * the weighted checksums of the skinned positions and (not renormalized) normals are the
 * published {@code -35618.726} and {@code -563.9337}, to {@code 1e-8} and {@code 2e-7} relative.
 * The workload is generated here from its definition (core's tests cannot use the testkit, which
 * depends on core).
 */
class WorkloadChecksumTest {
    private static final double POSITIONS = -35618.726;
    private static final double NORMALS = -563.9337;
    private static final int VERTICES = 50_000;

    @Test
    void everyKernelReproducesThePublishedChecksums() {
        Workload w = new Workload();
        List<LbsKernel> kernels = new ArrayList<>(List.of(ScalarLbsKernel.INSTANCE));
        if (Skinning.vectorKernelAvailable()) {
            for (VectorLbsKernel.Shape shape : VectorLbsKernel.Shape.values()) {
                kernels.add(new VectorLbsKernel(shape));
            }
        }
        for (LbsKernel kernel : kernels) {
            float[] p = new float[3 * VERTICES];
            float[] n = new float[3 * VERTICES];
            kernel.skin(w.palette, 4, w.joints, w.weights, w.positions, p, w.normals, n, null, null, 0, VERTICES,
                    false, false);
            check(kernel.name(), p, n);
            float[] alone = new float[3 * VERTICES];
            kernel.skin(w.palette, 4, w.joints, w.weights, w.positions, alone, null, null, null, null, 0, VERTICES,
                    false, false);
            check(kernel.name() + " positions alone", alone, null);
            char[] narrow = new char[w.joints.length];
            for (int i = 0; i < narrow.length; i++) {
                narrow[i] = (char) w.joints[i];
            }
            float[] p16 = new float[3 * VERTICES];
            float[] n16 = new float[3 * VERTICES];
            kernel.skin(w.palette, 4, narrow, w.weights, w.positions, p16, w.normals, n16, null, null, 0, VERTICES,
                    false, false);
            check(kernel.name() + " 16-bit joints", p16, n16);
        }
        SkinningOptions options = SkinningOptions.DEFAULTS.withRenormalization(Renormalization.NONE);
        for (JointWidth width : JointWidth.values()) {
            BoundSkin bound = BoundSkin.of(64, 4, w.joints, w.weights, width);
            for (int threads = 1; threads <= 2; threads++) {
                float[] p = new float[3 * VERTICES];
                float[] n = new float[3 * VERTICES];
                Skinning.skinInto(bound, w.palette, w.positions, p, w.normals, n, null, null, 0, VERTICES,
                        options.withParallelism(threads));
                check("bound " + width + " " + threads + " threads", p, n);
            }
        }
    }

    private static void check(String what, float[] positions, float[] normals) {
        assertThat(weighted(positions)).as(what + " positions")
                .isCloseTo(POSITIONS, Offset.offset(Math.abs(POSITIONS) * 1e-8));
        if (normals != null) {
            assertThat(weighted(normals)).as(what + " normals")
                    .isCloseTo(NORMALS, Offset.offset(Math.abs(NORMALS) * 2e-7));
        }
    }

    /** {@code sum_i out[i] * (1 + i mod 7)} in double. */
    private static double weighted(float[] out) {
        double sum = 0;
        for (int i = 0; i < out.length; i++) {
            sum += out[i] * (double) (1 + i % 7);
        }
        return sum;
    }

    /** The workload's arrays, drawn in the order of its definition, in float arithmetic. */
    private static final class Workload {
        final float[] palette = new float[16 * 64];
        final float[] positions = new float[3 * VERTICES];
        final float[] normals = new float[3 * VERTICES];
        final int[] joints = new int[4 * VERTICES];
        final float[] weights = new float[4 * VERTICES];
        private long state = 0x5EEDL;

        Workload() {
            float twoPi = (float) (2 * Math.PI);
            for (int j = 0; j < 64; j++) {
                float u1 = nf(), u2 = nf(), u3 = nf();
                float a = (float) Math.sqrt(1 - u1), b = (float) Math.sqrt(u1);
                float x = a * (float) Math.sin(twoPi * u2), y = a * (float) Math.cos(twoPi * u2);
                float z = b * (float) Math.sin(twoPi * u3), q = b * (float) Math.cos(twoPi * u3);
                int m = 16 * j;
                palette[m + 12] = nf() * 2 - 1;
                palette[m + 13] = nf() * 2 - 1;
                palette[m + 14] = nf() * 2 - 1;
                palette[m] = 1 - 2 * (y * y + z * z);
                palette[m + 1] = 2 * (x * y + q * z);
                palette[m + 2] = 2 * (x * z - q * y);
                palette[m + 4] = 2 * (x * y - q * z);
                palette[m + 5] = 1 - 2 * (x * x + z * z);
                palette[m + 6] = 2 * (y * z + q * x);
                palette[m + 8] = 2 * (x * z + q * y);
                palette[m + 9] = 2 * (y * z - q * x);
                palette[m + 10] = 1 - 2 * (x * x + y * y);
                palette[m + 15] = 1;
            }
            for (int v = 0; v < VERTICES; v++) {
                for (int c = 0; c < 3; c++) {
                    positions[3 * v + c] = nf() * 2 - 1;
                }
                float nx = nf() * 2 - 1, ny = nf() * 2 - 1, nz = nf() * 2 - 1;
                float len = (float) Math.sqrt(nx * nx + ny * ny + nz * nz);
                normals[3 * v] = nx / len;
                normals[3 * v + 1] = ny / len;
                normals[3 * v + 2] = nz / len;
                for (int k = 0; k < 4; k++) {
                    joints[4 * v + k] = (int) (next() >>> 58);
                }
                float sum = 0;
                for (int k = 0; k < 4; k++) {
                    weights[4 * v + k] = nf() + 0.01f;
                    sum += weights[4 * v + k];
                }
                for (int k = 0; k < 4; k++) {
                    weights[4 * v + k] /= sum;
                }
            }
        }

        private long next() {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        private float nf() {
            return (next() >>> 40) * 0x1.0p-24f;
        }
    }
}
