package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * A headless Chromium for the crowd page's tests: found on this machine or not (the tests then
 * skip, saying why; they install nothing), run with WebGL 2 on SwiftShader (the CPU renderer),
 * one process per screenshot or DOM dump, each with its own profile and a time limit.
 *
 * <p>Found as: the system property {@code skinmesh.chromium} or the environment variable
 * {@code SKINMESH_CHROMIUM} (a path), else {@code chromium}, {@code chromium-browser},
 * {@code google-chrome} or {@code google-chrome-stable} on the {@code PATH}.
 */
final class HeadlessChromium {
    /** Longest a browser run may take before it is killed and the test fails. */
    static final long TIMEOUT_SECONDS = 90;
    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome",
            "google-chrome-stable");

    private final Path executable;
    private final Path work;
    private int runs;

    private HeadlessChromium(Path executable, Path work) {
        this.executable = executable;
        this.work = work;
    }

    /**
     * @param work a folder for the browser's profiles and outputs
     * @return the browser; the calling test is skipped (a JUnit assumption with the reason) when none is found
     */
    static HeadlessChromium require(Path work) {
        Optional<Path> found = find();
        assumeTrue(found.isPresent(), "no Chromium to open the crowd page in: none of " + NAMES + " is on the PATH and"
                + " neither -Dskinmesh.chromium nor SKINMESH_CHROMIUM names one (Debian: apt-get install chromium)");
        return new HeadlessChromium(found.get(), work);
    }

    static Optional<Path> find() {
        for (String given : new String[] {System.getProperty("skinmesh.chromium"), System.getenv("SKINMESH_CHROMIUM")}) {
            if (given != null && !given.isBlank()) {
                Path p = Path.of(given);
                return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
            }
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : NAMES) {
            for (String dir : path.split(File.pathSeparator)) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Opens a page and returns what the window shows once it has loaded.
     *
     * @param page the HTML file
     * @param fragment the URL fragment (without {@code #}), may be empty
     * @param width the window's width in pixels
     * @param height its height
     * @return the screenshot, {@code width x height}
     */
    BufferedImage screenshot(Path page, String fragment, int width, int height) throws IOException {
        Path png = work.resolve("shot" + (++runs) + ".png");
        run(page, fragment, width, height, List.of("--screenshot=" + png));
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("screenshot %s", png).isNotNull();
        assertThat(image.getWidth()).isEqualTo(width);
        assertThat(image.getHeight()).isEqualTo(height);
        return image;
    }

    /**
     * Opens a page and returns its DOM once it has loaded, as HTML.
     *
     * @param extraFlags more command-line flags ({@code --disable-3d-apis}, {@code --virtual-time-budget=2000})
     */
    String dumpDom(Path page, String fragment, int width, int height, String... extraFlags) throws IOException {
        List<String> flags = new ArrayList<>(List.of(extraFlags));
        flags.add("--dump-dom");
        return run(page, fragment, width, height, flags);
    }

    private String run(Path page, String fragment, int width, int height, List<String> flags) throws IOException {
        int run = ++runs;
        Path profile = Files.createDirectories(work.resolve("profile" + run));
        Path out = work.resolve("run" + run + ".out");
        Path err = work.resolve("run" + run + ".err");
        List<String> command = new ArrayList<>(List.of(executable.toString(), "--headless", "--no-sandbox",
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-sandbox", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--hide-scrollbars", "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height));
        command.addAll(flags);
        command.add(page.toUri() + (fragment.isEmpty() ? "" : "#" + fragment));
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail("Chromium did not finish within " + TIMEOUT_SECONDS + " s: " + String.join(" ", command));
            }
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while Chromium ran", e);
        }
        assertThat(p.exitValue()).as("Chromium's exit status; stderr:%n%s", Files.readString(err, StandardCharsets.UTF_8))
                .isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
