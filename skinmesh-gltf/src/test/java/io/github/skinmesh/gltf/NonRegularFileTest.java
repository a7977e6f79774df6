package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only regular files are read: a buffer or image URI naming a FIFO, a directory or a device beside
 * the {@code .gltf}, or such a path given as the document, fails naming it instead of blocking
 * (opening a FIFO waits for a writer forever) or reading without end. Each case runs under a
 * timeout, so a regression fails rather than hangs.
 */
class NonRegularFileTest {
    /** Far longer than any of these reads takes; a blocked open never returns. */
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    /** Makes a FIFO with {@code mkfifo}, or skips the test saying why it cannot. */
    private Path fifo(String name) throws InterruptedException {
        Path fifo = dir.resolve(name);
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
            assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0,
                    "mkfifo failed here: " + new String(p.getInputStream().readAllBytes()));
        } catch (IOException e) {
            assumeTrue(false, "mkfifo is not available here: " + e.getMessage());
        }
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
        return fifo;
    }

    /** Writes {@code doc.gltf} with buffer 0 at {@code uri}. */
    private Path documentWithBufferAt(String uri) throws IOException {
        TestGltf g = TestGltf.minimalSkinned();
        g.gltf();
        ((ObjectNode) g.array("buffers").get(0)).put("uri", uri);
        return Files.write(dir.resolve("doc.gltf"), g.json());
    }

    /** Writes {@code textured.gltf}: the minimal document with a base color texture whose image is at {@code uri}. */
    private Path documentWithImageAt(String uri) throws IOException {
        TestGltf g = TestGltf.minimalSkinned();
        g.add("images").put("uri", uri);
        g.add("textures").put("source", 0);
        g.add("materials").putObject("pbrMetallicRoughness").putObject("baseColorTexture").put("index", 0);
        ((ObjectNode) g.array("meshes").get(0).get("primitives").get(0)).put("material", 0);
        return Files.write(dir.resolve("textured.gltf"), g.gltf());
    }

    private static void assertRefused(Path file, String message) {
        assertTimeoutPreemptively(TIMEOUT, () -> assertThatThrownBy(() -> GltfReader.read(file))
                .isInstanceOf(FormatException.class).hasMessage(message)
                .extracting(e -> ((FormatException) e).source()).isEqualTo(file));
    }

    @Test
    void aBufferUriNamingAFifoFailsInsteadOfBlocking() throws Exception {
        fifo("pipe.bin");
        Path file = documentWithBufferAt("pipe.bin");
        assertRefused(file, file + ": buffers[0].uri 'pipe.bin': uri 'pipe.bin' names a FIFO, not a regular file; "
                + "only regular files are read");
    }

    @Test
    void anImageUriNamingAFifoFailsInsteadOfBlocking() throws Exception {
        fifo("pipe.png");
        Path file = documentWithImageAt("pipe.png");
        assertRefused(file, file + ": images[0].uri 'pipe.png': uri 'pipe.png' names a FIFO, not a regular file; "
                + "only regular files are read");
    }

    @Test
    void aFifoGivenAsTheDocumentFailsInsteadOfBlocking() throws Exception {
        Path pipe = fifo("pipe.glb");
        assertRefused(pipe, pipe + ": is a FIFO, not a regular file; only regular files are read");
    }

    @Test
    void aDirectoryIsNotReadEither() throws IOException {
        Files.createDirectory(dir.resolve("data.bin"));
        Path file = documentWithBufferAt("data.bin");
        assertRefused(file, file + ": buffers[0].uri 'data.bin': uri 'data.bin' names a directory, not a regular "
                + "file; only regular files are read");
        Path folder = Files.createDirectory(dir.resolve("folder.glb"));
        assertRefused(folder, folder + ": is a directory, not a regular file; only regular files are read");
    }

    /** A symbolic link inside the folder to a FIFO inside it is followed, and refused like the FIFO. */
    @Test
    void aSymbolicLinkToAFifoIsRefusedLikeTheFifo() throws Exception {
        Path pipe = fifo("pipe");
        try {
            Files.createSymbolicLink(dir.resolve("link.bin"), pipe);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links are not available here: " + e);
        }
        Path file = documentWithBufferAt("link.bin");
        assertRefused(file, file + ": buffers[0].uri 'link.bin': uri 'link.bin' names a FIFO, not a regular file; "
                + "only regular files are read");
    }

    /** A character device (where the platform has /dev/zero, which never ends) is refused by its kind. */
    @Test
    void aDeviceIsNotReadEither() throws IOException {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "this platform has no /dev/zero");
        assertRefused(zero, zero + ": is a character device, not a regular file; only regular files are read");
    }
}
