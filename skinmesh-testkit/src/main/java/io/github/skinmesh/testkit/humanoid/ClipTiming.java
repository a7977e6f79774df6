package io.github.skinmesh.testkit.humanoid;

/**
 * Key times of a looping clip: {@code frames + 1} keys at {@code k * duration / frames}, where the
 * last key, at exactly the duration, repeats the first key's pose (its phase is taken modulo the
 * period), so the loop closes seamlessly and bit for bit.
 */
final class ClipTiming {
    final int frames;
    final double duration;

    ClipTiming(double period, double keyRate) {
        this.frames = Math.max(2, (int) Math.round(period * keyRate));
        this.duration = frames / keyRate;
    }

    /**
     * @return the phase in radians of key {@code k} of {@code count} keys per period:
     *     {@code 2 pi (k mod count) / count}
     */
    static double phase(int k, int count) {
        return 2 * Math.PI * (k % count) / count;
    }

    /** @return {@code count + 1} key times from 0 to the duration, the last exactly {@code (float) duration} */
    float[] times(int count) {
        float[] t = new float[count + 1];
        for (int k = 0; k < count; k++) {
            t[k] = (float) (duration * k / count);
        }
        t[count] = (float) duration;
        return t;
    }
}
