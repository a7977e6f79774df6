package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shader decode functions ship in the jar and decode every layout the Java decoder does. */
class ShaderResourcesTest {
    @ParameterizedTest
    @ValueSource(strings = {"skinmesh_vat.glsl", "skinmesh_vat.hlsl"})
    void theShaderFunctionsShipWithOneFunctionPerLayout(String file) throws IOException {
        String text;
        try (InputStream in = Vat.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String prefix = file.endsWith(".glsl") ? "skinmesh" : "Skinmesh";
        for (String f : new String[] {"VatTexel", "VatPositionFloat", "VatPositionUnorm", "VatNormalFloat",
            "VatNormalOctahedral", "BoneTransform", "BoneSkin"}) {
            assertThat(text).as(file).contains(prefix + f + "(");
        }
        // the same arithmetic as VatDecoder: bounds min plus the fetched value times the range, and the
        // octahedral fold by max(-z, 0)
        assertThat(text).contains("boundsMin + ").contains("* (boundsMax - boundsMin)")
                .contains("max(-n.z, 0.0)").contains("* 2.0 - 1.0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"skinmesh_vat.glsl", "skinmesh_vat.hlsl"})
    void vatShadersGivesTheResourceTextToPasteAfterAShadersOwnHeader(String file) throws IOException {
        String resource;
        try (InputStream in = Vat.class.getResourceAsStream(file)) {
            resource = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String text = file.endsWith(".glsl") ? VatShaders.glsl() : VatShaders.hlsl();
        assertThat(text).isEqualTo(resource);
        // functions only: the including shader keeps its own version line, precision and uniforms
        assertThat(text).doesNotContain("#version").doesNotContain("precision ").doesNotContain("uniform ");
    }
}
