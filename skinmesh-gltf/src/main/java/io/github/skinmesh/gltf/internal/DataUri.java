package io.github.skinmesh.gltf.internal;

import io.github.skinmesh.core.FormatException;
import java.util.Base64;

/**
 * Decodes RFC 2397 {@code data:} URIs of the form {@code data:[<mediatype>][;params];base64,<data>}
 * (glTF embeds buffers and images this way). Only base64 payloads are accepted.
 *
 * @param mediaType the declared media type, empty when absent
 * @param data the decoded bytes
 */
public record DataUri(String mediaType, byte[] data) {
    private static final String PREFIX = "data:";

    /**
     * @param uri a URI
     * @return whether it is a data URI
     */
    public static boolean isDataUri(String uri) {
        return uri.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /**
     * Decodes a data URI.
     *
     * @param uri the URI
     * @param where the element holding it, e.g. {@code "buffers[0].uri"}
     * @return the media type and bytes
     * @throws FormatException when the URI has no comma, is not base64, or its payload is malformed
     */
    public static DataUri decode(String uri, String where) {
        int comma = uri.indexOf(',');
        if (comma < 0) {
            throw new FormatException(where + ": data URI has no ',' separating header and data");
        }
        String header = uri.substring(PREFIX.length(), comma);
        if (!header.toLowerCase(java.util.Locale.ROOT).endsWith(";base64")) {
            throw new FormatException(where + ": data URI header '" + abbreviate(header)
                    + "' is not base64, expected ';base64'");
        }
        String mediaType = header.substring(0, header.length() - ";base64".length());
        int semicolon = mediaType.indexOf(';');
        if (semicolon >= 0) {
            mediaType = mediaType.substring(0, semicolon);
        }
        try {
            byte[] data = Base64.getDecoder().decode(uri.substring(comma + 1));
            return new DataUri(mediaType, data);
        } catch (IllegalArgumentException e) {
            throw new FormatException(where + ": data URI payload is not valid base64: " + e.getMessage(), e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
