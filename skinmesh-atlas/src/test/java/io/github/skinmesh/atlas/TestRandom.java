package io.github.skinmesh.atlas;

/**
 * The seeded SplitMix64 generator of this module's tests: the same sequence as the testkit's
 * {@code SplitMix64} for the same seed, which these tests cannot reach (the testkit depends on this
 * module, for the PNG codec of its textures).
 */
public final class TestRandom {
    private long state;

    /** @param seed the seed */
    public TestRandom(long seed) {
        this.state = seed;
    }

    /** @return the next 64 random bits */
    public long next() {
        long z = state += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** @return a float in [0, 1) */
    public float nf() {
        return (next() >>> 40) * 0x1.0p-24f;
    }

    /** @return an int in lo..hi, both included */
    public int nextInt(int lo, int hi) {
        return (int) (lo + (long) Math.floor(nf() * ((double) hi - lo + 1)));
    }
}
