package io.github.skinmesh.core.anim;

/**
 * LINEAR channels of one property that share one key timeline, with their keys interleaved
 * across channels (structure of arrays), so that one vector load reads the same component of the
 * same key of several channels. Immutable once built; shared by every {@link ClipSampler} copy.
 *
 * <p>Layout: component {@code c} of key {@code k} of channel {@code j} is at
 * {@code rows[k * components + c][j]}, one array per key and component, so that a kernel's loop
 * reads every operand at the same index {@code j} of its own array (the form the JIT's
 * auto-vectorizer accepts); channels {@code count..padded-1} are padding (the identity rotation,
 * or zeros) so that every vector step is whole. {@code padded} is a multiple of the kernel's lane
 * count.
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
    /** Keys per key and component, {@code keyCount * components} arrays of {@code padded} floats. */
    final float[][] rows;
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
        rows = new float[keyCount * components][padded];
        for (int k = 0; k < keyCount; k++) {
            for (int c = 0; c < components; c++) {
                float[] row = rows[k * components + c];
                for (int j = 0; j < count; j++) {
                    row[j] = values[j][k * components + c];
                }
                if (components == 4 && c == 3) {
                    java.util.Arrays.fill(row, count, padded, 1f);
                }
            }
        }
    }
}
