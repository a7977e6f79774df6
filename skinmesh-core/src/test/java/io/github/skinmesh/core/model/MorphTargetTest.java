package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class MorphTargetTest {
    private static void rejects(ThrowingCallable call, String... parts) {
        var thrown = assertThatThrownBy(call).isInstanceOf(ValidationException.class);
        for (String part : parts) {
            thrown.hasMessageContaining(part);
        }
    }

    @Test
    void deltasNotInTriples() {
        rejects(() -> MorphTarget.of("Smile", new float[4], null, null), "morph target 'Smile'", "delta length 4",
                "not a multiple of 3");
    }

    @Test
    void normalDeltasLengthDiffersFromPositionDeltas() {
        rejects(() -> MorphTarget.of("Smile", new float[9], new float[6], null), "morph target 'Smile'",
                "normal deltas length 6", "expected 3*vertexCount = 9");
    }

    @Test
    void tangentDeltasLengthDiffersFromNormalDeltas() {
        rejects(() -> MorphTarget.of("Smile", null, new float[6], new float[3]), "morph target 'Smile'",
                "tangent deltas length 3", "expected 3*vertexCount = 6");
    }

    @Test
    void nanPositionDelta() {
        float[] d = new float[6];
        d[3] = Float.NaN;
        rejects(() -> MorphTarget.of("Smile", d, null, null), "morph target 'Smile'", "vertex 1",
                "position deltas component 0 is NaN", "expected a finite value");
    }

    @Test
    void infiniteNormalDelta() {
        float[] d = new float[6];
        d[2] = Float.POSITIVE_INFINITY;
        rejects(() -> MorphTarget.of("Smile", null, d, null), "vertex 0", "normal deltas component 2 is Infinity",
                "expected a finite value");
    }

    @Test
    void vertexCountComesFromAnyStream() {
        assertThat(MorphTarget.of("a", new float[9], null, null).vertexCount()).isEqualTo(3);
        assertThat(MorphTarget.of("b", null, new float[6], null).vertexCount()).isEqualTo(2);
        assertThat(MorphTarget.of("c", null, null, new float[3]).vertexCount()).isEqualTo(1);
        MorphTarget empty = MorphTarget.of("d", null, null, null);
        assertThat(empty.vertexCount()).isZero();
        assertThat(empty.hasPositions() || empty.hasNormals() || empty.hasTangents()).isFalse();
        assertThat(empty.positions()).isNull();
    }

    @Test
    void changingArraysAfterCreationDoesNotChangeTheTarget() {
        float[] p = {1, 2, 3};
        float[] n = {4, 5, 6};
        float[] t = {7, 8, 9};
        MorphTarget target = MorphTarget.of("Smile", p, n, t);
        p[0] = 0;
        n[0] = 0;
        t[0] = 0;
        assertThat(target.positions()).containsExactly(1, 2, 3);
        assertThat(target.normals()).containsExactly(4, 5, 6);
        assertThat(target.tangents()).containsExactly(7, 8, 9);
    }

    @Test
    void equalTargetsAreEqualAndHashAlike() {
        MorphTarget a = MorphTarget.of("Smile", new float[] {1, 2, 3}, null, null);
        MorphTarget b = MorphTarget.of("Smile", new float[] {1, 2, 3}, null, null);
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null);
        assertThat(a).isNotEqualTo(MorphTarget.of("Frown", new float[] {1, 2, 3}, null, null));
        assertThat(a).isNotEqualTo(MorphTarget.of("Smile", new float[] {1, 2, 4}, null, null));
        assertThat(a).isNotEqualTo(MorphTarget.of("Smile", new float[] {1, 2, 3}, new float[3], null));
        assertThat(a.toString()).contains("'Smile'", "1 vertices");
    }
}
