package io.github.skinmesh.atlas.image;

/**
 * How a {@link PixelImage} stores its texels: four channels R, G, B, A per texel, rows top to bottom,
 * in one primitive array.
 */
public enum TexelFormat {
    /** One unsigned byte per channel, 0..255 (read with {@code & 0xFF}); {@link Rgba8Image}. */
    RGBA8(4),
    /** One unsigned 16-bit value per channel, 0..65535, in a {@code short[]} (read with {@code & 0xFFFF}); {@link Rgba16Image}. */
    RGBA16(8),
    /** One finite {@code float} per channel, nominally 0..1 (HDR values above 1 allowed); {@link RgbaFloatImage}. */
    RGBA_FLOAT(16);

    private final int bytesPerTexel;

    TexelFormat(int bytesPerTexel) {
        this.bytesPerTexel = bytesPerTexel;
    }

    /** @return bytes one texel occupies in memory: 4, 8 or 16 */
    public int bytesPerTexel() {
        return bytesPerTexel;
    }

    /**
     * @param other another format
     * @return the format with more precision of the two ({@link #RGBA_FLOAT} over {@link #RGBA16} over {@link #RGBA8})
     */
    public TexelFormat widest(TexelFormat other) {
        return ordinal() >= other.ordinal() ? this : other;
    }
}
