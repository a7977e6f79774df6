package io.github.skinmesh.atlas.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class PlacementTest {
    @Test
    void sourceSizeFollowsRotation() {
        Placement upright = new Placement(0, 0, 2, 3, 5, 7, false);
        Placement turned = new Placement(0, 0, 2, 3, 5, 7, true);
        assertThat(upright.sourceWidth()).isEqualTo(5);
        assertThat(upright.sourceHeight()).isEqualTo(7);
        assertThat(turned.sourceWidth()).isEqualTo(7);
        assertThat(turned.sourceHeight()).isEqualTo(5);
    }

    @Test
    void negativeInputIsRefused() {
        assertThatThrownBy(() -> new Placement(-1, 0, 0, 0, 1, 1, false)).isInstanceOf(ValidationException.class)
                .hasMessage("Placement: input=-1, expected >= 0");
    }

    @Test
    void negativePageIsRefused() {
        assertThatThrownBy(() -> new Placement(0, -2, 0, 0, 1, 1, false)).isInstanceOf(ValidationException.class)
                .hasMessage("Placement: page=-2, expected >= 0");
    }

    @Test
    void negativeXIsRefused() {
        assertThatThrownBy(() -> new Placement(0, 0, -3, 0, 1, 1, false)).isInstanceOf(ValidationException.class)
                .hasMessage("Placement: x=-3, expected >= 0");
    }

    @Test
    void negativeYIsRefused() {
        assertThatThrownBy(() -> new Placement(0, 0, 0, -4, 1, 1, false)).isInstanceOf(ValidationException.class)
                .hasMessage("Placement: y=-4, expected >= 0");
    }

    @Test
    void zeroWidthIsRefused() {
        assertThatThrownBy(() -> new Placement(0, 0, 0, 0, 0, 1, false)).isInstanceOf(ValidationException.class)
                .hasMessage("Placement: width=0, expected >= 1");
    }

    @Test
    void zeroHeightIsRefused() {
        assertThatThrownBy(() -> new Placement(0, 0, 0, 0, 1, 0, true)).isInstanceOf(ValidationException.class)
                .hasMessage("Placement: height=0, expected >= 1");
    }
}
