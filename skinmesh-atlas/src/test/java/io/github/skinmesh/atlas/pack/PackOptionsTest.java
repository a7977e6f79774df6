package io.github.skinmesh.atlas.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class PackOptionsTest {
    private static final PackOptions D = PackOptions.DEFAULTS;

    @Test
    void defaults() {
        assertThat(D).isEqualTo(new PackOptions(PackHeuristic.AUTO, PageSizing.FREE, 4096, 4096, 16, 0, 0, 1, 1,
                Rotation.NONE));
        assertThat(D.withHeuristic(PackHeuristic.SKYLINE).withSizing(PageSizing.FIXED).withMaxSize(64, 32)
                .withMaxPages(2).withPadding(3).withBorderPadding(1).withBlock(6, 5).withRotation(Rotation.ALLOW_90))
                .isEqualTo(new PackOptions(PackHeuristic.SKYLINE, PageSizing.FIXED, 64, 32, 2, 3, 1, 6, 5,
                        Rotation.ALLOW_90));
    }

    @Test
    void everyNumberOutOfRangeIsNamed() {
        assertThatThrownBy(() -> D.withMaxSize(0, 10)).isInstanceOf(ValidationException.class)
                .hasMessage("PackOptions: maxWidth=0, expected 1..65536");
        assertThatThrownBy(() -> D.withMaxSize(10, 65537)).isInstanceOf(ValidationException.class)
                .hasMessage("PackOptions: maxHeight=65537, expected 1..65536");
        assertThatThrownBy(() -> D.withMaxPages(0)).isInstanceOf(ValidationException.class)
                .hasMessage("PackOptions: maxPages=0, expected 1..65536");
        assertThatThrownBy(() -> D.withPadding(-1)).isInstanceOf(ValidationException.class)
                .hasMessage("PackOptions: padding=-1, expected 0..4096");
        assertThatThrownBy(() -> D.withBorderPadding(4097)).isInstanceOf(ValidationException.class)
                .hasMessage("PackOptions: borderPadding=4097, expected 0..4096");
        assertThatThrownBy(() -> D.withBlock(0, 4)).isInstanceOf(ValidationException.class)
                .hasMessage("PackOptions: blockWidth=0, expected 1..64");
        assertThatThrownBy(() -> D.withBlock(4, 65)).isInstanceOf(ValidationException.class)
                .hasMessage("PackOptions: blockHeight=65, expected 1..64");
        assertThatThrownBy(() -> D.withRotation(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("PackOptions: heuristic, sizing and rotation must not be null");
    }
}
