package io.github.skinmesh.core.anim;

/**
 * LINEAR channels of one property that share one key timeline, with their keys interleaved
 * across channels (structure of arrays), so that one vector load reads the same component of the
 * same key of several channels. Immutable once built; shared by every {@link ClipSampler} copy.
 *
 * <p>Layout: component {@code c} of key {@code k} of channel {@code j} is at
 * {@code keys[(k * components + c) * padded + j]}; channels {@code count..padded-1} are padding
 * (the identity rotation, or zeros) so that every vector step is whole. {@code padded} is a
 * multiple of the vector kernel's lane count.
 */
final class SoaGroup {
    /** Key timeline of every channel of the group (index into {@link KeyCursors}). */
    final int timeline;
    /** 3 (translation, scale) or 4 (rotation). */
    final int components;
    /** Number of channels. */
    final int count;
    /** {@code count} rounded up to a multiple of the lane count. */
    final int padded;
    /** Interleaved keys, {@code keyCount * components * padded} floats. */
    final float[] keys;
    /** First float written per channel in the pose array: {@code components * bone}. */
    final int[] dstOffset;

    /**
     * @param timeline the shared key timeline
     * @param keyCount its number of keys
     * @param components 3 or 4
     * @param values key values per channel, {@code components * keyCount} floats each
     * @param dstOffset pose offset per channel
     * @param lanes the lane count {@code padded} is a multiple of
     */
    SoaGroup(int timeline, int keyCount, int components, float[][] values, int[] dstOffset, int lanes) {
        this.timeline = timeline;
        this.components = components;
        this.count = values.length;
        this.padded = (count + lanes - 1) / lanes * lanes;
        this.dstOffset = dstOffset.clone();
        keys = new float[keyCount * components * padded];
        for (int k = 0; k < keyCount; k++) {
            for (int c = 0; c < components; c++) {
                int row = (k * components + c) * padded;
                for (int j = 0; j < count; j++) {
                    keys[row + j] = values[j][k * components + c];
                }
                if (components == 4 && c == 3) {
                    java.util.Arrays.fill(keys, row + count, row + padded, 1f);
                }
            }
        }
    }
}
