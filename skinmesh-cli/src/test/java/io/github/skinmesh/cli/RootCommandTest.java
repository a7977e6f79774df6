package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RootCommandTest {
    static String projectVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = SkinMeshCommand.class.getResourceAsStream("version.properties")) {
            assertThat(in).as("version.properties on the class path").isNotNull();
            p.load(in);
        }
        return p.getProperty("version");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--version", "-V"})
    void versionPrintsTheBuiltVersion(String option) throws IOException {
        String version = projectVersion();
        assertThat(version).as("filtered at build time").matches("[0-9]+\\.[0-9]+\\.[0-9]+.*");
        Cli.Run run = Cli.run(option).assertOk();
        assertThat(run.out().lines().findFirst()).contains("skinmesh " + version);
        assertThat(run.err()).isEmpty();
    }

    @Test
    void helpListsTheCommands() {
        Cli.Run run = Cli.run("--help").assertOk();
        assertThat(run.out()).startsWith("Usage: skinmesh").contains("Commands:");
        assertThat(run.out().lines().map(String::strip)).anyMatch(l -> l.startsWith("demo "))
                .anyMatch(l -> l.startsWith("inspect ")).anyMatch(l -> l.startsWith("skin "))
                .anyMatch(l -> l.startsWith("combine ")).anyMatch(l -> l.startsWith("vat "))
                .anyMatch(l -> l.startsWith("bones-texture ")).anyMatch(l -> l.startsWith("help "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo", "inspect", "skin", "combine", "vat", "bones-texture"})
    void everyCommandHasHelp(String command) {
        Cli.Run run = Cli.run(command, "--help").assertOk();
        assertThat(run.out()).startsWith("Usage: skinmesh " + command);
        assertThat(Cli.run("help", command).assertOk().out()).isEqualTo(run.out());
    }

    @Test
    void noCommandIsBadUsage() {
        Cli.Run run = Cli.run().assertUsage("missing command");
        assertThat(run.err()).isEqualTo("skinmesh: missing command (see skinmesh --help)" + System.lineSeparator());
    }

    @Test
    void anUnknownCommandIsBadUsage() {
        Cli.run("frobnicate").assertUsage("frobnicate");
    }

    @Test
    void anUnknownHelpTopicIsOneSentence() {
        assertThat(Cli.run("help", "nope").assertUsage("nope").err())
                .isEqualTo("skinmesh: Unknown subcommand 'nope' (see skinmesh --help)" + System.lineSeparator());
    }

    @Test
    void anUnknownRootOptionIsBadUsage() {
        Cli.run("--frobnicate").assertUsage("--frobnicate");
    }

    /** A usage error is one line naming the problem and the command's help, not the whole help. */
    @Test
    void aUsageErrorIsOneLinePointingToTheHelp() {
        assertThat(Cli.run("skin", "a.glb", "--time", "1", "--out", "a.bin").assertUsage("--time needs --clip").err())
                .isEqualTo("skinmesh skin: --time needs --clip (see skinmesh skin --help)" + System.lineSeparator());
        assertThat(Cli.run("inspect").assertUsage("FILE").err()).doesNotContain("Usage:");
    }

    /** A mistyped option gets picocli's suggestion on the same line. */
    @Test
    void aMistypedOptionIsSuggested() {
        assertThat(Cli.run("inspect", "a.glb", "--jsno").assertUsage("--jsno").err())
                .contains("did you mean --json?").endsWith("(see skinmesh inspect --help)" + System.lineSeparator());
    }
}
