package io.github.skinmesh.gltf.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * An upper estimate of the heap that Jackson's tree of a JSON document takes: from the bytes, by
 * a streaming pass that keeps nothing but the set of distinct field names, so that a reader can
 * refuse a tree before building it; or from a tree already built, by a walk many times cheaper
 * than the parse, to charge what was built. A hostile document of empty objects
 * ({@code [{},{},...]}) takes about 28 bytes of tree per byte of JSON (estimated 35), strings of
 * one letter 17; typical glTF JSON 6 to 11. A reader whose budget admits
 * {@link #MAX_BYTES_PER_BYTE} for the JSON's length (a GLB, whose JSON is a small part of the
 * file) needs only the walk. What the read budget's accounting costs the import of the three
 * sample assets ({@code GltfImportBench}, JDK 17, two runs each, MB/s before and after):
 * CesiumMan 1,608 and 1,621, Fox 1,096 and 1,014, RiggedSimple 532 and 464; the walk is most of
 * it (2.5 us of RiggedSimple's 31 us read), a third of that the set of names. Streaming before
 * every parse instead cost about 20%.
 *
 * <p>The figures are the sizes of Jackson's node objects on a 64-bit JVM with compressed
 * references, measured by building trees of 200,000 values of each kind (Jackson 2.23, JDK 17),
 * rounded up: an object node with its {@code LinkedHashMap} 96 bytes, and 80 more for the map's
 * first table when it has a field; a field 56 (map entry and table growth), and once per distinct
 * name 48 plus its length (Jackson interns names); an array node with its {@code ArrayList} 56,
 * and 56 more for its first element array when it has an element; each element 8 (reference and
 * growth); an integer outside Jackson's cached -1..10 16, a long or a double 24, a larger integer
 * 64 plus its digits; a string 56 plus twice its bytes in the document (a {@code String}, at
 * worst two bytes per character, and Jackson's character buffer while it is parsed);
 * {@code true}, {@code false}, {@code null} nothing (shared nodes). Measured, and estimated, per
 * element of a large array: empty objects 85 bytes (104), empty arrays 53 (64), {@code 1000} 21
 * (24), {@code 0.5} 29 (32), {@code "a"} 69 (72); objects of one distinct field 104 (110); glTF
 * nodes of 100 bytes with a name, children, translation and rotation 800 (977). Whole glTF JSON
 * (streaming estimate): the Fox sample's 121 KB (146 KB), CesiumMan's 162 KB (197 KB), 2,000
 * nodes instancing one mesh 543 KB (652 KB).
 *
 * <p>Stateless and thread-safe.
 */
public final class JsonCost {
    static final long OBJECT = 96;
    static final long FIRST_FIELD = 80;
    static final long FIELD = 56;
    static final long NAME = 48;
    static final long ARRAY = 56;
    static final long FIRST_ELEMENT = 56;
    static final long ELEMENT = 8;
    static final long INT = 16;
    static final long LONG_OR_DOUBLE = 24;
    static final long BIG_INTEGER = 64;
    static final long STRING = 56;

    /**
     * With {@link #MAX_EXTRA_BYTES}, a bound on the estimate whatever the JSON:
     * {@code estimate <= MAX_BYTES_PER_BYTE * length + MAX_EXTRA_BYTES}. The densest JSON nests
     * arrays of one element, {@code [[[...]]]}: each level is 2 bytes and 120 (an array, its first
     * element array, its slot in the array around it). Everything else is less dense: an empty
     * object in an array, {@code {},}, 104 for 3; an object of one field, {@code {"":0},}, 240 for
     * 7; an empty string, {@code "",}, 70 for 3. A reader whose budget admits the bound for a
     * JSON's length need not estimate before parsing.
     */
    public static final long MAX_BYTES_PER_BYTE = 60;
    /** See {@link #MAX_BYTES_PER_BYTE}. */
    public static final long MAX_EXTRA_BYTES = 256;

    /**
     * An estimate.
     *
     * @param bytes the estimated heap of the tree, in bytes
     * @param values the number of values (objects, arrays, numbers, strings, literals)
     */
    public record Estimate(long bytes, long values) {
    }

    private JsonCost() {
    }

    /**
     * Estimates the tree of a JSON document. Malformed JSON ends the estimate where it breaks (the
     * parse that follows reports it).
     *
     * @param bytes the document's bytes
     * @param offset first byte
     * @param length number of bytes
     * @return the estimate of what {@link Json#parse} builds
     */
    public static Estimate of(byte[] bytes, int offset, int length) {
        long cost = 0;
        long values = 0;
        Set<String> names = new HashSet<>();
        long stringStart = -1;
        try (JsonParser p = Json.mapper().getFactory().createParser(bytes, offset, length)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (stringStart >= 0) { // the string's text ends before this token starts
                    cost += 2 * (p.currentTokenLocation().getByteOffset() - stringStart);
                    stringStart = -1;
                }
                if (t == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    cost += FIELD + (names.add(name) ? NAME + name.length() : 0)
                            + (p.getParsingContext().getCurrentIndex() == 0 ? FIRST_FIELD : 0);
                    continue;
                }
                if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    continue;
                }
                values++;
                boolean container = t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY;
                var context = container ? p.getParsingContext().getParent() : p.getParsingContext();
                if (context != null && context.inArray()) {
                    cost += ELEMENT + (context.getCurrentIndex() == 0 ? FIRST_ELEMENT : 0);
                }
                cost += switch (t) {
                    case START_OBJECT -> OBJECT;
                    case START_ARRAY -> ARRAY;
                    case VALUE_NUMBER_INT -> integer(p);
                    case VALUE_NUMBER_FLOAT -> LONG_OR_DOUBLE;
                    case VALUE_STRING -> {
                        stringStart = p.currentTokenLocation().getByteOffset();
                        yield STRING;
                    }
                    default -> 0; // true, false, null, embedded objects
                };
            }
            if (stringStart >= 0) {
                cost += 2 * (length - stringStart);
            }
        } catch (JacksonException e) {
            // malformed: what was counted stands, Json.parse names the problem
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading a byte array does not fail
        }
        return new Estimate(cost, values);
    }

    /**
     * Estimates a tree already built, with the same figures as the streaming estimate, except that
     * a string costs 56 plus two bytes per character (its text, decoded, at most two bytes a
     * character; its parse buffer is gone): never more than the streaming estimate of its JSON.
     * Cheap next to parsing (one visit per value).
     *
     * @param root a tree from {@link Json#parse}
     * @return the estimate of that tree
     */
    public static Estimate of(JsonNode root) {
        Tree t = new Tree();
        t.visit(root, false);
        return new Estimate(t.bytes, t.values);
    }

    /** One walk over a tree. */
    private static final class Tree {
        final Set<String> names = new HashSet<>();
        long bytes;
        long values;

        /** Adds the value's own cost and its slot in an array (fields are charged by their object). */
        void visit(JsonNode n, boolean inArray) {
            values++;
            long cost = inArray ? ELEMENT : 0;
            switch (n.getNodeType()) {
                case OBJECT -> {
                    cost += OBJECT + (n.isEmpty() ? 0 : FIRST_FIELD);
                    for (Map.Entry<String, JsonNode> field : n.properties()) {
                        String name = field.getKey();
                        cost += FIELD + (names.add(name) ? NAME + name.length() : 0);
                        visit(field.getValue(), false);
                    }
                }
                case ARRAY -> {
                    cost += ARRAY + (n.isEmpty() ? 0 : FIRST_ELEMENT);
                    for (int i = 0, size = n.size(); i < size; i++) {
                        visit(n.get(i), true);
                    }
                }
                case STRING -> cost += STRING + 2L * n.textValue().length();
                case NUMBER -> cost += number(n);
                default -> {
                    // true, false, null: shared nodes
                }
            }
            bytes += cost;
        }

        private static long number(JsonNode n) {
            if (n.isInt()) {
                int v = n.intValue();
                return v >= -1 && v <= 10 ? 0 : INT;
            }
            return n.isLong() || n.isDouble() || n.isFloat() ? LONG_OR_DOUBLE : BIG_INTEGER + n.asText().length();
        }
    }

    private static long integer(JsonParser p) throws IOException {
        switch (p.getNumberType()) {
            case INT: {
                int v = p.getIntValue();
                return v >= -1 && v <= 10 ? 0 : INT;
            }
            case LONG:
                return LONG_OR_DOUBLE;
            default:
                return BIG_INTEGER + p.getTextLength();
        }
    }
}
