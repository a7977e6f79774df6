package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Runs the {@code skinmesh} command in-process, capturing stdout, stderr and the exit code. */
final class Cli {
    /** What one run produced. */
    record Run(int exitCode, String out, String err) {
        /** @return this run, after checking it succeeded with nothing on stderr */
        Run assertOk() {
            assertThat(exitCode).as("exit code; stderr:%n%s", err).isEqualTo(SkinMeshCommand.OK);
            return this;
        }

        /** Checks a bad-input failure: exit 1, a message on stderr naming {@code names}, no stack trace. */
        Run assertBadInput(String... names) {
            assertThat(exitCode).as("exit code; stdout:%n%s%nstderr:%n%s", out, err).isEqualTo(SkinMeshCommand.BAD_INPUT);
            assertThat(err).startsWith("skinmesh ").contains(names).doesNotContain("\tat ").doesNotContain("Exception");
            return this;
        }

        /** Checks a usage failure: exit 2 and the problem on stderr. */
        Run assertUsage(String problem) {
            assertThat(exitCode).as("exit code; stdout:%n%s%nstderr:%n%s", out, err).isEqualTo(SkinMeshCommand.USAGE);
            assertThat(err).contains(problem).contains("Usage: skinmesh");
            return this;
        }
    }

    private Cli() {
    }

    static Run run(Object... args) {
        String[] a = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            a[i] = String.valueOf(args[i]);
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SkinMeshCommand.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(a);
        return new Run(code, out.toString(), err.toString());
    }

    /** @return the regular files under {@code dir}, relative to it, sorted */
    static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the regular files under {@code dir} whose name starts with a dot (temporary outputs), relative */
    static List<Path> hiddenFiles(Path dir) {
        return files(dir).stream().filter(p -> p.getFileName().toString().startsWith(".")).toList();
    }
}
