package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class BoneWeightsTest {
    private static void rejects(ThrowingCallable call, String... parts) {
        var thrown = assertThatThrownBy(call).isInstanceOf(ValidationException.class);
        for (String part : parts) {
            thrown.hasMessageContaining(part);
        }
    }

    // --- bad input, one case each ---

    @Test
    void zeroInfluencesPerVertex() {
        rejects(() -> BoneWeights.of(0, new int[0], new float[0]), "bone weights", "influencesPerVertex=0",
                "expected 1..8");
    }

    @Test
    void nineInfluencesPerVertex() {
        rejects(() -> BoneWeights.of(9, new int[9], new float[9]), "bone weights", "influencesPerVertex=9",
                "expected 1..8");
    }

    @Test
    void weightsLengthDiffersFromJoints() {
        rejects(() -> BoneWeights.of(2, new int[4], new float[3]), "bone weights", "weights length 3",
                "expected joints.length = 4");
    }

    @Test
    void jointsNotAMultipleOfTheInfluences() {
        rejects(() -> BoneWeights.of(2, new int[5], new float[5]), "bone weights", "joints length 5",
                "not a multiple of influencesPerVertex 2");
    }

    @Test
    void negativeWeight() {
        rejects(() -> BoneWeights.of(2, new int[4], new float[] {1, 0, -0.5f, 1}), "vertex 1", "weight 0 is -0.5",
                "expected a finite value >= 0");
    }

    @Test
    void nanWeight() {
        rejects(() -> BoneWeights.of(2, new int[4], new float[] {1, Float.NaN, 1, 0}), "vertex 0", "weight 1 is NaN",
                "expected a finite value >= 0");
    }

    @Test
    void infiniteWeight() {
        rejects(() -> BoneWeights.of(1, new int[2], new float[] {1, Float.POSITIVE_INFINITY}), "vertex 1",
                "weight 0 is Infinity", "expected a finite value >= 0");
    }

    @Test
    void negativeJoint() {
        rejects(() -> BoneWeights.of(2, new int[] {0, -2}, new float[] {0.5f, 0.5f}), "vertex 0", "joint 1 is -2",
                "expected >= 0");
    }

    @Test
    void weightsNotSummingToOneInStrictMode() {
        rejects(() -> BoneWeights.ofNormalized(2, new int[] {0, 1, 0, 1}, new float[] {0.5f, 0.5f, 0.5f, 0.4f}),
                "vertex 1", "weights sum to 0.9", "expected 1 within 1.0E-5");
    }

    @Test
    void strictModeAcceptsSumsWithinTheTolerance() {
        BoneWeights w = BoneWeights.ofNormalized(2, new int[] {0, 1}, new float[] {0.5f, 0.500004f});
        assertThat(w.vertexCount()).isEqualTo(1);
    }

    // --- canonical slot order ---

    @Test
    void slotsAreSortedByWeightDescending() {
        BoneWeights w = BoneWeights.of(4, new int[] {1, 2, 3, 4}, new float[] {0.1f, 0.4f, 0.2f, 0.3f});
        assertThat(w.joints()).containsExactly(2, 4, 3, 1);
        assertThat(w.weights()).containsExactly(0.4f, 0.3f, 0.2f, 0.1f);
        assertThat(w.joint(0, 0)).isEqualTo(2);
        assertThat(w.weight(0, 3)).isEqualTo(0.1f);
    }

    @Test
    void tiesKeepTheirInputOrder() {
        BoneWeights w = BoneWeights.of(4, new int[] {7, 3, 9, 5}, new float[] {0.2f, 0.3f, 0.2f, 0.3f});
        assertThat(w.joints()).containsExactly(3, 5, 7, 9);
    }

    @Test
    void emptySlotsGetJointZero() {
        BoneWeights w = BoneWeights.of(3, new int[] {6, 8, 4}, new float[] {0f, 1f, -0f});
        assertThat(w.joints()).containsExactly(8, 0, 0);
        assertThat(w.weights()).containsExactly(1f, 0f, 0f);
        assertThat(Float.floatToRawIntBits(w.weight(0, 2))).as("-0 becomes +0").isZero();
        assertThat(w).isEqualTo(BoneWeights.of(3, new int[] {8, 0, 0}, new float[] {1f, 0f, 0f}));
    }

    @Test
    void maxJointIgnoresEmptySlots() {
        assertThat(BoneWeights.of(2, new int[] {3, 9}, new float[] {1f, 0f}).maxJoint()).isEqualTo(3);
        assertThat(BoneWeights.of(2, new int[] {3, 9}, new float[] {0f, 0f}).maxJoint()).isEqualTo(-1);
    }

    @Test
    void slotAccessorsRejectASlotOutOfRange() {
        BoneWeights w = BoneWeights.of(2, new int[] {0, 1}, new float[] {0.5f, 0.5f});
        assertThatThrownBy(() -> w.weight(0, 2)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("slot 2").hasMessageContaining("expected 0..1");
        assertThatThrownBy(() -> w.joint(0, -1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("slot -1");
    }

    // --- immutability and copies ---

    @Test
    void changingArraysAfterCreationDoesNotChangeTheWeights() {
        int[] joints = {1, 2};
        float[] weights = {0.75f, 0.25f};
        BoneWeights w = BoneWeights.of(2, joints, weights);
        joints[0] = 5;
        weights[0] = 0f;
        assertThat(w.joint(0, 0)).isEqualTo(1);
        assertThat(w.weight(0, 0)).isEqualTo(0.75f);
        assertThat(joints).containsExactly(5, 2);
        assertThat(weights).containsExactly(0f, 0.25f);
    }

    @Test
    void factoriesDoNotReorderTheCallersArrays() {
        int[] joints = {1, 2};
        float[] weights = {0.25f, 0.75f};
        BoneWeights.ofNormalized(2, joints, weights);
        assertThat(joints).containsExactly(1, 2);
        assertThat(weights).containsExactly(0.25f, 0.75f);
    }

    @Test
    void copyIntoCallerArraysAtAnOffset() {
        BoneWeights w = BoneWeights.of(2, new int[] {1, 2}, new float[] {0.75f, 0.25f});
        assertThat(w.jointsInto(new int[3], 1)).containsExactly(0, 1, 2);
        assertThat(w.weightsInto(new float[3], 1)).containsExactly(0f, 0.75f, 0.25f);
    }

    // --- equality ---

    @Test
    void equalWeightsAreEqualAndHashAlike() {
        BoneWeights a = BoneWeights.of(2, new int[] {1, 2}, new float[] {0.25f, 0.75f});
        BoneWeights b = BoneWeights.of(2, new int[] {2, 1}, new float[] {0.75f, 0.25f});
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null);
        assertThat(a).isNotEqualTo(BoneWeights.of(2, new int[] {2, 3}, new float[] {0.75f, 0.25f}));
        assertThat(a).isNotEqualTo(BoneWeights.of(2, new int[] {2, 1}, new float[] {0.7f, 0.3f}));
        assertThat(BoneWeights.of(1, new int[] {1, 2}, new float[] {1f, 1f}))
                .isNotEqualTo(BoneWeights.of(2, new int[] {1, 2}, new float[] {1f, 1f}));
        assertThat(a.toString()).contains("1 vertices", "2 influences");
    }

    // --- slots as stored (the lossless form) ---

    @Test
    void ofSlotsKeepsOrderZeroJointsAndNegativeZero() {
        int[] joints = {5, 2, 7, 3};
        float[] weights = {0f, 0.25f, 0.75f, -0f};
        BoneWeights w = BoneWeights.ofSlots(4, joints, weights);
        assertThat(w.joints()).containsExactly(5, 2, 7, 3);
        assertThat(Float.floatToRawIntBits(w.weight(0, 3))).as("-0 kept").isEqualTo(Float.floatToRawIntBits(-0f));
        assertThat(w.weight(0, 2)).isEqualTo(0.75f);
        assertThat(w.isCanonical()).isFalse();
        assertThat(w.maxJoint()).as("zero-weight slots do not count").isEqualTo(7);
        assertThat(w.toString()).contains("slots as stored");
    }

    @Test
    void canonicalOfSlotsIsWhatOfBuilds() {
        int[] joints = {5, 2, 7, 3, 1, 4, 0, 6};
        float[] weights = {0f, 0.25f, 0.75f, -0f, 0.5f, 0.5f, 0f, 0f};
        BoneWeights stored = BoneWeights.ofSlots(4, joints, weights);
        BoneWeights canonical = stored.canonical();
        assertThat(canonical).isEqualTo(BoneWeights.of(4, joints, weights)).isNotEqualTo(stored);
        assertThat(canonical.isCanonical()).isTrue();
        assertThat(canonical.canonical()).isSameAs(canonical);
        assertThat(canonical.joints()).containsExactly(7, 2, 0, 0, 1, 4, 0, 0);
        assertThat(stored.joints()).as("the stored form is unchanged").containsExactly(5, 2, 7, 3, 1, 4, 0, 6);
    }

    @Test
    void ofSlotsOfCanonicalSlotsIsCanonicalAndEqualToOf() {
        BoneWeights stored = BoneWeights.ofSlots(2, new int[] {3, 0, 1, 2}, new float[] {1f, 0f, 0.5f, 0.5f});
        BoneWeights of = BoneWeights.of(2, new int[] {3, 0, 1, 2}, new float[] {1f, 0f, 0.5f, 0.5f});
        assertThat(stored.isCanonical()).isTrue();
        assertThat(stored.canonical()).isSameAs(stored);
        assertThat(stored).isEqualTo(of).hasSameHashCodeAs(of);
        assertThat(of.isCanonical()).isTrue();
    }

    @Test
    void equalityDistinguishesTheForms() {
        BoneWeights stored = BoneWeights.ofSlots(2, new int[] {1, 2}, new float[] {0.25f, 0.75f});
        BoneWeights of = BoneWeights.of(2, new int[] {1, 2}, new float[] {0.25f, 0.75f});
        assertThat(stored).isNotEqualTo(of);
        assertThat(stored).isEqualTo(BoneWeights.ofSlots(2, new int[] {1, 2}, new float[] {0.25f, 0.75f}));
        assertThat(BoneWeights.ofSlots(1, new int[] {4}, new float[] {0f}))
                .as("the joint of an empty slot matters").isNotEqualTo(BoneWeights.ofSlots(1, new int[] {5},
                        new float[] {0f}));
    }

    @Test
    void ofSlotsDoesNotShareTheCallersArrays() {
        int[] joints = {1, 2};
        float[] weights = {0.25f, 0.75f};
        BoneWeights w = BoneWeights.ofSlots(2, joints, weights);
        joints[0] = 9;
        weights[0] = 0.5f;
        assertThat(w.joint(0, 0)).isEqualTo(1);
        assertThat(w.weight(0, 0)).isEqualTo(0.25f);
    }

    @Test
    void ofSlotsRejectsANegativeJoint() {
        rejects(() -> BoneWeights.ofSlots(2, new int[] {0, -1}, new float[] {1f, 0f}), "vertex 0", "joint 1 is -1",
                "expected >= 0");
    }

    @Test
    void ofSlotsRejectsANegativeWeight() {
        rejects(() -> BoneWeights.ofSlots(2, new int[] {0, 1}, new float[] {1f, -0.5f}), "vertex 0",
                "weight 1 is -0.5", "expected a finite value >= 0");
    }

    @Test
    void ofSlotsRejectsANanWeight() {
        rejects(() -> BoneWeights.ofSlots(1, new int[] {0}, new float[] {Float.NaN}), "vertex 0", "weight 0 is NaN",
                "expected a finite value >= 0");
    }

    @Test
    void ofSlotsRejectsMismatchedLengths() {
        rejects(() -> BoneWeights.ofSlots(2, new int[4], new float[2]), "bone weights", "weights length 2",
                "expected joints.length = 4");
    }

    @Test
    void aSkinRequiresEveryStoredJointWithinItsPalette() {
        float[] ibm = new float[16];
        ibm[0] = ibm[5] = ibm[10] = ibm[15] = 1;
        BoneWeights stored = BoneWeights.ofSlots(2, new int[] {0, 3}, new float[] {1f, 0f});
        rejects(() -> Skin.of(new String[] {"root"}, ibm, stored), "vertex 0", "joint 1 is 3",
                "expected < palette size 1");
    }
}
