package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Runs the {@code skinmesh} command in-process, capturing stdout, stderr and the exit code. */
final class Cli {
    /** What one run produced: the exit code, standard output as bytes, standard error. */
    record Run(int exitCode, byte[] stdout, String err) {
        /** @return standard output as UTF-8 text */
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        /** @return this run, after checking it succeeded with nothing on stderr */
        Run assertOk() {
            assertThat(exitCode).as("exit code; stderr:%n%s", err).isEqualTo(SkinMeshCommand.OK);
            return this;
        }

        /** Checks a bad-input failure: exit 1, a message on stderr naming {@code names}, no stack trace. */
        Run assertBadInput(String... names) {
            assertThat(exitCode).as("exit code; stdout:%n%s%nstderr:%n%s", out(), err).isEqualTo(SkinMeshCommand.BAD_INPUT);
            assertThat(err).startsWith("skinmesh ").contains(names).doesNotContain("\tat ").doesNotContain("Exception");
            return this;
        }

        /**
         * Checks a usage failure: exit 2, nothing on stdout, and on stderr one line naming the problem and
         * the command's help, {@code skinmesh CMD: problem (see skinmesh CMD --help)}.
         */
        Run assertUsage(String problem) {
            assertThat(exitCode).as("exit code; stdout:%n%s%nstderr:%n%s", out(), err).isEqualTo(SkinMeshCommand.USAGE);
            assertThat(stdout).as("stdout").isEmpty();
            assertThat(err.lines()).as("stderr").singleElement().asString().startsWith("skinmesh").contains(problem)
                    .matches("(skinmesh[a-z -]*): .* \\(see \\1 --help\\)");
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
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        StringWriter err = new StringWriter();
        int code = SkinMeshCommand.commandLine(stdout, out, new PrintWriter(err, true)).execute(a);
        out.flush();
        return new Run(code, stdout.toByteArray(), err.toString());
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
