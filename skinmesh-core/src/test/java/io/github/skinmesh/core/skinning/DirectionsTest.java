package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DirectionsTest {

    @Test
    void normalizesVectorsTooShortForAFloatReciprocal() {
        for (float len : new float[] {Float.MIN_VALUE, 1e-44f, 1e-40f, Float.MIN_NORMAL, 3e-39f}) {
            float[] a = {len, 0, -len};
            Directions.normalize(a, 0);
            assertThat(a[0]).isCloseTo((float) Math.sqrt(0.5), within(1e-6f));
            assertThat(a[2]).isCloseTo((float) -Math.sqrt(0.5), within(1e-6f));
            assertThat(a[1]).isZero();
        }
    }

    @Test
    void cofactorNormalOfATinyNormalIsAUnitVector() {
        float[] dst = new float[3];
        Directions.cofactorNormal(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, Float.MIN_VALUE, 0, dst, 0, true);
        assertThat(dst).containsExactly(0f, 1f, 0f);
    }

    @Test
    void zeroStaysZeroAndOrdinaryLengthsKeepTheFloatPath() {
        float[] z = {0, 0, 0};
        Directions.normalize(z, 0);
        assertThat(z).containsExactly(0f, 0f, 0f);
        float[] a = {3, 4, 0};
        Directions.normalize(a, 0);
        float inv = (float) (1.0 / 5.0);
        assertThat(a).containsExactly(3 * inv, 4 * inv, 0f);
    }
}
