package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built installation ({@code target/skinmesh/bin/skinmesh}) and the plain jar
 * ({@code java -jar target/skinmesh.jar}) run as separate processes: the launcher runs the SIMD
 * kernel with a clean stderr, from any folder and through links, with arguments intact, the Java of
 * {@code JAVA_HOME} and the options of {@code JAVA_OPTS}; the plain jar runs the scalar kernel and
 * says so once ({@link ScalarKernelNoticeTest} covers {@code --quiet} in-process). Run by
 * {@code mvn verify} after packaging.
 */
class InstallationIT {
    /** Longest a single run may take before the test gives up on it. */
    static final long TIMEOUT_SECONDS = 120;
    /** An output folder whose name needs every kind of shell quoting. */
    static final String AWKWARD_NAME = "out dir 'single' \"double\" $HOME * ? \\back;|&";
    /** Variables that would make the JVM print lines of its own. */
    static final List<String> JVM_VARIABLES = List.of("JAVA_OPTS", "SKINMESH_OPTS", "JAVA_TOOL_OPTIONS",
            "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS");

    @TempDir
    static Path tmp;
    static Path installation;
    static Path jar;
    static Path java;
    static String version;

    /** What one process produced. */
    record Result(int exitCode, String out, String err) {
        Result assertExit(int expected) {
            assertThat(exitCode).as("exit code; stdout:%n%s%nstderr:%n%s", out, err).isEqualTo(expected);
            return this;
        }
    }

    @BeforeAll
    static void findTheBuild() throws IOException {
        installation = Path.of(System.getProperty("skinmesh.installation", "target/skinmesh")).toAbsolutePath();
        jar = Path.of(System.getProperty("skinmesh.jar", "target/skinmesh.jar")).toAbsolutePath();
        assertThat(installation.resolve("bin/skinmesh")).as("built by mvn package").isRegularFile();
        assertThat(jar).as("built by mvn package").isRegularFile();
        java = Path.of(System.getProperty("java.home"), "bin", OS.WINDOWS.isCurrentOs() ? "java.exe" : "java");
        version = RootCommandTest.projectVersion();
    }

    static void assumeShell() {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no /bin/sh to run bin/skinmesh with");
    }

    /** Runs {@code command} in {@code dir} with a clean JVM environment changed by {@code env}. */
    static Result run(Path dir, Consumer<Map<String, String>> env, List<String> command)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        JVM_VARIABLES.forEach(pb.environment()::remove);
        pb.environment().put("JAVA_HOME", java.getParent().getParent().toString());
        env.accept(pb.environment());
        Path out = Files.createTempFile(tmp, "stdout", ".txt");
        Path err = Files.createTempFile(tmp, "stderr", ".txt");
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File(OS.WINDOWS.isCurrentOs() ? "NUL" : "/dev/null")));
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " ran longer than " + TIMEOUT_SECONDS + " s");
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    static Result launcher(Path dir, Consumer<Map<String, String>> env, Object... args)
            throws IOException, InterruptedException {
        return launcher(installation.resolve("bin/skinmesh"), dir, env, args);
    }

    static Result launcher(Path script, Path dir, Consumer<Map<String, String>> env, Object... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        Arrays.stream(args).map(String::valueOf).forEach(command::add);
        return run(dir, env, command);
    }

    static Result plainJar(Object... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java.toString(), "-jar", jar.toString()));
        Arrays.stream(args).map(String::valueOf).forEach(command::add);
        return run(tmp, env -> { }, command);
    }

    static List<String> lines(String text) {
        return text.lines().toList();
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void theLauncherPrintsTheVersionAndRunsTheSimdKernelWithNothingOnStderr() throws Exception {
        assumeShell();
        Result r = launcher(tmp, env -> { }, "--version").assertExit(SkinMeshCommand.OK);
        assertThat(lines(r.out())).containsExactly("skinmesh " + version,
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
                "skinning: SIMD kernel (jdk.incubator.vector)");
        assertThat(r.err()).as("the JVM's incubator notice is left out").isEmpty();
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void theLauncherRunsTheDemoThroughLinksFromAnyFolderWithArgumentsIntact() throws Exception {
        assumeShell();
        Path links = Files.createDirectories(tmp.resolve("links to it"));
        Path link = Files.createSymbolicLink(links.resolve("skinmesh"), installation.resolve("bin/skinmesh"));
        Path linkToLink = Files.createSymbolicLink(tmp.resolve("sm"), Path.of("links to it/skinmesh"));
        Path elsewhere = Files.createDirectories(tmp.resolve("somewhere else"));
        Path out = tmp.resolve(AWKWARD_NAME);

        Result r;
        try {
            r = launcher(linkToLink, elsewhere, env -> { }, "demo", "--out", out).assertExit(SkinMeshCommand.OK);
        } finally {
            Files.delete(linkToLink);
            Files.delete(link); // the temporary folder's clean-up warns about links that lead out of it
        }
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("(linear blend, SIMD kernel)");
        // the three .glb files, the .lm, the atlas page, three raw files and their layouts, the preview, the walk
        // baked both ways (vat/: two textures, their manifest and a picture of each; bones/: the texture, its
        // manifest and its picture), six textures, the crowd's page, texture, manifest, instances and bounds
        List<String> listed = lines(r.out().substring(r.out().indexOf("files written:"))).subList(1, 32);
        assertThat(listed).hasSize(31).allSatisfy(line -> assertThat(line).startsWith("  " + out + "/"));
        assertThat(out.resolve("humanoid.glb")).isRegularFile();
        assertThat(out.resolve("humanoid.combined.lm")).isRegularFile();
        assertThat(out.resolve("crowd/index.html")).isRegularFile();
        assertThat(Cli.files(out)).hasSize(31);
    }

    /**
     * Started with stdin closed (as some schedulers and scripts do), the launcher runs the command
     * with stdin on /dev/null. Before, duplicating the closed stdin ended it under dash with status 2
     * and a stray "Bad file descriptor", leaving its stderr filter blocked for ever, and under bash the
     * JVM never started while the launcher waited for the filter for ever.
     */
    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void theLauncherRunsWithStdinClosedUnderEveryShellPresent() throws Exception {
        assumeShell();
        for (String shell : List.of("/bin/sh", "/bin/dash", "/bin/bash")) {
            if (!Files.isExecutable(Path.of(shell))) {
                continue;
            }
            Result r = run(tmp, env -> { }, List.of("/bin/sh", "-c", "\"$1\" \"$2\" --version <&-", "sh", shell,
                    installation.resolve("bin/skinmesh").toString())).assertExit(SkinMeshCommand.OK);
            assertThat(lines(r.out())).as(shell).first().isEqualTo("skinmesh " + version);
            assertThat(r.err()).as(shell).isEmpty();
        }
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void anEmptyArgumentAndAnArgumentOfSpacesReachTheCommand() throws Exception {
        assumeShell();
        Result empty = launcher(tmp, env -> { }, "inspect", "").assertExit(SkinMeshCommand.BAD_INPUT);
        assertThat(empty.err()).startsWith("skinmesh inspect: : ");
        Result spaces = launcher(tmp, env -> { }, "inspect", "  two  spaces .glb").assertExit(SkinMeshCommand.BAD_INPUT);
        assertThat(spaces.err()).startsWith("skinmesh inspect:   two  spaces .glb: ");
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void theLauncherPassesTheExitCodeAndUsageErrorsThrough() throws Exception {
        assumeShell();
        Result r = launcher(tmp, env -> { }, "xyzzy").assertExit(SkinMeshCommand.USAGE);
        assertThat(r.err()).isEqualTo("skinmesh: Unmatched argument at index 0: 'xyzzy' (see skinmesh --help)\n");
        assertThat(r.out()).isEmpty();
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void javaOptsReachTheJvmAndItsErrorsStayVisible() throws Exception {
        assumeShell();
        Result bad = launcher(tmp, env -> env.put("JAVA_OPTS", "-Xss2m -XX:NoSuchOption"), "--version");
        assertThat(bad.exitCode()).isNotZero();
        assertThat(bad.err()).contains("Unrecognized VM option 'NoSuchOption'");
        assertThat(bad.out()).isEmpty();

        Result badToo = launcher(tmp, env -> env.put("SKINMESH_OPTS", "-XX:AlsoNoSuchOption"), "--version");
        assertThat(badToo.exitCode()).isNotZero();
        assertThat(badToo.err()).contains("Unrecognized VM option 'AlsoNoSuchOption'");

        Result good = launcher(tmp, env -> env.put("JAVA_OPTS", "-Xss2m  -Xmx256m"), "--version")
                .assertExit(SkinMeshCommand.OK);
        assertThat(good.err()).isEmpty();
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void javaOptionsFromTheEnvironmentAreAnnouncedButTheIncubatorNoticeIsNot() throws Exception {
        assumeShell();
        Result r = launcher(tmp, env -> env.put("JAVA_TOOL_OPTIONS", "-Xss2m"), "--version").assertExit(SkinMeshCommand.OK);
        assertThat(lines(r.err())).containsExactly("Picked up JAVA_TOOL_OPTIONS: -Xss2m");
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void javaHomeChoosesTheJavaAndWithoutItThePathDoes() throws Exception {
        assumeShell();
        // a java that records its use, then runs the real one
        Path home = Files.createDirectories(tmp.resolve("a java home/bin")).getParent();
        Path used = tmp.resolve("used");
        Path wrapper = home.resolve("bin/java");
        Files.writeString(wrapper, "#!/bin/sh\necho \"$0\" >> '" + used + "'\nexec '" + java + "' \"$@\"\n");
        assertThat(wrapper.toFile().setExecutable(true)).isTrue();

        launcher(tmp, env -> env.put("JAVA_HOME", home.toString()), "--version").assertExit(SkinMeshCommand.OK);
        assertThat(Files.readAllLines(used)).containsExactly(wrapper.toString());

        Files.delete(used);
        launcher(tmp, env -> {
            env.remove("JAVA_HOME");
            env.put("PATH", home.resolve("bin") + ":/usr/bin:/bin");
        }, "--version").assertExit(SkinMeshCommand.OK);
        assertThat(Files.readAllLines(used)).containsExactly(wrapper.toString());

        Result missing = launcher(tmp, env -> env.put("JAVA_HOME", tmp.resolve("no java here").toString()), "--version")
                .assertExit(1);
        assertThat(missing.err()).startsWith("skinmesh: JAVA_HOME is '" + tmp.resolve("no java here") + "'");
    }

    @Test
    void thePlainJarRunsTheScalarKernelAndSaysSoOnce() throws Exception {
        String notice = "skinmesh demo: skinning with the scalar kernel; bin/skinmesh, or java --add-modules "
                + "jdk.incubator.vector, runs the SIMD kernel";
        Result demo = plainJar("demo", "--out", tmp.resolve("plain jar demo")).assertExit(SkinMeshCommand.OK);
        assertThat(lines(demo.err())).containsExactly(notice);
        assertThat(demo.out()).contains("(linear blend, scalar kernel)");

        Result skin = plainJar("skin", tmp.resolve("plain jar demo/humanoid.glb"), "--out", tmp.resolve("rest pose.bin"))
                .assertExit(SkinMeshCommand.OK);
        assertThat(lines(skin.err())).containsExactly(notice.replace("skinmesh demo:", "skinmesh skin:"));
    }

    @Test
    void thePlainJarIsSilentOnStderrForVersionAndHelp() throws Exception {
        Result printed = plainJar("--version").assertExit(SkinMeshCommand.OK);
        assertThat(printed.err()).isEmpty();
        assertThat(lines(printed.out())).first().isEqualTo("skinmesh " + version);
        assertThat(lines(printed.out())).last().asString().startsWith("skinning: scalar kernel; ");

        assertThat(plainJar("demo", "--help").assertExit(SkinMeshCommand.OK).err()).isEmpty();
    }

    /**
     * JDK 24 and newer warn on stderr when a library calls {@code sun.misc.Unsafe}'s memory
     * methods, which JOML does unless told not to; the CLI tells it not to. Runs on every newer JDK
     * installed beside the one running the tests (the folder holding {@code java.home}).
     */
    @Test
    void newerJdksPrintNoUnsafeWarningsBeforeTheOutput() throws Exception {
        List<Path> newer = new ArrayList<>();
        Path jvms = Path.of(System.getProperty("java.home")).toRealPath().getParent();
        try (var dirs = Files.list(jvms)) {
            for (Path home : dirs.sorted().toList()) {
                Path release = home.resolve("release");
                Path bin = home.resolve("bin").resolve(OS.WINDOWS.isCurrentOs() ? "java.exe" : "java");
                if (Files.isRegularFile(release) && Files.isExecutable(bin) && Files.readString(release)
                        .matches("(?s).*JAVA_VERSION=\"(2[4-9]|[3-9][0-9])[.\"].*")) {
                    newer.add(bin);
                }
            }
        }
        assumeTrue(!newer.isEmpty(), "no JDK 24 or newer installed beside " + System.getProperty("java.home"));
        Path fox = tmp.resolve("unsafe check.glb");
        plainJar("demo", "--out", tmp.resolve("unsafe demo"), "--quiet").assertExit(SkinMeshCommand.OK);
        Files.copy(tmp.resolve("unsafe demo/humanoid.glb"), fox, StandardCopyOption.REPLACE_EXISTING);
        for (Path newJava : newer) {
            Result r = run(tmp, env -> { }, List.of(newJava.toString(), "-jar", jar.toString(), "skin", fox.toString(),
                    "--out", tmp.resolve("unsafe.bin").toString(), "--quiet")).assertExit(SkinMeshCommand.OK);
            assertThat(r.err()).as("stderr of %s", newJava).doesNotContain("Unsafe").isEmpty();
        }
    }

    /** SIGTERM (what a build tool or a container stop sends) removes the temporary file of an unfinished output. */
    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "SIGTERM is a POSIX signal")
    void sigtermDuringAWriteLeavesNoFileBehind() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("sigterm"));
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                HangingWrite.class.getName(), dir.resolve("out.bin").toString())
                .redirectErrorStream(true).start();
        try (var reader = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertThat(reader.readLine()).isEqualTo("writing");
            assertThat(Cli.hiddenFiles(dir)).as("the temporary file while writing").hasSize(1);
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(p.exitValue()).isEqualTo(143);
        assertThat(Cli.files(dir)).isEmpty();
    }

    /** The launcher is not the JVM: a signal sent to it alone must reach the JVM, and its exit status come back. */
    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "bin/skinmesh is a POSIX shell script; Windows runs bin\\skinmesh.bat")
    void theLauncherPassesSigtermOnToTheJvm() throws Exception {
        assumeShell();
        Path home = Files.createDirectories(tmp.resolve("a slow java/bin")).getParent();
        Path started = tmp.resolve("slow java started");
        Path terminated = tmp.resolve("slow java terminated");
        Path fake = home.resolve("bin/java");
        // the sleep does not inherit the stderr the launcher filters: the launcher would wait for that copy to close
        Files.writeString(fake, "#!/bin/sh\ntrap 'echo TERM > \"" + terminated + "\"; exit 143' TERM\n"
                + "echo started > \"" + started + "\"\nsleep 60 > /dev/null 2>&1 &\nwait\n");
        assertThat(fake.toFile().setExecutable(true)).isTrue();
        ProcessBuilder pb = new ProcessBuilder(installation.resolve("bin/skinmesh").toString(), "--version");
        pb.environment().put("JAVA_HOME", home.toString());
        pb.redirectErrorStream(true).redirectOutput(tmp.resolve("slow java out.txt").toFile());
        Process p = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (!Files.exists(started) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(started).exists();
        p.destroy(); // SIGTERM to the launcher only
        assertThat(p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(terminated).as("the JVM got the signal").hasContent("TERM");
        assertThat(p.exitValue()).isEqualTo(143);
    }
}
