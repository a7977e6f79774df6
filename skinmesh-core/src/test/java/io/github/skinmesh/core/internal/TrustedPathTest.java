package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The trusted construction path of {@link ModelAccess}: what it adopts equals what the validating
 * factories build, and with assertions enabled (as the build runs tests) it still rejects data
 * that breaks an invariant, so a broken algorithm cannot hide behind it.
 */
class TrustedPathTest {
    private static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    private final ModelAccess.Bridge raw = ModelAccess.get();

    @BeforeEach
    void assertionsAreOn() {
        boolean enabled = false;
        assert enabled = true;
        assumeTrue(enabled, "the trusted path is checked by assertions; run with -ea");
    }

    @Test
    void trustedObjectsEqualValidatedOnes() {
        BoneWeights checked = BoneWeights.of(2, new int[] {1, 0, 0, 0}, new float[] {0.75f, 0.25f, 1, 0});
        BoneWeights trusted = raw.trustedWeights(2, new int[] {1, 0, 0, 0}, new float[] {0.75f, 0.25f, 1, 0}, true);
        assertThat(trusted).isEqualTo(checked);
        assertThat(trusted.isCanonical()).isTrue();
        Skin skin = raw.trustedSkin(new String[] {"a", "b"}, concat(IDENTITY, IDENTITY), trusted);
        assertThat(skin).isEqualTo(Skin.of(new String[] {"a", "b"}, concat(IDENTITY, IDENTITY), checked));
        Mesh.Builder b = raw.trustedMeshBuilder("m").positions(new float[] {0, 0, 0, 1, 2, 3}).indices(new int[] {0, 1, 1});
        raw.presetBounds(b, new Bounds(0, 0, 0, 1, 2, 3));
        Mesh mesh = b.skin(skin).build();
        assertThat(mesh).isEqualTo(Mesh.builder("m").positions(new float[] {0, 0, 0, 1, 2, 3})
                .indices(new int[] {0, 1, 1}).skin(skin).build());
        assertThat(mesh.bounds()).isEqualTo(new Bounds(0, 0, 0, 1, 2, 3));
    }

    @Test
    void aWrongCanonicalFlagIsCaught() {
        assertThatThrownBy(() -> raw.trustedWeights(2, new int[] {0, 1}, new float[] {0.25f, 0.75f}, true))
                .isInstanceOf(AssertionError.class).hasMessageContaining("canonical is true");
        assertThatThrownBy(() -> raw.trustedWeights(2, new int[] {1, 0}, new float[] {1, 0}, false))
                .isInstanceOf(AssertionError.class).hasMessageContaining("canonical is false");
    }

    @Test
    void aNegativeWeightIsCaught() {
        assertThatThrownBy(() -> raw.trustedWeights(1, new int[] {0}, new float[] {-1}, false))
                .isInstanceOf(ValidationException.class).hasMessageContaining("vertex 0: weight 0 is -1.0");
    }

    @Test
    void aJointPastThePaletteIsCaught() {
        BoneWeights w = raw.trustedWeights(1, new int[] {0, 2}, new float[] {1, 1}, true);
        assertThatThrownBy(() -> raw.trustedSkin(new String[] {"a", "b"}, concat(IDENTITY, IDENTITY), w))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("vertex 1: joint 0 is 2, expected < palette size 2");
    }

    @Test
    void aNonFinitePositionOrAnIndexOutOfRangeIsCaught() {
        assertThatThrownBy(() -> raw.trustedMeshBuilder("m").positions(new float[] {0, Float.NaN, 0}).build())
                .isInstanceOf(ValidationException.class).hasMessageContaining("vertex 0: position component 1 is NaN");
        assertThatThrownBy(() -> raw.trustedMeshBuilder("m").positions(new float[3]).indices(new int[] {0, 0, 1})
                .build()).isInstanceOf(ValidationException.class).hasMessageContaining("index 2 is 1, expected 0..0");
        assertThatThrownBy(() -> raw.trustedMorphTarget("t", new float[] {0, 0, Float.POSITIVE_INFINITY}, null, null))
                .isInstanceOf(ValidationException.class).hasMessageContaining("position deltas component 2");
        assertThatThrownBy(() -> raw.trustedAttribute("a", 1, new float[] {Float.NaN}))
                .isInstanceOf(ValidationException.class).hasMessageContaining("value component 0 is NaN");
    }

    @Test
    void wrongPresetBoundsAreCaught() {
        Mesh.Builder b = raw.trustedMeshBuilder("m").positions(new float[] {0, 0, 0, 1, 2, 3});
        raw.presetBounds(b, new Bounds(0, 0, 0, 1, 2, 4));
        assertThatThrownBy(b::build).isInstanceOf(AssertionError.class).hasMessageContaining("preset bounds");
    }

    @Test
    void structuralChecksStillRun() {
        assertThatThrownBy(() -> raw.trustedMeshBuilder("m").positions(new float[3]).normals(new float[6]).build())
                .isInstanceOf(ValidationException.class).hasMessageContaining("normals length 6, expected 3*vertexCount = 3");
        assertThatThrownBy(() -> raw.trustedMeshBuilder("m").positions(new float[3]).indices(new int[] {0, 0}).build())
                .isInstanceOf(ValidationException.class).hasMessageContaining("index count 2 is not a multiple of 3");
    }

    private static float[] concat(float[] a, float[] b) {
        float[] c = new float[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
