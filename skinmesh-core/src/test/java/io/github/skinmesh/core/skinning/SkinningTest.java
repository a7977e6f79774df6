package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.SkinningFixtures.Palette;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SkinningTest {
    /** LBS against the double reference, relative to the magnitude of the summed terms. */
    private static final double REFERENCE_TOLERANCE = 1e-5;
    /** Identity palette: output equals input within float rounding of the weight sum. */
    private static final float IDENTITY_TOLERANCE = 1e-5f;
    /** DQS against LBS where both are exact (one influence), relative to magnitudes. */
    private static final double DQS_EXACT_TOLERANCE = 2e-5;
    /** DQS against LBS for rotations at most 0.05 rad apart (differences are second order). */
    private static final double DQS_CLOSE_TOLERANCE = 1e-2;

    private static final SkinningOptions RAW = SkinningOptions.DEFAULTS.withRenormalization(Renormalization.NONE);

    // ---------------------------------------------------------------- properties

    @Property(tries = 40, seed = "20260101")
    void identityPaletteReturnsTheInput(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
            @ForAll SkinningKernel kernel) {
        Assume.that(kernel != SkinningKernel.VECTOR || Skinning.vectorKernelAvailable());
        SkinningFixtures f = SkinningFixtures.random(seed, k, 5, 37, Palette.RIGID);
        float[] identity = new float[16 * f.paletteSize];
        for (int i = 0; i < f.paletteSize; i++) {
            identity[16 * i] = identity[16 * i + 5] = identity[16 * i + 10] = identity[16 * i + 15] = 1;
        }
        int n = f.vertexCount;
        float[] p = new float[3 * n], nn = new float[3 * n], t = new float[4 * n];
        Skinning.skinInto(identity, k, f.joints, f.weights, f.positions, p, f.normals, nn, f.tangents, t, 0, n,
                SkinningOptions.DEFAULTS.withKernel(kernel));
        for (int i = 0; i < 3 * n; i++) {
            assertThat(p[i]).isCloseTo(f.positions[i], org.assertj.core.data.Offset.offset(
                    IDENTITY_TOLERANCE * Math.max(1, Math.abs(f.positions[i]))));
            assertThat(nn[i]).isCloseTo(f.normals[i], org.assertj.core.data.Offset.offset(IDENTITY_TOLERANCE));
        }
        for (int i = 0; i < 4 * n; i++) {
            assertThat(t[i]).isCloseTo(f.tangents[i], org.assertj.core.data.Offset.offset(IDENTITY_TOLERANCE));
        }
    }

    @Property(tries = 120, seed = "424242")
    void linearBlendMatchesTheDoubleReference(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
            @ForAll Palette kind, @ForAll NormalTransform normalTransform, @ForAll Renormalization renormalization,
            @ForAll SkinningKernel kernel) {
        Assume.that(kernel != SkinningKernel.VECTOR || Skinning.vectorKernelAvailable());
        SkinningFixtures f = SkinningFixtures.random(seed, k, 1 + (int) Math.floorMod(seed, 70L), 53, kind);
        int n = f.vertexCount;
        float[] p = new float[3 * n], nn = new float[3 * n], t = new float[4 * n];
        SkinningOptions options = SkinningOptions.DEFAULTS.withKernel(kernel).withNormalTransform(normalTransform)
                .withRenormalization(renormalization);
        Skinning.skinInto(f.palette, k, f.joints, f.weights, f.positions, p, f.normals, nn, f.tangents, t, 0, n,
                options);
        boolean unit = renormalization == Renormalization.UNIT_LENGTH;
        double[] ref = new double[3], mag = new double[3];
        for (int v = 0; v < n; v++) {
            f.referencePosition(v, ref, mag);
            for (int c = 0; c < 3; c++) {
                assertThat((double) Math.abs(p[3 * v + c] - ref[c])).as("vertex %d position %d", v, c)
                        .isLessThanOrEqualTo(REFERENCE_TOLERANCE * mag[c] + 1e-30);
            }
            assertDirection(nn, 3 * v, f.referenceDirection(v, f.normals, 3 * v, normalTransform == NormalTransform.COFACTOR),
                    f.directionMagnitude(v, f.normals, 3 * v, normalTransform == NormalTransform.COFACTOR), unit,
                    "vertex " + v + " normal");
            assertDirection(t, 4 * v, f.referenceDirection(v, f.tangents, 4 * v, false),
                    f.directionMagnitude(v, f.tangents, 4 * v, false), unit, "vertex " + v + " tangent");
            assertThat(t[4 * v + 3]).isEqualTo(f.tangents[4 * v + 3]);
        }
    }

    private static void assertDirection(float[] got, int o, double[] ref, double mag, boolean unit, String what) {
        double scale = 1;
        double tolerance = REFERENCE_TOLERANCE * mag;
        if (unit) {
            double len = Math.sqrt(ref[0] * ref[0] + ref[1] * ref[1] + ref[2] * ref[2]);
            assertThat(len).as(what + " reference length").isGreaterThan(0);
            scale = 1 / len;
            tolerance = REFERENCE_TOLERANCE * mag / len;
        }
        for (int c = 0; c < 3; c++) {
            assertThat((double) Math.abs(got[o + c] - ref[c] * scale)).as(what + " component " + c)
                    .isLessThanOrEqualTo(tolerance + 1e-30);
        }
    }

    @Property(tries = 60, seed = "31337")
    void aRangeWritesOnlyItsOwnVertices(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
            @ForAll SkinningKernel kernel, @ForAll SkinningMethod method, @ForAll @IntRange(min = 0, max = 30) int first,
            @ForAll @IntRange(min = 0, max = 30) int count) {
        Assume.that(kernel != SkinningKernel.VECTOR || Skinning.vectorKernelAvailable());
        SkinningFixtures f = SkinningFixtures.random(seed, k, 9, 64, Palette.AFFINE);
        int n = f.vertexCount;
        SkinningOptions options = SkinningOptions.DEFAULTS.withKernel(kernel).withMethod(method);
        float[] fullP = new float[3 * n], fullN = new float[3 * n], fullT = new float[4 * n];
        Skinning.skinInto(f.palette, k, f.joints, f.weights, f.positions, fullP, f.normals, fullN, f.tangents, fullT,
                0, n, options);
        float[] p = filled(3 * n), nn = filled(3 * n), t = filled(4 * n);
        Skinning.skinInto(f.palette, k, f.joints, f.weights, f.positions, p, f.normals, nn, f.tangents, t, first,
                count, options);
        for (int v = 0; v < n; v++) {
            boolean inside = v >= first && v < first + count;
            for (int c = 0; c < 3; c++) {
                assertThat(bits(p[3 * v + c])).isEqualTo(bits(inside ? fullP[3 * v + c] : Float.NaN));
                assertThat(bits(nn[3 * v + c])).isEqualTo(bits(inside ? fullN[3 * v + c] : Float.NaN));
            }
            for (int c = 0; c < 4; c++) {
                assertThat(bits(t[4 * v + c])).isEqualTo(bits(inside ? fullT[4 * v + c] : Float.NaN));
            }
        }
    }

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    private static float[] filled(int length) {
        float[] a = new float[length];
        Arrays.fill(a, Float.NaN);
        return a;
    }

    @Property(tries = 20, seed = "99")
    void parallelSkinningEqualsSingleThreaded(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
            @ForAll @IntRange(min = 2, max = 7) int parallelism, @ForAll SkinningMethod method) {
        SkinningFixtures f = SkinningFixtures.random(seed, k, 30, 500, Palette.AFFINE);
        int n = f.vertexCount;
        SkinningOptions serial = SkinningOptions.DEFAULTS.withMethod(method);
        float[] p1 = new float[3 * n], n1 = new float[3 * n], t1 = new float[4 * n];
        Skinning.skinInto(f.palette, k, f.joints, f.weights, f.positions, p1, f.normals, n1, f.tangents, t1, 0, n,
                serial);
        SkinningOptions parallel = serial.withParallelism(parallelism).withMinVerticesPerTask(16);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            float[] p2 = new float[3 * n], n2 = new float[3 * n], t2 = new float[4 * n];
            Skinning.skinInto(f.palette, k, f.joints, f.weights, f.positions, p2, f.normals, n2, f.tangents, t2, 0,
                    n, parallel, pool);
            assertThat(p2).containsExactly(p1);
            assertThat(n2).containsExactly(n1);
            assertThat(t2).containsExactly(t1);
            float[] p3 = new float[3 * n];
            float[] p3serial = new float[3 * n];
            Skinning.skinInto(f.palette, k, f.joints, f.weights, f.positions, p3, null, null, null, null, 0, n,
                    parallel); // common pool
            Skinning.skinInto(f.palette, k, f.joints, f.weights, f.positions, p3serial, null, null, null, null, 0, n,
                    serial);
            assertThat(p3).containsExactly(p3serial);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void helpersThatNeverRunOrAreRejectedLeaveTheWorkToTheCaller() {
        SkinningFixtures f = SkinningFixtures.random(8, 4, 20, 3000, Palette.AFFINE);
        int n = f.vertexCount;
        float[] expected = new float[3 * n];
        Skinning.skinInto(f.palette, 4, f.joints, f.weights, f.positions, expected, null, null, null, null, 0, n,
                SkinningOptions.DEFAULTS);
        SkinningOptions parallel = SkinningOptions.DEFAULTS.withParallelism(4).withMinVerticesPerTask(100);
        java.util.List<Runnable> dropped = new java.util.ArrayList<>();
        float[] p1 = new float[3 * n];
        Skinning.skinInto(f.palette, 4, f.joints, f.weights, f.positions, p1, null, null, null, null, 0, n, parallel,
                dropped::add);
        assertThat(p1).containsExactly(expected);
        assertThat(dropped).hasSize(3);
        float[] before = p1.clone();
        dropped.forEach(Runnable::run); // late helpers find no chunk left and write nothing
        assertThat(p1).containsExactly(before);
        float[] p2 = new float[3 * n];
        Skinning.skinInto(f.palette, 4, f.joints, f.weights, f.positions, p2, null, null, null, null, 0, n, parallel,
                r -> {
                    throw new java.util.concurrent.RejectedExecutionException("full");
                });
        assertThat(p2).containsExactly(expected);
    }

    // ---------------------------------------------------------------- dual quaternions

    @Property(tries = 60, seed = "1234")
    void dualQuaternionEqualsLinearBlendForOneInfluence(@ForAll long seed, @ForAll Palette kind,
            @ForAll NormalTransform normalTransform, @ForAll @IntRange(min = 1, max = 8) int k) {
        // one effective influence: slot 0 weight 1, the others 0
        SkinningFixtures f = SkinningFixtures.random(seed, k, 12, 40, kind);
        for (int v = 0; v < f.vertexCount; v++) {
            for (int s = 0; s < k; s++) {
                f.weights[k * v + s] = s == 0 ? 1 : 0;
            }
        }
        int n = f.vertexCount;
        SkinningOptions lbs = SkinningOptions.DEFAULTS.withNormalTransform(normalTransform)
                .withKernel(SkinningKernel.SCALAR);
        float[][] a = skinAll(f, lbs);
        float[][] b = skinAll(f, lbs.withMethod(SkinningMethod.DUAL_QUATERNION));
        double[] ref = new double[3], mag = new double[3];
        for (int v = 0; v < n; v++) {
            f.referencePosition(v, ref, mag);
            for (int c = 0; c < 3; c++) {
                assertThat((double) Math.abs(b[0][3 * v + c] - a[0][3 * v + c])).as("vertex %d position", v)
                        .isLessThanOrEqualTo(DQS_EXACT_TOLERANCE * mag[c]);
                assertThat((double) Math.abs(b[1][3 * v + c] - a[1][3 * v + c])).as("vertex %d normal", v)
                        .isLessThanOrEqualTo(DQS_EXACT_TOLERANCE * 10);
                assertThat((double) Math.abs(b[2][4 * v + c] - a[2][4 * v + c])).as("vertex %d tangent", v)
                        .isLessThanOrEqualTo(DQS_EXACT_TOLERANCE * 10);
            }
            assertThat(b[2][4 * v + 3]).isEqualTo(a[2][4 * v + 3]);
        }
    }

    @Property(tries = 40, seed = "4321")
    void dualQuaternionIsCloseToLinearBlendForNearbyRigidInfluences(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 8) int k) {
        SkinningFixtures f = SkinningFixtures.random(seed, k, 8, 40, Palette.RIGID);
        SplittableRandom r = new SplittableRandom(seed);
        float[] base = SkinningFixtures.randomQuaternion(r);
        for (int i = 0; i < f.paletteSize; i++) {
            // base rotation followed by a small rotation of at most 0.05 rad, translations within 0.01
            float[] axis = SkinningFixtures.randomUnit(r);
            double half = r.nextDouble(-0.025, 0.025);
            float[] d = {(float) (axis[0] * Math.sin(half)), (float) (axis[1] * Math.sin(half)),
                (float) (axis[2] * Math.sin(half)), (float) Math.cos(half)};
            float[] q = multiply(d, base);
            SkinningFixtures.matrix(q, 1, 1, 1, 1 + (float) r.nextDouble(-0.01, 0.01),
                    2 + (float) r.nextDouble(-0.01, 0.01), (float) r.nextDouble(-0.01, 0.01), f.palette, 16 * i);
        }
        float[][] a = skinAll(f, SkinningOptions.DEFAULTS);
        float[][] b = skinAll(f, SkinningOptions.DEFAULTS.withMethod(SkinningMethod.DUAL_QUATERNION));
        for (int i = 0; i < a[0].length; i++) {
            assertThat((double) Math.abs(b[0][i] - a[0][i])).isLessThanOrEqualTo(DQS_CLOSE_TOLERANCE * 10);
            assertThat((double) Math.abs(b[1][i] - a[1][i])).isLessThanOrEqualTo(DQS_CLOSE_TOLERANCE);
        }
    }

    @Test
    void dualQuaternionBlendTakesTheShortWayBetweenAntipodalQuaternions() {
        // rotations by +179 and -179 degrees about z: 2 degrees apart through 180, but their
        // quaternions have a negative dot product; blended half and half they must give 180 degrees
        float[] palette = new float[32];
        double angle = Math.toRadians(179);
        SkinningFixtures.matrix(new float[] {0, 0, (float) Math.sin(angle / 2), (float) Math.cos(angle / 2)}, 1, 1, 1,
                0, 0, 0, palette, 0);
        SkinningFixtures.matrix(new float[] {0, 0, (float) Math.sin(-angle / 2), (float) Math.cos(-angle / 2)}, 1, 1,
                1, 0, 0, 0, palette, 16);
        float[] dst = new float[3];
        Skinning.skinInto(palette, 2, new int[] {0, 1}, new float[] {0.5f, 0.5f}, new float[] {1, 0, 0}, dst, null,
                null, null, null, 0, 1, SkinningOptions.DEFAULTS.withMethod(SkinningMethod.DUAL_QUATERNION));
        assertThat(dst[0]).isCloseTo(-1f, org.assertj.core.data.Offset.offset(1e-5f));
        assertThat(dst[1]).isCloseTo(0f, org.assertj.core.data.Offset.offset(1e-5f));
    }

    @Test
    void zeroWeightsGiveZeroOutputForBothMethods() {
        float[] palette = new float[16];
        SkinningFixtures.matrix(new float[] {0, 0, 0, 1}, 2, 2, 2, 5, 6, 7, palette, 0);
        for (SkinningMethod method : SkinningMethod.values()) {
            float[] dst = {9, 9, 9}, dstN = {9, 9, 9};
            Skinning.skinInto(palette, 1, new int[] {0}, new float[] {0}, new float[] {1, 2, 3}, dst,
                    new float[] {0, 1, 0}, dstN, null, null, 0, 1, SkinningOptions.DEFAULTS.withMethod(method));
            assertThat(dst).as(method.name()).containsExactly(0, 0, 0);
            assertThat(dstN).as(method.name()).containsExactly(0, 0, 0);
        }
    }

    @Test
    void dualQuaternionHandlesAZeroScaleBone() {
        // a bone scaled to zero (hiding a part) is singular: no polar decomposition, Gram-Schmidt instead
        float[] palette = new float[16];
        SkinningFixtures.matrix(new float[] {0, 0, 0, 1}, 0, 0, 0, 1, 2, 3, palette, 0);
        float[] dst = new float[3];
        Skinning.skinInto(palette, 1, new int[] {0}, new float[] {1}, new float[] {4, 5, 6}, dst, null, null, null,
                null, 0, 1, SkinningOptions.DEFAULTS.withMethod(SkinningMethod.DUAL_QUATERNION));
        assertThat(dst).containsExactly(new float[] {1, 2, 3}, org.assertj.core.data.Offset.offset(1e-6f));
    }

    @Test
    void cofactorNormalsStayOutwardUnderNonUniformScaleAndMirroring() {
        // scale (-2, 1, 1): a mirror in x. The plane x + y = 0 has normal (1,1,0)/sqrt2; mapped, its
        // points (t, -t) become (-2t, -t), on the plane x - 2y = 0 with normal +-(1,-2,0)/sqrt5
        float[] palette = new float[16];
        SkinningFixtures.matrix(new float[] {0, 0, 0, 1}, -2, 1, 1, 0, 0, 0, palette, 0);
        float s2 = (float) Math.sqrt(0.5);
        float[] n = new float[3];
        Skinning.skinInto(palette, 1, new int[] {0}, new float[] {1}, new float[] {0, 0, 0}, new float[3],
                new float[] {s2, s2, 0}, n, null, null, 0, 1,
                SkinningOptions.DEFAULTS.withNormalTransform(NormalTransform.COFACTOR));
        float s5 = (float) Math.sqrt(0.2);
        // |det| A^-T n with A^-T = diag(-1/2, 1, 1): (-s2/2, s2, 0) normalized = (-1, 2, 0)/sqrt5
        assertThat(n[0]).isCloseTo(-s5, org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(n[1]).isCloseTo(2 * s5, org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(n[2]).isCloseTo(0f, org.assertj.core.data.Offset.offset(1e-6f));
    }

    private static float[] multiply(float[] a, float[] b) {
        return new float[] {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    }

    private static float[][] skinAll(SkinningFixtures f, SkinningOptions options) {
        int n = f.vertexCount;
        float[] p = new float[3 * n], nn = new float[3 * n], t = new float[4 * n];
        Skinning.skinInto(f.palette, f.k, f.joints, f.weights, f.positions, p, f.normals, nn, f.tangents, t, 0, n,
                options);
        return new float[][] {p, nn, t};
    }

    // ---------------------------------------------------------------- mesh overloads

    @Test
    void meshOverloadsMatchThePrimitiveArrays() {
        SkinningFixtures f = SkinningFixtures.random(5, 4, 6, 30, Palette.AFFINE);
        Mesh mesh = mesh(f, true);
        float[][] expected = skinAll(f, SkinningOptions.DEFAULTS);
        // the mesh canonicalizes slot order (by weight); sums may round differently, so compare closely
        assertClose(Skinning.skinPositions(mesh, f.palette, SkinningOptions.DEFAULTS), expected[0]);
        assertClose(Skinning.skinNormals(mesh, f.palette, SkinningOptions.DEFAULTS), expected[1]);
        assertClose(Skinning.skinTangents(mesh, f.palette, SkinningOptions.DEFAULTS), expected[2]);
    }

    @Test
    void aMeshSkinsWithAPaletteLongerThanItsSkinNeedsByAnyLength() {
        SkinningFixtures f = SkinningFixtures.random(6, 4, 6, 30, Palette.AFFINE);
        Mesh mesh = mesh(f, true);
        float[] expected = Skinning.skinPositions(mesh, f.palette, SkinningOptions.DEFAULTS);
        float[] longer = java.util.Arrays.copyOf(f.palette, f.palette.length + 5);
        float[] actual = Skinning.skinPositions(mesh, longer, SkinningOptions.DEFAULTS);
        SkinningBitIdentityTest.assertSameBits(expected, actual, "palette 5 floats longer");
    }

    /**
     * Dual quaternion skinning of a mesh converts only the skin's matrices: matrices past them in
     * the palette array (here one that scales) do not change a bit of the result.
     */
    @Test
    void dualQuaternionSkinningOfAMeshIgnoresMatricesPastItsSkin() {
        SkinningFixtures f = SkinningFixtures.random(8, 4, 6, 30, Palette.RIGID);
        Mesh mesh = mesh(f, true);
        SkinningOptions dqs = SkinningOptions.DEFAULTS.withMethod(SkinningMethod.DUAL_QUATERNION);
        float[] expected = Skinning.skinPositions(mesh, f.palette, dqs);
        float[] expectedN = Skinning.skinNormals(mesh, f.palette, dqs);
        float[] longer = java.util.Arrays.copyOf(f.palette, f.palette.length + 16);
        SkinningFixtures.matrix(new float[] {0, 0, 0, 1}, 2, 3, 0.5f, 1, 2, 3, longer, f.palette.length);
        SkinningBitIdentityTest.assertSameBits(expected, Skinning.skinPositions(mesh, longer, dqs),
                "positions with an unused scaling matrix after the skin's");
        SkinningBitIdentityTest.assertSameBits(expectedN, Skinning.skinNormals(mesh, longer, dqs),
                "normals with an unused scaling matrix after the skin's");
    }

    private static void assertClose(float[] got, float[] expected) {
        assertThat(got).hasSameSizeAs(expected);
        for (int i = 0; i < got.length; i++) {
            assertThat(got[i]).isCloseTo(expected[i], org.assertj.core.data.Offset.offset(
                    1e-5f * Math.max(1, Math.abs(expected[i]))));
        }
    }

    private static Mesh mesh(SkinningFixtures f, boolean streams) {
        String[] names = new String[f.paletteSize];
        float[] ibm = new float[16 * f.paletteSize];
        for (int i = 0; i < names.length; i++) {
            names[i] = "bone" + i;
            ibm[16 * i] = ibm[16 * i + 5] = ibm[16 * i + 10] = ibm[16 * i + 15] = 1;
        }
        Mesh.Builder b = Mesh.builder("Body").positions(f.positions)
                .skin(Skin.of(names, ibm, BoneWeights.of(f.k, f.joints, f.weights)));
        if (streams) {
            b.normals(f.normals).tangents(f.tangents);
        }
        return b.build();
    }

    // ---------------------------------------------------------------- bad input, one case each

    private static final float[] PALETTE = new float[16 * 2];
    private static final int[] JOINTS = {0, 1, 1, 0};
    private static final float[] WEIGHTS = {0.5f, 0.5f, 0.5f, 0.5f};
    private static final float[] SRC = new float[6];
    private static final float[] SRC_T = new float[8];

    private static void skin(float[] palette, int k, int[] joints, float[] weights, float[] srcP, float[] dstP,
            float[] srcN, float[] dstN, float[] srcT, float[] dstT, int first, int count) {
        Skinning.skinInto(palette, k, joints, weights, srcP, dstP, srcN, dstN, srcT, dstT, first, count, RAW);
    }

    @Test
    void rejectsInfluencesBelowOne() {
        assertThatThrownBy(() -> skin(PALETTE, 0, JOINTS, WEIGHTS, SRC, new float[6], null, null, null, null, 0, 2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: influencesPerVertex=0, expected 1..8");
    }

    @Test
    void rejectsInfluencesAboveEight() {
        assertThatThrownBy(() -> skin(PALETTE, 9, new int[18], new float[18], SRC, new float[6], null, null, null,
                null, 0, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: influencesPerVertex=9, expected 1..8");
    }

    @Test
    void rejectsAPaletteLengthThatIsNotAMultipleOf16() {
        assertThatThrownBy(() -> skin(new float[20], 2, JOINTS, WEIGHTS, SRC, new float[6], null, null, null, null,
                0, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: palette length 20 is not a multiple of 16, expected 16*paletteSize");
    }

    @Test
    void rejectsANegativeFirstVertex() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[6], null, null, null, null, -1, 2))
                .isInstanceOf(ValidationException.class).hasMessage("skinInto: firstVertex=-1, expected >= 0");
    }

    @Test
    void rejectsANegativeVertexCount() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[6], null, null, null, null, 0, -3))
                .isInstanceOf(ValidationException.class).hasMessage("skinInto: vertexCount=-3, expected >= 0");
    }

    @Test
    void rejectsShortJoints() {
        assertThatThrownBy(() -> skin(PALETTE, 2, new int[3], WEIGHTS, SRC, new float[6], null, null, null, null, 0,
                2)).isInstanceOf(ValidationException.class).hasMessage(
                "skinInto: joints length 3, needs at least influencesPerVertex*(firstVertex+vertexCount) = 4");
    }

    @Test
    void rejectsShortWeights() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, new float[2], SRC, new float[6], null, null, null, null, 0,
                2)).isInstanceOf(ValidationException.class).hasMessage(
                "skinInto: weights length 2, needs at least influencesPerVertex*(firstVertex+vertexCount) = 4");
    }

    @Test
    void rejectsShortSourcePositions() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, new float[5], new float[6], null, null, null, null,
                0, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: srcPositions length 5, needs at least 3*(firstVertex+vertexCount) = 6");
    }

    @Test
    void rejectsShortDestinationPositions() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[4], null, null, null, null, 0, 2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: dstPositions length 4, needs at least 3*(firstVertex+vertexCount) = 6");
    }

    @Test
    void rejectsShortDestinationNormals() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[6], new float[6], new float[5],
                null, null, 0, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: dstNormals length 5, needs at least 3*(firstVertex+vertexCount) = 6");
    }

    @Test
    void rejectsShortSourceTangents() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[6], null, null, new float[6],
                new float[8], 0, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: srcTangents length 6, needs at least 4*(firstVertex+vertexCount) = 8");
    }

    @Test
    void rejectsSourceNormalsWithoutDestination() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[6], new float[6], null, null, null,
                0, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: srcNormals is given but dstNormals is null, expected both or neither");
    }

    @Test
    void rejectsDestinationTangentsWithoutSource() {
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[6], null, null, null, SRC_T, 0, 2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: dstTangents is given but srcTangents is null, expected both or neither");
    }

    @Test
    void rejectsADestinationThatAliasesItsSource() {
        float[] same = new float[6];
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, same, same, null, null, null, null, 0, 2))
                .isInstanceOf(ValidationException.class).hasMessage("skinInto: dstPositions is the same array as "
                        + "srcPositions, expected distinct arrays (outputs may not alias inputs or each other)");
    }

    @Test
    void rejectsDestinationsThatAliasEachOther() {
        float[] same = new float[6];
        assertThatThrownBy(() -> skin(PALETTE, 2, JOINTS, WEIGHTS, SRC, same, new float[6], same, null, null, 0, 2))
                .isInstanceOf(ValidationException.class).hasMessage("skinInto: dstNormals is the same array as "
                        + "dstPositions, expected distinct arrays (outputs may not alias inputs or each other)");
    }

    @Test
    void rejectsAJointPastThePaletteAndWritesNothing() {
        float[] dst = filled(6);
        int[] joints = {0, 1, 1, 2};
        assertThatThrownBy(() -> skin(PALETTE, 2, joints, WEIGHTS, SRC, dst, null, null, null, null, 0, 2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: vertex 1 slot 1: joint 2, expected 0..1 (paletteSize 2)");
        assertThat(dst).containsOnly(Float.NaN);
    }

    @Test
    void rejectsANegativeJoint() {
        int[] joints = {0, -4, 1, 0};
        assertThatThrownBy(() -> skin(PALETTE, 2, joints, WEIGHTS, SRC, new float[6], null, null, null, null, 0, 2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: vertex 0 slot 1: joint -4, expected 0..1 (paletteSize 2)");
    }

    @Test
    void checksJointsOnlyWithinTheRange() {
        int[] joints = {0, 1, 7, 7}; // vertex 1 is invalid but outside the range
        float[] dst = new float[6];
        skin(PALETTE, 2, joints, WEIGHTS, SRC, dst, null, null, null, null, 0, 1);
        assertThat(dst).containsOnly(0f);
    }

    @Test
    void rejectsTheVectorKernelWhenTheModuleIsAbsent() {
        assumeTrue(!Skinning.vectorKernelAvailable(), "the vector kernel is available in this JVM");
        assertThatThrownBy(() -> Skinning.skinInto(PALETTE, 2, JOINTS, WEIGHTS, SRC, new float[6], null, null, null,
                null, 0, 2, SkinningOptions.DEFAULTS.withKernel(SkinningKernel.VECTOR)))
                .isInstanceOf(ValidationException.class).hasMessage("skinInto: kernel VECTOR requested, but module "
                        + "jdk.incubator.vector is not available (start the JVM with --add-modules "
                        + "jdk.incubator.vector), expected AUTO or SCALAR");
    }

    @Test
    void rejectsAMeshWithoutSkin() {
        Mesh rigid = Mesh.builder("Rock").positions(new float[] {0, 0, 0}).build();
        assertThatThrownBy(() -> Skinning.skinPositions(rigid, PALETTE, SkinningOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: mesh 'Rock' has no skin, expected a skinned mesh");
    }

    @Test
    void rejectsNormalsOfAMeshWithoutNormals() {
        Mesh mesh = mesh(SkinningFixtures.random(1, 2, 3, 4, Palette.RIGID), false);
        assertThatThrownBy(() -> Skinning.skinNormals(mesh, new float[48], SkinningOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class).hasMessage(
                "skinInto: mesh 'Body' has no normals, but a destination for skinned normals was given");
    }

    @Test
    void rejectsTangentsOfAMeshWithoutTangents() {
        Mesh mesh = mesh(SkinningFixtures.random(1, 2, 3, 4, Palette.RIGID), false);
        assertThatThrownBy(() -> Skinning.skinTangents(mesh, new float[48], SkinningOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class).hasMessage(
                "skinInto: mesh 'Body' has no tangents, but a destination for skinned tangents was given");
    }

    @Test
    void rejectsAPaletteShorterThanTheMeshSkin() {
        Mesh mesh = mesh(SkinningFixtures.random(1, 2, 3, 4, Palette.RIGID), false);
        assertThatThrownBy(() -> Skinning.skinPositions(mesh, new float[32], SkinningOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skinInto: palette length 32, needs at least 16*skin.paletteSize() = 48");
    }

    @Test
    void rejectsParallelismOutOfRange() {
        assertThatThrownBy(() -> SkinningOptions.DEFAULTS.withParallelism(0)).isInstanceOf(ValidationException.class)
                .hasMessage("SkinningOptions: parallelism=0, expected 1..256");
    }

    @Test
    void rejectsMinVerticesPerTaskOutOfRange() {
        assertThatThrownBy(() -> SkinningOptions.DEFAULTS.withMinVerticesPerTask(0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("SkinningOptions: minVerticesPerTask=0, expected 1..1073741824");
    }

}
