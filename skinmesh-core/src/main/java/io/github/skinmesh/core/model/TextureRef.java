package io.github.skinmesh.core.model;

import java.util.Objects;

/**
 * A material's use of a texture: the image, which UV channel samples it and how.
 *
 * @param image the image
 * @param texCoord the UV channel index of the mesh, {@code >= 0}
 * @param sampler filtering and wrapping
 */
public record TextureRef(Image image, int texCoord, Sampler sampler) {
    /**
     * Validates the reference.
     *
     * @param image the image
     * @param texCoord the UV channel, {@code >= 0}
     * @param sampler filtering and wrapping
     * @throws io.github.skinmesh.core.ValidationException when {@code texCoord} is negative
     */
    public TextureRef {
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(sampler, "sampler");
        if (texCoord < 0) {
            throw new io.github.skinmesh.core.ValidationException("texture "
                    + io.github.skinmesh.core.internal.Checks.quote(image.name()) + ": texCoord " + texCoord
                    + ", expected >= 0");
        }
    }

    /**
     * A reference with UV channel 0 and the default sampler.
     *
     * @param image the image
     * @return the reference
     */
    public static TextureRef of(Image image) {
        return new TextureRef(image, 0, Sampler.DEFAULT);
    }
}
