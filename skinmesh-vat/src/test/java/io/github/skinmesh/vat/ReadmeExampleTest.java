package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's animation texture example, kept compiling and checked on the shared files. */
class ReadmeExampleTest {
    @Test
    void readmeExampleBakesWritesAndReadsBack(@TempDir Path dir) throws Exception {
        Optional<Path> cesium = SharedFiles.file("assets/CesiumMan.glb");
        assumeTrue(cesium.isPresent(), SharedFiles.ABSENT);
        Path out = dir.resolve("out");

        // --- README example starts (Path.of("CesiumMan.glb"), Path.of("out") there; println left out)
        Character hero = GltfReader.read(cesium.get()).character();
        VatResult vat = Vat.bakeVertexTextures(hero, Vat.selectClips(hero, List.of("0")),
                VatOptions.DEFAULTS.withEncoding(VatEncoding.UNORM16).withStreams(VatStreams.POSITIONS_NORMALS),
                Progress.NONE);
        VatFiles.write(out, vat, VatFormat.PNG);     // positions.png, normals.png, manifest.json
        VatDecoder back = VatFiles.read(out);           // decodes as the shaders do
        // --- README example ends

        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("positions.png", "normals.png", "manifest.json");
        }
        assertThat(back.manifest().toJson()).isEqualTo(vat.manifest(VatFormat.PNG).toJson());
        float[] a = new float[3];
        float[] b = new float[3];
        int last = vat.clips().get(0).frames() - 1;
        for (int i = 0; i < vat.elementCount(); i += 97) {
            vat.decoder().positionInto(0, last, i, null, a, 0);
            back.positionInto(0, last, i, null, b, 0);
            assertThat(b).containsExactly(a);
        }
    }
}
