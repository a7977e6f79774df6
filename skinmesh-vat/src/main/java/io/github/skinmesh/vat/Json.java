package io.github.skinmesh.vat;

import io.github.skinmesh.core.FormatException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader for manifests (RFC 8259): objects become {@link LinkedHashMap}s,
 * arrays {@link List}s, numbers {@link Num}s (their text, so a float reads back without double
 * rounding), plus strings, booleans and {@code null}
 * ({@link #NULL}). Nesting is limited to {@value #MAX_DEPTH}; errors name the byte offset.
 */
final class Json {
    static final int MAX_DEPTH = 64;
    /** Stands for JSON {@code null}. */
    static final Object NULL = new Object();

    /** A number as written; {@link #floatValue()} rounds the decimal text once, to the nearest float. */
    record Num(String text) {
        double doubleValue() {
            return Double.parseDouble(text);
        }

        float floatValue() {
            return Float.parseFloat(text);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private final String text;
    private final String source;
    private int pos;

    private Json(String source, String text) {
        this.source = source;
        this.text = text;
    }

    static Object parse(String source, String text) {
        Json j = new Json(source, text);
        j.skipSpace();
        Object v = j.value(0);
        j.skipSpace();
        if (j.pos != text.length()) {
            throw j.error("unexpected text after the value");
        }
        return v;
    }

    private FormatException error(String problem) {
        return new FormatException(source + ": offset " + pos + ": " + problem);
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else {
                break;
            }
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
        if (pos >= text.length()) {
            throw error("unexpected end, expected a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", NULL);
            default:
                return number();
        }
    }

    private Object literal(String word, Object v) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected character '" + text.charAt(pos) + "'");
        }
        pos += word.length();
        return v;
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> map = new LinkedHashMap<>();
        pos++;
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipSpace();
            if (pos >= text.length() || text.charAt(pos) != '"') {
                throw error("expected a key string");
            }
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            if (map.put(key, value(depth + 1)) != null) {
                throw error("key \"" + key + "\" appears twice");
            }
            skipSpace();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect('}');
            return map;
        }
    }

    private List<Object> array(int depth) {
        List<Object> list = new ArrayList<>();
        pos++;
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipSpace();
            list.add(value(depth + 1));
            skipSpace();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    private void expect(char c) {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private String string() {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    try {
                        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Num number() {
        int start = pos;
        if (pos < text.length() && text.charAt(pos) == '-') {
            pos++;
        }
        int digits = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos == digits || (text.charAt(digits) == '0' && pos - digits > 1)) {
            pos = start;
            throw error("expected a value");
        }
        if (pos < text.length() && text.charAt(pos) == '.') {
            pos++;
            int f = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (pos == f) {
                throw error("expected digits after '.'");
            }
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            int x = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (pos == x) {
                throw error("expected digits in the exponent");
            }
        }
        return new Num(text.substring(start, pos));
    }
}
