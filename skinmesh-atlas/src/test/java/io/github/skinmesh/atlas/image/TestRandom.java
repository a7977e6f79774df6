package io.github.skinmesh.atlas.image;

/**
 * A seeded SplitMix64 generator for the tests of this module (the testkit's copy is out of reach: the
 * testkit depends on this module).
 */
final class TestRandom {
    private long state;

    TestRandom(long seed) {
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
