package io.github.skinmesh.atlas.image;

/** How {@link Png} compresses the image data (the zlib stream of the {@code IDAT} chunk). */
public enum PngCompression {
    /**
     * skinmesh's own deflate encoder at {@link PngOptions#deflateLevel()}: small files (within a
     * fraction of a percent of zlib at the same level on the project's textures and atlas pages),
     * whose bytes depend only on the image data and the level, on every Java runtime and machine
     * (the JDK's {@code java.util.zip.Deflater} is not used: its bytes are those of whichever zlib
     * the runtime links, and zlib-ng, for one, writes other streams).
     */
    DEFLATE,
    /**
     * Uncompressed ("stored") deflate blocks: larger files, quickest to write, whose bytes follow
     * from the image data alone without any compression decision.
     */
    STORED
}
