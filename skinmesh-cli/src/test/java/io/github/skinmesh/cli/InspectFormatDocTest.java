package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inspect format document ({@code docs/inspect.md}) and the output agree: every problem code is
 * documented and every documented code exists; every field the JSON holds is documented, and every
 * documented field occurs in the outputs of the shared assets and of a file with a missing image and
 * a rigid part.
 */
class InspectFormatDocTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path DOC = Path.of("..", "docs", "inspect.md");

    private static String doc() throws IOException {
        assertThat(DOC).as("the inspect format document, beside the modules").isRegularFile();
        return Files.readString(DOC);
    }

    private static String section(String doc, String heading) {
        int start = doc.indexOf("\n## " + heading);
        assertThat(start).as("section %s", heading).isNotNegative();
        int end = doc.indexOf("\n## ", start + 1);
        return doc.substring(start, end < 0 ? doc.length() : end);
    }

    @Test
    void everyCodeIsDocumentedAndNothingElse() throws IOException {
        Set<String> documented = new TreeSet<>();
        Matcher row = Pattern.compile("(?m)^\\| `([A-Z_]+)` \\|").matcher(section(doc(), "Problem codes"));
        while (row.find()) {
            documented.add(row.group(1));
        }
        Set<String> codes = new TreeSet<>();
        Arrays.stream(ProblemCode.values()).forEach(c -> codes.add(c.name()));
        assertThat(documented).isEqualTo(codes);
    }

    @Test
    void theDocumentedVersionIsTheCommandsVersion() throws IOException {
        assertThat(section(doc(), "Versioning")).contains("this page describes version **" + InspectCommand.FORMAT_VERSION
                + "**");
        assertThat(doc()).contains("## Schema (formatVersion " + InspectCommand.FORMAT_VERSION + ")");
    }

    @Test
    void everyFieldIsDocumentedAndEveryDocumentedFieldOccurs(@TempDir Path dir) throws IOException {
        Set<String> output = new TreeSet<>();
        for (String name : new String[] {"Fox.glb", "CesiumMan.glb", "RiggedSimple.glb"}) {
            DocFields.paths(InspectCommandTest.inspectJson(name), output);
        }
        Path gltf = TestFiles.gltfWithMissingImage(dir);
        DocFields.paths(MAPPER.readTree(Cli.run("inspect", gltf, "--json").assertOk().out()), output);
        Path rigid = InspectCommandTest.writeRigidHat(dir);
        DocFields.paths(MAPPER.readTree(Cli.run("inspect", rigid, "--json").assertOk().out()), output);

        Set<String> documented = DocFields.documented(section(doc(), "Schema"));
        // primitives[].problems[] hold the fields of problems[], documented once
        Set<String> normalized = new TreeSet<>();
        for (String p : output) {
            normalized.add(p.replace("primitives[].problems[]", "problems[]"));
        }
        assertThat(documented).as("documented fields").containsAll(normalized);
        assertThat(normalized).as("fields that occur in the outputs").containsAll(documented);
    }

}
