package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.SkinningFixtures.Palette;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Same input, same bits: the scalar kernel, the SIMD kernel (each of its loop shapes), bound
 * skins with 32- and 16-bit joints, one, two
 * and more threads, and any split of the vertices into ranges give identical float bits for
 * positions, normals and tangents, for every influence count, normal transform and
 * renormalization; positions do not depend on which other streams are skinned. Dual quaternion
 * skinning does not depend on the split either.
 *
 * <p>The build runs this class twice: with {@code --add-modules jdk.incubator.vector} (system
 * property {@code skinmesh.test.vectorModule=present}), where the SIMD kernel must be among the
 * kernels compared, and without it ({@code absent}), where the scalar kernel is compared across
 * thread counts and splits.
 */
class SkinningBitIdentityTest {
    /** Stream sets skinned in one call. */
    enum Streams {
        POSITIONS(false, false),
        POSITIONS_NORMALS(true, false),
        POSITIONS_TANGENTS(false, true),
        ALL(true, true);

        final boolean normals;
        final boolean tangents;

        Streams(boolean normals, boolean tangents) {
            this.normals = normals;
            this.tangents = tangents;
        }
    }

    /** Two pool threads, so that parallel calls really run chunks concurrently with the caller. */
    private static ExecutorService pool;

    @BeforeContainer
    static void startPool() {
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterContainer
    static void stopPool() {
        pool.shutdownNow();
    }

    // ---------------------------------------------------------------- linear blend

    @Property(tries = 12, seed = "20261201")
    void linearBlendGivesTheSameBitsOnEveryKernelThreadCountAndSplit(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 1300) int vertexCount) {
        List<LbsKernel> kernels = kernelsUnderTest();
        for (int k = 1; k <= 8; k++) {
            for (Palette kind : Palette.values()) {
                SkinningFixtures f = unusualWeights(SkinningFixtures.random(seed + k, k, 23, vertexCount, kind), seed);
                for (NormalTransform nt : NormalTransform.values()) {
                    for (Renormalization rn : Renormalization.values()) {
                        SkinningOptions options = SkinningOptions.DEFAULTS.withNormalTransform(nt)
                                .withRenormalization(rn).withKernel(SkinningKernel.SCALAR);
                        String where = "k=" + k + " " + kind + " " + nt + " " + rn;
                        Skinned all = skin(f, Streams.ALL, options);
                        for (Streams streams : Streams.values()) {
                            Skinned expected = skin(f, streams, options);
                            String what = where + " " + streams;
                            // positions (and normals, tangents) do not depend on the other streams of the call
                            assertSameBits(all.positions, expected.positions, what + " positions vs ALL");
                            if (streams.normals) {
                                assertSameBits(all.normals, expected.normals, what + " normals vs ALL");
                            }
                            if (streams.tangents) {
                                assertSameBits(all.tangents, expected.tangents, what + " tangents vs ALL");
                            }
                            compareEverywayOfRunning(f, streams, options, kernels, expected, seed, what);
                        }
                    }
                }
            }
        }
    }

    /** Runs {@code f} every way this JVM offers and compares each result with {@code expected}. */
    private static void compareEverywayOfRunning(SkinningFixtures f, Streams streams, SkinningOptions scalar,
            List<LbsKernel> kernels, Skinned expected, long seed, String what) {
        List<SkinningKernel> options = new ArrayList<>(List.of(SkinningKernel.AUTO, SkinningKernel.SCALAR));
        if (Skinning.vectorKernelAvailable()) {
            options.add(SkinningKernel.VECTOR);
        }
        for (SkinningKernel kernel : options) {
            SkinningOptions o = scalar.withKernel(kernel);
            for (int threads : new int[] {1, 2, 3, 7}) {
                SkinningOptions parallel = o.withParallelism(threads).withMinVerticesPerTask(16);
                expected.assertSame(skin(f, streams, parallel), what + " " + kernel + " " + threads + " threads");
                expected.assertSame(skinOnPool(f, streams, parallel),
                        what + " " + kernel + " " + threads + " threads on a pool");
            }
            expected.assertSame(skinInRanges(f, streams, o, new SplittableRandom(seed)),
                    what + " " + kernel + " in random ranges");
            for (BoundSkin.JointWidth width : BoundSkin.JointWidth.values()) {
                BoundSkin bound = BoundSkin.of(f.palette.length / 16, f.k, f.joints, f.weights, width);
                for (int threads : new int[] {1, 3}) {
                    expected.assertSame(skinBound(bound, f, streams, o.withParallelism(threads)
                            .withMinVerticesPerTask(16)), what + " " + kernel + " bound " + width + " " + threads
                            + " threads");
                }
            }
        }
        boolean cofactor = scalar.normalTransform() == NormalTransform.COFACTOR;
        boolean unit = scalar.renormalization() == Renormalization.UNIT_LENGTH;
        for (LbsKernel kernel : kernels) {
            expected.assertSame(kernelInRanges(kernel, f, streams, cofactor, unit, new SplittableRandom(~seed)),
                    what + " kernel " + kernel.name() + " in random ranges");
        }
    }

    /**
     * The kernels compared: the scalar kernel, and the three loop shapes of the SIMD kernel whenever
     * this JVM has the incubator module. With {@code skinmesh.test.vectorModule=present} the SIMD
     * kernel must be there and be what {@link SkinningKernel#AUTO} runs.
     */
    private static List<LbsKernel> kernelsUnderTest() {
        String module = System.getProperty("skinmesh.test.vectorModule", "");
        if (module.equals("present")) {
            assertThat(Skinning.vectorKernelAvailable()).as("the SIMD kernel in the run with the incubator module")
                    .isTrue();
            assertThat(LbsKernels.select(SkinningKernel.AUTO).name()).startsWith("vector");
            assertThat(LbsKernels.select(SkinningKernel.VECTOR).name()).startsWith("vector");
        } else if (module.equals("absent")) {
            assertThat(Skinning.vectorKernelAvailable()).as("the SIMD kernel without the incubator module").isFalse();
            assertThat(LbsKernels.select(SkinningKernel.AUTO)).isSameAs(ScalarLbsKernel.INSTANCE);
        }
        List<LbsKernel> kernels = new ArrayList<>();
        kernels.add(ScalarLbsKernel.INSTANCE);
        if (Skinning.vectorKernelAvailable()) {
            kernels.addAll(VectorKernels.allShapes());
        }
        List<String> names = kernels.stream().map(LbsKernel::name).toList();
        assertThat(names).as("kernels compared").contains("scalar");
        if (module.equals("present")) {
            assertThat(names).as("kernels compared").contains("vector", "vector-wide", "vector-512");
        }
        return kernels;
    }

    /** Refers to {@link VectorLbsKernel} only when called, so that this class loads without the module. */
    private static final class VectorKernels {
        static List<LbsKernel> allShapes() {
            return List.of(new VectorLbsKernel(false), new VectorLbsKernel(true),
                    new VectorLbsKernel(VectorLbsKernel.Shape.MATRIX_512));
        }
    }

    // ---------------------------------------------------------------- dual quaternions

    @Property(tries = 12, seed = "8080")
    void dualQuaternionSkinningDoesNotDependOnTheSplit(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 1300) int vertexCount) {
        for (int k = 1; k <= 8; k++) {
            for (Palette kind : Palette.values()) {
                SkinningFixtures f = unusualWeights(SkinningFixtures.random(seed - k, k, 17, vertexCount, kind), seed);
                for (NormalTransform nt : NormalTransform.values()) {
                    for (Renormalization rn : Renormalization.values()) {
                        SkinningOptions options = SkinningOptions.DEFAULTS.withMethod(SkinningMethod.DUAL_QUATERNION)
                                .withNormalTransform(nt).withRenormalization(rn);
                        String where = "DQS k=" + k + " " + kind + " " + nt + " " + rn;
                        Skinned all = skin(f, Streams.ALL, options);
                        for (Streams streams : Streams.values()) {
                            Skinned expected = skin(f, streams, options);
                            String what = where + " " + streams;
                            assertSameBits(all.positions, expected.positions, what + " positions vs ALL");
                            for (int threads : new int[] {2, 3, 7}) {
                                SkinningOptions parallel = options.withParallelism(threads).withMinVerticesPerTask(16);
                                expected.assertSame(skin(f, streams, parallel), what + " " + threads + " threads");
                                expected.assertSame(skinOnPool(f, streams, parallel),
                                        what + " " + threads + " threads on a pool");
                            }
                            expected.assertSame(skinInRanges(f, streams, options, new SplittableRandom(seed)),
                                    what + " in random ranges");
                            // the kernel option does not apply to dual quaternions
                            expected.assertSame(skin(f, streams, options.withKernel(SkinningKernel.SCALAR)),
                                    what + " kernel SCALAR");
                        }
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    /** Skinned streams of one call; null where the stream was not skinned. */
    private record Skinned(float[] positions, float[] normals, float[] tangents) {
        void assertSame(Skinned actual, String what) {
            assertSameBits(positions, actual.positions, what + " positions");
            assertSameBits(normals, actual.normals, what + " normals");
            assertSameBits(tangents, actual.tangents, what + " tangents");
        }
    }

    /**
     * Makes the weights of a few vertices not sum to 1 (some above, some far below) and zeroes
     * every weight of one vertex: the kernels use weights as given, so they must agree on these
     * too.
     */
    private static SkinningFixtures unusualWeights(SkinningFixtures f, long seed) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x5EEDL);
        for (int v = 0; v < f.vertexCount; v += 1 + r.nextInt(9)) {
            float scale = (float) (r.nextBoolean() ? r.nextDouble(1, 3) : r.nextDouble(1e-6, 1));
            for (int s = 0; s < f.k; s++) {
                f.weights[f.k * v + s] *= scale;
            }
        }
        int zero = r.nextInt(f.vertexCount);
        for (int s = 0; s < f.k; s++) {
            f.weights[f.k * zero + s] = 0;
        }
        return f;
    }

    private static Skinned arrays(SkinningFixtures f, Streams streams) {
        int n = f.vertexCount;
        return new Skinned(nan(3 * n), streams.normals ? nan(3 * n) : null, streams.tangents ? nan(4 * n) : null);
    }

    private static float[] nan(int length) {
        float[] a = new float[length];
        java.util.Arrays.fill(a, Float.NaN);
        return a;
    }

    private static Skinned skin(SkinningFixtures f, Streams streams, SkinningOptions options) {
        Skinned out = arrays(f, streams);
        Skinning.skinInto(f.palette, f.k, f.joints, f.weights, f.positions, out.positions,
                streams.normals ? f.normals : null, out.normals, streams.tangents ? f.tangents : null, out.tangents,
                0, f.vertexCount, options);
        return out;
    }

    private static Skinned skinOnPool(SkinningFixtures f, Streams streams, SkinningOptions options) {
        Skinned out = arrays(f, streams);
        Skinning.skinInto(f.palette, f.k, f.joints, f.weights, f.positions, out.positions,
                streams.normals ? f.normals : null, out.normals, streams.tangents ? f.tangents : null, out.tangents,
                0, f.vertexCount, options, pool);
        return out;
    }

    private static Skinned skinBound(BoundSkin bound, SkinningFixtures f, Streams streams, SkinningOptions options) {
        Skinned out = arrays(f, streams);
        Skinning.skinInto(bound, f.palette, f.positions, out.positions, streams.normals ? f.normals : null,
                out.normals, streams.tangents ? f.tangents : null, out.tangents, 0, f.vertexCount, options);
        return out;
    }

    /** Skins {@code f} as random ranges of 1 to 40 vertices, in random order, one call each. */
    private static Skinned skinInRanges(SkinningFixtures f, Streams streams, SkinningOptions options,
            SplittableRandom r) {
        Skinned out = arrays(f, streams);
        for (int[] range : randomRanges(f.vertexCount, r)) {
            Skinning.skinInto(f.palette, f.k, f.joints, f.weights, f.positions, out.positions,
                    streams.normals ? f.normals : null, out.normals, streams.tangents ? f.tangents : null,
                    out.tangents, range[0], range[1] - range[0], options);
        }
        return out;
    }

    /** {@link #skinInRanges} calling a kernel directly. */
    private static Skinned kernelInRanges(LbsKernel kernel, SkinningFixtures f, Streams streams, boolean cofactor,
            boolean unit, SplittableRandom r) {
        Skinned out = arrays(f, streams);
        for (int[] range : randomRanges(f.vertexCount, r)) {
            kernel.skin(f.palette, f.k, f.joints, f.weights, f.positions, out.positions,
                    streams.normals ? f.normals : null, out.normals, streams.tangents ? f.tangents : null,
                    out.tangents, range[0], range[1], cofactor, unit);
        }
        return out;
    }

    /** A random partition of {@code 0..n-1} into ranges {@code [first, end)} of 1 to 40 vertices, shuffled. */
    private static List<int[]> randomRanges(int n, SplittableRandom r) {
        List<int[]> ranges = new ArrayList<>();
        for (int first = 0; first < n; ) {
            int end = Math.min(n, first + 1 + r.nextInt(r.nextBoolean() ? 3 : 40));
            ranges.add(new int[] {first, end});
            first = end;
        }
        Collections.shuffle(ranges, new Random(r.nextLong()));
        return ranges;
    }

    /** Compares raw float bits and names the first vertex component that differs. */
    static void assertSameBits(float[] expected, float[] actual, String what) {
        if (expected == null || actual == null) {
            assertThat(actual).as(what).isSameAs(expected);
            return;
        }
        assertThat(actual.length).as(what + " length").isEqualTo(expected.length);
        for (int i = 0; i < expected.length; i++) {
            int e = Float.floatToRawIntBits(expected[i]);
            int a = Float.floatToRawIntBits(actual[i]);
            if (e != a) {
                throw new AssertionError(String.format("%s: element %d is %s (0x%08x), expected %s (0x%08x)", what, i,
                        actual[i], a, expected[i], e));
            }
        }
    }
}
