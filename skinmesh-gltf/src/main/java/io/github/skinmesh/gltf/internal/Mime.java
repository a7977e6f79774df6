package io.github.skinmesh.gltf.internal;

import org.jspecify.annotations.Nullable;

/** Recognizes encoded images by their leading bytes. */
public final class Mime {
    /** PNG's MIME type. */
    public static final String PNG = "image/png";
    /** JPEG's MIME type. */
    public static final String JPEG = "image/jpeg";
    /** WebP's MIME type. */
    public static final String WEBP = "image/webp";
    /** KTX2's MIME type. */
    public static final String KTX2 = "image/ktx2";

    private Mime() {
    }

    /**
     * Guesses the MIME type from the magic bytes: PNG {@code 89 50 4E 47 0D 0A 1A 0A}, JPEG
     * {@code FF D8 FF}, WebP {@code RIFF....WEBP}, KTX2 {@code AB 4B 54 58 20 32 30 BB}.
     *
     * @param data encoded image bytes
     * @return the MIME type, or {@code null} when unknown
     */
    public static @Nullable String sniff(byte[] data) {
        if (startsWith(data, 0, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A)) {
            return PNG;
        }
        if (startsWith(data, 0, 0xFF, 0xD8, 0xFF)) {
            return JPEG;
        }
        if (startsWith(data, 0, 'R', 'I', 'F', 'F') && startsWith(data, 8, 'W', 'E', 'B', 'P')) {
            return WEBP;
        }
        if (startsWith(data, 0, 0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB)) {
            return KTX2;
        }
        return null;
    }

    private static boolean startsWith(byte[] data, int offset, int... magic) {
        if (data.length < offset + magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((data[offset + i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
