package io.github.skinmesh.vat;

import java.util.Locale;

/** The file format of written textures. */
public enum VatFormat {
    /**
     * {@code width*height} texels, row-major from row 0, 4 channels each, little-endian float32,
     * IEEE half, u16 or u8 per channel, no header. Every encoding.
     */
    RAW,
    /**
     * PNG, RGBA, 16 bits per channel for {@link VatEncoding#UNORM16} and 8 for
     * {@link VatEncoding#UNORM8}, row 0 at the top; the stored integers are those of the raw
     * texture. Normalized encodings only.
     */
    PNG,
    /**
     * OpenEXR, single-part scanline, uncompressed, channels R, G, B, A of pixel type HALF for
     * {@link VatEncoding#HALF} and FLOAT for {@link VatEncoding#FLOAT}, row 0 as the first
     * scanline. Float encodings only.
     */
    EXR;

    /** @return the file extension without the dot: {@code raw}, {@code png} or {@code exr} */
    public String extension() {
        return name().toLowerCase(Locale.ROOT);
    }
}
