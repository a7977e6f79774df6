package io.github.skinmesh.core.anim;

/**
 * Finds, for each key timeline (a distinct array of key times), the pair of keys that brackets a
 * time and the blend factor between them. Mutable: holds one cursor per timeline.
 *
 * <p>Result per timeline {@code l} after {@link #seek}: keys {@code key0[l]} and {@code key1[l]},
 * factor {@code alpha[l]} in {@code [0, 1]} and {@code interval[l] = times[key1] - times[key0]}
 * (the tangent scale of cubic splines). Before the first key both keys are the first, after the
 * last both are the last (alpha and interval 0), so every interpolation reproduces the end key's
 * value exactly; in between, {@code key0} is the last key whose time is {@code <= t} and
 * {@code key1 = key0 + 1}.
 *
 * <p>The cursor remembers the last interval. Playback that moves forward by less than a key
 * interval per call finds its interval in the cursor's own or the next one (O(1)); any other time
 * falls back to a binary search. Both paths return the same interval (it is uniquely defined by
 * {@code t}), so results do not depend on the call history. Channels that share their key times
 * share a timeline, so one lookup serves all of them (glTF files often share one input accessor
 * between the translation, rotation and scale channels of a bone, and resampled clips share one
 * key array across all bones).
 */
final class KeyCursors {
    private final float[][] times;
    private final int[] cursor;
    /** First key of the bracketing pair, per timeline. */
    final int[] key0;
    /** Second key of the bracketing pair, per timeline ({@code key0} or {@code key0 + 1}). */
    final int[] key1;
    /** Blend factor from key0 to key1, per timeline, in {@code [0, 1]}. */
    final float[] alpha;
    /** {@code times[key1] - times[key0]} in seconds, per timeline. */
    final float[] interval;

    /** @param times key times per timeline; shared (read-only), each non-empty and strictly increasing */
    KeyCursors(float[][] times) {
        this.times = times;
        int n = times.length;
        cursor = new int[n];
        key0 = new int[n];
        key1 = new int[n];
        alpha = new float[n];
        interval = new float[n];
    }

    /** @return fresh cursors over the same timelines */
    KeyCursors copy() {
        return new KeyCursors(times);
    }

    /** Forgets every cursor (the next lookups start from the first interval). */
    void reset() {
        java.util.Arrays.fill(cursor, 0);
    }

    /** Seeks timelines {@code from..to-1} to {@code t} seconds. */
    void seek(int from, int to, float t) {
        for (int l = from; l < to; l++) {
            seek(l, t);
        }
    }

    /** Seeks timeline {@code l} to {@code t} seconds (finite). */
    void seek(int l, float t) {
        float[] ts = times[l];
        int last = ts.length - 1;
        if (!(t > ts[0])) {
            set(l, 0, 0, 0, 0);
            return;
        }
        if (t >= ts[last]) {
            set(l, last, last, 0, 0);
            return;
        }
        // here ts[0] < t < ts[last], so last >= 1 and an interval k in 0..last-1 holds t
        int k = cursor[l];
        if (!(ts[k] <= t && t < ts[k + 1])) {
            if (k + 2 <= last && ts[k + 1] <= t && t < ts[k + 2]) {
                k++;
            } else {
                k = search(ts, t);
            }
            cursor[l] = k;
        }
        float t0 = ts[k];
        float dt = ts[k + 1] - t0;
        float a = (t - t0) / dt;
        set(l, k, k + 1, a > 1 ? 1 : a, dt);
    }

    private void set(int l, int k0, int k1, float a, float dt) {
        key0[l] = k0;
        key1[l] = k1;
        alpha[l] = a;
        interval[l] = dt;
    }

    /** Last key index {@code k <= ts.length - 2} with {@code ts[k] <= t}, given {@code ts[0] < t < ts[last]}. */
    private static int search(float[] ts, float t) {
        int lo = 0;
        int hi = ts.length - 1; // invariant: ts[lo] <= t < ts[hi]
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (ts[mid] <= t) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
