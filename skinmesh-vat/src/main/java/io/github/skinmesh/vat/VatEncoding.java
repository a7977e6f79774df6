package io.github.skinmesh.vat;

import java.util.Locale;

/**
 * How an animation texture stores each of its 4 channels (RGBA).
 *
 * <p>{@link #FLOAT} and {@link #HALF} store values as they are (IEEE binary32 and binary16).
 * {@link #UNORM16} and {@link #UNORM8} store unsigned integers {@code q} that a GPU's normalized
 * fetch turns into {@code q / (2^bits - 1)}; positions are then mapped to the baked bounds,
 * {@code min + value * (max - min)}, and normals are octahedral-encoded.
 */
public enum VatEncoding {
    /** 32-bit IEEE floats, 16 bytes per texel. */
    FLOAT(4),
    /** 16-bit IEEE half floats, 8 bytes per texel. */
    HALF(2),
    /** 16-bit unsigned normalized integers, 8 bytes per texel. */
    UNORM16(2),
    /** 8-bit unsigned normalized integers, 4 bytes per texel. */
    UNORM8(1);

    private final int bytesPerChannel;

    VatEncoding(int bytesPerChannel) {
        this.bytesPerChannel = bytesPerChannel;
    }

    /** @return bytes per channel: 4, 2, 2 or 1 */
    public int bytesPerChannel() {
        return bytesPerChannel;
    }

    /** @return bytes per RGBA texel, {@code 4*bytesPerChannel()} */
    public int bytesPerTexel() {
        return 4 * bytesPerChannel;
    }

    /** @return whether values are normalized integers ({@link #UNORM16}, {@link #UNORM8}) */
    public boolean isNormalized() {
        return this == UNORM16 || this == UNORM8;
    }

    /** @return the largest stored integer of a normalized encoding ({@code 2^bits - 1}); 0 for the float ones */
    public int maxValue() {
        return this == UNORM16 ? 0xffff : this == UNORM8 ? 0xff : 0;
    }

    /** @return the name the manifest uses: {@code float}, {@code half}, {@code unorm16} or {@code unorm8} */
    public String manifestName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param name a manifest name, as {@link #manifestName()} gives it
     * @return the encoding
     * @throws io.github.skinmesh.core.ValidationException when the name is none of the four
     */
    public static VatEncoding ofManifestName(String name) {
        for (VatEncoding e : values()) {
            if (e.manifestName().equals(name)) {
                return e;
            }
        }
        throw new io.github.skinmesh.core.ValidationException("encoding \"" + name
                + "\" is unknown, expected float, half, unorm16 or unorm8");
    }
}
