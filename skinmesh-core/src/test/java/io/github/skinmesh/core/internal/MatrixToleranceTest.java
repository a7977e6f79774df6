package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MatrixToleranceTest {
    private static float[] identityWith(int element, float value) {
        float[] m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        m[element] = value;
        return m;
    }

    @Test
    void absoluteUpToOneRelativeBeyond() {
        float[] id = identityWith(0, 1);
        assertThat(MatrixTolerance.firstDifference(id, 0, identityWith(12, 0.001f), 0, 0.001f)).isEqualTo(-1);
        assertThat(MatrixTolerance.firstDifference(id, 0, identityWith(12, 0.0011f), 0, 0.001f)).isEqualTo(12);
        // at 1000 the allowance is 1000 * 0.001 = 1
        assertThat(MatrixTolerance.firstDifference(identityWith(13, 1000), 0, identityWith(13, 1001), 0, 0.001f))
                .isEqualTo(-1);
        assertThat(MatrixTolerance.firstDifference(identityWith(13, 1000), 0, identityWith(13, 1001.5f), 0, 0.001f))
                .isEqualTo(13);
        assertThat(MatrixTolerance.firstDifference(id, 0, id.clone(), 0, 0)).isEqualTo(-1);
    }

    @Test
    void readsAtTheOffsetsAndNamesTheFirstElement() {
        float[] two = new float[32];
        System.arraycopy(identityWith(5, 2), 0, two, 16, 16);
        float[] other = identityWith(3, 0.5f);
        other[5] = 3;
        assertThat(MatrixTolerance.firstDifference(two, 16, other, 0, 0)).isEqualTo(3);
        assertThat(MatrixTolerance.firstDifference(two, 16, identityWith(5, 2), 0, 0)).isEqualTo(-1);
    }
}
