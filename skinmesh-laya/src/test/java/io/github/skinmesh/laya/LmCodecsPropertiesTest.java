package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.VertexStreams;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The vector codec against the scalar one on seeded random input: the same bytes, nothing touched
 * outside the vertex buffer, for every combination of columns, every convention, vertex counts
 * from 0 up and values of every magnitude; whole files of random meshes; and the reader's pass of
 * both codecs over random buffers, flawed ones included. Needs {@code jdk.incubator.vector} in the
 * boot layer, as the build's default test run has it (and fails without it: the vector codec is
 * what it tests).
 */
class LmCodecsPropertiesTest {
    private static final byte FILL = 0x5A;

    private static LmCodec vector() {
        LmCodec vector = LmCodecs.VECTOR;
        assertThat(vector).as("the vector codec (jdk.incubator.vector in the boot layer)").isNotNull();
        return vector;
    }

    /** A float of any sign and magnitude (subnormals, zeros of both signs and the largest finite included). */
    private static float anyFloat(SplitMix64 rng) {
        switch (rng.nextInt(0, 7)) {
            case 0:
                return rng.nextInt(0, 1) == 0 ? 0f : -0f;
            case 1:
                return Float.intBitsToFloat(rng.nextInt(1, 0x007F_FFFF)) * (rng.nextInt(0, 1) == 0 ? 1 : -1);
            case 2:
                return rng.nextInt(0, 1) == 0 ? Float.MAX_VALUE : -Float.MAX_VALUE;
            default:
                float magnitude = (float) Math.pow(2, rng.range(-40, 40));
                return rng.nextInt(0, 1) == 0 ? magnitude : -magnitude;
        }
    }

    private static float[] column(SplitMix64 rng, int length) {
        float[] f = new float[length];
        for (int i = 0; i < f.length; i++) {
            f[i] = anyFloat(rng);
        }
        return f;
    }

    /**
     * Columns drawn at random (each present or not, UV1 only with UV, local slots with the
     * weights), 0 to 40 vertices, any convention, written by both codecs at a random offset into
     * arrays filled with a marker: the arrays are equal, so the vector codec writes every byte of
     * the buffer as the scalar one does and nothing before or after it.
     */
    @Property(tries = 400, seed = "1205")
    void theVectorCodecWritesTheScalarCodecsBytes(@ForAll long seed) {
        LmCodec vector = vector();
        SplitMix64 rng = new SplitMix64(seed);
        int n = rng.nextInt(0, 40);
        LmConvention convention = LmConvention.values()[rng.nextInt(0, LmConvention.values().length - 1)];
        boolean uv0 = rng.nextInt(0, 1) == 0;
        boolean skinned = rng.nextInt(0, 1) == 0;
        int[] local = new int[n];
        for (int v = 0; v < n; v++) {
            local[v] = (int) rng.next();
        }
        float[] normalBytes = new float[4 * n];
        for (int i = 0; i < normalBytes.length; i++) {
            normalBytes[i] = rng.nextInt(0, 255);
        }
        LmColumns c = new LmColumns(n, convention, column(rng, 3 * n),
                rng.nextInt(0, 1) == 0 ? column(rng, 3 * n) : null,
                rng.nextInt(0, 1) == 0 ? column(rng, 4 * n) : null,
                uv0 ? column(rng, 2 * n) : null,
                uv0 && rng.nextInt(0, 1) == 0 ? column(rng, 2 * n) : null,
                skinned ? column(rng, 4 * n) : null,
                skinned ? local : null,
                rng.nextInt(0, 1) == 0 ? column(rng, 4 * n) : null,
                rng.nextInt(0, 1) == 0 ? normalBytes : null);
        int base = rng.nextInt(0, 8);
        int length = base + n * c.stride + rng.nextInt(0, 8);
        byte[] expected = new byte[length];
        byte[] actual = new byte[length];
        Arrays.fill(expected, FILL);
        Arrays.fill(actual, FILL);
        ScalarLmCodec.INSTANCE.encode(c, expected, base);
        vector.encode(c, actual, base);
        assertThat(actual).as("n=%d stride=%d base=%d %s", n, c.stride, base, convention).isEqualTo(expected);
    }

    /** Both codecs through the whole writer. */
    static void sameFileBothWays(Mesh mesh, LmWriteOptions options, LmCodec vector) {
        LmWriteResult w = LayaModels.write(mesh, options);
        byte[] scalar = new byte[w.size()];
        byte[] vectorBytes = new byte[w.size()];
        w.writeInto(scalar, 0, ScalarLmCodec.INSTANCE);
        w.writeInto(vectorBytes, 0, vector);
        assertThat(vectorBytes).as("mesh %s, %s", mesh.name(), options.convention()).isEqualTo(scalar);
    }

    /**
     * Seeded random skinned and static meshes with every stream set, one or two UV sets, in every
     * convention: the files are the same through either codec.
     */
    @Property(tries = 60, seed = "20261202")
    void randomMeshesGiveTheSameFileThroughEitherCodec(@ForAll long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton skeleton = RandomModels.skeleton(rng, 2 + rng.nextInt(0, 39));
        RandomMeshOptions o = RandomMeshOptions.DEFAULTS.withVertexCount(3 + rng.nextInt(0, 299))
                .withTriangleCount(1 + rng.nextInt(0, 399)).withUvChannels(rng.nextInt(0, 2))
                .withStreams(VertexStreams.values()[rng.nextInt(0, VertexStreams.values().length - 1)]);
        Mesh skinned = RandomModels.skinnedMesh(rng, skeleton, o);
        LmWriteOptions options = LmWriteOptions.DEFAULTS.withMaxBones(12 + rng.nextInt(0, 12))
                .withMode(rng.nextInt(0, 1) == 0 ? PartitionMode.GREEDY : PartitionMode.OPTIMIZED)
                .withConvention(LmConvention.values()[rng.nextInt(0, LmConvention.values().length - 1)]);
        sameFileBothWays(skinned, options, vector());
        sameFileBothWays(skinned.toBuilder().skin(null).build(), options, vector());
    }

    /** Fresh destination columns at the places of {@code c}'s. */
    private static LmColumns destination(LmColumns c) {
        int n = c.n;
        return new LmColumns(n, c.stride, LmConvention.LAYA, new float[3 * n], c.positionAt,
                c.normals != null ? new float[3 * n] : null, c.normalAt, c.colors != null ? new float[4 * n] : null,
                c.colorAt, c.uv0 != null ? new float[2 * n] : null, c.uv0At, c.uv1 != null ? new float[2 * n] : null,
                c.uv1At, c.weights != null ? new float[4 * n] : null, c.weightAt, c.localAt,
                c.tangents != null ? new float[4 * n] : null, c.tangentAt, c.normalBytes != null ? new float[4 * n] : null,
                c.normalByteAt);
    }

    /** Everything a decode gave: its answer, then (when it accepted) every column, the joints and the bounds, as bits. */
    private static String decoded(LmCodec codec, LmColumns layout, LmConvention convention, byte[] file, int base,
            int[] owner, int[][] dictOf, int bones) {
        LmColumns d = destination(layout);
        LmColumns r = new LmColumns(d.n, d.stride, convention, d.positions, d.positionAt, d.normals, d.normalAt,
                d.colors, d.colorAt, d.uv0, d.uv0At, d.uv1, d.uv1At, d.weights, d.weightAt, d.localAt, d.tangents,
                d.tangentAt, d.normalBytes, d.normalByteAt);
        int[] joints = d.weights != null ? new int[4 * d.n] : null;
        float[] bounds = {3, -2, Float.POSITIVE_INFINITY, -3, 2, Float.NEGATIVE_INFINITY};
        float[] before = bounds.clone();
        boolean accepted = codec.decode(r, file, base, owner, dictOf, bones, joints, bounds);
        if (!accepted) {
            assertThat(bounds).as("bounds of a declined buffer").isEqualTo(before);
            return "declined";
        }
        StringBuilder out = new StringBuilder("accepted");
        for (float[] col : new float[][] {r.positions, r.normals, r.colors, r.uv0, r.uv1, r.weights, r.tangents,
                r.normalBytes, bounds}) {
            out.append('|');
            if (col != null) {
                for (float f : col) {
                    out.append(Integer.toHexString(Float.floatToRawIntBits(f))).append(',');
                }
            }
        }
        out.append('|').append(Arrays.toString(joints));
        return out.toString();
    }

    /**
     * Random columns written by the scalar codec, then, in most tries, one byte of the buffer
     * flipped (a float made infinite or NaN, a weight negative, a local bone past its dictionary or
     * the bone list), read back by both codecs in a random convention with random owners (no draw
     * or one of several dictionaries): both accept or both decline, and when they accept they read
     * the same bits, joints and bounds; an unflipped buffer is accepted and read as written.
     */
    @Property(tries = 600, seed = "1206")
    void theVectorCodecReadsWhatTheScalarCodecReads(@ForAll long seed) {
        LmCodec vector = vector();
        SplitMix64 rng = new SplitMix64(seed);
        int n = rng.nextInt(0, 40);
        boolean uv0 = rng.nextInt(0, 1) == 0;
        boolean skinned = rng.nextInt(0, 1) == 0;
        int bones = 1 + rng.nextInt(0, 60);
        int[][] dictOf = new int[1 + rng.nextInt(0, 3)][];
        for (int d = 0; d < dictOf.length; d++) {
            dictOf[d] = new int[1 + rng.nextInt(0, 23)];
            for (int e = 0; e < dictOf[d].length; e++) {
                dictOf[d][e] = rng.nextInt(0, bones - 1);
            }
        }
        int[] owner = new int[n];
        int[] local = new int[n];
        for (int v = 0; v < n; v++) {
            owner[v] = rng.nextInt(-1, dictOf.length - 1);
            int limit = owner[v] < 0 ? bones : dictOf[owner[v]].length;
            for (int k = 0; k < 4; k++) {
                local[v] |= rng.nextInt(0, Math.min(limit, 256) - 1) << (8 * k);
            }
        }
        float[] weights = column(rng, 4 * n);
        for (int i = 0; i < weights.length; i++) {
            weights[i] = Math.abs(weights[i]);
        }
        float[] normalBytes = new float[4 * n];
        for (int i = 0; i < normalBytes.length; i++) {
            normalBytes[i] = rng.nextInt(0, 255);
        }
        LmColumns c = new LmColumns(n, LmConvention.LAYA, column(rng, 3 * n),
                rng.nextInt(0, 1) == 0 ? column(rng, 3 * n) : null,
                rng.nextInt(0, 1) == 0 ? column(rng, 4 * n) : null,
                uv0 ? column(rng, 2 * n) : null,
                uv0 && rng.nextInt(0, 1) == 0 ? column(rng, 2 * n) : null,
                skinned ? weights : null,
                skinned ? local : null,
                rng.nextInt(0, 1) == 0 ? column(rng, 4 * n) : null,
                rng.nextInt(0, 1) == 0 ? normalBytes : null);
        int base = rng.nextInt(0, 8);
        byte[] file = new byte[base + n * c.stride + rng.nextInt(0, 8)];
        ScalarLmCodec.INSTANCE.encode(c, file, base);
        boolean flipped = n > 0 && rng.nextInt(0, 3) != 0;
        if (flipped) {
            file[base + rng.nextInt(0, n * c.stride - 1)] = (byte) (rng.nextInt(0, 2) == 0 ? 0xFF : rng.nextInt(0, 255));
        }
        LmConvention convention = LmConvention.values()[rng.nextInt(0, LmConvention.values().length - 1)];
        String expected = decoded(ScalarLmCodec.INSTANCE, c, convention, file, base, owner, dictOf, bones);
        assertThat(decoded(vector, c, convention, file, base, owner, dictOf, bones))
                .as("n=%d stride=%d %s flipped=%s", n, c.stride, convention, flipped).isEqualTo(expected);
        if (!flipped) {
            assertThat(expected).startsWith("accepted");
        }
    }

    /** Weight bits the codecs' tests must tell apart: zeros, the finite ends, infinities, NaNs, signs. */
    private static final int[] SPECIAL_WEIGHTS = {0, 0x8000_0000, 1, 0x8000_0001, 0x3F80_0000, 0xBF80_0000,
        0x7F7F_FFFF, 0xFF7F_FFFF, 0x7F80_0000, 0xFF80_0000, 0x7F80_0001, 0x7FC0_0000, 0xFFC0_0000, 0xFFFF_FFFF,
        0x7FFF_FFFF, 0x0080_0000, 0x8080_0000};

    /**
     * One weight of a few vertices set to any bits (the special patterns half the time): both
     * codecs accept the buffer exactly when that weight is a number with {@code w >= 0} and
     * {@code w < infinity} (so -0 is accepted, NaNs of either sign are not), and read the same
     * values when they do (the vector codec compares the four weights of a vertex at once).
     */
    @Property(tries = 1500, seed = "1207")
    void bothCodecsAcceptAWeightExactlyWhenItIsFiniteAndNotBelowZero(@ForAll long seed) {
        LmCodec vector = vector();
        SplitMix64 rng = new SplitMix64(seed);
        int n = 1 + rng.nextInt(0, 5);
        float[] weights = new float[4 * n];
        Arrays.fill(weights, 0.25f);
        int bits = rng.nextInt(0, 1) == 0 ? SPECIAL_WEIGHTS[rng.nextInt(0, SPECIAL_WEIGHTS.length - 1)]
                : (int) rng.next();
        float w = Float.intBitsToFloat(bits);
        int slot = rng.nextInt(0, 4 * n - 1);
        LmColumns c = new LmColumns(n, LmConvention.LAYA, column(rng, 3 * n), null, null, null, null, weights,
                new int[n], null, null);
        byte[] file = new byte[n * c.stride];
        ScalarLmCodec.INSTANCE.encode(c, file, 0);
        LmBytes.putI32(file, c.weightAt + slot / 4 * c.stride + 4 * (slot % 4), bits);
        int[] owner = new int[n];
        Arrays.fill(owner, -1);
        String scalar = decoded(ScalarLmCodec.INSTANCE, c, LmConvention.LAYA, file, 0, owner, new int[0][], 1);
        String vectorRead = decoded(vector, c, LmConvention.LAYA, file, 0, owner, new int[0][], 1);
        String as = String.format("weight bits %08x in slot %d of %d vertices", bits, slot, n);
        assertThat(scalar).as(as).startsWith(w >= 0 && w < Float.POSITIVE_INFINITY ? "accepted" : "declined");
        assertThat(vectorRead).as(as).isEqualTo(scalar);
    }
}
