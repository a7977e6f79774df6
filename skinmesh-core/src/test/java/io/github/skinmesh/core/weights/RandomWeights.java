package io.github.skinmesh.core.weights;

/**
 * Seeded generator of raw bone-weight arrays for the property tests (SplitMix64, as the
 * workloads use). Produces the awkward cases on purpose: empty slots, exact ties, tiny and large
 * weights, unnormalized sums, and optionally all-zero vertices.
 */
final class RandomWeights {
    final int influences;
    final int vertexCount;
    final int[] joints;
    final float[] weights;

    private long state;

    RandomWeights(long seed, boolean allowZeroVertices) {
        this.state = seed;
        this.influences = 1 + nextInt(8);
        this.vertexCount = nextInt(40);
        this.joints = new int[vertexCount * influences];
        this.weights = new float[vertexCount * influences];
        for (int v = 0; v < vertexCount; v++) {
            int base = v * influences;
            boolean zeroVertex = allowZeroVertices && nextInt(8) == 0;
            boolean any = false;
            for (int k = 0; k < influences; k++) {
                joints[base + k] = nextInt(64);
                float w = zeroVertex ? 0f : nextWeight(k > 0 ? weights[base + nextInt(k)] : 0.5f);
                weights[base + k] = w;
                any |= w > 0;
            }
            if (!any && !zeroVertex) {
                weights[base + nextInt(influences)] = 0.25f + nextFloat();
            }
        }
    }

    private float nextWeight(float earlier) {
        switch (nextInt(10)) {
            case 0:
            case 1:
                return 0f;
            case 2:
                return earlier; // an exact tie with an earlier slot
            case 3:
                return 1e-30f * (1 + nextFloat());
            case 4:
                return 20f * nextFloat();
            case 5:
                return 0.005f + 0.01f * nextInt(3); // around the default prune threshold
            default:
                return nextFloat();
        }
    }

    private long next() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    float nextFloat() {
        return (next() >>> 40) * 0x1.0p-24f;
    }

    int nextInt(int bound) {
        return (int) ((next() >>> 33) % bound);
    }
}
