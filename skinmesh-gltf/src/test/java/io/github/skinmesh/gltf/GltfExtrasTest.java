package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.internal.Json;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The document's top-level extras: written as given (whitespace outside strings removed), read back equal. */
class GltfExtrasTest {
    /** Two static meshes with a custom attribute each, on a skeleton without bones, as keyframe files are. */
    static Character staticMeshes() {
        Skeleton none = Skeleton.of("keys", new String[0], new int[0], new float[0], new float[0], new float[0]);
        Mesh a = Mesh.builder("a").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .addAttribute("KEY_POSITION_1", 3, new float[] {0, 0, 1, 1, 0, 1, 0, 1, 1}).build();
        Mesh b = Mesh.builder("b").positions(new float[] {0, 0, 2, 1, 0, 2, 0, 1, 2}).indices(new int[] {0, 1, 2})
                .addAttribute("KEY_POSITION_1", 3, new float[] {0, 0, 3, 1, 0, 3, 0, 1, 3}).build();
        return Character.of("keys", none, List.of(Part.of("a", a), Part.of("b", b)), List.of());
    }

    static final String EXTRAS = "{\n  \"table\": {\"name\": \"walk  \\\"left\\\" \\n\", \"times\": [0.0, 0.10000000149011612,"
            + " 1E-8, 2.5e+3],\n    \"flag\": true, \"none\": null}\n}\n";

    static String jsonChunk(byte[] glb) {
        int length = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        return new String(glb, 20, length, StandardCharsets.UTF_8);
    }

    @Test
    void extrasAreWrittenAsGivenWithoutWhitespaceAndReadBackEqual() throws Exception {
        GltfWriteOptions options = GltfWriteOptions.DEFAULTS.withExtras(EXTRAS);
        String compact = "{\"table\":{\"name\":\"walk  \\\"left\\\" \\n\",\"times\":[0.0,0.10000000149011612,1E-8,2.5e+3],"
                + "\"flag\":true,\"none\":null}}";
        assertThat(options.extras()).isEqualTo(compact);
        byte[] glb = GltfWriter.toGlb(staticMeshes(), options);
        String json = jsonChunk(glb);
        // the numbers keep their text, the string its spaces, and the extras come last in the root object
        assertThat(json.strip()).endsWith(",\"extras\":" + compact + "}");
        GltfAsset back = GltfWriterTest.reread(glb);
        assertThat(back.character()).isEqualTo(staticMeshes());
        JsonNode read = Json.mapper().readTree(back.extras());
        assertThat(read).isEqualTo(Json.mapper().readTree(EXTRAS));
        assertThat(read.get("table").get("times").get(1).doubleValue()).isEqualTo(0.10000000149011612);
        assertThat(GltfWriter.toGlb(staticMeshes(), options)).isEqualTo(glb);
        assertThat(back).isEqualTo(GltfWriterTest.reread(glb));
    }

    @Test
    void noExtrasWriteNoKeyAndReadBackNull() {
        byte[] glb = GltfWriter.toGlb(staticMeshes());
        assertThat(jsonChunk(glb)).doesNotContain("\"extras\"");
        GltfAsset back = GltfWriterTest.reread(glb);
        assertThat(back.extras()).isNull();
        assertThat(back).isNotEqualTo(GltfWriterTest.reread(GltfWriter.toGlb(staticMeshes(),
                GltfWriteOptions.DEFAULTS.withExtras("{}"))));
        assertThat(GltfWriteOptions.DEFAULTS.withExtras("{}").withExtras(null)).isEqualTo(GltfWriteOptions.DEFAULTS);
        assertThat(new GltfWriteOptions("g", GltfWriteOptions.IndexWidth.ALWAYS_32).extras()).isNull();
    }

    @Test
    void extrasOfAnyTypeInAFileReadBack() {
        byte[] glb = TestGltf.editJson(GltfWriter.toGlb(staticMeshes()), root -> root.put("extras", "a note"));
        assertThat(GltfWriterTest.reread(glb).extras()).isEqualTo("\"a note\"");
    }

    @Test
    void extrasThatAreNotAJsonObjectAreRejected() {
        assertThatThrownBy(() -> GltfWriteOptions.DEFAULTS.withExtras("[1, 2]")).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriteOptions: extras are a JSON array, expected a JSON object");
        assertThatThrownBy(() -> GltfWriteOptions.DEFAULTS.withExtras("\"text\"")).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriteOptions: extras are a JSON string, expected a JSON object");
        assertThatThrownBy(() -> GltfWriteOptions.DEFAULTS.withExtras("  ")).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriteOptions: extras are empty, expected the text of a JSON object");
        assertThatThrownBy(() -> GltfWriteOptions.DEFAULTS.withExtras("{\"a\": 1,}"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("GltfWriteOptions: extras are not well-formed JSON (line 1, column ")
                .hasMessageEndingWith("), expected the text of a JSON object");
        assertThatThrownBy(() -> GltfWriteOptions.DEFAULTS.withExtras("{\"a\": 1} {\"b\": 2}"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("GltfWriteOptions: extras are not well-formed JSON (line 1, column ");
    }
}
