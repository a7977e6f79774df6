package io.github.skinmesh.gltf.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class JsonTest {
    /** Every finite float written by the writer reads back to the same bits through the reader. */
    @Property(tries = 20000, seed = "99")
    void floatTextReadsBackExactly(@ForAll int bits) {
        float f = Float.intBitsToFloat(bits);
        if (!Float.isFinite(f)) {
            return;
        }
        byte[] doc = ("{\"v\": " + Json.floatText(f) + "}").getBytes(StandardCharsets.UTF_8);
        JsonNode root = Json.parse(doc, 0, doc.length, "test");
        assertThat(Float.floatToIntBits(Json.number(root, "v", "test", 0f))).isEqualTo(Float.floatToIntBits(f));
    }
}
