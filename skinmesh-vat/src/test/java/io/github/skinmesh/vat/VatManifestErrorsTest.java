package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A manifest whose JSON has the wrong type, a missing key or a value out of range: one case each,
 * asserting that parsing fails with a {@link FormatException} naming the source, the key's path, the
 * value found and what is expected.
 */
class VatManifestErrorsTest {
    /** A small valid manifest: two clips, four vertices a row, one row a frame. */
    static final String VALID = """
            {"format": "skinmesh-vat", "version": 1, "kind": "vertex", "encoding": "float",
             "width": 4, "height": 8, "rowsPerFrame": 1, "vertexCount": 4,
             "textures": {"positions": "positions.exr"}, "offsets": false,
             "bounds": {"min": [-1.0, 0.0, -1.0], "max": [1.0, 2.0, 1.0]},
             "clips": [
               {"name": "walk", "firstRow": 0, "frames": 4, "fps": 30.0, "duration": 0.1, "loop": true,
                "bounds": {"min": [-1.0, 0.0, -1.0], "max": [1.0, 2.0, 1.0]}, "maxError": 0.0, "rmsError": 0.0},
               {"name": "idle", "firstRow": 4, "frames": 4, "fps": 30.0, "duration": 0.1, "loop": false,
                "bounds": {"min": [-1.0, 0.0, -1.0], "max": [1.0, 2.0, 1.0]}, "maxError": 0.0, "rmsError": 0.0}],
             "maxError": 0.0, "rmsError": 0.0}
            """;

    @Test
    void theBaseManifestIsValid() {
        VatManifest m = VatManifest.parse("m.json", VALID);
        assertThat(m.clips()).hasSize(2);
        assertThat(VatManifest.parse("m.json", m.toJson())).isEqualTo(m);
    }

    static Stream<Arguments> broken() {
        return Stream.of(
                // a string where a number is
                Arguments.of("\"width\": 4", "\"width\": \"4\"", "m.json: width is \"4\", expected an integer 1..16384"),
                Arguments.of("\"version\": 1", "\"version\": \"1\"",
                        "m.json: version is \"1\", expected an integer 0..2147483647"),
                Arguments.of("\"fps\": 30.0, \"duration\": 0.1, \"loop\": false", "\"fps\": \"30\", \"duration\": 0.1, "
                        + "\"loop\": false", "m.json: clips[1].fps is \"30\", expected a finite float > 0 (at most "
                        + Float.MAX_VALUE + ")"),
                Arguments.of("\"maxError\": 0.0, \"rmsError\": 0.0}\n", "\"maxError\": \"small\", \"rmsError\": 0.0}\n",
                        "m.json: maxError is \"small\", expected a finite number"),
                Arguments.of("\"min\": [-1.0, 0.0, -1.0], \"max\": [1.0, 2.0, 1.0]},\n \"clips\"",
                        "\"min\": [-1.0, \"0\", -1.0], \"max\": [1.0, 2.0, 1.0]},\n \"clips\"",
                        "m.json: bounds.min[1] is \"0\", expected a finite float (at most " + Float.MAX_VALUE + ")"),
                // a number or an array where a string is
                Arguments.of("\"name\": \"idle\"", "\"name\": 7", "m.json: clips[1].name is 7, expected a string"),
                Arguments.of("\"positions\": \"positions.exr\"", "\"positions\": [\"positions.exr\"]",
                        "m.json: textures.positions is [\"positions.exr\"], expected a string"),
                Arguments.of("\"kind\": \"vertex\"", "\"kind\": null", "m.json: kind is null, expected a string"),
                // a missing key
                Arguments.of("\"height\": 8, ", "", "m.json: height is missing, expected an integer 1..16384"),
                Arguments.of("\"loop\": true,", "", "m.json: clips[0].loop is missing, expected true or false"),
                Arguments.of("\"duration\": 0.1, \"loop\": true", "\"loop\": true",
                        "m.json: clips[0].duration is missing, expected a finite float >= 0 (at most "
                                + Float.MAX_VALUE + ")"),
                Arguments.of("\"textures\": {\"positions\": \"positions.exr\"}, ", "",
                        "m.json: textures is missing, expected an object"),
                Arguments.of("\"rmsError\": 0.0}\n", "\"rms\": 0.0}\n", "m.json: rmsError is missing, expected a finite"
                        + " number"),
                // an array where an object is, an object where an array is
                Arguments.of("\"bounds\": {\"min\": [-1.0, 0.0, -1.0], \"max\": [1.0, 2.0, 1.0]},\n \"clips\"",
                        "\"bounds\": [[-1.0, 0.0, -1.0], [1.0, 2.0, 1.0]],\n \"clips\"",
                        "m.json: bounds is [[-1.0, 0.0, -1.0], [1.0, 2.0, 1.0]], expected an object"),
                Arguments.of("\"textures\": {\"positions\": \"positions.exr\"}", "\"textures\": [\"positions.exr\"]",
                        "m.json: textures is [\"positions.exr\"], expected an object"),
                Arguments.of("\"clips\": [\n   {\"name\": \"walk\"", "\"clips\": [\n   [\"walk\"], {\"name\": \"walk\"",
                        "m.json: clips[0] is [\"walk\"], expected an object"),
                Arguments.of("\"clips\": [", "\"clips\": {\"walk\": 1}, \"other\": [",
                        "m.json: clips is {\"walk\": 1}, expected an array"),
                Arguments.of("\"max\": [1.0, 2.0, 1.0]}, \"maxError\": 0.0, \"rmsError\": 0.0},\n   {\"name\": \"idle\"",
                        "\"max\": {\"x\": 1.0}}, \"maxError\": 0.0, \"rmsError\": 0.0},\n   {\"name\": \"idle\"",
                        "m.json: clips[0].bounds.max is {\"x\": 1.0}, expected an array of 3 finite floats"),
                // values out of range
                Arguments.of("\"fps\": 30.0, \"duration\": 0.1, \"loop\": true", "\"fps\": 0, \"duration\": 0.1, "
                        + "\"loop\": true", "m.json: clips[0].fps is 0, expected a finite float > 0 (at most "
                        + Float.MAX_VALUE + ")"),
                Arguments.of("\"fps\": 30.0, \"duration\": 0.1, \"loop\": true", "\"fps\": -30, \"duration\": 0.1, "
                        + "\"loop\": true", "m.json: clips[0].fps is -30, expected a finite float > 0 (at most "
                        + Float.MAX_VALUE + ")"),
                Arguments.of("\"fps\": 30.0, \"duration\": 0.1, \"loop\": true", "\"fps\": 1e39, \"duration\": 0.1, "
                        + "\"loop\": true", "m.json: clips[0].fps is 1e39, expected a finite float > 0 (at most "
                        + Float.MAX_VALUE + ")"),
                Arguments.of("\"duration\": 0.1, \"loop\": false", "\"duration\": -0.5, \"loop\": false",
                        "m.json: clips[1].duration is -0.5, expected a finite float >= 0 (at most " + Float.MAX_VALUE
                                + ")"),
                Arguments.of("\"width\": 4", "\"width\": 16385", "m.json: width is 16385, expected an integer 1..16384"),
                Arguments.of("\"firstRow\": 4", "\"firstRow\": -1",
                        "m.json: clips[1].firstRow is -1, expected an integer 0..16384"),
                Arguments.of("\"firstRow\": 4", "\"firstRow\": 5",
                        "m.json: clip \"idle\": rows 5..9 (4 frames), expected within 0..8 and at least one frame"),
                Arguments.of("\"maxError\": 0.0, \"rmsError\": 0.0}\n", "\"maxError\": -1, \"rmsError\": 0.0}\n",
                        "m.json: maxError -1.0, expected a finite number >= 0"),
                Arguments.of("\"max\": [1.0, 2.0, 1.0]},\n \"clips\"", "\"max\": [1.0, 2.0, 1e39]},\n \"clips\"",
                        "m.json: bounds.max[2] is 1e39, expected a finite float (at most " + Float.MAX_VALUE + ")"));
    }

    @ParameterizedTest
    @MethodSource("broken")
    void aBrokenManifestNamesTheKeyTheValueAndTheExpectation(String from, String to, String message) {
        assertThat(VALID).contains(from);
        String json = VALID.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to));
        assertThatThrownBy(() -> VatManifest.parse("m.json", json)).isInstanceOf(FormatException.class)
                .hasMessage(message);
    }

    @Test
    void aLongValueIsCutInTheMessage() {
        String json = VALID.replace("\"width\": 4", "\"width\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json)).isInstanceOf(FormatException.class)
                .hasMessage("m.json: width is [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, ..., expected an integer"
                        + " 1..16384");
    }
}
