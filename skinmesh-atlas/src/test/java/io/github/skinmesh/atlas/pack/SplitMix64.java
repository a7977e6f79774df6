package io.github.skinmesh.atlas.pack;

/**
 * The testkit's SplitMix64 generator for the pack tests: the same sequence as
 * {@code io.github.skinmesh.testkit.SplitMix64} for the same seed. The testkit itself is out of reach
 * from this module's tests, since it depends on this module (for the PNG codec of its textures).
 */
final class SplitMix64 {
    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    long next() {
        long z = state += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** @return a float in [0, 1) */
    float nf() {
        return (next() >>> 40) * 0x1.0p-24f;
    }

    /** @return an int in lo..hi, both included */
    int nextInt(int lo, int hi) {
        return (int) (lo + (long) Math.floor(nf() * ((double) hi - lo + 1)));
    }
}
