package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.BoundSkin.JointWidth;
import io.github.skinmesh.core.skinning.SkinningFixtures.Palette;
import java.util.Arrays;
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
