package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriteOptions;
import io.github.skinmesh.gltf.GltfWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's keyframe example, kept compiling and checked on the testkit humanoid. */
class ReadmeKeysExampleTest {
    @Test
    void readmeExampleBakesWritesAndReadsBack(@TempDir Path dir) throws Exception {
        Character hero = KeyframesTest.humanoid().character();
        Path file = dir.resolve("walk.keys.glb");

        // --- README example starts (Path.of("walk.keys.glb") there)
        KeyframeResult keys = Keyframes.bake(hero, hero.clip("walk"), KeyframeOptions.DEFAULTS, Progress.NONE);
        GltfWriter.writeGlb(keys.character(), file,                                // a node and mesh per segment
                GltfWriteOptions.DEFAULTS.withExtras("{\"skinmeshKeys\": " + keys.toJson() + "}"));
        KeyframeDecoder back = keys.decoder();                                      // decodes as the shaders do
        // --- README example ends

        GltfAsset read = GltfReader.read(file);
        assertThat(read.character()).isEqualTo(keys.character());
        assertThat(read.extras()).startsWith("{\"skinmeshKeys\":{\"format\":\"skinmesh-keys\",");
        assertThat(back.segmentCount()).isEqualTo(keys.segments().size());
        KeyframeDecoder fromFile = KeyframeDecoder.of(keys.segments(), read.parts().stream().map(p -> p.mesh()).toList());
        float[] a = back.positionsInto(0.5f, new float[3 * back.vertexCount()], 0);
        float[] b = fromFile.positionsInto(0.5f, new float[3 * back.vertexCount()], 0);
        assertThat(b).containsExactly(a);
    }
}
