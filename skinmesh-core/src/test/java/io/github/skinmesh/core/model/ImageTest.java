package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class ImageTest {
    @Test
    void emptyMimeType() {
        assertThatThrownBy(() -> Image.of("a.png", "", new byte[1])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("image 'a.png'").hasMessageContaining("mimeType ''")
                .hasMessageContaining("expected type/subtype such as image/png");
    }

    @Test
    void mimeTypeWithoutSubtype() {
        assertThatThrownBy(() -> Image.of("a.png", "png", new byte[1])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("image 'a.png'").hasMessageContaining("mimeType 'png'")
                .hasMessageContaining("expected type/subtype");
    }

    @Test
    void mimeTypeWithAnEmptyPart() {
        assertThatThrownBy(() -> Image.of("", "image/", new byte[1])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("image (unnamed)").hasMessageContaining("mimeType 'image/'")
                .hasMessageContaining("expected type/subtype");
    }

    @Test
    void changingTheBytesAfterCreationDoesNotChangeTheImage() {
        byte[] data = {1, 2, 3};
        Image image = Image.of("a", "image/png", data);
        data[0] = 9;
        assertThat(image.data()).containsExactly(1, 2, 3);
        assertThat(image.byteLength()).isEqualTo(3);
    }

    @Test
    void copiesBytesOut() {
        Image image = Image.of("a", "image/png", new byte[] {1, 2, 3});
        byte[] copy = image.data();
        copy[0] = 9;
        assertThat(image.data()).containsExactly(1, 2, 3);
        assertThat(image.dataInto(new byte[5], 2)).containsExactly(0, 0, 1, 2, 3);
    }

    @Test
    void equalityIgnoresTheName() {
        Image a = Image.of("a", "image/png", new byte[] {1, 2, 3});
        Image b = Image.of("b", "image/png", new byte[] {1, 2, 3});
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null);
        assertThat(a).isNotEqualTo(Image.of("a", "image/jpeg", new byte[] {1, 2, 3}));
        assertThat(a).isNotEqualTo(Image.of("a", "image/png", new byte[] {1, 2, 4}));
        assertThat(a.name()).isEqualTo("a");
        assertThat(a.mimeType()).isEqualTo("image/png");
        assertThat(a.toString()).contains("'a'", "image/png", "3 bytes");
    }
}
