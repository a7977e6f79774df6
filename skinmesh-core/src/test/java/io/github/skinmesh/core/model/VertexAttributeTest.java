package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class VertexAttributeTest {
    private static void rejects(ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOf(ValidationException.class).hasMessage(message);
    }

    // --- bad input, one case each ---

    @Test
    void emptyName() {
        rejects(() -> VertexAttribute.of("", 1, new float[2]),
                "vertex attribute: name is empty, expected a non-empty name");
    }

    @Test
    void nameWithASpace() {
        rejects(() -> VertexAttribute.of("VAT UV", 1, new float[2]), "vertex attribute 'VAT UV': name character 3"
                + " (U+0020) is whitespace, expected a name without whitespace, control characters or unpaired"
                + " surrogates");
    }

    @Test
    void nameWithANoBreakSpace() {
        rejects(() -> VertexAttribute.of("A\u00a0B", 1, new float[2]), "vertex attribute 'A\u00a0B': name character 1"
                + " (U+00A0) is whitespace, expected a name without whitespace, control characters or unpaired"
                + " surrogates");
    }

    @Test
    void nameWithAControlCharacter() {
        rejects(() -> VertexAttribute.of("A\u0001", 1, new float[2]), "vertex attribute 'A\\u0001': name character 1"
                + " (U+0001) is a control character, expected a name without whitespace, control characters or"
                + " unpaired surrogates");
    }

    @Test
    void nameWithAnUnpairedSurrogate() {
        rejects(() -> VertexAttribute.of("A\ud800", 1, new float[2]), "vertex attribute 'A\ud800': name character 1"
                + " (U+D800) is an unpaired surrogate, expected a name without whitespace, control characters or"
                + " unpaired surrogates");
    }

    @Test
    void zeroComponents() {
        rejects(() -> VertexAttribute.of("A", 0, new float[2]),
                "vertex attribute 'A': componentCount=0, expected 1..4");
    }

    @Test
    void fiveComponents() {
        rejects(() -> VertexAttribute.of("A", 5, new float[5]),
                "vertex attribute 'A': componentCount=5, expected 1..4");
    }

    @Test
    void lengthNotAMultipleOfTheComponents() {
        rejects(() -> VertexAttribute.of("A", 3, new float[4]),
                "vertex attribute 'A': values length 4 is not a multiple of componentCount 3");
    }

    @Test
    void nonFiniteValue() {
        rejects(() -> VertexAttribute.of("A", 2, new float[] {0, 1, Float.NaN, 3}),
                "vertex attribute 'A': vertex 1: value component 0 is NaN, expected a finite value");
    }

    // --- access, copies, equality ---

    @Test
    void namesMayUseAnyPrintableCharacter() {
        assertThat(VertexAttribute.of("_VAT-uv.0 \ud83d\ude00".replace(" ", ""), 1, new float[0]).name())
                .isEqualTo("_VAT-uv.0\ud83d\ude00");
    }

    @Test
    void valuesAreIndexedByVertexAndComponent() {
        VertexAttribute a = VertexAttribute.of("KEY", 3, new float[] {1, 2, 3, 4, 5, 6});
        assertThat(a.vertexCount()).isEqualTo(2);
        assertThat(a.componentCount()).isEqualTo(3);
        assertThat(a.value(1, 2)).isEqualTo(6f);
        assertThat(a.valuesInto(new float[8], 1)).containsExactly(0, 1, 2, 3, 4, 5, 6, 0);
        assertThatThrownBy(() -> a.value(2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> a.value(0, 3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void theFactoryCopiesTheValues() {
        float[] values = {1, 2};
        VertexAttribute a = VertexAttribute.of("A", 1, values);
        values[0] = 9;
        assertThat(a.values()).containsExactly(1, 2);
    }

    @Test
    void equalityCoversNameComponentsAndValues() {
        VertexAttribute a = VertexAttribute.of("A", 2, new float[] {1, 2, 3, 4});
        assertThat(a).isEqualTo(VertexAttribute.of("A", 2, new float[] {1, 2, 3, 4}))
                .hasSameHashCodeAs(VertexAttribute.of("A", 2, new float[] {1, 2, 3, 4}));
        assertThat(a).isNotEqualTo(VertexAttribute.of("B", 2, new float[] {1, 2, 3, 4}));
        assertThat(a).isNotEqualTo(VertexAttribute.of("A", 1, new float[] {1, 2, 3, 4}));
        assertThat(a).isNotEqualTo(VertexAttribute.of("A", 2, new float[] {1, 2, 3, 5}));
        assertThat(a.toString()).isEqualTo("VertexAttribute['A', 2 components, 2 vertices]");
    }
}
