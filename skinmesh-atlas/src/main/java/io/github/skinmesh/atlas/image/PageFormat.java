package io.github.skinmesh.atlas.image;

import org.jspecify.annotations.Nullable;

/** The texel format of composited pages. */
public enum PageFormat {
    /** The widest format among the placed images ({@link TexelFormat#widest}); RGBA8 when nothing is placed. */
    WIDEST_INPUT(null),
    /** 8 bits per channel; wider inputs are rounded. */
    RGBA8(TexelFormat.RGBA8),
    /** 16 bits per channel. */
    RGBA16(TexelFormat.RGBA16),
    /** Float channels. */
    RGBA_FLOAT(TexelFormat.RGBA_FLOAT);

    private final @Nullable TexelFormat fixed;

    PageFormat(@Nullable TexelFormat fixed) {
        this.fixed = fixed;
    }

    /**
     * @param widestInput the widest format among the inputs
     * @return the format the pages get
     */
    public TexelFormat resolve(TexelFormat widestInput) {
        return fixed == null ? widestInput : fixed;
    }
}
