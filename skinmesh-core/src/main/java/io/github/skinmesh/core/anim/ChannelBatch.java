package io.github.skinmesh.core.anim;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * Bone channels of one property and one interpolation, bound to a skeleton: for channel
 * {@code c}, its key timeline, its key values (the clip's own array, read-only) and the offset in
 * the pose array it writes. Grouping by property and interpolation lets each sampling loop run
 * one branch-free kernel. Immutable once built.
 */
final class ChannelBatch {
    /** Number of channels. */
    final int count;
    /** Key timeline per channel (index into {@link KeyCursors}). */
    final int[] timeline;
    /** Key values per channel, laid out as in the model's channel (shared, never written). */
    final float[][] values;
    /** First float written per channel: {@code components * bone}. */
    final int[] dstOffset;

    private ChannelBatch(int[] timeline, float[][] values, int[] dstOffset) {
        this.count = timeline.length;
        this.timeline = timeline;
        this.values = values;
        this.dstOffset = dstOffset;
    }

    /** Collects the channels of one batch. */
    static final class Builder {
        private final IntArrayList timeline = new IntArrayList();
        private final List<float[]> values = new ArrayList<>();
        private final IntArrayList dstOffset = new IntArrayList();

        void add(int keyTimeline, float[] keyValues, int offset) {
            timeline.add(keyTimeline);
            values.add(keyValues);
            dstOffset.add(offset);
        }

        ChannelBatch build() {
            return new ChannelBatch(timeline.toIntArray(), values.toArray(new float[0][]), dstOffset.toIntArray());
        }
    }
}
