package io.github.skinmesh.vat;

import java.util.Objects;

/**
 * Options of {@link Vat#bakeVertexTextures}. Immutable; start from {@link #DEFAULTS} and change
 * fields with the {@code with...} methods.
 *
 * @param fps frames per second of clip time, finite and {@code > 0}; default 30 (with
 *     {@link FrameTimes#CLIP_KEYS}, the rate of a clip whose keys are all at one time)
 * @param frameTimes where frames are sampled; default {@link FrameTimes#FIXED_RATE}
 * @param encoding texel encoding; default {@link VatEncoding#HALF}
 * @param streams baked streams; default {@link VatStreams#POSITIONS}
 * @param positionMode absolute positions or offsets from the bind pose; default
 *     {@link PositionMode#ABSOLUTE}
 * @param maxWidth largest texture width in texels, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE};
 *     default 4096. Vertices wrap to further rows of a frame beyond it.
 * @param maxHeight largest texture height in texels, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE};
 *     default 16384. A bake that needs more rows is an error that gives the numbers.
 * @param textureSize free or power-of-two dimensions; default {@link TextureSize#FREE}
 * @param loopMode how each clip's loop flag is decided; default {@link LoopMode#DETECT}
 * @param pageMode one texture, or pages when the clips need more rows than {@code maxHeight};
 *     default {@link PageMode#SINGLE}
 * @param space the space of the baked positions (and normals, tangents, skin matrices): the
 *     character's model space, or each part relative to a reference of its own (a glTF skinned
 *     node's space, as {@code skinmesh skin} writes by default); default {@link BakeSpace#CHARACTER}
 */
public record VatOptions(float fps, FrameTimes frameTimes, VatEncoding encoding, VatStreams streams,
        PositionMode positionMode, int maxWidth, int maxHeight, TextureSize textureSize, LoopMode loopMode,
        PageMode pageMode, BakeSpace space) {
    /** 30 fps, fixed rate, half floats, positions only, absolute, 4096 x 16384 at most, free size, detected loops. */
    public static final VatOptions DEFAULTS = new VatOptions(30, FrameTimes.FIXED_RATE, VatEncoding.HALF,
            VatStreams.POSITIONS, PositionMode.ABSOLUTE, 4096, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE,
            LoopMode.DETECT, PageMode.SINGLE, BakeSpace.CHARACTER);

    /**
     * @param fps frames per second, finite and {@code > 0}
     * @param frameTimes where frames are sampled
     * @param encoding texel encoding
     * @param streams baked streams
     * @param positionMode absolute or offsets
     * @param maxWidth largest width, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE}
     * @param maxHeight largest height, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE}
     * @param textureSize free or power-of-two
     * @param loopMode loop flags
     * @param pageMode one texture or pages
     * @param space the space of the baked values
     * @throws io.github.skinmesh.core.ValidationException when {@code fps} is not a finite
     *     positive number or a maximum size is out of range
     * @throws NullPointerException when an enum is null
     */
    public VatOptions {
        OptionChecks.requireFps("VatOptions", fps);
        Objects.requireNonNull(frameTimes, "frameTimes");
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(streams, "streams");
        Objects.requireNonNull(positionMode, "positionMode");
        OptionChecks.requireSize("VatOptions", "maxWidth", maxWidth);
        OptionChecks.requireSize("VatOptions", "maxHeight", maxHeight);
        Objects.requireNonNull(textureSize, "textureSize");
        Objects.requireNonNull(loopMode, "loopMode");
        Objects.requireNonNull(pageMode, "pageMode");
        Objects.requireNonNull(space, "space");
    }

    /**
     * @param value frames per second, finite and {@code > 0}
     * @return these options with {@code fps} replaced
     */
    public VatOptions withFps(float value) {
        return new VatOptions(value, frameTimes, encoding, streams, positionMode, maxWidth, maxHeight, textureSize,
                loopMode, pageMode, space);
    }

    /**
     * @param value where frames are sampled
     * @return these options with {@code frameTimes} replaced
     */
    public VatOptions withFrameTimes(FrameTimes value) {
        return new VatOptions(fps, value, encoding, streams, positionMode, maxWidth, maxHeight, textureSize,
                loopMode, pageMode, space);
    }

    /**
     * @param value texel encoding
     * @return these options with {@code encoding} replaced
     */
    public VatOptions withEncoding(VatEncoding value) {
        return new VatOptions(fps, frameTimes, value, streams, positionMode, maxWidth, maxHeight, textureSize,
                loopMode, pageMode, space);
    }

    /**
     * @param value baked streams
     * @return these options with {@code streams} replaced
     */
    public VatOptions withStreams(VatStreams value) {
        return new VatOptions(fps, frameTimes, encoding, value, positionMode, maxWidth, maxHeight, textureSize,
                loopMode, pageMode, space);
    }

    /**
     * @param value absolute positions or offsets
     * @return these options with {@code positionMode} replaced
     */
    public VatOptions withPositionMode(PositionMode value) {
        return new VatOptions(fps, frameTimes, encoding, streams, value, maxWidth, maxHeight, textureSize, loopMode,
                pageMode, space);
    }

    /**
     * @param value largest width, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE}
     * @return these options with {@code maxWidth} replaced
     */
    public VatOptions withMaxWidth(int value) {
        return new VatOptions(fps, frameTimes, encoding, streams, positionMode, value, maxHeight, textureSize,
                loopMode, pageMode, space);
    }

    /**
     * @param value largest height, {@code 1..}{@value Vat#MAX_TEXTURE_SIZE}
     * @return these options with {@code maxHeight} replaced
     */
    public VatOptions withMaxHeight(int value) {
        return new VatOptions(fps, frameTimes, encoding, streams, positionMode, maxWidth, value, textureSize,
                loopMode, pageMode, space);
    }

    /**
     * @param value free or power-of-two dimensions
     * @return these options with {@code textureSize} replaced
     */
    public VatOptions withTextureSize(TextureSize value) {
        return new VatOptions(fps, frameTimes, encoding, streams, positionMode, maxWidth, maxHeight, value, loopMode,
                pageMode, space);
    }

    /**
     * @param value how loop flags are decided
     * @return these options with {@code loopMode} replaced
     */
    public VatOptions withLoopMode(LoopMode value) {
        return new VatOptions(fps, frameTimes, encoding, streams, positionMode, maxWidth, maxHeight, textureSize,
                value, pageMode, space);
    }

    /**
     * @param value one texture, or pages when the clips need more rows than {@code maxHeight}
     * @return these options with {@code pageMode} replaced
     */
    public VatOptions withPageMode(PageMode value) {
        return new VatOptions(fps, frameTimes, encoding, streams, positionMode, maxWidth, maxHeight, textureSize,
                loopMode, value, space);
    }

    /**
     * @param value the space of the baked values: {@link BakeSpace#CHARACTER}, or a reference per
     *     part (checked against the parts when baking)
     * @return these options with {@code space} replaced
     */
    public VatOptions withSpace(BakeSpace value) {
        return new VatOptions(fps, frameTimes, encoding, streams, positionMode, maxWidth, maxHeight, textureSize, loopMode,
                pageMode, value);
    }

    FrameLayout.Sampling sampling() {
        return new FrameLayout.Sampling(fps, frameTimes, maxWidth, maxHeight, textureSize, pageMode);
    }
}
