package io.github.skinmesh.gltf.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.model.Index;
import java.io.IOException;
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
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE)
                    .maxNestingDepth(MAX_NESTING).build())
            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

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
        } catch (JacksonException e) {
            JsonLocation loc = e.getLocation();
            String at = loc == null ? "" : " at line " + loc.getLineNr() + " column " + loc.getColumnNr();
            throw new FormatException(where + ": malformed JSON" + at + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new FormatException(where + ": unreadable JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new FormatException(where + ": JSON root is " + (root == null ? "empty" : root.getNodeType())
                    + ", expected an object");
        }
        return (ObjectNode) root;
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
     * bits: the float's shortest form when that round-trips, else the exact double value.
     *
     * @param f a finite float
     * @return the number's text
     */
    public static String floatText(float f) {
        String s = Float.toString(f);
        if (Float.floatToIntBits((float) Double.parseDouble(s)) == Float.floatToIntBits(f)) {
            return s;
        }
        return Double.toString(f);
    }

    private static String abbreviate(JsonNode n) {
        String s = n.toString();
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
