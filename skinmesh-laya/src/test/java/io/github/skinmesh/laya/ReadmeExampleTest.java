package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's {@code .lm} example, kept compiling and checked on the shared files. */
class ReadmeExampleTest {
    @Test
    void readmeExampleWritesReadsBackAndRewritesAnOfficialFile(@TempDir Path dir) throws Exception {
        Optional<Path> cesium = SharedFiles.file("assets/CesiumMan.glb");
        Optional<Path> monkeyFile = SharedFiles.file("fixtures/laya/LayaMonkey-LayaMonkey.lm");
        assumeTrue(cesium.isPresent() && monkeyFile.isPresent(), SharedFiles.ABSENT);
        Path cesiumLm = dir.resolve("CesiumMan.lm");

        // --- README example starts (Path.of("CesiumMan.glb"), Path.of("CesiumMan.lm"), Path.of("LayaMonkey.lm") there)
        Mesh body = GltfReader.read(cesium.get()).parts().get(0).mesh();
        LayaModels.write(body, LmWriteOptions.DEFAULTS, cesiumLm); // glTF conventions, 24 bones a draw
        LmReadResult back = LayaModels.read(cesiumLm, LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF));

        LmReadResult monkey = LayaModels.read(monkeyFile.get(), LmReadOptions.DEFAULTS); // data as stored
        byte[] same = LayaModels.write(monkey.mesh(), monkey.rewriteOptions()).bytes();          // the file's bytes
        // --- README example ends

        // CesiumMan's 19 bones fit one draw: no vertex is split, the streams come back as they were
        assertThat(back.mesh().vertexCount()).isEqualTo(body.vertexCount());
        assertThat(back.mesh().positions()).containsExactly(body.positions());
        assertThat(back.mesh().normals()).containsExactly(body.normals());
        assertThat(back.mesh().uvs(0)).containsExactly(body.uvs(0));
        assertThat(back.mesh().indices()).containsExactly(body.indices());
        assertThat(back.mesh().skin().paletteSize()).isEqualTo(19);
        assertThat(back.mesh().submeshes().get(0).draws()).hasSize(1);
        assertThat(back.storedBounds()).isEqualTo(body.bounds());
        assertThat(same).isEqualTo(Files.readAllBytes(monkeyFile.get()));
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(cesiumLm);
        }
    }
}
