package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MeshBuilderMorphTest {
    private static final float[] TRIANGLE = {0, 0, 0, 1, 0, 0, 0, 1, 0};

    @Test
    void morphTargetCanBeAddedToABuilderDerivedFromAMesh() {
        Mesh plain = Mesh.builder("m").positions(TRIANGLE).build();
        Mesh morphed = plain.toBuilder().addMorphTarget(MorphTarget.of("a", new float[9], null, null)).build();
        assertThat(morphed.morphTargets()).hasSize(1);
        assertThat(morphed.morphWeights()).containsExactly(0f);
    }

    @Test
    void addedTargetKeepsExistingDefaultWeightsAndLeavesTheSourceMeshAlone() {
        Mesh one = Mesh.builder("m").positions(TRIANGLE).addMorphTarget(MorphTarget.of("a", new float[9], null, null))
                .morphWeights(new float[] {0.5f}).build();
        Mesh two = one.toBuilder().addMorphTarget(MorphTarget.of("b", new float[9], null, null)).build();
        assertThat(two.morphWeights()).containsExactly(0.5f, 0f);
        assertThat(one.morphWeights()).containsExactly(0.5f);
    }

    @Test
    void weightsSetBeforeTheTargetsAreKept() {
        Mesh m = Mesh.builder("m").positions(TRIANGLE).morphWeights(new float[] {0.25f, 0.75f})
                .addMorphTarget(MorphTarget.of("a", new float[9], null, null))
                .addMorphTarget(MorphTarget.of("b", new float[9], null, null)).build();
        assertThat(m.morphWeights()).containsExactly(0.25f, 0.75f);
    }
}
