package io.github.skinmesh.core.weights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Skin;
import org.junit.jupiter.api.Test;

class WeightsTest {
    /** Tolerance of hand-computed float weights. */
    private static final float EPS = 1e-6f;

    private static BoneWeights one(int[] joints, float[] weights) {
        return BoneWeights.of(joints.length, joints, weights);
    }

    // --- normalize ---

    @Test
    void normalizeScalesToUnitSumAndKeepsJoints() {
        NormalizeResult r = Weights.normalize(BoneWeights.of(2, new int[] {3, 4, 1, 2}, new float[] {0.2f, 0.2f, 1f, 0f}));
        assertThat(r.weights().weights()).containsExactly(new float[] {0.5f, 0.5f, 1f, 0f}, within(EPS));
        assertThat(r.weights().joints()).containsExactly(3, 4, 1, 0);
        assertThat(r.rescaledVertices()).isEqualTo(1);
        assertThat(r.vertexCount()).isEqualTo(2);
        assertThat(r.maxSumErrorBefore()).isCloseTo(0.6, within(1e-6));
        assertThat(r.maxSumErrorAfter()).isLessThan(1e-6);
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void normalizeLeavesExactlyNormalizedVerticesBitForBit() {
        BoneWeights in = one(new int[] {1, 2, 3}, new float[] {0.5f, 0.25f, 0.25f});
        NormalizeResult r = Weights.normalize(in);
        assertThat(r.weights()).isEqualTo(in);
        assertThat(r.rescaledVertices()).isZero();
    }

    @Test
    void normalizeFailsOnAnAllZeroVertexByDefault() {
        BoneWeights in = BoneWeights.of(2, new int[] {1, 0, 0, 0}, new float[] {1f, 0f, 0f, 0f});
        assertThatThrownBy(() -> Weights.normalize(in)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("normalize: vertex 1")
                .hasMessageContaining("weights sum to 0")
                .hasMessageContaining("expected a positive sum");
    }

    @Test
    void normalizeBindsAnAllZeroVertexWhenAsked() {
        BoneWeights in = BoneWeights.of(2, new int[] {1, 0, 0, 0, 0, 0}, new float[] {1f, 0f, 0f, 0f, 0f, 0f});
        NormalizeResult r = Weights.normalize(in,
                NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(7));
        assertThat(r.weights().joints()).containsExactly(1, 0, 7, 0, 7, 0);
        assertThat(r.weights().weights()).containsExactly(1f, 0f, 1f, 0f, 1f, 0f);
        assertThat(r.boundVertices()).isEqualTo(2);
        assertThat(r.warnings()).containsExactly(
                "normalize: 2 vertices with all-zero weights bound to palette entry 7 (first: vertex 1)");
    }

    @Test
    void normalizeOfNoVerticesIsEmpty() {
        NormalizeResult r = Weights.normalize(BoneWeights.of(4, new int[0], new float[0]));
        assertThat(r.weights().vertexCount()).isZero();
        assertThat(r.weights().influencesPerVertex()).isEqualTo(4);
    }

    @Test
    void resultFitsTheSkinOfTheInput() {
        BoneWeights in = BoneWeights.of(2, new int[] {0, 1, 1, 2}, new float[] {3f, 1f, 2f, 2f});
        Skin skin = Skin.of(new String[] {"a", "b", "c"}, new float[48], in);
        Skin normalized = skin.withWeights(Weights.normalize(in).weights());
        assertThat(normalized.weights().weight(0, 0)).isEqualTo(0.75f);
        assertThat(normalized.weights().weight(1, 0)).isEqualTo(0.5f);
        assertThat(normalized.paletteSize()).isEqualTo(3);
    }

    // --- limit ---

    @Test
    void limitKeepsTheLargestInANarrowLayout() {
        BoneWeights in = one(new int[] {8, 5, 7, 6}, new float[] {0.1f, 0.4f, 0.2f, 0.3f});
        LimitResult r = Weights.limit(in, LimitOptions.DEFAULTS.withMaxInfluences(2));
        assertThat(r.weights().influencesPerVertex()).isEqualTo(2);
        assertThat(r.weights().joints()).containsExactly(5, 6);
        assertThat(r.weights().weights()).containsExactly(new float[] {4f / 7f, 3f / 7f}, within(EPS));
        assertThat(r.slotsBefore()).isEqualTo(4);
        assertThat(r.slotsAfter()).isEqualTo(2);
        assertThat(r.influencesBefore()).isEqualTo(4);
        assertThat(r.influencesAfter()).isEqualTo(2);
        assertThat(r.droppedInfluences()).isEqualTo(2);
        assertThat(r.affectedVertices()).isEqualTo(1);
        assertThat(r.largestDroppedWeight()).isEqualTo(0.2f);
        assertThat(r.largestDroppedVertex()).isZero();
        assertThat(r.warnings()).containsExactly(
                "limit: dropped 2 influences past 2 from 1 vertex; largest dropped weight 0.2 at vertex 0");
    }

    @Test
    void limitCanKeepTheLayout() {
        BoneWeights in = one(new int[] {8, 5, 7, 6}, new float[] {0.1f, 0.4f, 0.2f, 0.3f});
        LimitResult r = Weights.limit(in, LimitOptions.DEFAULTS.withMaxInfluences(3).withLayout(SlotLayout.KEEP));
        assertThat(r.weights().influencesPerVertex()).isEqualTo(4);
        assertThat(r.weights().joints()).containsExactly(5, 6, 7, 0);
        assertThat(r.weights().weights()).containsExactly(new float[] {4f / 9f, 3f / 9f, 2f / 9f, 0f}, within(EPS));
    }

    @Test
    void limitBreaksTiesTowardsTheLowerSlot() {
        BoneWeights in = one(new int[] {3, 1, 2, 9}, new float[] {0.25f, 0.25f, 0.25f, 0.25f});
        LimitResult r = Weights.limit(in, LimitOptions.DEFAULTS.withMaxInfluences(2));
        assertThat(r.weights().joints()).containsExactly(3, 1);
        assertThat(r.weights().weights()).containsExactly(0.5f, 0.5f);
    }

    @Test
    void limitWiderThanTheInputKeepsItsSlots() {
        BoneWeights in = BoneWeights.of(2, new int[] {1, 2}, new float[] {0.5f, 0.5f});
        LimitResult r = Weights.limit(in, LimitOptions.DEFAULTS.withMaxInfluences(8));
        assertThat(r.weights()).isEqualTo(in);
        assertThat(r.droppedInfluences()).isZero();
        assertThat(r.largestDroppedVertex()).isEqualTo(Index.NONE);
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void limitFailsOnAnAllZeroVertexByDefault() {
        BoneWeights in = BoneWeights.of(2, new int[] {0, 0}, new float[] {0f, 0f});
        assertThatThrownBy(() -> Weights.limit(in)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("limit: vertex 0").hasMessageContaining("weights sum to 0")
                .hasMessageContaining("expected a positive sum");
    }

    // --- prune ---

    @Test
    void pruneRemovesWeightsBelowTheThreshold() {
        BoneWeights in = BoneWeights.of(3, new int[] {1, 2, 3, 4, 5, 6},
                new float[] {0.6f, 0.395f, 0.005f, 0.5f, 0.49f, 0.01f});
        PruneResult r = Weights.prune(in, PruneOptions.DEFAULTS.withThreshold(0.01f));
        assertThat(r.weights().joints()).containsExactly(1, 2, 0, 4, 5, 6);
        assertThat(r.weights().weight(0, 0)).isCloseTo(0.6f / 0.995f, within(EPS));
        assertThat(r.weights().weight(0, 2)).isZero();
        assertThat(r.weights().weight(1, 2)).as("equal to the threshold: kept").isCloseTo(0.01f, within(EPS));
        assertThat(r.removedInfluences()).isEqualTo(1);
        assertThat(r.affectedVertices()).isEqualTo(1);
        assertThat(r.influencesBefore()).isEqualTo(6);
        assertThat(r.influencesAfter()).isEqualTo(5);
        assertThat(r.largestRemovedWeight()).isEqualTo(0.005f);
        assertThat(r.largestRemovedVertex()).isZero();
        assertThat(r.warnings()).containsExactly(
                "prune: removed 1 influence below 0.01 from 1 vertex; largest removed weight 0.005 at vertex 0");
    }

    @Test
    void pruneAlwaysKeepsTheLargestWeight() {
        BoneWeights in = one(new int[] {4, 9}, new float[] {0.003f, 0.004f});
        PruneResult r = Weights.prune(in);
        assertThat(r.weights().joints()).containsExactly(9, 0);
        assertThat(r.weights().weights()).containsExactly(1f, 0f);
        assertThat(r.removedInfluences()).isEqualTo(1);
    }

    @Test
    void pruneWithThresholdZeroOnlyRenormalizes() {
        BoneWeights in = one(new int[] {4, 9}, new float[] {1f, 3f});
        PruneResult r = Weights.prune(in, PruneOptions.DEFAULTS.withThreshold(0f));
        assertThat(r.weights().weights()).containsExactly(0.75f, 0.25f);
        assertThat(r.removedInfluences()).isZero();
        assertThat(r.largestRemovedVertex()).isEqualTo(Index.NONE);
    }

    @Test
    void pruneFailsOnAnAllZeroVertexByDefault() {
        BoneWeights in = BoneWeights.of(1, new int[] {0, 0, 0}, new float[] {1f, 1f, 0f});
        assertThatThrownBy(() -> Weights.prune(in)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("prune: vertex 2").hasMessageContaining("weights sum to 0")
                .hasMessageContaining("expected a positive sum");
    }

    // --- quantize ---

    @Test
    void quantizeThirdsSumTo255() {
        QuantizeResult r = Weights.quantize(one(new int[] {1, 2, 3}, new float[] {1f, 1f, 1f}));
        assertThat(r.values()).containsExactly(85, 85, 85);
        assertThat(r.format()).isEqualTo(QuantizeFormat.UNORM8);
        assertThat(r.weights().weights()).containsExactly(85 / 255f, 85 / 255f, 85 / 255f);
        assertThat(r.maxAbsError()).isCloseTo(0, within(1e-12));
    }

    @Test
    void quantizeGivesTiedRemaindersToTheLowerSlot() {
        QuantizeResult r = Weights.quantize(one(new int[] {7, 3}, new float[] {0.5f, 0.5f}));
        assertThat(r.values()).containsExactly(128, 127);
        assertThat(r.weights().joints()).containsExactly(7, 3);
        assertThat(r.maxAbsError()).isCloseTo(0.5 / 255, within(1e-9));
        assertThat(r.maxErrorVertex()).isZero();
    }

    @Test
    void quantizeUsesLargestRemaindersWhereRoundingWouldNotSumTo255() {
        // 0.4, 0.3, 0.3 of 255 are about 102, 76.5, 76.5: rounding each gives 102 + 77 + 77 = 256;
        // the remainder rule hands the last unit to the lower of the two tied slots.
        QuantizeResult r = Weights.quantize(one(new int[] {1, 2, 3}, new float[] {0.4f, 0.3f, 0.3f}));
        assertThat(r.values()).containsExactly(102, 77, 76);
    }

    @Test
    void quantizeReportsInfluencesRoundedToZero() {
        QuantizeResult r = Weights.quantize(one(new int[] {1, 2}, new float[] {0.999f, 0.001f}));
        assertThat(r.values()).containsExactly(255, 0);
        assertThat(r.weights().joints()).containsExactly(1, 0);
        assertThat(r.zeroedInfluences()).isEqualTo(1);
        assertThat(r.warnings()).containsExactly(
                "quantize: 1 non-zero influence rounded to 0 of 255 and removed (first: vertex 0 slot 1)");
    }

    @Test
    void quantizeTo16Bits() {
        QuantizeResult r = Weights.quantize(one(new int[] {1, 2, 3}, new float[] {1f, 1f, 1f}),
                QuantizeOptions.DEFAULTS.withFormat(QuantizeFormat.UNORM16));
        assertThat(r.values()).containsExactly(21845, 21845, 21845);
        assertThat(r.format().scale()).isEqualTo(65535);
    }

    @Test
    void quantizeBindsAnAllZeroVertexWhenAsked() {
        BoneWeights in = BoneWeights.of(2, new int[] {0, 0, 4, 0}, new float[] {0f, 0f, 1f, 0f});
        QuantizeResult r = Weights.quantize(in,
                QuantizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(2));
        assertThat(r.values()).containsExactly(255, 0, 255, 0);
        assertThat(r.weights().joints()).containsExactly(2, 0, 4, 0);
        assertThat(r.boundVertices()).isEqualTo(1);
        assertThat(r.warnings()).containsExactly(
                "quantize: 1 vertex with all-zero weights bound to palette entry 2 (first: vertex 0)");
    }

    @Test
    void quantizeFailsOnAnAllZeroVertexByDefault() {
        BoneWeights in = BoneWeights.of(2, new int[] {0, 0}, new float[] {0f, 0f});
        assertThatThrownBy(() -> Weights.quantize(in)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("quantize: vertex 0").hasMessageContaining("weights sum to 0")
                .hasMessageContaining("expected a positive sum");
    }

    @Test
    void quantizeResultCopiesValuesOut() {
        QuantizeResult r = Weights.quantize(BoneWeights.of(2, new int[] {1, 2, 3, 4}, new float[] {3f, 1f, 1f, 1f}));
        int[] dst = new int[6];
        assertThat(r.valuesInto(dst, 2)).isSameAs(dst).containsExactly(0, 0, 191, 64, 128, 127);
        int[] copy = r.values();
        copy[0] = 0;
        assertThat(r.value(0, 0)).isEqualTo(191);
        assertThat(r.values()).isNotSameAs(r.values());
        assertThat(r).isEqualTo(Weights.quantize(BoneWeights.of(2, new int[] {1, 2, 3, 4},
                new float[] {3f, 1f, 1f, 1f}))).hasSameHashCodeAs(r);
    }

    @Test
    void quantizeResultValuesIntoRejectsAShortDestination() {
        QuantizeResult r = Weights.quantize(BoneWeights.of(2, new int[] {1, 2, 3, 4}, new float[] {3f, 1f, 1f, 1f}));
        int[] dst = new int[5];
        assertThatThrownBy(() -> r.valuesInto(dst, 2)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("QuantizeResult.valuesInto").hasMessageContaining("dst length 5")
                .hasMessageContaining("offset + vertexCount*K = 6");
        assertThat(dst).containsOnly(0);
    }

    @Test
    void quantizeResultValuesIntoRejectsANegativeOffset() {
        QuantizeResult r = Weights.quantize(one(new int[] {1}, new float[] {1f}));
        assertThatThrownBy(() -> r.valuesInto(new int[4], -1)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("QuantizeResult.valuesInto").hasMessageContaining("offset=-1")
                .hasMessageContaining("expected 0..");
    }

    @Test
    void quantizeResultValueRejectsASlotOutOfRange() {
        QuantizeResult r = Weights.quantize(one(new int[] {1, 2}, new float[] {1f, 1f}));
        assertThatThrownBy(() -> r.value(0, 2)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("2").hasMessageContaining("length 2");
    }

    // --- inputs are not modified ---

    @Test
    void inputWeightsAreUnchanged() {
        int[] joints = {8, 5, 7, 6, 0, 0, 0, 0};
        float[] weights = {0.1f, 0.4f, 0.2f, 0.3f, 0f, 0f, 0f, 0f};
        BoneWeights in = BoneWeights.of(4, joints, weights);
        BoneWeights twin = BoneWeights.of(4, joints, weights);
        NormalizeOptions bindNormalize = NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY);
        Weights.normalize(in, bindNormalize);
        Weights.limit(in, LimitOptions.DEFAULTS.withMaxInfluences(2).withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY));
        Weights.prune(in, PruneOptions.DEFAULTS.withThreshold(0.25f).withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY));
        Weights.quantize(in, QuantizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY));
        assertThat(in).isEqualTo(twin);
    }

    // --- options ---

    @Test
    void normalizeOptionsRejectANegativeFallbackEntry() {
        assertThatThrownBy(() -> NormalizeOptions.DEFAULTS.withFallbackEntry(-1)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("NormalizeOptions").hasMessageContaining("fallbackEntry=-1")
                .hasMessageContaining("expected 0..65535");
    }

    @Test
    void limitOptionsRejectZeroInfluences() {
        assertThatThrownBy(() -> LimitOptions.DEFAULTS.withMaxInfluences(0)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("LimitOptions").hasMessageContaining("maxInfluences=0")
                .hasMessageContaining("expected 1..8");
    }

    @Test
    void limitOptionsRejectNineInfluences() {
        assertThatThrownBy(() -> LimitOptions.DEFAULTS.withMaxInfluences(9)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("LimitOptions").hasMessageContaining("maxInfluences=9")
                .hasMessageContaining("expected 1..8");
    }

    @Test
    void limitOptionsRejectAFallbackEntryPastThePaletteLimit() {
        assertThatThrownBy(() -> LimitOptions.DEFAULTS.withFallbackEntry(65536)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("LimitOptions").hasMessageContaining("fallbackEntry=65536")
                .hasMessageContaining("expected 0..65535");
    }

    @Test
    void pruneOptionsRejectANaNThreshold() {
        assertThatThrownBy(() -> PruneOptions.DEFAULTS.withThreshold(Float.NaN)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("PruneOptions").hasMessageContaining("threshold=NaN")
                .hasMessageContaining("expected 0.0..1.0");
    }

    @Test
    void pruneOptionsRejectANegativeThreshold() {
        assertThatThrownBy(() -> PruneOptions.DEFAULTS.withThreshold(-0.5f)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("PruneOptions").hasMessageContaining("threshold=-0.5")
                .hasMessageContaining("expected 0.0..1.0");
    }

    @Test
    void pruneOptionsRejectAThresholdAboveOne() {
        assertThatThrownBy(() -> PruneOptions.DEFAULTS.withThreshold(1.5f)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("threshold=1.5").hasMessageContaining("expected 0.0..1.0");
    }

    @Test
    void quantizeOptionsRejectANegativeFallbackEntry() {
        assertThatThrownBy(() -> QuantizeOptions.DEFAULTS.withFallbackEntry(-3)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("QuantizeOptions").hasMessageContaining("fallbackEntry=-3")
                .hasMessageContaining("expected 0..65535");
    }

    @Test
    void defaultsAreDocumented() {
        assertThat(NormalizeOptions.DEFAULTS).isEqualTo(new NormalizeOptions(ZeroWeightPolicy.FAIL, 0));
        assertThat(LimitOptions.DEFAULTS).isEqualTo(new LimitOptions(4, SlotLayout.NARROW, ZeroWeightPolicy.FAIL, 0));
        assertThat(PruneOptions.DEFAULTS).isEqualTo(new PruneOptions(0.01f, ZeroWeightPolicy.FAIL, 0));
        assertThat(QuantizeOptions.DEFAULTS)
                .isEqualTo(new QuantizeOptions(QuantizeFormat.UNORM8, ZeroWeightPolicy.FAIL, 0));
    }
}
