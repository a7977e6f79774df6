package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The synopses the README's command table and the command pages in {@code docs/} give are what the
 * commands accept: every option they show exists with the value label they show ({@code --clip C...}
 * is an option taking several values), and every command has a row in the README's table.
 */
class SynopsisDocTest {
    private static final Path README = Path.of("..", "README.md");
    private static final Path DOCS = Path.of("..", "docs");
    /** A row of the README's command table: the command and its synopsis in the first cell. */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z-]+)((?: [^`]*)?)` \\|", Pattern.MULTILINE);
    /** A command page's synopsis: the first code span naming the command with arguments, possibly over lines. */
    private static final Pattern PAGE = Pattern.compile("`skinmesh ([a-z-]+)( [^`]+)`");

    @Test
    void theReadmeTableHasARowPerCommandWithTheOptionsItAccepts() throws IOException {
        Map<String, String> rows = new LinkedHashMap<>();
        String readme = Files.readString(README);
        int table = readme.indexOf("| command | what it does |");
        assertThat(table).as("the README's command table").isNotNegative();
        int end = readme.indexOf("\n\n", table);
        Matcher m = ROW.matcher(readme.substring(table, end < 0 ? readme.length() : end));
        while (m.find()) {
            rows.put(m.group(1), m.group(2));
        }
        PrintWriter sink = new PrintWriter(new StringWriter());
        List<String> commands = SkinMeshCommand.commandLine(OutputStream.nullOutputStream(), sink, sink)
                .getSubcommands().keySet().stream()
                .filter(c -> !c.equals("help")).collect(Collectors.toList());
        assertThat(rows.keySet()).as("commands in the README's table").containsExactlyInAnyOrderElementsOf(commands);
        List<String> wrong = new ArrayList<>();
        rows.forEach((command, synopsis) -> wrong.addAll(mismatches("README", command, synopsis)));
        assertThat(wrong).isEmpty();
    }

    @Test
    void theCommandPagesSynopsesMatchTheCommands() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (String page : List.of("vat.md", "bones-texture.md", "crowd.md", "keys.md", "lm.md")) {
            Matcher m = PAGE.matcher(Files.readString(DOCS.resolve(page)));
            assertThat(m.find()).as("a synopsis in docs/%s", page).isTrue();
            wrong.addAll(mismatches("docs/" + page, m.group(1), m.group(2)));
        }
        assertThat(wrong).isEmpty();
    }

    /** What {@code synopsis} shows that the command's usage line does not have. */
    private static List<String> mismatches(String where, String command, String synopsis) {
        String usage = usage(command);
        List<String> wrong = new ArrayList<>();
        String[] tokens = synopsis.replace("\\|", "|").replaceAll("[\\[\\]]", " ").trim().split("\\s+");
        for (int i = 0; i < tokens.length; i++) {
            String t = tokens[i];
            if (t.isEmpty()) {
                continue;
            }
            String expected;
            if (t.startsWith("--")) {
                boolean hasValue = i + 1 < tokens.length && !tokens[i + 1].startsWith("-");
                if (!hasValue) {
                    expected = t;
                } else {
                    String value = tokens[++i];
                    // alternatives (gltf|unity|laya) may stand for a label such as C or MODE
                    expected = value.contains("|") ? t + "=" : t + "=" + value;
                }
            } else {
                expected = t;
            }
            if (!contains(usage, expected)) {
                wrong.add(where + ": " + command + " shows " + expected + "; its usage is " + usage);
            }
        }
        return wrong;
    }

    /** Whether {@code usage} holds {@code token} as a whole token (a value label is not a prefix of a longer one). */
    private static boolean contains(String usage, String token) {
        Matcher m = Pattern.compile(Pattern.quote(token) + (token.endsWith("=") ? "" : "(?![\\w.])")).matcher(usage);
        return m.find();
    }

    /** The command's usage line, without the line breaks picocli puts into it. */
    private static String usage(String command) {
        String help = Cli.run(command, "--help").assertOk().out();
        StringBuilder usage = new StringBuilder();
        for (String line : help.lines().toList()) {
            if (usage.length() > 0 && !line.startsWith(" ")) {
                break;
            }
            usage.append(line.strip());
        }
        // picocli breaks the line at spaces and after dots; joined without spaces, tokens end at ']' or '-'
        return usage.toString().replace("]", "] ").replace("[", " [").replaceAll("(\\S)--", "$1 --");
    }
}
