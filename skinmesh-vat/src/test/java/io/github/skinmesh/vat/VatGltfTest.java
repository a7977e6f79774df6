package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.gltf.ResourceResolver;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The meshes of a vertex bake carry their texel attribute {@value Vat#TEXEL_ATTRIBUTE} through
 * glTF: skinmesh-gltf writes it as the custom attribute {@code _VAT_TEXEL} (custom attributes are
 * the model's name with an underscore in front) and reads it back equal.
 */
class VatGltfTest {
    @Test
    void theTexelAttributeIsWrittenAsACustomGltfAttributeAndReadBackEqual() {
        Humanoid h = VatModels.humanoid();
        VatResult r = Vat.bakeVertexTextures(h.character(), List.of(h.walk()),
                VatOptions.DEFAULTS.withMaxWidth(1000), Progress.NONE);
        Character baked = Character.of("baked", h.skeleton(), r.parts(), List.of());
        byte[] glb = GltfWriter.toGlb(baked);
        // the JSON chunk: after the 12-byte header, its length and type, then the text
        int jsonLength = ByteBuffer.wrap(glb, 12, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        String json = new String(glb, 20, jsonLength, StandardCharsets.UTF_8);
        assertThat(json).contains("\"_VAT_TEXEL\"").doesNotContain("\"VAT_TEXEL\"");
        GltfAsset back = GltfReader.read(glb, "baked.glb", ResourceResolver.none());
        assertThat(back.parts()).hasSameSizeAs(r.parts());
        int element = 0;
        for (int p = 0; p < r.parts().size(); p++) {
            Mesh written = r.parts().get(p).mesh();
            Part read = back.parts().stream().filter(x -> x.mesh().name().equals(written.name())).findFirst()
                    .orElseThrow();
            VertexAttribute a = read.mesh().attribute(Vat.TEXEL_ATTRIBUTE);
            assertThat(a).as("part %s", written.name()).isNotNull();
            assertThat(a.componentCount()).isEqualTo(2);
            assertThat(a).isEqualTo(written.attribute(Vat.TEXEL_ATTRIBUTE));
            // and it still addresses the element's texel: column element % width, row element / width
            for (int i = 0; i < read.mesh().vertexCount(); i++, element++) {
                assertThat(a.value(i, 0)).isEqualTo(element % r.width());
                assertThat(a.value(i, 1)).isEqualTo(element / r.width());
            }
        }
        assertThat(element).isEqualTo(r.elementCount());
    }
}
