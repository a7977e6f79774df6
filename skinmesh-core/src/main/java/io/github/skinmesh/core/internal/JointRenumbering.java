package io.github.skinmesh.core.internal;

import java.lang.invoke.MethodHandles;
import org.jspecify.annotations.Nullable;

/**
 * Renumbers skin joints through a table (an input's palette entry to the result's palette
 * entry), the step of every copy of bone weights into another palette ({@code Meshes.concat},
 * {@code Combine.combine} and its reusable buffers): {@code dst[to + j] = table[joints[j]]},
 * optionally with joint 0 where the slot's weight is 0. Not API.
 *
 * <p>Strategies, in order, all giving the same ints:
 * <ol>
 *   <li>an identity table: {@code System.arraycopy};</li>
 *   <li>a table that adds a constant (a part whose palette keeps its order and is contiguous in
 *       the result): {@code System.arraycopy}, then the constant added in place, a counted loop
 *       C2 vectorizes (without weights: zeroing empty slots takes one of the kernels below);</li>
 *   <li>a table no longer than a vector's lanes, when the JVM runs with
 *       {@code --add-modules jdk.incubator.vector}: {@link VectorJointLookup}, one permute per
 *       vector of joints;</li>
 *   <li>otherwise the scalar loop, one table load per slot (C2 does not vectorize a gather).</li>
 * </ol>
 * The vector kernel is loaded by name, like the skinning package's, so that no other class links
 * against the incubator module, and any failure to link or construct it falls back to the scalar
 * loop.
 *
 * <p>Measured on workload {@code combine}'s joints (six parts, 40,968 slots each, tables of 16
 * entries, JDK 17, shared 2-vCPU machine with AVX-512; microseconds for the six parts, medians):
 * the scalar loop 92 to 95; a vector gather ({@code IntVector.fromArray} with an index map) 98 to
 * 100, no gain; two 256-bit selects and a blend 92 to 96, no gain; one 512-bit
 * {@code selectFrom} 26 to 30, the speed of {@code System.arraycopy} of the same ints (15 to 18).
 *
 * <p>Stateless and thread-safe; allocates one padded table per call.
 */
public final class JointRenumbering {
    static final String VECTOR_MODULE = VectorKernels.MODULE;
    private static final String VECTOR_KERNEL = "io.github.skinmesh.core.internal.VectorJointLookup";

    /** The vector kernel, or null when it cannot be used in this JVM. */
    static final @Nullable JointLookup VECTOR =
            VectorKernels.load(MethodHandles.lookup(), VECTOR_KERNEL, JointLookup.class);

    private JointRenumbering() {
    }

    /** @return whether the vector kernel is in use in this JVM */
    public static boolean vectorKernelAvailable() {
        return VECTOR != null;
    }

    /**
     * Writes {@code count} renumbered joints. The caller has validated the counts: every joint of
     * {@code joints[from .. from+count-1]} is in {@code 0 .. table.length-1}, and the arrays are
     * long enough.
     *
     * @param table per source joint its joint in the destination, each {@code >= 0}
     * @param joints source joints
     * @param weights source weights of the same slots, or {@code null}; when given, a slot of weight
     *     {@code 0} gets joint 0 whatever its table entry
     * @param from first source slot
     * @param dst destination joints
     * @param to first destination slot
     * @param count slots
     */
    public static void renumber(int[] table, int[] joints, float @Nullable [] weights, int from, int[] dst, int to,
            int count) {
        renumber(table, joints, weights, from, dst, to, count, VECTOR);
    }

    /** As the public method, with the kernel given (null: scalar), for tests. */
    static void renumber(int[] table, int[] joints, float @Nullable [] weights, int from, int[] dst, int to, int count,
            @Nullable JointLookup kernel) {
        int entries = table.length;
        if (entries == 0 || count == 0) {
            return;
        }
        int shift = table[0];
        boolean constant = true;
        for (int e = 1; e < entries && constant; e++) {
            constant = table[e] == shift + e;
        }
        if (constant && weights == null) {
            System.arraycopy(joints, from, dst, to, count);
            if (shift != 0) {
                for (int j = to, end = to + count; j < end; j++) {
                    dst[j] += shift;
                }
            }
            return;
        }
        if (kernel != null && entries <= kernel.maxTableLength() && count >= kernel.maxTableLength()) {
            int[] padded = new int[kernel.maxTableLength()];
            System.arraycopy(table, 0, padded, 0, entries);
            if (weights == null) {
                kernel.lookup(padded, joints, from, dst, to, count);
            } else {
                kernel.lookupNonEmpty(padded, joints, weights, from, dst, to, count);
            }
            return;
        }
        if (weights == null) {
            for (int j = 0; j < count; j++) {
                dst[to + j] = table[joints[from + j]];
            }
        } else {
            for (int j = 0; j < count; j++) {
                dst[to + j] = weights[from + j] == 0f ? 0 : table[joints[from + j]];
            }
        }
    }
}
