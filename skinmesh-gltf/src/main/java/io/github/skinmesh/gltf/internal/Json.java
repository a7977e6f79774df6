package io.github.skinmesh.gltf.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.github.skinmesh.core.internal.DecimalText;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.model.Index;
import java.io.IOException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Strict access to glTF JSON: every field is type-checked and range-checked, and every failure is
 * a {@link FormatException} naming the element ({@code "accessors[3].count"}), the value and the
 * expectation.
 *
 * <p>Numbers are parsed as {@code double} and narrowed to {@code float}, as glTF loaders do. The
 * writer's {@link #floatText(float)} picks a text for which that path gives back the exact float,
 * so written files read back bit for bit. Strings may be as long as the input (base64 data URIs);
 * nesting is limited to {@value #MAX_NESTING} levels.
 */
public final class Json {
    /** Deepest JSON nesting accepted; glTF itself needs fewer than 10 levels. */
    public static final int MAX_NESTING = 256;

    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            // the generator's own shortest-digit writer: the same text on every JDK (Double.toString changed in 19)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE)
                    .maxNestingDepth(MAX_NESTING).build())
            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** The parser's position of the token that opened an unclosed object or array. */
    private static final Pattern START_MARKER = Pattern.compile(
            "\\(start marker at \\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]\\)");
    /** Any other source descriptor with its position. */
    private static final Pattern SOURCE = Pattern.compile("\\s*(at )?\\[Source: [^\\]]*\\]");
    /** The parser setting a limit comes from: {@code ", from `StreamReadConstraints...`)"}. */
    private static final Pattern LIMIT_ORIGIN = Pattern.compile(", from `[^`]*`\\)");
    /** Advice to enable a parser feature: {@code ": enable `JsonReadFeature...` to allow"}. */
    private static final Pattern FEATURE_HINT = Pattern.compile(":? *enable `[^`]*` to allow");
    /** The parser's token kinds, in words. */
    private static final Map<String, String> TOKEN_WORDS = Map.ofEntries(Map.entry("START_OBJECT", "'{'"),
            Map.entry("END_OBJECT", "'}'"), Map.entry("START_ARRAY", "'['"), Map.entry("END_ARRAY", "']'"),
            Map.entry("FIELD_NAME", "a field name"), Map.entry("VALUE_STRING", "a string"),
            Map.entry("VALUE_NUMBER_INT", "an integer"), Map.entry("VALUE_NUMBER_FLOAT", "a number"),
            Map.entry("VALUE_TRUE", "true"), Map.entry("VALUE_FALSE", "false"), Map.entry("VALUE_NULL", "null"),
            Map.entry("VALUE_EMBEDDED_OBJECT", "an embedded value"), Map.entry("NOT_AVAILABLE", "no token"));
    private static final Pattern TOKEN = Pattern.compile("\\b(" + String.join("|", TOKEN_WORDS.keySet()) + ")\\b");

    private Json() {
    }

    /** @return the shared mapper (thread-safe once configured), also used by the writer */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Parses a JSON document that must be an object.
     *
     * @param bytes the bytes
     * @param offset first byte
     * @param length number of bytes
     * @param where the document, for messages
     * @return the root object
     * @throws FormatException on malformed JSON or a root that is not an object
     */
    public static ObjectNode parse(byte[] bytes, int offset, int length, String where) {
        JsonNode root;
        try {
            root = MAPPER.readTree(bytes, offset, length);
        } catch (StreamConstraintsException e) {
            throw new FormatException(where + ": JSON beyond this reader's limits: "
                    + withoutInternals(e.getOriginalMessage()), e);
        } catch (JacksonException e) {
            JsonLocation loc = e.getLocation();
            String at = loc == null || loc.getLineNr() < 1 ? "" : " at line " + loc.getLineNr() + " column "
                    + loc.getColumnNr();
            throw new FormatException(where + ": malformed JSON" + at + ": " + withoutInternals(e.getOriginalMessage()),
                    e);
        } catch (IOException e) {
            throw new FormatException(where + ": unreadable JSON: " + withoutInternals(e.getMessage()), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new FormatException(where + ": JSON document is empty, expected an object");
        }
        if (!root.isObject()) {
            throw new FormatException(where + ": JSON root is " + root.getNodeType() + ", expected an object");
        }
        return (ObjectNode) root;
    }

    /**
     * Rewrites a parser message in the terms of the document: the opening position of an unclosed
     * object or array instead of the parser's source descriptor, token kinds in words, and no
     * parser class, feature or limit names (a reader's message names the element and the problem,
     * never the library that found it).
     *
     * @param message the parser's message without its location suffix
     * @return the message for a {@link FormatException}
     */
    static String withoutInternals(@Nullable String message) {
        if (message == null || message.isBlank()) {
            return "unreadable";
        }
        String m = message;
        if (m.startsWith("Trailing token")) {
            return "content after the root object, expected the end of the document";
        }
        m = START_MARKER.matcher(m).replaceAll("(opened at line $1 column $2)");
        m = SOURCE.matcher(m).replaceAll("");
        m = LIMIT_ORIGIN.matcher(m).replaceAll(")");
        m = FEATURE_HINT.matcher(m).replaceAll("");
        Matcher token = TOKEN.matcher(m);
        StringBuilder sb = new StringBuilder();
        while (token.find()) {
            token.appendReplacement(sb, Matcher.quoteReplacement(TOKEN_WORDS.get(token.group())));
        }
        token.appendTail(sb);
        m = sb.toString();
        int internal = m.indexOf('`');
        if (internal >= 0) {
            m = m.substring(0, internal);
            int open = lastUnclosedParenthesis(m);
            if (open >= 0) {
                m = m.substring(0, open);
            }
            m = m.strip();
            while (!m.isEmpty() && ":,;(".indexOf(m.charAt(m.length() - 1)) >= 0) {
                m = m.substring(0, m.length() - 1).strip();
            }
        }
        return m.isEmpty() ? "unreadable" : m;
    }

    /** @return the index of the first {@code (} that the text leaves open, or -1 */
    private static int lastUnclosedParenthesis(String text) {
        int depth = 0;
        int open = -1;
        for (int i = text.length() - 1; i >= 0; i--) {
            char c = text.charAt(i);
            if (c == ')') {
                depth++;
            } else if (c == '(') {
                if (depth == 0) {
                    open = i;
                } else {
                    depth--;
                }
            }
        }
        return open;
    }

    /**
     * @param obj an object
     * @param field field name
     * @param where the object's element name
     * @return the object field, or {@code null} when absent
     * @throws FormatException when present but not an object
     */
    public static @Nullable JsonNode object(JsonNode obj, String field, String where) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isObject()) {
            throw new FormatException(where + "." + field + " is " + n.getNodeType() + ", expected an object");
        }
        return n;
    }

    /**
     * @param obj an object
     * @param field field name
     * @param where the object's element name
     * @return the array field, or {@code null} when absent
     * @throws FormatException when present but not an array
     */
    public static @Nullable JsonNode array(JsonNode obj, String field, String where) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isArray()) {
            throw new FormatException(where + "." + field + " is " + n.getNodeType() + ", expected an array");
        }
        return n;
    }

    /**
     * Returns element {@code i} of an array, required to be an object.
     *
     * @param array the array
     * @param i index
     * @param where the element name, e.g. {@code "nodes[3]"}
     * @return the element
     * @throws FormatException when it is not an object
     */
    public static JsonNode element(JsonNode array, int i, String where) {
        JsonNode n = array.get(i);
        if (n == null || !n.isObject()) {
            throw new FormatException(where + " is " + (n == null ? "missing" : n.getNodeType()) + ", expected an object");
        }
        return n;
    }

    /**
     * @param root the document root
     * @param field a top-level array such as {@code "accessors"}
     * @return its length, 0 when absent
     * @throws FormatException when present but not an array
     */
    public static int count(JsonNode root, String field) {
        JsonNode a = array(root, field, "glTF");
        return a == null ? 0 : a.size();
    }

    /**
     * Reads an integer field.
     *
     * @param obj the object
     * @param field field name
     * @param where the object's element name
     * @param absent value when the field is absent
     * @param min smallest accepted value
     * @param max largest accepted value
     * @return the value
     * @throws FormatException when not an integer or out of range
     */
    public static long integer(JsonNode obj, String field, String where, long absent, long min, long max) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            return absent;
        }
        return integerValue(n, where + "." + field, min, max);
    }

    /**
     * Reads an integer value.
     *
     * @param n the node
     * @param what the element name
     * @param min smallest accepted value
     * @param max largest accepted value
     * @return the value
     * @throws FormatException when not an integer or out of range
     */
    public static long integerValue(JsonNode n, String what, long min, long max) {
        if (!n.isNumber()) {
            throw new FormatException(what + " is " + n.getNodeType() + ", expected an integer");
        }
        long v;
        try {
            v = exactLong(n);
        } catch (ArithmeticException e) {
            throw new FormatException(what + " " + abbreviate(n) + ", expected an integer in " + min + ".." + max);
        }
        if (v < min || v > max) {
            throw new FormatException(what + " " + v + ", expected " + min + ".." + max);
        }
        return v;
    }

    /**
     * Reads an optional index into a top-level array.
     *
     * @param obj the object
     * @param field field name
     * @param where the object's element name
     * @param targetArray the referenced array's name, e.g. {@code "accessors"}
     * @param targetCount its length
     * @return the index, or {@link Index#NONE} when absent
     * @throws FormatException when not an integer or not a valid index
     */
    public static int index(JsonNode obj, String field, String where, String targetArray, int targetCount) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            return Index.NONE;
        }
        return indexValue(n, where + "." + field, targetArray, targetCount);
    }

    /**
     * Reads an index value.
     *
     * @param n the node
     * @param what the element name
     * @param targetArray the referenced array's name
     * @param targetCount its length
     * @return the index
     * @throws FormatException when not a valid index
     */
    public static int indexValue(JsonNode n, String what, String targetArray, int targetCount) {
        if (!n.isNumber()) {
            throw new FormatException(what + " is " + n.getNodeType() + ", expected an index into " + targetArray);
        }
        long v;
        try {
            v = exactLong(n);
        } catch (ArithmeticException e) {
            throw new FormatException(what + " " + abbreviate(n) + ", expected an index into " + targetArray);
        }
        if (v < 0 || v >= targetCount) {
            throw new FormatException(what + " " + v + ", expected an index into " + targetArray + " (0.."
                    + (targetCount - 1) + ", " + targetArray + " has " + targetCount + ")");
        }
        return (int) v;
    }

    /** The number's exact long value; an {@link ArithmeticException} when it has a fraction or exceeds a long. */
    private static long exactLong(JsonNode number) {
        return number.isIntegralNumber() && number.canConvertToLong() ? number.longValue()
                : number.decimalValue().longValueExact();
    }

    /**
     * Reads a required index.
     *
     * @param obj the object
     * @param field field name
     * @param where the object's element name
     * @param targetArray the referenced array's name
     * @param targetCount its length
     * @return the index
     * @throws FormatException when absent or invalid
     */
    public static int requiredIndex(JsonNode obj, String field, String where, String targetArray, int targetCount) {
        int i = index(obj, field, where, targetArray, targetCount);
        if (i < 0) {
            throw new FormatException(where + "." + field + " is missing, expected an index into " + targetArray);
        }
        return i;
    }

    /**
     * Reads a finite number.
     *
     * @param obj the object
     * @param field field name
     * @param where the object's element name
     * @param absent value when absent
     * @return the value as float
     * @throws FormatException when not a finite number
     */
    public static float number(JsonNode obj, String field, String where, float absent) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            return absent;
        }
        return numberValue(n, where + "." + field);
    }

    /**
     * Converts a number node to float: integers that fit an int directly, other numbers through
     * their double value (see the class description).
     *
     * @param n the node
     * @param what the element name
     * @return the value
     * @throws FormatException when not a finite number
     */
    public static float numberValue(JsonNode n, String what) {
        if (!n.isNumber()) {
            throw new FormatException(what + " is " + n.getNodeType() + ", expected a number");
        }
        float f = n.isIntegralNumber() && n.canConvertToInt() ? n.intValue() : (float) n.doubleValue();
        if (!Float.isFinite(f)) {
            throw new FormatException(what + " " + abbreviate(n) + ", expected a finite float");
        }
        return f;
    }

    /**
     * Reads an array of exactly {@code length} finite numbers.
     *
     * @param obj the object
     * @param field field name
     * @param where the object's element name
     * @param length required length
     * @return the values, or {@code null} when absent
     * @throws FormatException on a wrong length or a non-number
     */
    public static float @Nullable [] numbers(JsonNode obj, String field, String where, int length) {
        JsonNode a = array(obj, field, where);
        if (a == null) {
            return null;
        }
        if (a.size() != length) {
            throw new FormatException(where + "." + field + " has " + a.size() + " numbers, expected " + length);
        }
        float[] out = new float[length];
        for (int i = 0; i < length; i++) {
            out[i] = numberValue(a.get(i), where + "." + field + "[" + i + "]");
        }
        return out;
    }

    /**
     * Reads a string field.
     *
     * @param obj the object
     * @param field field name
     * @param where the object's element name
     * @return the string, or {@code null} when absent
     * @throws FormatException when present but not a string
     */
    public static @Nullable String string(JsonNode obj, String field, String where) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw new FormatException(where + "." + field + " is " + n.getNodeType() + ", expected a string");
        }
        return n.textValue();
    }

    /**
     * Reads a boolean field.
     *
     * @param obj the object
     * @param field field name
     * @param where the object's element name
     * @param absent value when absent
     * @return the value
     * @throws FormatException when present but not a boolean
     */
    public static boolean bool(JsonNode obj, String field, String where, boolean absent) {
        JsonNode n = obj.get(field);
        if (n == null || n.isNull()) {
            return absent;
        }
        if (!n.isBoolean()) {
            throw new FormatException(where + "." + field + " is " + n.getNodeType() + ", expected a boolean");
        }
        return n.booleanValue();
    }

    /**
     * The JSON text of a float that reads back (parsed as double, narrowed to float) to the same
     * bits: the float's shortest decimal, the same text on every JDK ({@link DecimalText}). A
     * decimal that rounds to the float reads back as the double nearest to it, which narrows to
     * the same float unless double rounding crosses a float tie; then the exact double value is
     * written instead.
     *
     * @param f a finite float
     * @return the number's text
     */
    public static String floatText(float f) {
        String s = DecimalText.of(f);
        if (Float.floatToIntBits((float) Double.parseDouble(s)) == Float.floatToIntBits(f)) {
            return s;
        }
        return DecimalText.of((double) f);
    }

    private static String abbreviate(JsonNode n) {
        String s = n.toString();
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
