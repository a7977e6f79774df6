package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the documentation tests compare: the field paths ({@code a.b[].c}) a JSON output has, and the
 * field paths a document's schema tables list (the ticked names in the first column of each table
 * row).
 */
final class DocFields {
    private static final Pattern TICKED = Pattern.compile("`([^`]+)`");

    private DocFields() {
    }

    /** Adds the path of every field of {@code node} (array elements as {@code []}) to {@code into}. */
    static void paths(JsonNode node, Set<String> into) {
        paths(node, "", into);
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

    /** @return the ticked names in the first column of the table rows of {@code text} */
    static Set<String> documented(String text) {
        Set<String> documented = new TreeSet<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("| `")) {
                Matcher m = TICKED.matcher(line.substring(0, line.indexOf('|', 1)));
                while (m.find()) {
                    documented.add(m.group(1));
                }
            }
        }
        return documented;
    }
}
