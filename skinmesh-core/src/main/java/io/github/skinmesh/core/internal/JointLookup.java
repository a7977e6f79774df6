package io.github.skinmesh.core.internal;

/**
 * A kernel of {@link JointRenumbering}: writes {@code dst[to + j] = table[joints[from + j]]} for
 * {@code j < count}, optionally with 0 where the slot's weight is 0. Every implementation gives
 * the same ints as the scalar loops of {@link JointRenumbering}. Not API.
 */
interface JointLookup {
    /** @return the largest table this kernel takes (its vector's lane count), {@code 0} for none */
    int maxTableLength();

    /**
     * @param table the table, {@code maxTableLength()} entries (padded by the caller), each joint of
     *     the source below the caller's own table length
     * @param joints source joints
     * @param from first source slot
     * @param dst destination joints
     * @param to first destination slot
     * @param count slots
     */
    void lookup(int[] table, int[] joints, int from, int[] dst, int to, int count);

    /**
     * As {@link #lookup}, but a slot whose weight is {@code 0} (either sign) gets joint 0.
     *
     * @param table as {@link #lookup}
     * @param joints source joints
     * @param weights source weights, one per joint slot
     * @param from first source slot (of both)
     * @param dst destination joints
     * @param to first destination slot
     * @param count slots
     */
    void lookupNonEmpty(int[] table, int[] joints, float[] weights, int from, int[] dst, int to, int count);
}
