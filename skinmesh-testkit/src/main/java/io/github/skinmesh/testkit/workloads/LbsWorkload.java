package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.testkit.SplitMix64;

/**
 * Workload {@code lbs} (W-SKIN-50K): 50,000 vertices with 4 influences each over a palette of 64
 * random rigid skin matrices, drawn from SplitMix64 seed {@code 0x5EED} exactly in the order the
 * workload definition gives, so that results match the published checksums.
 *
 * <p>Draw order: for each joint, {@code u1, u2, u3} (a uniform random rotation:
 * {@code a = sqrt(1-u1)}, {@code b = sqrt(u1)},
 * {@code q = (a sin 2pi u2, a cos 2pi u2, b sin 2pi u3, b cos 2pi u3)}), then the translation
 * {@code 3 x (nf()*2-1)}; then for each vertex the position {@code 3 x (nf()*2-1)}, the normal
 * {@code 3 x (nf()*2-1)} normalized, 4 joints {@code next() >>> 58} and 4 weights
 * {@code nf()+0.01} divided by their sum. Everything is computed in float arithmetic (sine and
 * cosine of a float angle, normal divided by its float length, weights divided by their float
 * sum): of the plausible variants this is the one whose naive skinning rounds to both published
 * checksums.
 *
 * <p>The arrays are built once by the constructor and handed out as they are (not copied), for
 * benchmarks to read; callers must not modify them. Not thread-safe to modify, safe to share for
 * reading.
 */
public final class LbsWorkload {
    /** SplitMix64 seed. */
    public static final long SEED = 0x5EEDL;
    /** Palette size. */
    public static final int JOINTS = 64;
    /** Vertex count. */
    public static final int VERTICES = 50_000;
    /** Influences per vertex. */
    public static final int INFLUENCES = 4;
    /** Largest vertex count of {@link #LbsWorkload(int)}. */
    public static final int MAX_VERTICES = 100_000_000;
    /** Published checksum of the skinned positions ({@link Checksums#weighted}). */
    public static final double POSITIONS_CHECKSUM = -35618.726;
    /** Published checksum of the skinned, not renormalized normals. */
    public static final double NORMALS_CHECKSUM = -563.9337;
    /** Relative agreement of a correct positions checksum with the published one. */
    public static final double POSITIONS_TOLERANCE = 1e-8;
    /** Relative agreement of a correct normals checksum with the published one. */
    public static final double NORMALS_TOLERANCE = 2e-7;

    private static final float TWO_PI = (float) (2 * Math.PI);

    private final int vertexCount;
    private final float[] palette = new float[16 * JOINTS];
    private final float[] positions;
    private final float[] normals;
    private final int[] joints;
    private final float[] weights;

    /** Builds the workload (about 2 MB of arrays). */
    public LbsWorkload() {
        this(VERTICES);
    }

    /**
     * Builds the workload's generator run for another vertex count: the palette and the first
     * {@code min(vertexCount, 50,000)} vertices are exactly W-SKIN-50K's, further vertices
     * continue the same draws (as the ozz-animation harness of the benchmark folder does).
     * Allocates {@code 56*vertexCount} bytes.
     *
     * @param vertexCount number of vertices, 1..{@value #MAX_VERTICES}
     * @throws IllegalArgumentException when {@code vertexCount} is out of range
     */
    public LbsWorkload(int vertexCount) {
        if (vertexCount < 1 || vertexCount > MAX_VERTICES) {
            throw new IllegalArgumentException("vertexCount " + vertexCount + ", expected 1.." + MAX_VERTICES);
        }
        this.vertexCount = vertexCount;
        positions = new float[3 * vertexCount];
        normals = new float[3 * vertexCount];
        joints = new int[INFLUENCES * vertexCount];
        weights = new float[INFLUENCES * vertexCount];
        SplitMix64 rng = new SplitMix64(SEED);
        for (int j = 0; j < JOINTS; j++) {
            float u1 = rng.nf(), u2 = rng.nf(), u3 = rng.nf();
            float a = (float) Math.sqrt(1 - u1), b = (float) Math.sqrt(u1);
            float angle2 = TWO_PI * u2, angle3 = TWO_PI * u3;
            float x = a * (float) Math.sin(angle2), y = a * (float) Math.cos(angle2);
            float z = b * (float) Math.sin(angle3), w = b * (float) Math.cos(angle3);
            float tx = rng.nf() * 2 - 1, ty = rng.nf() * 2 - 1, tz = rng.nf() * 2 - 1;
            int m = 16 * j;
            palette[m] = 1 - 2 * (y * y + z * z);
            palette[m + 1] = 2 * (x * y + w * z);
            palette[m + 2] = 2 * (x * z - w * y);
            palette[m + 4] = 2 * (x * y - w * z);
            palette[m + 5] = 1 - 2 * (x * x + z * z);
            palette[m + 6] = 2 * (y * z + w * x);
            palette[m + 8] = 2 * (x * z + w * y);
            palette[m + 9] = 2 * (y * z - w * x);
            palette[m + 10] = 1 - 2 * (x * x + y * y);
            palette[m + 12] = tx;
            palette[m + 13] = ty;
            palette[m + 14] = tz;
            palette[m + 15] = 1;
        }
        for (int v = 0; v < vertexCount; v++) {
            for (int c = 0; c < 3; c++) {
                positions[3 * v + c] = rng.nf() * 2 - 1;
            }
            float nx = rng.nf() * 2 - 1, ny = rng.nf() * 2 - 1, nz = rng.nf() * 2 - 1;
            float len = (float) Math.sqrt(nx * nx + ny * ny + nz * nz);
            normals[3 * v] = nx / len;
            normals[3 * v + 1] = ny / len;
            normals[3 * v + 2] = nz / len;
            for (int k = 0; k < INFLUENCES; k++) {
                joints[INFLUENCES * v + k] = (int) (rng.next() >>> 58);
            }
            float sum = 0;
            for (int k = 0; k < INFLUENCES; k++) {
                float w = rng.nf() + 0.01f;
                weights[INFLUENCES * v + k] = w;
                sum += w;
            }
            for (int k = 0; k < INFLUENCES; k++) {
                weights[INFLUENCES * v + k] /= sum;
            }
        }
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return the skin matrices, {@code 16*JOINTS} floats, column-major (shared, do not modify) */
    public float[] palette() {
        return palette;
    }

    /** @return bind positions, {@code 3*vertexCount()} floats (shared, do not modify) */
    public float[] positions() {
        return positions;
    }

    /** @return unit bind normals, {@code 3*vertexCount()} floats (shared, do not modify) */
    public float[] normals() {
        return normals;
    }

    /** @return joint indices, {@code 4*vertexCount()} ints in 0..63 (shared, do not modify) */
    public int[] joints() {
        return joints;
    }

    /** @return weights summing to 1 per vertex, {@code 4*vertexCount()} floats (shared, do not modify) */
    public float[] weights() {
        return weights;
    }
}
