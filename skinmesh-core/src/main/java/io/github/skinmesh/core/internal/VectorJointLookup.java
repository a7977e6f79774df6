package io.github.skinmesh.core.internal;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The table lookup of {@link JointRenumbering} with the incubating Vector API: the whole table in
 * one vector of the platform's preferred width, each step loading one vector of source joints and
 * selecting the table's lanes by them ({@code IntVector.selectFrom}, a single permute instruction
 * such as {@code vpermd}); empty slots are found by comparing the weights' bits without their
 * sign to 0 and blended to joint 0. The tail (fewer slots than lanes) runs the scalar loop. Integer
 * lookups, so the ints equal the scalar kernel's exactly.
 *
 * <p>Tables longer than the lane count are left to the scalar kernel: with 256-bit vectors a
 * 16-entry table needs two selects and a blend, which measured no faster than the scalar loop on
 * JDK 17 (see {@link JointRenumbering}).
 *
 * <p>Loaded reflectively by {@link JointRenumbering} only when {@code jdk.incubator.vector} is in
 * the boot layer; no other class refers to it by name.
 */
final class VectorJointLookup implements JointLookup {
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private static final int MAGNITUDE = 0x7fffffff;

    /**
     * Public no-argument constructor for the reflective loader.
     *
     * @throws IllegalStateException when the preferred int and float vectors differ in lanes, or
     *     hold fewer than 4 lanes (no useful SIMD)
     */
    public VectorJointLookup() {
        if (I.length() != F.length() || I.length() < 4) {
            throw new IllegalStateException("joint lookup: preferred vectors of " + I.length() + " int and "
                    + F.length() + " float lanes, expected equal lane counts of at least 4");
        }
    }

    @Override
    public int maxTableLength() {
        return I.length();
    }

    @Override
    public void lookup(int[] table, int[] joints, int from, int[] dst, int to, int count) {
        IntVector t = IntVector.fromArray(I, table, 0);
        int j = 0;
        for (int bound = I.loopBound(count); j < bound; j += I.length()) {
            IntVector.fromArray(I, joints, from + j).selectFrom(t).intoArray(dst, to + j);
        }
        for (; j < count; j++) {
            dst[to + j] = table[joints[from + j]];
        }
    }

    @Override
    public void lookupNonEmpty(int[] table, int[] joints, float[] weights, int from, int[] dst, int to, int count) {
        IntVector t = IntVector.fromArray(I, table, 0);
        int j = 0;
        for (int bound = I.loopBound(count); j < bound; j += I.length()) {
            IntVector mapped = IntVector.fromArray(I, joints, from + j).selectFrom(t);
            IntVector bits = FloatVector.fromArray(F, weights, from + j).reinterpretAsInts().and(MAGNITUDE);
            VectorMask<Integer> empty = bits.compare(VectorOperators.EQ, 0);
            mapped.blend(0, empty).intoArray(dst, to + j);
        }
        for (; j < count; j++) {
            dst[to + j] = weights[from + j] == 0f ? 0 : table[joints[from + j]];
        }
    }
}
