package io.github.skinmesh.gltf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.gltf.internal.Json;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Options of {@link GltfWriter}.
 *
 * @param generator the {@code asset.generator} string written into the file; default
 *     {@code "skinmesh"}; at most {@value #MAX_GENERATOR_LENGTH} characters, no version or time is
 *     added so output stays byte-identical
 * @param indexWidth how triangle indices are stored; default {@link IndexWidth#AUTO}
 * @param extras application data written as the document's top-level {@code extras}: the text of
 *     a JSON object, or {@code null} (the default) for none. It is kept as given but for the
 *     whitespace outside strings, which is removed, so its numbers keep their exact text and equal
 *     options write equal bytes; {@link GltfAsset#extras()} reads it back.
 */
public record GltfWriteOptions(String generator, IndexWidth indexWidth, @Nullable String extras) {
    /** Longest accepted generator string. */
    public static final int MAX_GENERATOR_LENGTH = 256;
    /** Generator "skinmesh", automatic index width, no extras. */
    public static final GltfWriteOptions DEFAULTS = new GltfWriteOptions("skinmesh", IndexWidth.AUTO, null);

    /** Storage of triangle indices. */
    public enum IndexWidth {
        /** 16-bit when the mesh has at most 65535 vertices, else 32-bit. */
        AUTO,
        /** Always 32-bit. */
        ALWAYS_32
    }

    /**
     * Validates the options.
     *
     * @param generator see the record description
     * @param indexWidth see the record description
     * @param extras see the record description
     * @throws ValidationException when the generator is longer than {@value #MAX_GENERATOR_LENGTH},
     *     or the extras are not well-formed JSON or not an object (the message says where)
     */
    public GltfWriteOptions {
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(indexWidth, "indexWidth");
        if (generator.length() > MAX_GENERATOR_LENGTH) {
            throw new ValidationException("GltfWriteOptions: generator length " + generator.length()
                    + ", expected at most " + MAX_GENERATOR_LENGTH);
        }
        if (extras != null) {
            extras = compactExtras(extras);
        }
    }

    /**
     * Options without extras.
     *
     * @param generator see the record description
     * @param indexWidth see the record description
     * @throws ValidationException when the generator is longer than {@value #MAX_GENERATOR_LENGTH}
     */
    public GltfWriteOptions(String generator, IndexWidth indexWidth) {
        this(generator, indexWidth, null);
    }

    /**
     * @param value the generator string
     * @return a copy with that setting
     */
    public GltfWriteOptions withGenerator(String value) {
        return new GltfWriteOptions(value, indexWidth, extras);
    }

    /**
     * @param value the index storage
     * @return a copy with that setting
     */
    public GltfWriteOptions withIndexWidth(IndexWidth value) {
        return new GltfWriteOptions(generator, value, extras);
    }

    /**
     * @param value the text of a JSON object, or {@code null} for no extras
     * @return a copy with that setting
     * @throws ValidationException when the text is not well-formed JSON or not an object
     */
    public GltfWriteOptions withExtras(@Nullable String value) {
        return new GltfWriteOptions(generator, indexWidth, value);
    }

    /** Checks that the text is one JSON object and removes the whitespace outside its strings. */
    private static String compactExtras(String text) {
        JsonNode node;
        try {
            node = Json.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": ";
            throw new ValidationException("GltfWriteOptions: extras are not well-formed JSON (" + at
                    + e.getOriginalMessage() + "), expected the text of a JSON object");
        }
        if (node == null || node.isMissingNode()) {
            throw new ValidationException("GltfWriteOptions: extras are empty, expected the text of a JSON object");
        }
        if (!node.isObject()) {
            throw new ValidationException("GltfWriteOptions: extras are a JSON "
                    + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", expected a JSON object");
        }
        StringBuilder sb = new StringBuilder(text.length());
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                sb.append(c);
                if (c == '\\') {
                    sb.append(text.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
                sb.append(c);
            } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
