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
        new Outputs(List.of()).write(a, "new".getBytes(StandardCharsets.UTF_8));
        assertThat(a).hasContent("new");
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
        Path a = new Outputs(List.of()).write(tmp.resolve("a.bin"), new byte[] {1, 2, 3});
        assertThat(Files.getPosixFilePermissions(a)).isEqualTo(Files.getPosixFilePermissions(plain));
    }
}
