package io.github.skinmesh.gltf.internal;

import io.github.skinmesh.core.model.Sampler;

/**
 * glTF's sampler codes (OpenGL enum values) and their core {@link Sampler} counterparts, for the
 * reader and the writer.
 */
public final class SamplerCodes {
    /** {@code NEAREST}. */
    public static final int NEAREST = 9728;
    /** {@code LINEAR}. */
    public static final int LINEAR = 9729;
    /** {@code NEAREST_MIPMAP_NEAREST}. */
    public static final int NEAREST_MIPMAP_NEAREST = 9984;
    /** {@code LINEAR_MIPMAP_NEAREST}. */
    public static final int LINEAR_MIPMAP_NEAREST = 9985;
    /** {@code NEAREST_MIPMAP_LINEAR}. */
    public static final int NEAREST_MIPMAP_LINEAR = 9986;
    /** {@code LINEAR_MIPMAP_LINEAR}. */
    public static final int LINEAR_MIPMAP_LINEAR = 9987;
    /** {@code REPEAT}, glTF's default wrap mode. */
    public static final int REPEAT = 10497;
    /** {@code CLAMP_TO_EDGE}. */
    public static final int CLAMP_TO_EDGE = 33071;
    /** {@code MIRRORED_REPEAT}. */
    public static final int MIRRORED_REPEAT = 33648;
    /** What the reader uses for an absent filter: no code, {@link Sampler.Filter#UNSPECIFIED}. */
    public static final int UNSPECIFIED = 0;

    private SamplerCodes() {
    }

    /**
     * @param code a filter code already checked to be glTF's, or {@link #UNSPECIFIED}
     * @return the filter
     */
    public static Sampler.Filter filter(int code) {
        switch (code) {
            case UNSPECIFIED:
                return Sampler.Filter.UNSPECIFIED;
            case NEAREST:
                return Sampler.Filter.NEAREST;
            case LINEAR:
                return Sampler.Filter.LINEAR;
            case NEAREST_MIPMAP_NEAREST:
                return Sampler.Filter.NEAREST_MIPMAP_NEAREST;
            case LINEAR_MIPMAP_NEAREST:
                return Sampler.Filter.LINEAR_MIPMAP_NEAREST;
            case NEAREST_MIPMAP_LINEAR:
                return Sampler.Filter.NEAREST_MIPMAP_LINEAR;
            case LINEAR_MIPMAP_LINEAR:
                return Sampler.Filter.LINEAR_MIPMAP_LINEAR;
            default:
                throw new AssertionError("filter code " + code + " was not checked");
        }
    }

    /**
     * @param code a wrap code already checked to be glTF's
     * @return the wrap mode
     */
    public static Sampler.Wrap wrap(int code) {
        switch (code) {
            case REPEAT:
                return Sampler.Wrap.REPEAT;
            case CLAMP_TO_EDGE:
                return Sampler.Wrap.CLAMP_TO_EDGE;
            case MIRRORED_REPEAT:
                return Sampler.Wrap.MIRRORED_REPEAT;
            default:
                throw new AssertionError("wrap code " + code + " was not checked");
        }
    }

    /**
     * @param filter a filter
     * @return its glTF code, {@link #UNSPECIFIED} for {@link Sampler.Filter#UNSPECIFIED}
     */
    public static int code(Sampler.Filter filter) {
        switch (filter) {
            case NEAREST:
                return NEAREST;
            case LINEAR:
                return LINEAR;
            case NEAREST_MIPMAP_NEAREST:
                return NEAREST_MIPMAP_NEAREST;
            case LINEAR_MIPMAP_NEAREST:
                return LINEAR_MIPMAP_NEAREST;
            case NEAREST_MIPMAP_LINEAR:
                return NEAREST_MIPMAP_LINEAR;
            case LINEAR_MIPMAP_LINEAR:
                return LINEAR_MIPMAP_LINEAR;
            default:
                return UNSPECIFIED;
        }
    }

    /**
     * @param wrap a wrap mode
     * @return its glTF code
     */
    public static int code(Sampler.Wrap wrap) {
        switch (wrap) {
            case CLAMP_TO_EDGE:
                return CLAMP_TO_EDGE;
            case MIRRORED_REPEAT:
                return MIRRORED_REPEAT;
            default:
                return REPEAT;
        }
    }
}
