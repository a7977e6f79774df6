package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Keyframes of the testkit humanoid's walk and idle: the properties, the meshes, the table and its JSON. */
class KeyframesTest {
    private static Humanoid humanoid;
    private static KeyframeResult walk;

    static synchronized Humanoid humanoid() {
        if (humanoid == null) {
            humanoid = Humanoids.generate(1);
        }
        return humanoid;
    }

    static synchronized KeyframeResult walk() {
        if (walk == null) {
            walk = Keyframes.bake(humanoid().character(), humanoid().walk(), KeyframeOptions.DEFAULTS, Progress.NONE);
        }
        return walk;
    }

    @Test
    void theWalkDecodesWithinTheReportedErrorAndBeatsTheThirds() {
        Character c = humanoid().character();
        KeyframeResult r = walk();
        assertThat(r.hasNormals()).isTrue();
        assertThat(r.autoSegments()).isTrue();
        double ratio = KeyChecks.checkBake(r, c.skeleton(), c.parts(), humanoid().walk());
        // the search does find better times than the thirds on this clip, not only equal ones
        assertThat(ratio).isLessThan(0.9);
        // every segment meets the tolerance, which is the fraction of the box of every sampled position
        for (KeySegment s : r.segments()) {
            assertThat(s.maxError()).isLessThanOrEqualTo(r.absoluteTolerance());
        }
        assertThat(r.absoluteTolerance()).isGreaterThan(0.005 * 2.0).isLessThan(0.005 * 2.6);
        assertThat(r.warnings()).allMatch(w -> w.contains("tangents left out"));
    }

    @Test
    void forcedCountsSplitTheFramesEvenly() {
        Character c = humanoid().character();
        for (int count : new int[] {1, 2, 5}) {
            KeyframeResult r = Keyframes.bake(c, humanoid().walk(), KeyframeOptions.DEFAULTS.withSegments(count)
                    .withStreams(KeyStreams.POSITIONS), Progress.NONE);
            assertThat(r.segments()).hasSize(count);
            assertThat(r.autoSegments()).isFalse();
            assertThat(r.absoluteTolerance()).isNaN();
            assertThat(r.hasNormals()).isFalse();
            assertThat(r.normalMaxErrorDegrees()).isNaN();
            int shortest = Integer.MAX_VALUE;
            int longest = 0;
            for (KeySegment s : r.segments()) {
                shortest = Math.min(shortest, s.lastFrame() - s.firstFrame());
                longest = Math.max(longest, s.lastFrame() - s.firstFrame());
                assertThat(s.normalMaxErrorDegrees()).isNaN();
            }
            assertThat(longest - shortest).isLessThanOrEqualTo(1);
            KeyChecks.checkBake(r, c.skeleton(), c.parts(), humanoid().walk());
            for (Mesh m : r.meshes()) {
                assertThat(m.hasNormals()).isFalse();
                assertThat(m.attribute(Keyframes.normalAttribute(0))).isNull();
            }
        }
    }

    @Test
    void theIdleSlowMotionGetsLongSegments() {
        Character c = humanoid().character();
        KeyframeResult r = Keyframes.bake(c, humanoid().idle(), KeyframeOptions.DEFAULTS, Progress.NONE);
        KeyChecks.checkBake(r, c.skeleton(), c.parts(), humanoid().idle());
        // 2.6 s of breathing and swaying: far fewer segments than the 12 the shortest length would allow
        assertThat(r.segments().size()).isLessThanOrEqualTo(3);
        assertThat(r.maxError()).isLessThanOrEqualTo(r.absoluteTolerance());
    }

    @Test
    void eachSegmentMeshCarriesThePartsWithoutSkinAndTheKeysAsAttributes() {
        Character c = humanoid().character();
        KeyframeResult r = walk();
        int vertices = 0;
        int triangles = 0;
        for (Part p : c.parts()) {
            vertices += p.mesh().vertexCount();
            triangles += p.mesh().triangleCount();
        }
        List<String> names = new ArrayList<>();
        for (int s = 0; s < r.meshes().size(); s++) {
            Mesh m = r.meshes().get(s);
            names.add(m.name());
            assertThat(m.name()).isEqualTo("walk.segment" + s);
            assertThat(m.vertexCount()).isEqualTo(vertices);
            assertThat(m.triangleCount()).isEqualTo(triangles);
            assertThat(m.skin()).isNull();
            assertThat(m.morphTargets()).isEmpty();
            assertThat(m.hasTangents()).isFalse();
            assertThat(m.uvChannelCount()).isEqualTo(1);
            assertThat(m.normals()).isEqualTo(m.attribute(Keyframes.normalAttribute(0)).values());
            assertThat(m.attributes()).extracting(a -> a.name() + "/" + a.componentCount()).containsExactly(
                    "KEY_POSITION_0/3", "KEY_POSITION_1/3", "KEY_POSITION_2/3", "KEY_POSITION_3/3", "KEY_NORMAL_0/3",
                    "KEY_NORMAL_1/3", "KEY_NORMAL_2/3", "KEY_NORMAL_3/3");
            // the triangles are the parts' one after the other
            assertThat(m.indices()).isEqualTo(r.meshes().get(0).indices());
            assertThat(m.submeshes()).hasSize(c.parts().stream().mapToInt(p -> p.mesh().submeshes().size()).sum());
        }
        Character out = r.character();
        assertThat(out.name()).isEqualTo("walk");
        assertThat(out.skeleton().boneCount()).isZero();
        assertThat(out.clips()).isEmpty();
        assertThat(out.parts()).extracting(Part::name).containsExactlyElementsOf(names);
        assertThat(out.parts()).extracting(Part::mesh).containsExactlyElementsOf(r.meshes());
    }

    @Test
    void theSameInputGivesTheSameResultAndText() {
        KeyframeResult again = Keyframes.bake(humanoid().character(), humanoid().walk(), KeyframeOptions.DEFAULTS,
                Progress.NONE);
        assertThat(again).isEqualTo(walk());
        assertThat(again.toJson()).isEqualTo(walk().toJson());
    }

    @Test
    void theJsonHoldsTheTableAndTheErrors() throws Exception {
        KeyframeResult r = walk();
        JsonNode root = new ObjectMapper().readTree(r.toJson());
        assertThat(root.get("format").asText()).isEqualTo("skinmesh-keys");
        assertThat(root.get("version").asInt()).isEqualTo(1);
        assertThat(root.get("clip").asText()).isEqualTo("walk");
        assertThat((float) root.get("duration").asDouble()).isEqualTo(humanoid().walk().duration());
        assertThat((float) root.get("fps").asDouble()).isEqualTo(30f);
        assertThat(root.get("frames").asInt()).isEqualTo(r.frameCount());
        assertThat(root.get("vertexCount").asInt()).isEqualTo(r.vertexCount());
        assertThat(root.get("normals").asBoolean()).isTrue();
        assertThat(root.get("interpolation").asText()).isEqualTo("cubic-lagrange");
        assertThat(root.get("segmentMode").asText()).isEqualTo("auto");
        assertThat(root.get("segmentCount").asInt()).isEqualTo(r.segments().size());
        assertThat((float) root.get("tolerance").asDouble()).isEqualTo(0.005f);
        assertThat(root.get("toleranceUnits").asDouble()).isEqualTo(r.absoluteTolerance());
        assertThat(root.get("maxError").asDouble()).isEqualTo(r.maxError());
        assertThat(root.get("rmsError").asDouble()).isEqualTo(r.rmsError());
        assertThat(root.get("normalMaxErrorDegrees").asDouble()).isEqualTo(r.normalMaxErrorDegrees());
        JsonNode segments = root.get("segments");
        assertThat(segments).hasSize(r.segments().size());
        for (KeySegment s : r.segments()) {
            JsonNode n = segments.get(s.index());
            assertThat(n.get("index").asInt()).isEqualTo(s.index());
            assertThat(n.get("mesh").asText()).isEqualTo(r.meshes().get(s.index()).name());
            assertThat(n.get("firstFrame").asInt()).isEqualTo(s.firstFrame());
            assertThat(n.get("lastFrame").asInt()).isEqualTo(s.lastFrame());
            assertThat((float) n.get("start").asDouble()).isEqualTo(s.start());
            assertThat((float) n.get("end").asDouble()).isEqualTo(s.end());
            for (int k = 0; k < 4; k++) {
                assertThat((float) n.get("keyTimes").get(k).asDouble()).isEqualTo(s.keyTime(k));
            }
            assertThat(n.get("maxError").asDouble()).isEqualTo(s.maxError());
            assertThat(n.get("rmsError").asDouble()).isEqualTo(s.rmsError());
            assertThat(n.get("thirdsMaxError").asDouble()).isEqualTo(s.thirdsMaxError());
            assertThat(n.get("thirdsRmsError").asDouble()).isEqualTo(s.thirdsRmsError());
            assertThat(n.get("normalMaxErrorDegrees").asDouble()).isEqualTo(s.normalMaxErrorDegrees());
        }
    }

    @Test
    void progressReportsSamplingAndSegments() {
        AtomicLong sampled = new AtomicLong();
        AtomicLong segments = new AtomicLong();
        Progress p = Progress.of((stage, done, total) -> {
            assertThat(done).isBetween(0L, total);
            if (stage.equals("sampling walk")) {
                sampled.incrementAndGet();
            } else if (stage.equals("keys walk")) {
                segments.set(done);
            }
        }, () -> false);
        KeyframeResult r = Keyframes.bake(humanoid().character(), humanoid().walk(), KeyframeOptions.DEFAULTS, p);
        assertThat(sampled.get()).isEqualTo(r.frameCount());
        assertThat(segments.get()).isEqualTo(r.frameCount() - 1);
    }

    @Test
    void cancellingStopsTheBake() {
        Progress cancelled = Progress.of((stage, done, total) -> { }, () -> true);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Keyframes.bake(humanoid().character(),
                humanoid().walk(), KeyframeOptions.DEFAULTS, cancelled))
                .isInstanceOf(io.github.skinmesh.core.CancelledException.class);
    }

    @Test
    void aClipThatDoesNotMoveNeedsOneSegmentWithoutError() {
        Character c = humanoid().character();
        AnimationClip still = AnimationClip.of("still", List.of(io.github.skinmesh.core.model.BoneChannel.of(
                c.skeleton().boneName(0), io.github.skinmesh.core.model.ChannelPath.SCALE,
                io.github.skinmesh.core.model.Interpolation.LINEAR, new float[] {0, 1}, new float[] {1, 1, 1, 1, 1, 1})));
        KeyframeResult r = Keyframes.bake(c, still, KeyframeOptions.DEFAULTS, Progress.NONE);
        assertThat(r.segments()).hasSize(1);
        assertThat(r.maxError()).isLessThanOrEqualTo(r.absoluteTolerance());
        KeyChecks.checkBake(r, c.skeleton(), c.parts(), still);
    }
}
