package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/** One case per invalid argument: the type and the message naming the element, the value and the limit. */
class KeyframeErrorsTest {
    /** One bone {@code "root"} and three vertices skinned to it; the clip slides the bone along x for {@code duration}. */
    static Character slider(float duration, boolean normals) {
        Skeleton sk = Skeleton.of("s", new String[] {"root"}, new int[] {Skeleton.NO_PARENT}, new float[3],
                new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        float[] identity = new Matrix4f().get(new float[16]);
        Mesh.Builder b = Mesh.builder("m").positions(new float[] {1, 0, 0, 0, 2, 0, 0, 0, 1})
                .indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {"root"}, identity, BoneWeights.of(1, new int[3], new float[] {1, 1, 1})));
        if (normals) {
            b.normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1});
        }
        AnimationClip slide = AnimationClip.of("slide", List.of(BoneChannel.of("root", ChannelPath.ROTATION,
                Interpolation.LINEAR, new float[] {0, duration}, new float[] {0, 0, 0, 1, 0, 0.70710677f, 0, 0.70710677f})));
        return Character.of("slider", sk, List.of(Part.of("m", b.build())), List.of(slide));
    }

    static KeyframeResult bake(Character c, KeyframeOptions o) {
        return Keyframes.bake(c, c.clips().get(0), o, Progress.NONE);
    }

    @Test
    void optionsOutOfRange() {
        for (float fps : new float[] {0, -1, Float.NaN, Float.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> KeyframeOptions.DEFAULTS.withFps(fps)).isInstanceOf(ValidationException.class)
                    .hasMessage("KeyframeOptions: fps=" + fps + ", expected a finite rate > 0");
        }
        for (int n : new int[] {-1, KeyframeOptions.MAX_SEGMENTS + 1}) {
            assertThatThrownBy(() -> KeyframeOptions.DEFAULTS.withSegments(n)).isInstanceOf(ValidationException.class)
                    .hasMessage("KeyframeOptions: segments=" + n + ", expected 0 (automatic) or 1.."
                            + KeyframeOptions.MAX_SEGMENTS);
        }
        for (float t : new float[] {0, -0.1f, 1.5f, Float.NaN}) {
            assertThatThrownBy(() -> KeyframeOptions.DEFAULTS.withTolerance(t)).isInstanceOf(ValidationException.class)
                    .hasMessage("KeyframeOptions: tolerance=" + t + ", expected a fraction of the clip box's diagonal"
                            + " in (0, 1]");
        }
        assertThatThrownBy(() -> KeyframeOptions.DEFAULTS.withStreams(null)).isInstanceOf(NullPointerException.class);
        assertThat(KeyframeOptions.DEFAULTS.withSegments(KeyframeOptions.MAX_SEGMENTS).segments())
                .isEqualTo(KeyframeOptions.MAX_SEGMENTS);
        assertThat(KeyframeOptions.DEFAULTS.withTolerance(1).tolerance()).isEqualTo(1);
    }

    @Test
    void aClipTooShortForOneSegmentNamesTheFramesAndTheRateThatWouldDo() {
        Character c = slider(0.1f, true);
        // 0.1 s at 30 fps: 4 frames, 3 intervals
        assertThatThrownBy(() -> bake(c, KeyframeOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: clip 'slide' of 0.1 s at 30.0 fps has 4 frames (3 intervals), too"
                        + " short: a segment spans at least 6 frame intervals; raise the rate to at least 60.000 fps");
        // the rate it names works
        assertThat(bake(c, KeyframeOptions.DEFAULTS.withFps(60)).segments()).hasSize(1);
    }

    @Test
    void tooManyForcedSegmentsNameTheMostThatFit() {
        Character c = slider(1, true);
        assertThatThrownBy(() -> bake(c, KeyframeOptions.DEFAULTS.withSegments(6))).isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: clip 'slide' of 1.0 s at 30.0 fps has 31 frames (30 intervals), too"
                        + " short for 6 segments of at least 6 intervals each; use at most 5 segments or raise the rate"
                        + " to at least 36.000 fps");
        assertThat(bake(c, KeyframeOptions.DEFAULTS.withSegments(5)).segments()).hasSize(5);
        assertThat(bake(c, KeyframeOptions.DEFAULTS.withSegments(6).withFps(36)).segments()).hasSize(6);
    }

    @Test
    void aClipOfDurationZeroOrWithoutChannels() {
        Character c = slider(1, true);
        AnimationClip still = AnimationClip.of("still", List.of(BoneChannel.of("root", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0}, new float[] {1, 0, 0})));
        assertThatThrownBy(() -> Keyframes.bake(c, still, KeyframeOptions.DEFAULTS, Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: clip 'still' has duration 0.0 s, expected > 0 (a still pose has nothing"
                        + " to interpolate)");
        AnimationClip empty = AnimationClip.of("empty", List.of());
        assertThatThrownBy(() -> Keyframes.bake(c, empty, KeyframeOptions.DEFAULTS, Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: clip 'empty' is empty (no channels), expected at least one animated"
                        + " channel");
    }

    @Test
    void noPartsOrNoVertices() {
        Character c = slider(1, true);
        AnimationClip clip = c.clips().get(0);
        assertThatThrownBy(() -> Keyframes.bake(c.skeleton(), List.of(), clip, KeyframeOptions.DEFAULTS, Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessage("Keyframes.bake: no parts, expected at least one");
        Part empty = Part.of("empty", Mesh.builder("nothing").positions(new float[0]).indices(new int[0]).build());
        assertThatThrownBy(() -> Keyframes.bake(c.skeleton(), List.of(empty), clip, KeyframeOptions.DEFAULTS,
                Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: the parts have no vertices, expected at least one");
    }

    @Test
    void normalsAskedForAndMissing() {
        Character c = slider(1, false);
        assertThatThrownBy(() -> bake(c, KeyframeOptions.DEFAULTS.withStreams(KeyStreams.POSITIONS_NORMALS)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: part 'm''s mesh 'm' has no normals, expected normals (streams"
                        + " POSITIONS_NORMALS; AUTO leaves them out)");
        KeyframeResult auto = bake(c, KeyframeOptions.DEFAULTS);
        assertThat(auto.hasNormals()).isFalse();
        assertThat(auto.meshes().get(0).hasNormals()).isFalse();
    }

    @Test
    void tooManyFrames() {
        Character c = slider(2000, true);
        assertThatThrownBy(() -> bake(c, KeyframeOptions.DEFAULTS.withFps(1000))).isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: clip 'slide' of 2000.0 s at 1000.0 fps has 2000001 frames, more than "
                        + Keyframes.MAX_FRAMES + "; lower the rate");
    }

    /** A declared end too far for any frame count (a glTF input's max of 3e38 s) is refused, not wrapped to no frames. */
    @Test
    void aDurationBeyondEveryFrameCount() {
        Character c = slider(2, true);
        AnimationClip far = c.clips().get(0).withDuration(3e38f);
        assertThatThrownBy(() -> bake(c.withClips(List.of(far)), KeyframeOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: clip 'slide' of 3.0E38 s at 30.0 fps has " + Long.MAX_VALUE
                        + " frames, more than " + Keyframes.MAX_FRAMES + "; lower the rate");
    }

    @Test
    void attributeNamesTakeKeysZeroToThree() {
        assertThat(Keyframes.positionAttribute(3)).isEqualTo("KEY_POSITION_3");
        assertThat(Keyframes.normalAttribute(0)).isEqualTo("KEY_NORMAL_0");
        assertThatThrownBy(() -> Keyframes.positionAttribute(4)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Keyframes.normalAttribute(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void segmentEntriesOutOfRange() {
        float[] times = {0, 0.1f, 0.2f, 0.3f};
        assertThatThrownBy(() -> new KeySegment(-1, 0, 6, times, 0, 0, 0, 0, Double.NaN))
                .isInstanceOf(ValidationException.class).hasMessage("KeySegment: index -1, expected >= 0");
        assertThatThrownBy(() -> new KeySegment(2, 6, 6, times, 0, 0, 0, 0, Double.NaN))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeySegment 2: frames 6..6, expected 0 <= firstFrame < lastFrame");
        assertThatThrownBy(() -> new KeySegment(0, 0, 6, new float[] {0, 0.2f, 0.1f, 0.3f}, 0, 0, 0, 0, Double.NaN))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeySegment 0: key times [0.0, 0.2, 0.1, 0.3], expected finite and strictly increasing");
        assertThatThrownBy(() -> new KeySegment(0, 0, 6, new float[] {0, 0.1f, 0.3f}, 0, 0, 0, 0, Double.NaN))
                .isInstanceOf(ValidationException.class).hasMessage("KeySegment 0: 3 key times, expected 4");
        assertThatThrownBy(() -> new KeySegment(0, 0, 6, times, -1, 0, 0, 0, Double.NaN))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeySegment 0: maxError=-1.0, expected a finite distance >= 0");
        assertThatThrownBy(() -> new KeySegment(0, 0, 6, times, 0, 0, Double.POSITIVE_INFINITY, 0, Double.NaN))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeySegment 0: thirdsMaxError=Infinity, expected a finite distance >= 0");
        assertThatThrownBy(() -> new KeySegment(0, 0, 6, times, 0, 0, 0, 0, 181))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeySegment 0: normalMaxErrorDegrees=181.0, expected 0..180 or NaN");
        KeySegment s = new KeySegment(0, 0, 6, times, 0, 0, 0, 0, Double.NaN);
        times[0] = 5;
        assertThat(s.start()).as("the constructor copies the key times").isZero();
        assertThatThrownBy(() -> s.keyTimesInto(new float[3], 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> s.keyTime(4)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void decoderInputsThatDoNotFit() {
        KeyframeResult r = bake(slider(1, true), KeyframeOptions.DEFAULTS.withSegments(2));
        List<KeySegment> table = r.segments();
        List<Mesh> meshes = r.meshes();
        assertThatThrownBy(() -> KeyframeDecoder.of(List.of(), List.of())).isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: no segments, expected at least one");
        assertThatThrownBy(() -> KeyframeDecoder.of(table, meshes.subList(0, 1))).isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: 2 segments and 1 meshes, expected one mesh per segment");
        assertThatThrownBy(() -> KeyframeDecoder.of(List.of(table.get(1)), meshes.subList(1, 2)))
                .isInstanceOf(ValidationException.class).hasMessage("KeyframeDecoder: table entry 0 has index 1, expected 0");
        KeySegment gap = new KeySegment(1, 15, 30, new float[] {0.6f, 0.7f, 0.8f, 1f}, 0, 0, 0, 0, 0);
        assertThatThrownBy(() -> KeyframeDecoder.of(List.of(table.get(0), gap), meshes))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: segment 1 starts at 0.6 s, expected the end of segment 0, 0.5 s");
        Mesh noKey = meshes.get(1).toBuilder().clearAttributes().build();
        assertThatThrownBy(() -> KeyframeDecoder.of(table, List.of(meshes.get(0), noKey)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: mesh 'slide.segment1' of segment 1 lacks attribute 'KEY_POSITION_0',"
                        + " expected 'KEY_POSITION_0' with 3 components");
        assertThatThrownBy(() -> KeyframeDecoder.of(table, List.of(meshes.get(0), withoutNormals(meshes.get(1), 4))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: mesh 'slide.segment1' of segment 1 has no key normals, segment 0's has");
        Mesh positionsOnly = withoutNormals(meshes.get(0), 4);
        Mesh positionsOnly1 = withoutNormals(meshes.get(1), 3);
        assertThatThrownBy(() -> KeyframeDecoder.of(table, List.of(positionsOnly, positionsOnly1)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: mesh 'slide.segment1' of segment 1 lacks attribute 'KEY_POSITION_3',"
                        + " expected 'KEY_POSITION_3' with 3 components");
        Mesh.Builder twoComponents = meshes.get(1).toBuilder().clearAttributes();
        for (var a : meshes.get(1).attributes()) {
            if (a.name().equals("KEY_POSITION_2")) {
                twoComponents.addAttribute(a.name(), 1, java.util.Arrays.copyOf(a.values(), 3));
            } else {
                twoComponents.addAttribute(a);
            }
        }
        assertThatThrownBy(() -> KeyframeDecoder.of(table, List.of(meshes.get(0), twoComponents.build())))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: mesh 'slide.segment1' of segment 1: attribute 'KEY_POSITION_2' has 1"
                        + " components, expected 'KEY_POSITION_2' with 3 components");
        Mesh fewer = io.github.skinmesh.core.mesh.Meshes.selectVertices(meshes.get(1), new int[] {0, 1, 2, 0});
        assertThatThrownBy(() -> KeyframeDecoder.of(table, List.of(meshes.get(0), fewer)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder: mesh 'slide.segment1' of segment 1 has 4 vertices, expected 3 as segment"
                        + " 0's");
        KeyframeDecoder d = KeyframeDecoder.of(table, List.of(positionsOnly, withoutNormals(meshes.get(1), 4)));
        assertThatThrownBy(() -> d.normalsInto(0, new float[9], 0)).isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder.normalsInto: the keys hold no normals");
        assertThatThrownBy(() -> d.normalInto(0, 0, 0, new float[3], 0)).isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder.normalInto: the keys hold no normals");
        assertThatThrownBy(() -> d.segmentAt(Float.NaN)).isInstanceOf(ValidationException.class)
                .hasMessage("KeyframeDecoder.segmentAt: time is NaN, expected seconds");
        assertThatThrownBy(() -> d.positionsInto(0, new float[8], 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> d.positionInto(2, 0, 0, new float[3], 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> d.positionInto(0, 3, 0, new float[3], 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> KeyframeDecoder.weightsInto(new float[3], 0, 0, new float[4], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> KeyframeDecoder.weightsInto(new float[4], 0, 0, new float[4], 1))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void theDecoderPlaysTheTableOnceClampedAndPicksTheLaterSegmentAtABoundary() {
        KeyframeResult r = bake(slider(1, true), KeyframeOptions.DEFAULTS.withSegments(2));
        KeyframeDecoder d = r.decoder();
        assertThat(d.segmentCount()).isEqualTo(2);
        assertThat(d.vertexCount()).isEqualTo(3);
        assertThat(d.hasNormals()).isTrue();
        assertThat(d.start()).isZero();
        assertThat(d.end()).isEqualTo(1f);
        assertThat(d.segmentAt(-5)).isZero();
        assertThat(d.segmentAt(0.49f)).isZero();
        assertThat(d.segmentAt(0.5f)).isEqualTo(1);
        assertThat(d.segmentAt(7)).isEqualTo(1);
        float[] first = r.meshes().get(0).attribute(Keyframes.positionAttribute(0)).values();
        float[] last = r.meshes().get(1).attribute(Keyframes.positionAttribute(3)).values();
        assertThat(d.positionsInto(-1, new float[3 * 3], 0)).containsExactly(first);
        assertThat(d.positionsInto(Float.POSITIVE_INFINITY, new float[3 * 3], 0)).containsExactly(last);
        // at a boundary both segments give the boundary pose exactly
        float[] end0 = r.meshes().get(0).attribute(Keyframes.positionAttribute(3)).values();
        float[] start1 = r.meshes().get(1).attribute(Keyframes.positionAttribute(0)).values();
        assertThat(end0).containsExactly(start1);
        for (int v = 0; v < 3; v++) {
            assertThat(d.positionInto(0, v, 0.5f, new float[3], 0)).containsExactly(end0[3 * v], end0[3 * v + 1],
                    end0[3 * v + 2]);
            assertThat(d.positionInto(1, v, 0.5f, new float[3], 0)).containsExactly(start1[3 * v], start1[3 * v + 1],
                    start1[3 * v + 2]);
        }
        // the weights are exactly one and zeros at a key, and sum to one between
        float[] keys = r.segments().get(0).keyTimesInto(new float[4], 0);
        for (int k = 0; k < 4; k++) {
            float[] w = KeyframeDecoder.weightsInto(keys, 0, keys[k], new float[4], 0);
            for (int i = 0; i < 4; i++) {
                assertThat(w[i]).isEqualTo(i == k ? 1f : 0f);
            }
        }
        float[] w = KeyframeDecoder.weightsInto(keys, 0, 0.3f, new float[4], 0);
        assertThat(w[0] + w[1] + w[2] + w[3]).isCloseTo(1f, org.assertj.core.api.Assertions.within(1e-6f));
        Character c = slider(1, true);
        KeyChecks.checkBake(r, c.skeleton(), c.parts(), c.clips().get(0));
    }

    private static Mesh withoutNormals(Mesh m, int keepPositions) {
        Mesh.Builder b = m.toBuilder().clearAttributes();
        List<String> kept = new ArrayList<>();
        for (var a : m.attributes()) {
            if (a.name().startsWith(Keyframes.POSITION_PREFIX)
                    && Integer.parseInt(a.name().substring(Keyframes.POSITION_PREFIX.length())) < keepPositions) {
                b.addAttribute(a);
                kept.add(a.name());
            }
        }
        return b.build();
    }
}
