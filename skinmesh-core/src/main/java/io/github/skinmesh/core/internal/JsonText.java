package io.github.skinmesh.core.internal;

import java.util.Locale;

/**
 * JSON string literals for the documents the modules write by hand (manifests, tables). Not part
 * of the API; thread-safe (no state).
 */
public final class JsonText {
    private JsonText() {
    }

    /**
     * Appends {@code s} as a JSON string literal: quotes and backslashes escaped, control characters
     * and unpaired surrogates as {@code \}{@code uXXXX} (so the literal is valid UTF-8 once encoded
     * and reads back as the same chars), everything else as it is.
     *
     * @param sb where to append
     * @param s the string
     */
    public static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    boolean paired = Character.isHighSurrogate(c) ? i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1))
                            : Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
                    if (c < 0x20 || (Character.isSurrogate(c) && !paired)) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
