package io.github.skinmesh.gltf.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class JsonTest {
    /** Every finite float written by the writer reads back to the same bits through the reader. */
    @Property(tries = 20000, seed = "99")
    void floatTextReadsBackExactly(@ForAll int bits) {
        float f = Float.intBitsToFloat(bits);
        if (!Float.isFinite(f)) {
            return;
        }
        byte[] doc = ("{\"v\": " + Json.floatText(f) + "}").getBytes(StandardCharsets.UTF_8);
        JsonNode root = Json.parse(doc, 0, doc.length, "test");
        assertThat(Float.floatToIntBits(Json.number(root, "v", "test", 0f))).isEqualTo(Float.floatToIntBits(f));
    }

    /**
     * Malformed JSON fails with a message in the document's terms: where, what, and where an unclosed
     * object or array was opened, but none of the parser's own vocabulary (its source descriptor, token
     * kinds, class, feature and limit names).
     */
    static Stream<Arguments> malformedDocuments() {
        return Stream.of(
                Arguments.of("{\"a\": 1", "doc: malformed JSON at line 1 column 8: Unexpected end-of-input: expected "
                        + "close marker for Object (opened at line 1 column 1)"),
                Arguments.of("{\"a\": [1,\n2", "doc: malformed JSON at line 2 column 2: Unexpected end-of-input: "
                        + "expected close marker for Array (opened at line 1 column 7)"),
                Arguments.of("{\"a\": 1} {}", "doc: malformed JSON at line 1 column 10: content after the root object, "
                        + "expected the end of the document"),
                Arguments.of("{\"a\": \"x", "doc: malformed JSON at line 1 column 9: Unexpected end-of-input in a string"),
                Arguments.of("{\"a\": NaN}", "doc: malformed JSON at line 1 column 10: Non-standard token 'NaN'"),
                Arguments.of("{\"a\": 1}}", "doc: malformed JSON at line 1 column 9: Unexpected close marker '}': "
                        + "no open Object to close"),
                Arguments.of(" ", "doc: JSON document is empty, expected an object"),
                Arguments.of("[1]", "doc: JSON root is ARRAY, expected an object"));
    }

    /**
     * Malformed JSON fails with a message in the document's terms: where, what, and where an unclosed
     * object or array was opened, but none of the parser's own vocabulary (its source descriptor, token
     * kinds, class, feature and limit names).
     */
    @ParameterizedTest
    @MethodSource("malformedDocuments")
    void malformedJsonIsDescribedWithoutParserInternals(String document, String expected) {
        byte[] doc = document.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Json.parse(doc, 0, doc.length, "doc")).isInstanceOf(FormatException.class)
                .hasMessage(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0|nesting|doc: JSON beyond this reader's limits: Document nesting depth (257) exceeds the maximum allowed (256)",
        "1|number|doc: JSON beyond this reader's limits: Number value length (2000) exceeds the maximum allowed (1000)",
    })
    void parserLimitsAreNamedWithoutTheParsersSettings(int which, String what, String expected) {
        String document = which == 0 ? "[".repeat(Json.MAX_NESTING + 1) : "{\"a\": " + "1".repeat(2000) + "}";
        byte[] doc = document.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Json.parse(doc, 0, doc.length, "doc")).as(what).isInstanceOf(FormatException.class)
                .hasMessage(expected);
    }

    /** Whatever else the parser says, its source descriptor and backquoted internals are cut. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Odd thing at [Source: REDACTED (`X` disabled); line: 3, column: 4]|Odd thing",
        "Bad value (bound as `com.fasterxml.jackson.databind.JsonNode`): no|Bad value",
        "Trailing token (of type START_OBJECT) found|content after the root object, expected the end of the document",
        "Unexpected FIELD_NAME after VALUE_NUMBER_INT|Unexpected a field name after an integer",
        "`Internal`|unreadable",
    })
    void parserVocabularyIsRewritten(String message, String expected) {
        assertThat(Json.withoutInternals(message)).isEqualTo(expected);
    }
}
