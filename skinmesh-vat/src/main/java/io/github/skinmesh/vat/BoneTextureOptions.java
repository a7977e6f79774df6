package io.github.skinmesh.vat;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Options of {@link Vat#bakeBoneTexture}. Immutable; start from {@link #DEFAULTS} and change
 * fields with the {@code with...} methods.
 *
 * @param fps frames per second of clip time, finite and {@code > 0}; default 30
 * @param frameTimes where frames are sampled; default {@link FrameTimes#FIXED_RATE}
 * @param encoding {@link VatEncoding#FLOAT} or {@link VatEncoding#HALF}; default HALF
 * @param weights how the returned meshes keep their weights; default {@link WeightFormat#FLOAT}
 * @param maxWidth largest texture width in texels, {@code 3..}{@value Vat#MAX_TEXTURE_SIZE};
 *     default 4096. A wider palette wraps to further rows of a frame, at a width that is a
 *     multiple of 3 so that a bone's three texels share a row; with {@link TextureSize#POWER_OF_TWO}
 *     the width is a power of two instead, and a wrapped bone's texels may straddle two rows (each
 *     texel is addressed on its own, so decoding is the same).
 * @param maxHeight largest texture height in texels, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE};
 *     default 16384
 * @param textureSize free or power-of-two dimensions; default {@link TextureSize#FREE}
 * @param loopMode how each clip's loop flag is decided; default {@link LoopMode#DETECT}
 * @param pageMode one texture, or pages when the clips need more rows than {@code maxHeight};
 *     default {@link PageMode#SINGLE}
 * @param space the space of the baked positions (and normals, tangents, skin matrices): the
 *     character's model space, or each part relative to a reference of its own (a glTF skinned
 *     node's space, as {@code skinmesh skin} writes by default); default {@link BakeSpace#CHARACTER}
 */
public record BoneTextureOptions(float fps, FrameTimes frameTimes, VatEncoding encoding, WeightFormat weights,
        int maxWidth, int maxHeight, TextureSize textureSize, LoopMode loopMode,
        PageMode pageMode, BakeSpace space) {
    /** 30 fps, fixed rate, half floats, float weights, 4096 x 16384 at most, free size, detected loops. */
    public static final BoneTextureOptions DEFAULTS = new BoneTextureOptions(30, FrameTimes.FIXED_RATE,
            VatEncoding.HALF, WeightFormat.FLOAT, 4096, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE, LoopMode.DETECT,
                PageMode.SINGLE, BakeSpace.CHARACTER);

    /**
     * @param fps frames per second, finite and {@code > 0}
     * @param frameTimes where frames are sampled
     * @param encoding FLOAT or HALF
     * @param weights weight format of the returned meshes
     * @param maxWidth largest width, {@code 3..}{@value Vat#MAX_TEXTURE_SIZE}
     * @param maxHeight largest height, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE}
     * @param textureSize free or power-of-two
     * @param loopMode loop flags
     * @param pageMode one texture or pages
     * @param space the space of the baked values
     * @throws ValidationException when {@code fps} is not a finite positive number, the encoding
     *     is a normalized one or a maximum size is out of range
     * @throws NullPointerException when an enum is null
     */
    public BoneTextureOptions {
        OptionChecks.requireFps("BoneTextureOptions", fps);
        Objects.requireNonNull(frameTimes, "frameTimes");
        Objects.requireNonNull(encoding, "encoding");
        if (encoding.isNormalized()) {
            throw new ValidationException("BoneTextureOptions: encoding=" + encoding.manifestName()
                    + ", expected float or half (skin matrices have no fixed range)");
        }
        Objects.requireNonNull(weights, "weights");
        if (maxWidth < 3 || maxWidth > Vat.MAX_TEXTURE_SIZE) {
            throw new ValidationException("BoneTextureOptions: maxWidth=" + maxWidth + ", expected 3.."
                    + Vat.MAX_TEXTURE_SIZE + " (a bone takes 3 texels)");
        }
        OptionChecks.requireSize("BoneTextureOptions", "maxHeight", maxHeight);
        Objects.requireNonNull(textureSize, "textureSize");
        Objects.requireNonNull(loopMode, "loopMode");
        Objects.requireNonNull(pageMode, "pageMode");
        Objects.requireNonNull(space, "space");
    }

    /**
     * @param value frames per second, finite and {@code > 0}
     * @return these options with {@code fps} replaced
     */
    public BoneTextureOptions withFps(float value) {
        return new BoneTextureOptions(value, frameTimes, encoding, weights, maxWidth, maxHeight, textureSize,
                loopMode, pageMode, space);
    }

    /**
     * @param value where frames are sampled
     * @return these options with {@code frameTimes} replaced
     */
    public BoneTextureOptions withFrameTimes(FrameTimes value) {
        return new BoneTextureOptions(fps, value, encoding, weights, maxWidth, maxHeight, textureSize, loopMode,
                pageMode, space);
    }

    /**
     * @param value FLOAT or HALF
     * @return these options with {@code encoding} replaced
     */
    public BoneTextureOptions withEncoding(VatEncoding value) {
        return new BoneTextureOptions(fps, frameTimes, value, weights, maxWidth, maxHeight, textureSize, loopMode,
                pageMode, space);
    }

    /**
     * @param value weight format of the returned meshes
     * @return these options with {@code weights} replaced
     */
    public BoneTextureOptions withWeights(WeightFormat value) {
        return new BoneTextureOptions(fps, frameTimes, encoding, value, maxWidth, maxHeight, textureSize, loopMode,
                pageMode, space);
    }

    /**
     * @param value largest width, {@code 3..}{@value Vat#MAX_TEXTURE_SIZE}
     * @return these options with {@code maxWidth} replaced
     */
    public BoneTextureOptions withMaxWidth(int value) {
        return new BoneTextureOptions(fps, frameTimes, encoding, weights, value, maxHeight, textureSize, loopMode,
                pageMode, space);
    }

    /**
     * @param value largest height, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE}
     * @return these options with {@code maxHeight} replaced
     */
    public BoneTextureOptions withMaxHeight(int value) {
        return new BoneTextureOptions(fps, frameTimes, encoding, weights, maxWidth, value, textureSize, loopMode,
                pageMode, space);
    }

    /**
     * @param value free or power-of-two dimensions
     * @return these options with {@code textureSize} replaced
     */
    public BoneTextureOptions withTextureSize(TextureSize value) {
        return new BoneTextureOptions(fps, frameTimes, encoding, weights, maxWidth, maxHeight, value, loopMode,
                pageMode, space);
    }

    /**
     * @param value how loop flags are decided
     * @return these options with {@code loopMode} replaced
     */
    public BoneTextureOptions withLoopMode(LoopMode value) {
        return new BoneTextureOptions(fps, frameTimes, encoding, weights, maxWidth, maxHeight, textureSize, value,
                pageMode, space);
    }

    /**
     * @param value one texture, or pages when the clips need more rows than {@code maxHeight}
     * @return these options with {@code pageMode} replaced
     */
    public BoneTextureOptions withPageMode(PageMode value) {
        return new BoneTextureOptions(fps, frameTimes, encoding, weights, maxWidth, maxHeight, textureSize, loopMode,
                value, space);
    }

    /**
     * @param value the space of the baked values: {@link BakeSpace#CHARACTER}, or a reference per
     *     part (checked against the parts when baking)
     * @return these options with {@code space} replaced
     */
    public BoneTextureOptions withSpace(BakeSpace value) {
        return new BoneTextureOptions(fps, frameTimes, encoding, weights, maxWidth, maxHeight, textureSize, loopMode,
                pageMode, value);
    }

    FrameLayout.Sampling sampling() {
        // the layout rounds a wrapped free width down to whole bones itself; a power-of-two width is
        // capped by the largest power of two within maxWidth itself, not within maxWidth rounded down
        return new FrameLayout.Sampling(fps, frameTimes, maxWidth, maxHeight, textureSize, pageMode);
    }
}
