package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.SkinMeshException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputsTest {
    @TempDir
    Path tmp;

    @Test
    void writesIntoNewFoldersAndRemembersTheFiles() throws IOException {
        Outputs outputs = new Outputs(List.of());
        Path a = tmp.resolve("deep/er/a.txt");
        Path b = tmp.resolve("b.txt");
        outputs.write(a, "alpha".getBytes(StandardCharsets.UTF_8));
        outputs.write(b, out -> out.write('b'));
        assertThat(a).doesNotExist();
        assertThat(outputs.written()).isEmpty();
        outputs.commit();
        assertThat(a).hasContent("alpha");
        assertThat(b).hasContent("b");
        assertThat(outputs.written()).containsExactly(a, b);
        assertThat(Cli.files(tmp)).containsExactly(Path.of("b.txt"), Path.of("deep/er/a.txt"));
    }

    @Test
    void floatsAreEncodedAsFloat32LittleEndian() {
        assertThat(Outputs.littleEndian(new float[] {1f, -2.5f, Float.intBitsToFloat(0x7FC00001)}))
                .containsExactly(0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x20, 0xC0, 0x01, 0x00, 0xC0, 0x7F);
        assertThat(Outputs.littleEndian(new float[0])).isEmpty();
    }

    @Test
    void anExistingOutputIsReplacedWhole() throws IOException {
        Path a = Files.writeString(tmp.resolve("a.txt"), "a much longer previous content");
        Outputs outputs = new Outputs(List.of());
        outputs.write(a, "new".getBytes(StandardCharsets.UTF_8));
        assertThat(a).hasContent("a much longer previous content");
        outputs.commit();
        assertThat(a).hasContent("new");
        assertThat(Cli.files(tmp)).containsExactly(Path.of("a.txt"));
    }

    @Test
    void aFailedWriteLeavesNoFileBehind() throws IOException {
        Path a = tmp.resolve("a.bin");
        Outputs outputs = new Outputs(List.of());
        assertThatThrownBy(() -> outputs.write(a, out -> {
            out.write(new byte[4096]);
            throw new IOException("device full");
        })).isInstanceOf(SkinMeshException.class).hasMessageContaining(a.toString())
                .hasMessageContaining("cannot write").hasMessageContaining("device full");
        assertThat(Cli.files(tmp)).isEmpty();
        assertThat(outputs.written()).isEmpty();
    }

    /** A file where a folder of the target should be (e.g. {@code demo --out notes.txt}): said in words. */
    @Test
    void aFileInPlaceOfAFolderIsNamed() throws IOException {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "keep");
        Path target = file.resolve("sub/a.bin");
        Outputs outputs = new Outputs(List.of());
        assertThatThrownBy(() -> outputs.write(target, new byte[1])).isInstanceOf(SkinMeshException.class)
                .hasMessage(target + ": cannot write, " + file + " is a file, not a folder");
        assertThat(file).hasContent("keep");
        assertThat(Cli.files(tmp)).containsExactly(Path.of("notes.txt"));
    }

    /** Java's file-system exceptions often carry only the path; the message gets the problem in words. */
    @Test
    void ioProblemsAreSaidInWords() {
        assertThat(Outputs.problem(new java.nio.file.AccessDeniedException("/data/.a.bin.part")))
                .isEqualTo("/data/.a.bin.part: permission denied");
        assertThat(Outputs.problem(new java.nio.file.NoSuchFileException("/data/a.bin")))
                .isEqualTo("/data/a.bin: no such file or folder");
        assertThat(Outputs.problem(new java.nio.file.NotDirectoryException("/data/a")))
                .isEqualTo("/data/a: not a folder");
        assertThat(Outputs.problem(new java.nio.file.FileAlreadyExistsException("/a", "/b", null)))
                .isEqualTo("/a -> /b: already exists");
        assertThat(Outputs.problem(new java.nio.file.FileSystemException("/a", null, "Read-only file system")))
                .isEqualTo("/a: Read-only file system");
        assertThat(Outputs.problem(new IOException("device full"))).isEqualTo("device full");
        assertThat(Outputs.problem(new IOException())).isEqualTo("IOException");
    }

    @Test
    void aFailedWriteKeepsThePreviousFile() throws IOException {
        Path a = Files.writeString(tmp.resolve("a.txt"), "previous");
        assertThatThrownBy(() -> new Outputs(List.of()).write(a, out -> {
            out.write('x');
            throw new IllegalStateException("encoder bug");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(a).hasContent("previous");
        assertThat(Cli.files(tmp)).containsExactly(Path.of("a.txt"));
    }

    @Test
    void anInputIsNeverATarget() throws IOException {
        Path in = Files.writeString(tmp.resolve("in.glb"), "input");
        Outputs outputs = new Outputs(List.of(in));
        assertThatThrownBy(() -> outputs.checkTargets(tmp.resolve("x.bin"), in)).isInstanceOf(SkinMeshException.class)
                .hasMessageContaining(in.toString()).hasMessageContaining("is an input file");
        assertThatThrownBy(() -> outputs.write(tmp.resolve("sub/../in.glb"), new byte[1]))
                .isInstanceOf(SkinMeshException.class).hasMessageContaining("is an input file");
        assertThat(in).hasContent("input");
    }

    @Test
    void outputsGetTheDefaultPermissionsOfNewFiles() throws IOException {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
        Path plain = Files.createFile(tmp.resolve("plain"));
        Outputs outputs = new Outputs(List.of());
        Path a = outputs.write(tmp.resolve("a.bin"), new byte[] {1, 2, 3});
        outputs.commit();
        assertThat(Files.getPosixFilePermissions(a)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void closingWithoutCommitLeavesNothingAndKeepsPreviousFiles() throws IOException {
        Path a = Files.writeString(tmp.resolve("a.txt"), "previous");
        try (Outputs outputs = new Outputs(List.of())) {
            outputs.write(a, "new".getBytes(StandardCharsets.UTF_8));
            outputs.write(tmp.resolve("b.txt"), "b".getBytes(StandardCharsets.UTF_8));
            assertThat(Cli.hiddenFiles(tmp)).hasSize(2);
        }
        assertThat(a).hasContent("previous");
        assertThat(Cli.files(tmp)).containsExactly(Path.of("a.txt"));
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
    }

    @Test
    void aFailingSecondOutputLeavesTheFirstAsItWas() throws IOException {
        Path first = Files.writeString(tmp.resolve("out.bin"), "old positions");
        Path blocker = Files.writeString(tmp.resolve("not a folder"), "a file where a folder should be");
        try (Outputs outputs = new Outputs(List.of())) {
            outputs.write(first, "new positions".getBytes(StandardCharsets.UTF_8));
            assertThatThrownBy(() -> outputs.write(blocker.resolve("out.json"), new byte[] {'{', '}'}))
                    .isInstanceOf(SkinMeshException.class).hasMessageContaining("out.json: cannot write");
        }
        assertThat(first).hasContent("old positions");
        assertThat(Cli.files(tmp)).containsExactly(Path.of("not a folder"), Path.of("out.bin"));
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
    }

    @Test
    void aCommitThatFailsPartWayPutsEveryPreviousFileBack() throws IOException {
        Path a = Files.writeString(tmp.resolve("a.txt"), "old a");
        Path b = tmp.resolve("b.txt");
        Outputs outputs = new Outputs(List.of());
        outputs.write(a, "new a".getBytes(StandardCharsets.UTF_8));
        outputs.write(b, "new b".getBytes(StandardCharsets.UTF_8));
        // the second temporary file vanishes before the commit, so putting it in place fails
        for (Path hidden : Cli.hiddenFiles(tmp)) {
            if (hidden.getFileName().toString().startsWith(".b.txt.")) {
                Files.delete(tmp.resolve(hidden));
            }
        }
        assertThatThrownBy(outputs::commit).isInstanceOf(SkinMeshException.class)
                .hasMessageContaining(b + ": cannot put in place").hasMessageContaining("no output of this run was kept");
        assertThat(a).hasContent("old a");
        assertThat(b).doesNotExist();
        assertThat(outputs.written()).isEmpty();
        outputs.close();
        assertThat(Cli.files(tmp)).containsExactly(Path.of("a.txt"));
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
    }

    @Test
    void abandoningRemovesTheTemporaryFilesAsTheShutdownHookDoes() throws IOException {
        Outputs outputs = new Outputs(List.of());
        outputs.write(tmp.resolve("a.bin"), new byte[16]);
        outputs.abandon();
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
        outputs.commit(); // nothing left to commit
        assertThat(Cli.files(tmp)).isEmpty();
    }

    @Test
    void theSameTargetTwiceIsRefused() {
        Outputs outputs = new Outputs(List.of());
        outputs.write(tmp.resolve("a.bin"), new byte[1]);
        assertThatThrownBy(() -> outputs.write(tmp.resolve("x/../a.bin"), new byte[1]))
                .isInstanceOf(SkinMeshException.class).hasMessageEndingWith("a.bin: written twice by one command");
        outputs.close();
    }

    @Test
    void aDeviceOrFifoIsNeverReplaced() throws Exception {
        Path device = Path.of("/dev/null");
        assumeTrue(Files.exists(device) && !Files.isRegularFile(device), "no /dev/null device here");
        Outputs outputs = new Outputs(List.of());
        assertThatThrownBy(() -> outputs.checkTargets(device)).isInstanceOf(SkinMeshException.class)
                .hasMessage("/dev/null: exists and is not a regular file (a device, FIFO or socket); refusing to replace it");
        assertThatThrownBy(() -> outputs.write(device, new byte[1])).isInstanceOf(SkinMeshException.class)
                .hasMessageContaining("is not a regular file");
        Path fifo = tmp.resolve("fifo");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo: " + e.getMessage());
            return;
        }
        assumeTrue(mkfifo.waitFor() == 0, "mkfifo failed");
        assertThatThrownBy(() -> outputs.write(fifo, new byte[1])).isInstanceOf(SkinMeshException.class)
                .hasMessageContaining(fifo + ": exists and is not a regular file");
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
    }
}
