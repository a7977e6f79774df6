package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class AnglesTest {
    @Test
    void anglesAreExactAtSmallAndRightAnglesAndTheWorstForNonFiniteDirections() {
        assertThat(Angles.between(new float[] {1, 0, 0}, 0, 1, 0)).isCloseTo(Math.PI / 2, within(1e-15));
        assertThat(Angles.between(new float[] {1, 0, 0}, -1, 0, 0)).isCloseTo(Math.PI, within(1e-15));
        assertThat(Angles.between(new float[] {1, 1e-6f, 0}, 1, 0, 0)).isCloseTo(1e-6, within(1e-12));
        assertThat(Angles.between(new float[] {Float.NaN, 0, 0}, 1, 0, 0)).isEqualTo(Math.PI);
        assertThat(Angles.between(new float[] {0, Float.POSITIVE_INFINITY, 0}, 0, 1, 0)).isEqualTo(Math.PI);
    }
}
