package io.github.skinmesh.core.model;

/**
 * Texture filtering and wrapping, with glTF's numeric codes ({@code 9728} NEAREST,
 * {@code 9729} LINEAR, {@code 9984..9987} mipmap minification; {@code 33071} CLAMP_TO_EDGE,
 * {@code 33648} MIRRORED_REPEAT, {@code 10497} REPEAT). {@code 0} means "not specified".
 *
 * @param magFilter magnification filter code or 0
 * @param minFilter minification filter code or 0
 * @param wrapS wrap mode along U
 * @param wrapT wrap mode along V
 */
public record Sampler(int magFilter, int minFilter, int wrapS, int wrapT) {
    /** glTF's REPEAT wrap mode. */
    public static final int REPEAT = 10497;
    /** glTF's CLAMP_TO_EDGE wrap mode. */
    public static final int CLAMP_TO_EDGE = 33071;
    /** glTF's MIRRORED_REPEAT wrap mode. */
    public static final int MIRRORED_REPEAT = 33648;
    /** Unspecified filters, repeat wrapping: glTF's default sampler. */
    public static final Sampler DEFAULT = new Sampler(0, 0, REPEAT, REPEAT);
}
