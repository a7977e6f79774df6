package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.BoundSkin.JointWidth;
import io.github.skinmesh.core.skinning.SkinningFixtures.Palette;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link BoundSkin}: validation once, copies, accessors, and skinning through it. */
class BoundSkinTest {
    private static final SkinningOptions NO_RENORMALIZATION = SkinningOptions.DEFAULTS
            .withRenormalization(Renormalization.NONE);

    @Test
    void copiesTheCallersArraysAndReadsBackEverySlot() {
        int[] joints = {0, 2, 1, 2, 2, 0};
        float[] weights = {0.25f, 0.75f, 0.5f, 0.5f, 1, 0};
        for (JointWidth width : JointWidth.values()) {
            BoundSkin b = BoundSkin.of(3, 2, joints, weights, width);
            joints[0] = 99;
            weights[0] = 99;
            assertThat(b.jointWidth()).isEqualTo(width);
            assertThat(b.vertexCount()).isEqualTo(3);
            assertThat(b.influencesPerVertex()).isEqualTo(2);
            assertThat(b.paletteSize()).isEqualTo(3);
            assertThat(b.joint(0, 0)).isZero();
            assertThat(b.weight(0, 0)).isEqualTo(0.25f);
            assertThat(b.joint(2, 0)).isEqualTo(2);
            assertThat(b.weight(1, 1)).isEqualTo(0.5f);
            assertThatThrownBy(() -> b.joint(3, 0)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> b.weight(0, 2)).isInstanceOf(IndexOutOfBoundsException.class);
            joints[0] = 0;
            weights[0] = 0.25f;
        }
    }

    /**
     * A joint that another thread keeps changing between a valid and an invalid value while the
     * array is bound: every bind either fails naming the invalid value or keeps a valid joint,
     * never an unchecked one (the joints are checked after they are copied, not before).
     */
    @Test
    void aJointChangedDuringBindingIsNeverKeptUnchecked() throws InterruptedException {
        int paletteSize = 4;
        int[] joints = new int[4 * 200_000];
        float[] weights = new float[joints.length];
        java.lang.invoke.VarHandle slot = java.lang.invoke.MethodHandles.arrayElementVarHandle(int[].class);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread mutator = new Thread(() -> {
            while (!stop.get()) {
                slot.setVolatile(joints, 0, 99);
                Thread.onSpinWait();
                slot.setVolatile(joints, 0, 1);
                Thread.onSpinWait();
            }
        });
        mutator.start();
        int rejected = 0;
        try {
            for (int i = 0; i < 60; i++) {
                for (JointWidth width : JointWidth.values()) {
                    try {
                        BoundSkin b = BoundSkin.of(paletteSize, 4, joints, weights, width);
                        assertThat(b.joint(0, 0)).as("bind " + i + " " + width).isBetween(0, paletteSize - 1);
                    } catch (ValidationException e) {
                        assertThat(e).hasMessage("BoundSkin.of: vertex 0 slot 0: joint 99, expected 0..3 "
                                + "(paletteSize 4)");
                        rejected++;
                    }
                }
            }
        } finally {
            stop.set(true);
            mutator.join();
        }
        assertThat(rejected).as("binds that saw the invalid value").isPositive();
    }

    @Test
    void sixteenBitJointsKeepTheLargestPaletteIndex() {
        int last = BoundSkin.MAX_PALETTE_16 - 1;
        BoundSkin b = BoundSkin.of(BoundSkin.MAX_PALETTE_16, 1, new int[] {last, 0}, new float[] {1, 1},
                JointWidth.BITS_16);
        assertThat(b.joint(0, 0)).isEqualTo(last);
    }

    /**
     * 16-bit joints at the top of the range they can address (palettes of exactly 65,535 and 65,536
     * matrices, joints 65,534, 65,535 and 32,768 whose sign bit a signed 16-bit type would take):
     * every kernel and shape, read directly (four influences) or widened in blocks (three
     * influences, tangents), on one and two threads, gives the bits of 32-bit joints.
     */
    @Test
    void sixteenBitJointsAtTheTopOfTheirRangeSkinLikeThirtyTwoBitJoints() {
        for (int paletteSize : new int[] {BoundSkin.MAX_PALETTE_16 - 1, BoundSkin.MAX_PALETTE_16}) {
            for (int k : new int[] {4, 3}) {
                SkinningFixtures f = SkinningFixtures.random(paletteSize + k, k, paletteSize, 1100, Palette.AFFINE);
                int[] high = {paletteSize - 1, paletteSize - 2, 1 << 15, (1 << 15) - 1, 0};
                for (int i = 0; i < f.joints.length; i += 3) {
                    f.joints[i] = high[(i / 3) % high.length];
                }
                for (boolean tangents : new boolean[] {false, true}) {
                    String what = "paletteSize " + paletteSize + " K=" + k + (tangents ? " with tangents" : "");
                    float[][] expected = skinRaw(f, tangents, SkinningOptions.DEFAULTS.withKernel(SkinningKernel.SCALAR)
                            .withRenormalization(Renormalization.NONE));
                    BoundSkin narrow = BoundSkin.of(paletteSize, k, f.joints, f.weights, JointWidth.BITS_16);
                    assertThat(narrow.joint(0, 0)).isEqualTo(paletteSize - 1);
                    for (SkinningKernel kernel : availableKernels()) {
                        for (int threads : new int[] {1, 2}) {
                            SkinningOptions o = SkinningOptions.DEFAULTS.withKernel(kernel)
                                    .withRenormalization(Renormalization.NONE).withParallelism(threads)
                                    .withMinVerticesPerTask(64);
                            assertSameStreams(expected, skinBound(narrow, f, tangents, o),
                                    what + " " + kernel + " " + threads + " threads, 16-bit");
                        }
                    }
                    if (Skinning.vectorKernelAvailable()) {
                        char[] j16 = new char[f.joints.length];
                        for (int i = 0; i < j16.length; i++) {
                            j16[i] = (char) f.joints[i];
                        }
                        for (VectorLbsKernel.Shape shape : VectorLbsKernel.Shape.values()) {
                            int n = f.vertexCount;
                            float[][] out = {new float[3 * n], new float[3 * n], tangents ? new float[4 * n] : null};
                            new VectorLbsKernel(shape).skin(f.palette, k, j16, f.weights, f.positions, out[0],
                                    f.normals, out[1], tangents ? f.tangents : null, out[2], 0, n, false, false);
                            assertSameStreams(expected, out, what + " shape " + shape + ", 16-bit");
                        }
                    }
                }
            }
        }
    }

    /**
     * Ranges that start past vertex 0, split across threads, write exactly their vertices' floats
     * (the vector kernel's four-float stores included) with the bits of one scalar pass.
     */
    @Test
    void parallelRangesThatStartPastZeroWriteOnlyTheirVerticesWithTheSameBits() {
        SkinningFixtures f = SkinningFixtures.random(23, 4, 30, 2000, Palette.AFFINE);
        float[][] expected = skinRaw(f, true, SkinningOptions.DEFAULTS.withKernel(SkinningKernel.SCALAR)
                .withRenormalization(Renormalization.NONE));
        int[][] ranges = {{1, 1999}, {7, 1000}, {999, 1001}, {1500, 500}, {1, 1}, {1999, 1}};
        for (SkinningKernel kernel : availableKernels()) {
            for (int threads : new int[] {2, 3, 7}) {
                SkinningOptions o = SkinningOptions.DEFAULTS.withKernel(kernel).withRenormalization(Renormalization.NONE)
                        .withParallelism(threads).withMinVerticesPerTask(16);
                for (int[] range : ranges) {
                    for (boolean tangents : new boolean[] {false, true}) {
                        String what = kernel + " " + threads + " threads, vertices " + range[0] + "+" + range[1]
                                + (tangents ? " with tangents" : "");
                        float[][] raw = nan(f, tangents);
                        Skinning.skinInto(f.palette, 4, f.joints, f.weights, f.positions, raw[0], f.normals, raw[1],
                                tangents ? f.tangents : null, raw[2], range[0], range[1], o);
                        assertRange(expected, raw, range, what + " raw arrays");
                        for (JointWidth width : JointWidth.values()) {
                            BoundSkin b = BoundSkin.of(30, 4, f.joints, f.weights, width);
                            float[][] out = nan(f, tangents);
                            Skinning.skinInto(b, f.palette, f.positions, out[0], f.normals, out[1],
                                    tangents ? f.tangents : null, out[2], range[0], range[1], o);
                            assertRange(expected, out, range, what + " bound " + width);
                        }
                    }
                }
            }
        }
    }

    private static List<SkinningKernel> availableKernels() {
        return Skinning.vectorKernelAvailable() ? List.of(SkinningKernel.SCALAR, SkinningKernel.VECTOR)
                : List.of(SkinningKernel.SCALAR);
    }

    private static float[][] nan(SkinningFixtures f, boolean tangents) {
        int n = f.vertexCount;
        float[][] out = {new float[3 * n], new float[3 * n], tangents ? new float[4 * n] : null};
        for (float[] a : out) {
            if (a != null) {
                Arrays.fill(a, Float.NaN);
            }
        }
        return out;
    }

    private static float[][] skinRaw(SkinningFixtures f, boolean tangents, SkinningOptions o) {
        int n = f.vertexCount;
        float[][] out = {new float[3 * n], new float[3 * n], tangents ? new float[4 * n] : null};
        Skinning.skinInto(f.palette, f.k, f.joints, f.weights, f.positions, out[0], f.normals, out[1],
                tangents ? f.tangents : null, out[2], 0, n, o);
        return out;
    }

    private static float[][] skinBound(BoundSkin b, SkinningFixtures f, boolean tangents, SkinningOptions o) {
        int n = f.vertexCount;
        float[][] out = {new float[3 * n], new float[3 * n], tangents ? new float[4 * n] : null};
        Skinning.skinInto(b, f.palette, f.positions, out[0], f.normals, out[1], tangents ? f.tangents : null, out[2],
                0, n, o);
        return out;
    }

    private static void assertSameStreams(float[][] expected, float[][] actual, String what) {
        String[] names = {"positions", "normals", "tangents"};
        for (int s = 0; s < 3; s++) {
            SkinningBitIdentityTest.assertSameBits(expected[s], actual[s], what + " " + names[s]);
        }
    }

    /** The range's floats equal {@code expected}'s bit for bit; every float outside it is still NaN. */
    private static void assertRange(float[][] expected, float[][] actual, int[] range, String what) {
        int[] per = {3, 3, 4};
        String[] names = {"positions", "normals", "tangents"};
        for (int s = 0; s < 3; s++) {
            if (actual[s] == null) {
                continue;
            }
            int from = per[s] * range[0];
            int to = per[s] * (range[0] + range[1]);
            for (int i = 0; i < actual[s].length; i++) {
                if (i >= from && i < to) {
                    if (Float.floatToRawIntBits(actual[s][i]) != Float.floatToRawIntBits(expected[s][i])) {
                        throw new AssertionError(what + " " + names[s] + ": element " + i + " is " + actual[s][i]
                                + ", expected " + expected[s][i]);
                    }
                } else if (!Float.isNaN(actual[s][i])) {
                    throw new AssertionError(what + " " + names[s] + ": element " + i + " outside the range was "
                            + "written: " + actual[s][i]);
                }
            }
        }
    }

    @Test
    void rejectsAJointOutsideThePaletteNamingVertexSlotValueAndSize() {
        assertThatThrownBy(() -> BoundSkin.of(4, 2, new int[] {0, 1, 3, 4}, new float[4], JointWidth.BITS_32))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoundSkin.of: vertex 1 slot 1: joint 4, expected 0..3 (paletteSize 4)");
        assertThatThrownBy(() -> BoundSkin.of(4, 2, new int[] {0, -1}, new float[2], JointWidth.BITS_16))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoundSkin.of: vertex 0 slot 1: joint -1, expected 0..3 (paletteSize 4)");
    }

    @Test
    void rejectsBadShapes() {
        assertThatThrownBy(() -> BoundSkin.of(4, 0, new int[0], new float[0], JointWidth.BITS_32))
                .isInstanceOf(ValidationException.class).hasMessageContaining("influencesPerVertex")
                .hasMessageContaining("0");
        assertThatThrownBy(() -> BoundSkin.of(4, 9, new int[0], new float[0], JointWidth.BITS_32))
                .isInstanceOf(ValidationException.class).hasMessageContaining("influencesPerVertex")
                .hasMessageContaining("9");
        assertThatThrownBy(() -> BoundSkin.of(4, 2, new int[3], new float[3], JointWidth.BITS_32))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoundSkin.of: joints length 3 is not a multiple of influencesPerVertex 2, "
                        + "expected K*vertexCount");
        assertThatThrownBy(() -> BoundSkin.of(4, 2, new int[4], new float[6], JointWidth.BITS_32))
                .isInstanceOf(ValidationException.class).hasMessageContaining("weights")
                .hasMessageContaining("6").hasMessageContaining("4");
        assertThatThrownBy(() -> BoundSkin.of(0, 1, new int[0], new float[0], JointWidth.BITS_32))
                .isInstanceOf(ValidationException.class).hasMessageContaining("paletteSize")
                .hasMessageContaining("0");
    }

    @Test
    void rejectsSixteenBitJointsForAPaletteTheyCannotAddress() {
        int size = BoundSkin.MAX_PALETTE_16 + 1;
        assertThatThrownBy(() -> BoundSkin.of(size, 1, new int[] {0}, new float[] {1}, JointWidth.BITS_16))
                .isInstanceOf(ValidationException.class).hasMessageContaining("paletteSize")
                .hasMessageContaining(String.valueOf(size)).hasMessageContaining(String.valueOf(size - 1));
        assertThat(BoundSkin.of(size, 1, new int[] {size - 1}, new float[] {1}, JointWidth.BITS_32).joint(0, 0))
                .isEqualTo(size - 1);
    }

    @Test
    void bindsAModelSkinWithoutChangingAJoint() {
        BoneWeights bw = BoneWeights.of(2, new int[] {0, 1, 1, 0}, new float[] {0.5f, 0.5f, 1, 0});
        float[] ibm = new float[32];
        for (int i = 0; i < 2; i++) {
            ibm[16 * i] = ibm[16 * i + 5] = ibm[16 * i + 10] = ibm[16 * i + 15] = 1;
        }
        Skin skin = Skin.of(new String[] {"a", "b"}, ibm, bw);
        for (JointWidth width : JointWidth.values()) {
            BoundSkin b = BoundSkin.of(skin, width);
            assertThat(b.paletteSize()).isEqualTo(2);
            assertThat(b.vertexCount()).isEqualTo(2);
            for (int v = 0; v < 2; v++) {
                for (int s = 0; s < 2; s++) {
                    assertThat(b.joint(v, s)).isEqualTo(bw.joint(v, s));
                    assertThat(b.weight(v, s)).isEqualTo(bw.weight(v, s));
                }
            }
        }
    }

    @Test
    void skinsLikeTheRawArraysBitForBit() {
        SkinningFixtures f = SkinningFixtures.random(11, 4, 40, 3000, Palette.RIGID);
        float[] expectedP = new float[3 * f.vertexCount];
        float[] expectedN = new float[3 * f.vertexCount];
        Skinning.skinInto(f.palette, 4, f.joints, f.weights, f.positions, expectedP, f.normals, expectedN, null, null,
                0, f.vertexCount, NO_RENORMALIZATION);
        for (JointWidth width : JointWidth.values()) {
            BoundSkin b = BoundSkin.of(40, 4, f.joints, f.weights, width);
            float[] p = new float[3 * f.vertexCount];
            float[] n = new float[3 * f.vertexCount];
            Skinning.skinInto(b, f.palette, f.positions, p, f.normals, n, null, null, 0, f.vertexCount,
                    NO_RENORMALIZATION);
            SkinningBitIdentityTest.assertSameBits(expectedP, p, width + " positions");
            SkinningBitIdentityTest.assertSameBits(expectedN, n, width + " normals");
        }
    }

    /**
     * The palette of a bound skin (or a mesh's skin) needs {@code 16*paletteSize} floats, and may be
     * longer by any number of floats, as documented: a palette inside a larger buffer skins the same.
     */
    @Test
    void aPaletteLongerThanTheSkinNeedsByAnyLengthSkinsTheSame() {
        SkinningFixtures f = SkinningFixtures.random(17, 4, 40, 50, Palette.AFFINE);
        float[] expectedP = new float[3 * f.vertexCount];
        float[] expectedN = new float[3 * f.vertexCount];
        Skinning.skinInto(f.palette, 4, f.joints, f.weights, f.positions, expectedP, f.normals, expectedN, null, null,
                0, f.vertexCount, NO_RENORMALIZATION);
        for (int extra : new int[] {1, 7, 16, 23}) {
            float[] longer = Arrays.copyOf(f.palette, f.palette.length + extra);
            Arrays.fill(longer, f.palette.length, longer.length, Float.NaN);
            for (JointWidth width : JointWidth.values()) {
                BoundSkin b = BoundSkin.of(40, 4, f.joints, f.weights, width);
                float[] p = new float[3 * f.vertexCount];
                float[] n = new float[3 * f.vertexCount];
                Skinning.skinInto(b, longer, f.positions, p, f.normals, n, null, null, 0, f.vertexCount,
                        NO_RENORMALIZATION);
                SkinningBitIdentityTest.assertSameBits(expectedP, p, width + " +" + extra + " positions");
                SkinningBitIdentityTest.assertSameBits(expectedN, n, width + " +" + extra + " normals");
            }
        }
    }

    @Test
    void rejectsARangePastTheBoundVerticesAndAShortPaletteBeforeWriting() {
        SkinningFixtures f = SkinningFixtures.random(5, 2, 8, 10, Palette.RIGID);
        BoundSkin b = BoundSkin.of(8, 2, f.joints, f.weights, JointWidth.BITS_16);
        float[] dst = new float[3 * 20];
        float[] src = new float[3 * 20];
        assertThatThrownBy(() -> Skinning.skinInto(b, f.palette, src, dst, null, null, null, null, 5, 6,
                NO_RENORMALIZATION)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("skin vertexCount").hasMessageContaining("10").hasMessageContaining("11");
        assertThatThrownBy(() -> Skinning.skinInto(b, Arrays.copyOf(f.palette, 16 * 7), src, dst, null, null, null,
                null, 0, 10, NO_RENORMALIZATION)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("palette").hasMessageContaining("112").hasMessageContaining("128");
        assertThat(dst).containsOnly(0f);
    }
}
