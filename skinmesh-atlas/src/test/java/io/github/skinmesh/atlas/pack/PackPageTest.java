package io.github.skinmesh.atlas.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class PackPageTest {
    @Test
    void fillIsContentOverPageArea() {
        assertThat(new PackPage(4, 2, 1, 6).fill()).isEqualTo(0.75);
        assertThat(new PackPage(4, 2, 2, 8).fill()).isEqualTo(1.0);
    }

    @Test
    void emptySideIsRefused() {
        assertThatThrownBy(() -> new PackPage(0, 2, 0, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("PackPage: size 0x2, expected sides >= 1");
        assertThatThrownBy(() -> new PackPage(2, -1, 0, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("PackPage: size 2x-1, expected sides >= 1");
    }

    @Test
    void negativeRectCountIsRefused() {
        assertThatThrownBy(() -> new PackPage(2, 2, -1, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("PackPage: rectCount=-1, expected >= 0");
    }

    @Test
    void contentAreaOutsideThePageIsRefused() {
        assertThatThrownBy(() -> new PackPage(2, 2, 1, 5)).isInstanceOf(ValidationException.class)
                .hasMessage("PackPage: contentArea=5, expected 0..4 (the texels of a 2x2 page)");
        assertThatThrownBy(() -> new PackPage(2, 2, 1, -1)).isInstanceOf(ValidationException.class)
                .hasMessage("PackPage: contentArea=-1, expected 0..4 (the texels of a 2x2 page)");
    }

    @Test
    void largestPageAreaDoesNotOverflow() {
        int side = Packing.MAX_PAGE_SIZE;
        assertThat(new PackPage(side, side, 1, (long) side * side).fill()).isEqualTo(1.0);
    }
}
