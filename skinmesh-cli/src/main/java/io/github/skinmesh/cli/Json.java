package io.github.skinmesh.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.model.Bounds;
import java.nio.charset.StandardCharsets;

/** JSON output of the reporting commands: one object, keys in a fixed order, two-space indent. */
final class Json {
    /**
     * Indented; numbers through the generator's own shortest-digit writer, so a report reads the
     * same on every JDK ({@code Double.toString} changed in JDK 19).
     */
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build()).enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ArrayNode vector(ArrayNode into, double... values) {
        for (double v : values) {
            into.add(v);
        }
        return into;
    }

    static void bounds(ObjectNode into, Bounds b) {
        if (b.isEmpty()) {
            into.putNull("min");
            into.putNull("max");
            return;
        }
        vector(into.putArray("min"), b.minX(), b.minY(), b.minZ());
        vector(into.putArray("max"), b.maxX(), b.maxY(), b.maxZ());
    }

    static String text(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(ObjectNode node) {
        return text(node).getBytes(StandardCharsets.UTF_8);
    }
}
