package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.atlas.image.Png;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
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
        DocFields.paths(layout, output);
        String doc = doc();
        Set<String> documented = DocFields.documented(doc.substring(doc.indexOf("\n## Schema")));
        assertThat(documented).as("documented fields").isEqualTo(output);
    }

}
