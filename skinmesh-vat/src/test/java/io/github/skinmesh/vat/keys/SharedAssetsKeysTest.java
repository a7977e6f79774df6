package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every clip of the shared real assets, automatic and forced segment counts: decoded within the
 * reported error at every sampled time, never worse than the thirds.
 */
class SharedAssetsKeysTest {
    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan.glb", "Fox.glb", "RiggedSimple.glb"})
    void everyClipDecodesWithinTheReportedErrorAndBeatsTheThirds(String asset) throws IOException {
        Optional<Path> file = SharedFiles.file("assets/" + asset);
        assumeTrue(file.isPresent(), SharedFiles.ABSENT + " (needs assets/" + asset + ")");
        Character c = GltfReader.read(file.get()).character();
        assertThat(c.clips()).isNotEmpty();
        for (AnimationClip clip : c.clips()) {
            KeyframeResult auto = Keyframes.bake(c, clip, KeyframeOptions.DEFAULTS, Progress.NONE);
            KeyChecks.checkBake(auto, c.skeleton(), c.parts(), clip);
            for (KeySegment s : auto.segments()) {
                if (s.maxError() > auto.absoluteTolerance()) {
                    assertThat(auto.warnings()).anyMatch(w -> w.startsWith("segment " + s.index() + " "));
                }
            }
            KeyframeResult two = Keyframes.bake(c, clip, KeyframeOptions.DEFAULTS.withSegments(2).withFps(20),
                    Progress.NONE);
            assertThat(two.segments()).hasSize(2);
            KeyChecks.checkBake(two, c.skeleton(), c.parts(), clip);
        }
    }
}
