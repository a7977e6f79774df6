package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.Skinning;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one-line notice of the scalar skinning kernel: printed once by a command that skins, never by
 * help, version or {@code --quiet}, and never when the SIMD kernel runs. These tests run in-process,
 * in whichever kernel the test JVM has; {@code InstallationIT} runs both.
 */
class ScalarKernelNoticeTest {
    @TempDir
    static Path tmp;
    static Path glb;

    /** @return what {@code skinmesh <command>} prints on stderr before it skins, in this JVM */
    static String expectedNotice(String command) {
        return SkinningKernels.scalarNotice().map(n -> "skinmesh " + command + ": " + n + System.lineSeparator())
                .orElse("");
    }

    @BeforeAll
    static void writeACharacter() {
        Cli.run("demo", "--out", tmp.resolve("demo"), "--quiet").assertOk();
        glb = tmp.resolve("demo/humanoid.glb");
    }

    @Test
    void theNoticeNamesTheScalarKernelExactlyWhenItRuns() {
        assertThat(SkinningKernels.scalarNotice()).isEqualTo(Skinning.vectorKernelAvailable()
                ? java.util.Optional.empty()
                : java.util.Optional.of("skinning with the scalar kernel; bin/skinmesh, or java --add-modules "
                        + "jdk.incubator.vector, runs the SIMD kernel"));
        assertThat(SkinningKernels.name()).isEqualTo(Skinning.vectorKernelAvailable() ? "SIMD kernel" : "scalar kernel");
    }

    @Test
    void skinPrintsItOnce() {
        Cli.Run run = Cli.run("skin", glb, "--out", tmp.resolve("rest.bin")).assertOk();
        assertThat(run.err()).isEqualTo(expectedNotice("skin"));
    }

    @Test
    void demoPrintsItOnceThoughItSkinsEveryPartAtEveryFrame() {
        Cli.Run run = Cli.run("demo", "--out", tmp.resolve("again")).assertOk();
        assertThat(run.err()).isEqualTo(expectedNotice("demo"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo", "skin"})
    void quietSilencesIt(String command) {
        Cli.Run run = command.equals("demo") ? Cli.run("demo", "--out", tmp.resolve("quiet"), "--quiet")
                : Cli.run("skin", glb, "--out", tmp.resolve("quiet.bin"), "--quiet");
        run.assertOk();
        assertThat(run.err()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo", "skin"})
    void helpDoesNotPrintIt(String command) {
        Cli.Run run = Cli.run(command, "--help").assertOk();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("--quiet");
        assertThat(Cli.run("help", command).assertOk().err()).isEmpty();
    }

    @Test
    void versionSaysWhichKernelRunsOnStdoutOnly() {
        for (String option : new String[] {"--version", "-V"}) {
            Cli.Run run = Cli.run(option).assertOk();
            assertThat(run.err()).isEmpty();
            assertThat(run.out()).contains("skinning: " + SkinningKernels.describe() + System.lineSeparator());
        }
    }

    @Test
    void inspectDoesNotSkinAndDoesNotPrintIt() {
        Cli.Run run = Cli.run("inspect", glb).assertOk();
        assertThat(run.err()).isEmpty();
    }

    @Test
    void demoHelpSaysWhatQuietDoesToItsOutput() {
        String help = Cli.run("demo", "--help").assertOk().out().replaceAll("\\s+", " ");
        assertThat(help).contains("With --quiet, stdout holds only the list of files written")
                .contains("Print no progress and no notices on stderr");
    }
}
