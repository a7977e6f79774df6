package io.github.skinmesh.atlas.image;

/** How {@link Png} compresses the image data (the zlib stream of the {@code IDAT} chunk). */
public enum PngCompression {
    /**
     * {@link java.util.zip.Deflater} at {@link PngOptions#deflateLevel()}: small files. The bytes
     * are identical for identical input on a given Java runtime; a runtime linked against another
     * zlib implementation (for example zlib-ng) may produce other, equally valid bytes.
     */
    DEFLATE,
    /**
     * Uncompressed ("stored") deflate blocks written by the encoder itself: larger files whose
     * bytes are identical on every runtime, for golden files compared byte for byte.
     */
    STORED
}
