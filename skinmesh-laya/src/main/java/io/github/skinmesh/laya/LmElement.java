package io.github.skinmesh.laya;

import org.jspecify.annotations.Nullable;

/**
 * An element of a {@code .lm} vertex declaration: its name in the declaration string and its size
 * in the interleaved vertex buffer. The constants are in the order LayaAir's Unity exporter writes
 * them, {@link #NORMAL_BYTE} last (the engine knows it, the exporter never writes it).
 */
public enum LmElement {
    /** Position, 3 x f32. */
    POSITION("POSITION", 12),
    /** Normal, 3 x f32. */
    NORMAL("NORMAL", 12),
    /** Vertex color, 4 x f32 (r, g, b, a, no colour-space conversion). */
    COLOR("COLOR", 16),
    /** First UV set, 2 x f32. */
    UV("UV", 8),
    /** Second UV set (lightmap UVs), 2 x f32. */
    UV1("UV1", 8),
    /** Four bone weights, 4 x f32, slot order as {@link #BLENDINDICES}. */
    BLENDWEIGHT("BLENDWEIGHT", 16),
    /** Four bone indices local to the vertex's draw (its bone dictionary), 4 x u8. */
    BLENDINDICES("BLENDINDICES", 4),
    /** Tangent, 4 x f32, w = +1 or -1. */
    TANGENT("TANGENT", 16),
    /**
     * A normal as 4 x u8 normalized; read into the extra vertex attribute
     * {@value LayaModels#NORMAL_BYTE_ATTRIBUTE} (4 components, the byte values 0..255 as floats) and
     * written from it.
     */
    NORMAL_BYTE("NORMAL_BYTE", 4);

    private final String declarationName;
    private final int bytes;

    LmElement(String declarationName, int bytes) {
        this.declarationName = declarationName;
        this.bytes = bytes;
    }

    /** @return the element's name in the declaration string, e.g. {@code "BLENDINDICES"} */
    public String declarationName() {
        return declarationName;
    }

    /** @return the element's size in bytes within one vertex */
    public int bytes() {
        return bytes;
    }

    /**
     * @param name a name from a declaration string
     * @return the element of that name, or {@code null} when there is none
     */
    static @Nullable LmElement byName(String name) {
        for (LmElement e : values()) {
            if (e.declarationName.equals(name)) {
                return e;
            }
        }
        return null;
    }
}
