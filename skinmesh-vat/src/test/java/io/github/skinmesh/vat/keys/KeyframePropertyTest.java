package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.RandomClipOptions;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.VertexStreams;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;

/** Seeded random skeletons, meshes and clips: every bake keeps the properties {@link KeyChecks} checks. */
class KeyframePropertyTest {
    @Property(tries = 25, seed = "20261203")
    void randomModelsDecodeWithinTheReportedErrorAndBeatTheThirds(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 8) int bones, @ForAll @IntRange(min = 3, max = 60) int vertices,
            @ForAll @FloatRange(min = 0.25f, max = 2.5f) float duration, @ForAll @IntRange(min = 2, max = 12) int keys,
            @ForAll boolean cubic, @ForAll @IntRange(min = 0, max = 3) int segments,
            @ForAll @FloatRange(min = 24, max = 60) float fps) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton skeleton = RandomModels.skeleton(rng, bones);
        Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, RandomMeshOptions.DEFAULTS.withVertexCount(vertices)
                .withTriangleCount(vertices).withStreams(cubic ? VertexStreams.ALL : VertexStreams.POSITIONS));
        AnimationClip clip = RandomModels.clip(rng, skeleton, RandomClipOptions.DEFAULTS.withDuration(duration)
                .withKeyCount(keys).withInterpolation(cubic ? Interpolation.CUBICSPLINE : Interpolation.LINEAR));
        List<Part> parts = List.of(Part.of("part", mesh));
        long intervals = (long) Math.ceil(duration * (double) fps - 1e-3);
        int count = (int) Math.min(segments, intervals / Keyframes.MIN_SEGMENT_INTERVALS);
        KeyframeOptions options = KeyframeOptions.DEFAULTS.withFps(fps).withSegments(count);
        KeyframeResult r = Keyframes.bake(skeleton, parts, clip, options, Progress.NONE);
        assertThat(r.hasNormals()).isEqualTo(cubic);
        if (count > 0) {
            assertThat(r.segments()).hasSize(count);
        }
        KeyChecks.checkBake(r, skeleton, parts, clip);
        assertThat(Keyframes.bake(skeleton, parts, clip, options, Progress.NONE)).isEqualTo(r);
    }
}
