package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.atlas.image.Png;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The atlas layout document ({@code docs/atlas.md}) and the layout JSON of {@code skinmesh atlas} agree:
 * every field the layout holds is documented, every documented field occurs, and the documented
 * version is the command's.
 */
class AtlasLayoutDocTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path DOC = Path.of("..", "docs", "atlas.md");
    private static final Pattern TICKED = Pattern.compile("`([^`]+)`");

    @TempDir
    Path tmp;

    private static String doc() throws IOException {
        assertThat(DOC).as("the atlas layout document, beside the modules").isRegularFile();
        return Files.readString(DOC);
    }

    @Test
    void theDocumentedVersionIsTheCommandsVersion() throws IOException {
        assertThat(doc()).contains("this page describes version **" + AtlasCommand.LAYOUT_FORMAT_VERSION + "**")
                .contains("## Schema (formatVersion " + AtlasCommand.LAYOUT_FORMAT_VERSION + ")");
    }

    @Test
    void everyFieldIsDocumentedAndEveryDocumentedFieldOccurs() throws IOException {
        Path a = tmp.resolve("a.png");
        Path b = tmp.resolve("b.png");
        Files.write(a, Png.encodeRgba8(3, 5, new byte[60]));
        Files.write(b, Png.encodeRgba8(7, 2, new byte[56]));
        Path out = tmp.resolve("atlas.png");
        Cli.run("atlas", a, b, "--out", out).assertOk();
        JsonNode layout = MAPPER.readTree(tmp.resolve("atlas.json").toFile());
        Set<String> output = new TreeSet<>();
        paths(layout, "", output);
        Set<String> documented = new TreeSet<>();
        String doc = doc();
        for (String line : doc.substring(doc.indexOf("\n## Schema")).split("\n")) {
            if (line.startsWith("| `")) {
                Matcher m = TICKED.matcher(line.substring(0, line.indexOf('|', 1)));
                while (m.find()) {
                    documented.add(m.group(1));
                }
            }
        }
        assertThat(documented).as("documented fields").isEqualTo(output);
    }

    private static void paths(JsonNode node, String prefix, Set<String> into) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String path = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
                into.add(path);
                paths(e.getValue(), path, into);
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                if (element.isObject()) {
                    paths(element, prefix + "[]", into);
                }
            }
        }
    }
}
