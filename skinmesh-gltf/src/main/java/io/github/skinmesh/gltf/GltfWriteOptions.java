package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Options of {@link GltfWriter}.
 *
 * @param generator the {@code asset.generator} string written into the file; default
 *     {@code "skinmesh"}; at most {@value #MAX_GENERATOR_LENGTH} characters, no version or time is
 *     added so output stays byte-identical
 * @param indexWidth how triangle indices are stored; default {@link IndexWidth#AUTO}
 */
public record GltfWriteOptions(String generator, IndexWidth indexWidth) {
    /** Longest accepted generator string. */
    public static final int MAX_GENERATOR_LENGTH = 256;
    /** Generator "skinmesh", automatic index width. */
    public static final GltfWriteOptions DEFAULTS = new GltfWriteOptions("skinmesh", IndexWidth.AUTO);

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
     * @throws ValidationException when the generator is longer than {@value #MAX_GENERATOR_LENGTH}
     */
    public GltfWriteOptions {
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(indexWidth, "indexWidth");
        if (generator.length() > MAX_GENERATOR_LENGTH) {
            throw new ValidationException("GltfWriteOptions: generator length " + generator.length()
                    + ", expected at most " + MAX_GENERATOR_LENGTH);
        }
    }

    /**
     * @param value the generator string
     * @return a copy with that setting
     */
    public GltfWriteOptions withGenerator(String value) {
        return new GltfWriteOptions(value, indexWidth);
    }

    /**
     * @param value the index storage
     * @return a copy with that setting
     */
    public GltfWriteOptions withIndexWidth(IndexWidth value) {
        return new GltfWriteOptions(generator, value);
    }
}
