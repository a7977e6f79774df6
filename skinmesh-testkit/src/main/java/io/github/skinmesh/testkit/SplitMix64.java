package io.github.skinmesh.testkit;

/**
 * The SplitMix64 generator that every skinmesh workload and test generator draws from, so that
 * data is identical across runs, JVMs and machines.
 *
 * <pre>
 * state += 0x9E3779B97F4A7C15
 * z = state
 * z = (z ^ (z &gt;&gt;&gt; 30)) * 0xBF58476D1CE4E5B9
 * z = (z ^ (z &gt;&gt;&gt; 27)) * 0x94D049BB133111EB
 * return z ^ (z &gt;&gt;&gt; 31)
 * </pre>
 *
 * <p>Not thread-safe; one generator per thread.
 */
public final class SplitMix64 {
    private long state;

    /**
     * @param seed the initial state
     */
    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** @return the next 64 random bits: {@code mix(state += 0x9E3779B97F4A7C15)} */
    public long next() {
        return mix(state += 0x9E3779B97F4A7C15L);
    }

    /**
     * The generator's output function, the last three lines of the class description (the two
     * multiplications and the final xor-shift): a bijective 64-bit mix, also usable as a
     * stateless hash of a key (seed and pixel coordinates, say).
     *
     * @param z any value
     * @return the mixed bits
     */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** @return a float in {@code [0, 1)}: {@code (next() >>> 40) * 2^-24} */
    public float nf() {
        return (next() >>> 40) * 0x1.0p-24f;
    }

    /**
     * @param lo smallest value
     * @param hi largest value ({@code >= lo}); any span up to the whole {@code int} range
     * @return {@code lo + floor(nf() * (hi - lo + 1))}, the span computed without overflow
     */
    public int nextInt(int lo, int hi) {
        return (int) (lo + (long) Math.floor(nf() * ((double) hi - lo + 1)));
    }

    /**
     * @param lo lower bound
     * @param hi upper bound
     * @return a float in {@code [lo, hi)}
     */
    public float range(float lo, float hi) {
        return lo + nf() * (hi - lo);
    }
}
