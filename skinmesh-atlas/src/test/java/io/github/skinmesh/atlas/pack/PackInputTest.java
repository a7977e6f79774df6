package io.github.skinmesh.atlas.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class PackInputTest {
    @Test
    void sizesAreChecked() {
        assertThat(PackInput.of("a", 1, 65_536)).isEqualTo(new PackInput("a", 1, 65_536, null));
        assertThatThrownBy(() -> PackInput.of("eyes", 0, 8)).isInstanceOf(ValidationException.class)
                .hasMessage("image 'eyes': width 0, expected 1..65536");
        assertThatThrownBy(() -> new PackInput("eyes", 8, -3, "k")).isInstanceOf(ValidationException.class)
                .hasMessage("image 'eyes': height -3, expected 1..65536");
        assertThatThrownBy(() -> PackInput.of("sky", 70_000, 8)).isInstanceOf(ValidationException.class)
                .hasMessage("image 'sky': width 70000, expected 1..65536");
        assertThatThrownBy(() -> PackInput.of(null, 8, 8)).isInstanceOf(NullPointerException.class)
                .hasMessage("PackInput: name is null");
    }
}
