package io.github.skinmesh.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Index;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferencePoseTest {
    @Test
    void parsesAClipIndexWithADecimalTime() {
        ReferencePose r = ReferencePose.parse(Path.of("ref", "reference", "CesiumMan.clip0.t1.0417.world.bin"));
        assertThat(r.asset()).isEqualTo("CesiumMan");
        assertThat(r.clip()).isEqualTo("clip0");
        assertThat(r.clipIndex()).isZero();
        assertThat(r.isRest()).isFalse();
        assertThat(r.time()).isEqualTo(1.0417f);
        assertThat(r.space()).isEqualTo("world");
        assertThat(r.jsonFile()).isEqualTo(Path.of("ref", "reference", "CesiumMan.clip0.t1.0417.world.json"));
        assertThat(r.assetFile()).isEqualTo(Path.of("ref", "CesiumMan.glb").toAbsolutePath());
    }

    @Test
    void parsesAClipNameWithAnIntegerTime() {
        ReferencePose r = ReferencePose.parse(Path.of("Fox.Run.t2.model.bin"));
        assertThat(r.clip()).isEqualTo("Run");
        assertThat(r.clipIndex()).isEqualTo(Index.NONE);
        assertThat(r.time()).isEqualTo(2f);
        assertThat(r.space()).isEqualTo("model");
    }

    @Test
    void parsesTheRestPose() {
        ReferencePose r = ReferencePose.parse(Path.of("RiggedSimple.rest.model.bin"));
        assertThat(r.isRest()).isTrue();
        assertThat(r.clip()).isNull();
        assertThat(r.clipIndex()).isEqualTo(Index.NONE);
        assertThat(r.time()).isZero();
    }

    @Test
    void anUnknownSpaceIsRejectedNamingTheFileAndThePattern() {
        assertThatThrownBy(() -> ReferencePose.parse(Path.of("Fox.Run.t0.6.local.bin")))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("'Fox.Run.t0.6.local.bin'")
                .hasMessageContaining("<asset>.<clip>.t<seconds>.<space>.bin")
                .hasMessageContaining("space model|world");
    }

    @Test
    void aClipWithoutATimeIsRejected() {
        assertThatThrownBy(() -> ReferencePose.parse(Path.of("Fox.Run.model.bin")))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("'Fox.Run.model.bin'")
                .hasMessageContaining("<asset>.rest.<space>.bin");
    }

    @Test
    void listsOnlyBinFilesSortedByName(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("B.rest.model.bin"), new byte[12]);
        Files.write(dir.resolve("A.clip1.t0.5.world.bin"), new byte[24]);
        Files.writeString(dir.resolve("A.clip1.t0.5.world.json"), "{}");
        Files.writeString(dir.resolve("README.md"), "notes");
        assertThat(ReferencePose.list(dir)).extracting(ReferencePose::asset).containsExactly("A", "B");
    }

    @Test
    void readsLittleEndianFloats(@TempDir Path dir) throws IOException {
        Path bin = dir.resolve("A.rest.model.bin");
        ByteBuffer b = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 6; i++) {
            b.putFloat(i * 0.5f - 1);
        }
        Files.write(bin, b.array());
        assertThat(ReferencePose.parse(bin).positions()).containsExactly(-1f, -0.5f, 0f, 0.5f, 1f, 1.5f);
    }

    @Test
    void aLengthThatIsNotWholeVerticesIsRejected(@TempDir Path dir) throws IOException {
        Path bin = dir.resolve("A.rest.model.bin");
        Files.write(bin, new byte[16]);
        assertThatThrownBy(() -> ReferencePose.parse(bin).positions())
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("A.rest.model.bin")
                .hasMessageContaining("length 16 bytes")
                .hasMessageContaining("expected a multiple of 12");
    }
}
