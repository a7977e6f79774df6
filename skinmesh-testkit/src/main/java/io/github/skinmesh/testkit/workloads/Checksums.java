package io.github.skinmesh.testkit.workloads;

/** Checksums that the workload definitions publish, to verify a kernel's output. */
public final class Checksums {
    private Checksums() {
    }

    /**
     * The workload checksum {@code sum_i out[i] * (1 + i mod 7)} over a flat output, in double.
     *
     * @param out the output floats
     * @param count number of floats to include
     * @return the checksum
     */
    public static double weighted(float[] out, int count) {
        double sum = 0;
        for (int i = 0; i < count; i++) {
            sum += out[i] * (double) (1 + i % 7);
        }
        return sum;
    }
}
