package io.github.skinmesh.core.skinning;

/**
 * Runs an int-joint kernel over a vertex range whose joints are stored in 16 bits: the joints of
 * blocks of {@value #BLOCK} vertices are widened into one int scratch array, and the kernel skins
 * each block with {@code jointBase} pointing the block's first slot at index 0 of the scratch.
 * Kernels give the same bits however a range is split, so the blocks do not show in the result.
 * Used for the shapes without their own 16-bit loops (influence counts other than four, tangents,
 * the cofactor transform, renormalization, dual quaternions).
 *
 * <p>Notes. Widening blocks for every shape cost the four-influence vector kernel about 20% on
 * workload {@code lbs} (per CPU-second, JDK 17), more than the 16-bit joints save from memory, so
 * the four-influence loops read 16-bit joints directly. Allocates {@code K*min(BLOCK, range)}
 * ints per call.
 */
final class JointWidening {
    /** Vertices per block: the scratch stays in the first-level cache (4 KB to 32 KB). */
    static final int BLOCK = 1024;

    private JointWidening() {
    }

    /**
     * @param joints 16-bit palette indices, slot {@code i} of vertex {@code v} at {@code k*v + i}
     * @param k influences per vertex
     * @param first first vertex
     * @param end one past the last vertex
     * @param task the kernel, called once per block
     */
    static void run(char[] joints, int k, int first, int end, WideJointsTask task) {
        if (first >= end) {
            return;
        }
        int[] wide = new int[k * Math.min(BLOCK, end - first)];
        for (int a = first; a < end; a += BLOCK) {
            int b = Math.min(end, a + BLOCK);
            int base = k * a;
            for (int i = base, n = k * b; i < n; i++) {
                wide[i - base] = joints[i];
            }
            task.run(wide, base, a, b);
        }
    }
}
