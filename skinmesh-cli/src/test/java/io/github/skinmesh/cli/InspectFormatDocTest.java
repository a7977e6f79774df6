package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
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
    private static final Pattern TICKED = Pattern.compile("`([^`]+)`");

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
            paths(InspectCommandTest.inspectJson(name), "", output);
        }
        Path gltf = TestFiles.gltfWithMissingImage(dir);
        paths(MAPPER.readTree(Cli.run("inspect", gltf, "--json").assertOk().out()), "", output);
        Path rigid = InspectCommandTest.writeRigidHat(dir);
        paths(MAPPER.readTree(Cli.run("inspect", rigid, "--json").assertOk().out()), "", output);

        Set<String> documented = new TreeSet<>();
        for (String line : section(doc(), "Schema").split("\n")) {
            if (line.startsWith("| `")) {
                Matcher m = TICKED.matcher(line.substring(0, line.indexOf('|', 1)));
                while (m.find()) {
                    documented.add(m.group(1));
                }
            }
        }
        // primitives[].problems[] hold the fields of problems[], documented once
        Set<String> normalized = new TreeSet<>();
        for (String p : output) {
            normalized.add(p.replace("primitives[].problems[]", "problems[]"));
        }
        assertThat(documented).as("documented fields").containsAll(normalized);
        assertThat(normalized).as("fields that occur in the outputs").containsAll(documented);
    }

    /** Collects {@code a.b[].c} paths of every field of a JSON value. */
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
