package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.core.ValidationException;
import org.jspecify.annotations.Nullable;

/**
 * One rectangle (an image) to pack.
 *
 * <p>Inputs with equal non-null keys are the same image: it is packed once and every one of them
 * gets the same placement (see {@link PackResult#representative(int)}). The caller chooses the
 * key, typically a hash of the image's content (so the same texture used by several parts lands
 * once in the atlas); inputs with a {@code null} key are always packed separately. Inputs sharing
 * a key must have the same size.
 *
 * @param name the image's name, used in error messages and reports (any text, may be empty)
 * @param width width in texels, {@code 1..}{@value Packing#MAX_PAGE_SIZE}
 * @param height height in texels, {@code 1..}{@value Packing#MAX_PAGE_SIZE}
 * @param key identity of the image's content, or {@code null} when the input shares with nothing
 */
public record PackInput(String name, int width, int height, @Nullable String key) {
    /**
     * Checks the sizes.
     *
     * @throws ValidationException if {@code width} or {@code height} is below 1 or above
     *     {@value Packing#MAX_PAGE_SIZE}, naming the image, the value and the range
     * @throws NullPointerException if {@code name} is null
     */
    public PackInput {
        if (name == null) {
            throw new NullPointerException("PackInput: name is null");
        }
        checkSize(name, "width", width);
        checkSize(name, "height", height);
    }

    /**
     * An input that shares its rectangle with no other input.
     *
     * @param name the image's name, for messages
     * @param width width in texels, {@code 1..}{@value Packing#MAX_PAGE_SIZE}
     * @param height height in texels, {@code 1..}{@value Packing#MAX_PAGE_SIZE}
     * @return the input, with a {@code null} key
     * @throws ValidationException as the canonical constructor
     */
    public static PackInput of(String name, int width, int height) {
        return new PackInput(name, width, height, null);
    }

    private static void checkSize(String name, String what, int value) {
        if (value < 1 || value > Packing.MAX_PAGE_SIZE) {
            throw new ValidationException("image '" + name + "': " + what + " " + value + ", expected 1.."
                    + Packing.MAX_PAGE_SIZE);
        }
    }
}
