package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java 20+ paths on a newer JDK when the build runs on an older one. Bakes and crowds round
 * halves with the runtime's conversions ({@code Float.floatToFloat16}) from Java 20 on, and every
 * user on such a runtime takes those paths, but a JDK 17 build skips their tests. This test runs
 * them ({@link #TESTS}, with {@code jdk.incubator.vector}) in a child JVM of a newer JDK through
 * {@link NewerJdkRunner}, on this build's class path, and requires them to pass with none of the
 * Java 20 tests skipped.
 *
 * <p>The JDK is the one whose home folder the environment variable {@value #ENV} names, else the
 * newest JDK of version 20 or later installed beside this one that starts with the incubator
 * module: a sibling folder of {@code java.home} with {@code bin/java} and a {@code release} file,
 * as Linux packages and SDK managers lay JDKs out. Skipped, saying why, when there is none, or
 * when this runtime is Java 20 or later itself (then the tests ran in this JVM). The child's
 * output goes to {@code target/newer-jdk-tests.log} of the module; the child is ended with the
 * test, and ends itself when its parent JVM does.
 */
class NewerJdkTest {
    /** Environment variable naming a JDK home to run the Java 20+ tests on. */
    static final String ENV = "SKINMESH_NEWER_JDK";
    /** The first feature release with {@code Float.floatToFloat16}. */
    static final int FEATURE = 20;
    /**
     * The test classes with Java 20+ branches, or whose bytes those branches must not change (by
     * name: the crowd's are package-private).
     */
    static final List<String> TESTS = List.of(HardwareHalfPositionsTest.class.getName(),
            BakeKernelsTest.class.getName(), PositionKernelTest.class.getName(),
            VectorPositionKernelTest.class.getName(), VatGoldenTest.class.getName(),
            "io.github.skinmesh.vat.crowd.BlendKernelsTest", "io.github.skinmesh.vat.crowd.CrowdPalettesTest");
    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)(?:\\.(\\d+))?");
    private static final Pattern SUMMARY =
            Pattern.compile("(?m)^runtime (\\d+): (\\d+) found, (\\d+) succeeded, (\\d+) failed, (\\d+) skipped$");

    @Test
    void theJava20PathsPassOnANewerJdk() throws IOException, InterruptedException, ClassNotFoundException {
        assumeTrue(Runtime.version().feature() < FEATURE,
                "this runtime (" + Runtime.version() + ") runs the Java 20 paths in this build's own tests");
        Path javaHome = Path.of(System.getProperty("java.home"));
        String named = System.getenv(ENV);
        Optional<Path> jdk = find(javaHome, named).stream().filter(NewerJdkTest::starts).findFirst();
        if (named != null && !named.isBlank()) {
            assertThat(jdk).as("%s=%s: a JDK that starts with --add-modules jdk.incubator.vector", ENV, named)
                    .isPresent();
        }
        assumeTrue(jdk.isPresent(), "no JDK " + FEATURE + " or later beside " + javaHome
                + " that starts with the incubator module; set " + ENV
                + " to one's home folder to run the Java 20 paths' tests");
        List<String> command = new ArrayList<>(List.of(jdk.get().resolve("bin").resolve("java").toString(),
                "--add-modules", "jdk.incubator.vector", "-ea", "-Dskinmesh.test.vectorModule=present"));
        String shared = System.getProperty("skinmesh.shared");
        if (shared != null) {
            command.add("-Dskinmesh.shared=" + shared);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), NewerJdkRunner.class.getName()));
        for (String test : TESTS) {
            Class.forName(test, false, NewerJdkTest.class.getClassLoader()); // a renamed class fails here
            command.add(test);
        }
        Path log = Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target"))
                .resolve("newer-jdk-tests.log");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!child.waitFor(10, TimeUnit.MINUTES)) {
                fail("the tests on " + jdk.get() + " ran past 10 minutes; output so far in " + log.toAbsolutePath());
            }
        } finally {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(child.exitValue()).as("exit code of the tests on %s:%n%s", jdk.get(), out).isZero();
        Matcher m = SUMMARY.matcher(out);
        assertThat(m.find()).as("summary line in:%n%s", out).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isGreaterThanOrEqualTo(FEATURE);
        assertThat(Integer.parseInt(m.group(3))).as("tests succeeded on %s", jdk.get()).isPositive();
        assertThat(out.lines().filter(l -> l.startsWith("skipped: ") && l.contains("Java 20")))
                .as("Java 20 tests skipped on %s", jdk.get()).isEmpty();
    }

    /** Whether the JDK at {@code home} starts with the incubator module ({@code -version}, within a minute). */
    static boolean starts(Path home) {
        try {
            Process p = new ProcessBuilder(home.resolve("bin").resolve("java").toString(), "--add-modules",
                    "jdk.incubator.vector", "-version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                return p.waitFor(1, TimeUnit.MINUTES) && p.exitValue() == 0;
            } finally {
                if (p.isAlive()) {
                    p.destroyForcibly();
                }
            }
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The JDKs to run the Java 20+ tests on, the first that starts taken: {@code env} alone when set
     * (which must be such a JDK), else the siblings of {@code javaHome} of version {@value #FEATURE}
     * or later, newest first (ties by name).
     */
    static List<Path> find(Path javaHome, String env) {
        if (env != null && !env.isBlank()) {
            Path home = Path.of(env);
            int feature = feature(home);
            if (feature < FEATURE) {
                throw new IllegalStateException(ENV + "=" + env + ": " + (feature < 0
                        ? "not a JDK home (no bin/java with a release file naming JAVA_VERSION)"
                        : "Java " + feature + ", expected " + FEATURE + " or later"));
            }
            return List.of(home);
        }
        Path parent = javaHome.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> siblings = Files.list(parent)) {
            return siblings.filter(p -> feature(p) >= FEATURE)
                    .sorted(Comparator.comparingInt(NewerJdkTest::feature).reversed()
                            .thenComparing(p -> p.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The feature version of the JDK at {@code home} (8 for 1.8), or -1 when it is not a JDK home. */
    static int feature(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
            return -1;
        }
        try {
            Matcher m = VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
            if (!m.find()) {
                return -1;
            }
            int first = Integer.parseInt(m.group(1));
            return first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first;
        } catch (IOException e) {
            return -1;
        }
    }

    private static Path jdk(Path parent, String name, String version) throws IOException {
        Path home = parent.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin").resolve("java"), "");
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void theNewestSiblingOfVersion20OrLaterIsFound(@TempDir Path dir) throws IOException {
        Path self = jdk(dir, "jdk-17", "17.0.15");
        jdk(dir, "jdk-8", "1.8.0_402");
        Path b21 = jdk(dir, "b-21", "21.0.2");
        jdk(dir, "a-21", "21.0.5");
        Path notJdk = Files.createDirectories(dir.resolve("zz-99"));
        Files.writeString(notJdk.resolve("release"), "JAVA_VERSION=\"99\"\n");
        assertThat(find(self, null)).containsExactly(dir.resolve("a-21"), b21);
        Path j25 = jdk(dir, "temurin-25", "25.0.3");
        assertThat(find(self, "")).containsExactly(j25, dir.resolve("a-21"), b21);
        assertThat(feature(dir.resolve("jdk-8"))).isEqualTo(8);
        assertThat(feature(notJdk)).isEqualTo(-1);
        assertThat(find(self, b21.toString())).containsExactly(b21);
        assertThat(starts(j25)).as("an empty file is no java launcher").isFalse();
    }

    @Test
    void noSiblingOrAnOlderOneFindsNothingAndABadVariableIsNamed(@TempDir Path dir) throws IOException {
        Path self = jdk(dir, "jdk-17", "17.0.15");
        jdk(dir, "jdk-19", "19.0.2");
        assertThat(find(self, null)).isEmpty();
        assertThatThrownBy(() -> find(self, dir.resolve("jdk-19").toString()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(ENV + "=" + dir.resolve("jdk-19") + ": Java 19, expected 20 or later");
        assertThatThrownBy(() -> find(self, dir.resolve("none").toString()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(ENV + "=" + dir.resolve("none")
                        + ": not a JDK home (no bin/java with a release file naming JAVA_VERSION)");
    }
}
