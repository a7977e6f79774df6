package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crowd document ({@code docs/crowd.md}) and {@code instances.json} agree: every field is
 * documented, every documented field occurs, the documented version and ranges are the command's,
 * and every file the command writes is in the document's file table.
 */
class CrowdInstancesDocTest {
    private static final Path DOC = Path.of("..", "docs", "crowd.md");

    @TempDir
    Path tmp;

    private static String doc() throws IOException {
        assertThat(DOC).as("the crowd document, beside the modules").isRegularFile();
        return Files.readString(DOC);
    }

    private static String section(String doc, String heading) {
        int from = doc.indexOf("\n## " + heading);
        assertThat(from).as("section %s", heading).isNotNegative();
        int to = doc.indexOf("\n## ", from + 1);
        return doc.substring(from, to < 0 ? doc.length() : to);
    }

    @Test
    void everyFieldIsDocumentedAndEveryDocumentedFieldOccurs() throws IOException {
        Path out = tmp.resolve("crowd");
        Path file = CrowdFixtures.write(tmp.resolve("random.glb"), CrowdFixtures.random(1, 3, 4, true));
        Cli.run("crowd", file, "--clip", "0", "--out", out, "--instances", 3, "--quiet").assertOk();
        JsonNode instances = CrowdFixtures.json(out.resolve(Crowd.INSTANCES));
        Set<String> output = new TreeSet<>();
        DocFields.paths(instances, output);
        String doc = doc();
        String schema = section(doc, "`instances.json` (version " + CrowdInstances.FORMAT_VERSION + ")");
        assertThat(DocFields.documented(schema)).as("documented fields").isEqualTo(output);
        assertThat(instances.get("version").asInt()).isEqualTo(CrowdInstances.FORMAT_VERSION);
        assertThat(schema).contains("in `[" + CrowdInstances.MIN_SPEED + ", " + CrowdInstances.MAX_SPEED + ")`")
                .contains("grid spacing is " + CrowdInstances.SPACING + " times");

        // the file table lists what the command writes
        Set<String> files = new TreeSet<>();
        for (Path p : Cli.files(out)) {
            files.add(p.toString());
        }
        assertThat(DocFields.documented(section(doc, "Files"))).isEqualTo(files);
    }

    @Test
    void theDocumentedLimitsAreTheCommands() throws IOException {
        assertThat(doc()).contains("At most " + Crowd.MAX_CLIPS + " clips")
                .contains(String.format("%,d instances", Crowd.MAX_INSTANCES))
                .contains("rows hold at most " + Crowd.WEBGL2_MIN_TEXTURE_SIZE + " texels")
                .contains("N instances (default " + Crowd.DEFAULT_INSTANCES + ")");
    }
}
