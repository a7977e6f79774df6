package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class BoundsTest {
    /** Tolerance of the diagonal's square root. */
    private static final float EPS = 1e-6f;

    @Test
    void nanComponent() {
        assertThatThrownBy(() -> new Bounds(0, 0, 0, 1, Float.NaN, 1)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("bounds").hasMessageContaining("maxY is NaN")
                .hasMessageContaining("expected a number");
    }

    @Test
    void negativeCount() {
        assertThatThrownBy(() -> Bounds.of(new float[3], 0, -1)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("Bounds.of").hasMessageContaining("count=-1").hasMessageContaining("expected >= 0");
    }

    @Test
    void rangePastTheArray() {
        assertThatThrownBy(() -> Bounds.of(new float[9], 3, 3)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("Bounds.of").hasMessageContaining("range offset 3 + 3*count 9")
                .hasMessageContaining("expected within 0..9");
    }

    @Test
    void negativeOffset() {
        assertThatThrownBy(() -> Bounds.of(new float[9], -3, 1)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("Bounds.of").hasMessageContaining("range offset -3")
                .hasMessageContaining("expected within 0..9");
    }

    @Test
    void nanCoordinate() {
        assertThatThrownBy(() -> Bounds.of(new float[] {9, 0, 0, 1, 2, Float.NaN, 3, 3, 3}, 0, 3))
                .isInstanceOf(ValidationException.class).hasMessageContaining("Bounds.of")
                .hasMessageContaining("point 1 component 2 is NaN").hasMessageContaining("expected a number");
    }

    @Test
    void ofCoversThePointsOfTheRange() {
        float[] xyz = {100, 100, 100, 1, -2, 3, -1, 5, 0, 100, 100, 100};
        Bounds b = Bounds.of(xyz, 3, 2);
        assertThat(b).isEqualTo(new Bounds(-1, -2, 0, 1, 5, 3));
        assertThat(b.contains(0, 0, 1)).isTrue();
        assertThat(b.contains(0, 6, 1)).isFalse();
        assertThat(b.diagonal()).isCloseTo((float) Math.sqrt(4 + 49 + 9), within(EPS));
        assertThat(b.isEmpty()).isFalse();
    }

    @Test
    void noPointsGiveTheEmptyBox() {
        assertThat(Bounds.of(new float[0], 0, 0)).isEqualTo(Bounds.EMPTY);
        assertThat(Bounds.EMPTY.isEmpty()).isTrue();
        assertThat(Bounds.EMPTY.diagonal()).isZero();
        assertThat(Bounds.EMPTY.contains(0, 0, 0)).isFalse();
    }

    @Test
    void unionHasTheEmptyBoxAsIdentity() {
        Bounds a = new Bounds(0, 0, 0, 1, 1, 1);
        Bounds b = new Bounds(-1, 0.5f, 0, 0.5f, 2, 1);
        assertThat(a.union(Bounds.EMPTY)).isEqualTo(a);
        assertThat(Bounds.EMPTY.union(a)).isEqualTo(a);
        assertThat(a.union(b)).isEqualTo(new Bounds(-1, 0, 0, 1, 2, 1));
        assertThat(a.union(b).contains(a)).isTrue();
        assertThat(a.contains(b)).isFalse();
        assertThat(a.contains(Bounds.EMPTY)).isTrue();
    }

    @Test
    void equalBoxesAreEqualAndHashAlike() {
        Bounds a = new Bounds(0, 0, 0, 1, 1, 1);
        assertThat(a).isEqualTo(new Bounds(0, 0, 0, 1, 1, 1)).hasSameHashCodeAs(new Bounds(0, 0, 0, 1, 1, 1));
        assertThat(a).isNotEqualTo(new Bounds(0, 0, 0, 1, 1, 2));
    }
}
