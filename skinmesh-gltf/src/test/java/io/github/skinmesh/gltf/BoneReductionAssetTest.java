package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.partition.BoneReduction;
import io.github.skinmesh.core.partition.ReduceOptions;
import io.github.skinmesh.core.partition.ReduceReport;
import io.github.skinmesh.core.partition.ReduceResult;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.core.validate.MeshValidator;
import io.github.skinmesh.core.validate.ValidationReport;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Bone reduction of the shared real characters (CesiumMan, Fox, RiggedSimple) with their own
 * clips: at several targets the error is finite, reported, never grows with the target, and equals
 * an independent measurement (clip sampler, pose evaluation and mesh skinning of the input and
 * the result at the documented pose times); the result validates and keeps at most the target's
 * bones; fit-in-one-draw meets its limit.
 */
class BoneReductionAssetTest {
    private static final List<String> ASSETS = List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb");
    private static final int[] TARGETS = {1, 2, 4, 8, 16};
    /** 10 poses per second and no cap, so that the pose times are the documented formula's. */
    private static final ReduceOptions OPTIONS = ReduceOptions.DEFAULTS.withSamplesPerSecond(10)
            .withMaxPoses(ReduceOptions.MAX_POSES);
    /**
     * Agreement with the independent measurement, relative to the mesh's bounding-box diagonal:
     * both pose in float, the reducer with the weights normalized as posing does.
     */
    private static final double RELATIVE_TOLERANCE = 1e-5;

    @TestFactory
    Stream<DynamicTest> eachAssetReducesWithAMeasuredErrorThatMatchesARecomputation() {
        Optional<Path> folder = SharedFiles.file("assets");
        assumeTrue(folder.isPresent(), SharedFiles.ABSENT);
        return ASSETS.stream().map(name -> DynamicTest.dynamicTest(name, () -> check(folder.get().resolve(name))));
    }

    private static void check(Path file) throws IOException {
        GltfAsset asset = GltfReader.read(file);
        Skeleton skeleton = asset.skeleton();
        List<AnimationClip> clips = asset.clips();
        assertThat(clips).isNotEmpty();
        int checked = 0;
        for (Part part : asset.parts()) {
            Mesh mesh = part.mesh();
            if (mesh.skin() == null) {
                continue;
            }
            checked++;
            double diagonal = mesh.bounds().diagonal();
            double tolerance = RELATIVE_TOLERANCE * diagonal;
            double previous = Double.POSITIVE_INFINITY;
            int bones = BoneReduction.reduceBones(mesh, skeleton, Integer.MAX_VALUE, List.of()).report().bonesBefore();
            for (int target : TARGETS) {
                if (target > bones) {
                    break;
                }
                ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, target, clips, OPTIONS, Progress.NONE);
                ReduceReport report = r.report();
                String what = file.getFileName() + " part " + part.name() + " target " + target;
                assertThat(report.measured()).as(what).isTrue();
                assertThat(report.maxError()).as(what).isFinite().isGreaterThanOrEqualTo(report.rmsError());
                assertThat(report.rmsError()).as(what).isLessThanOrEqualTo(previous + tolerance);
                previous = report.rmsError();
                assertThat(report.bonesAfter()).as(what).isLessThanOrEqualTo(target);
                if (target < bones) {
                    assertThat(report.folds()).as(what).isNotEmpty();
                }
                Independent e = measure(mesh, r.mesh(), skeleton, clips, OPTIONS.samplesPerSecond());
                assertThat(report.sampledPoses()).as(what).isEqualTo(e.poses);
                assertThat(report.maxError()).as(what).isCloseTo(e.max, within(tolerance));
                assertThat(report.rmsError()).as(what).isCloseTo(e.rms, within(tolerance));
                ValidationReport validation = MeshValidator.validate(r.mesh(), skeleton);
                assertThat(validation.hasErrors()).as("%s: %s", what, validation.errors()).isFalse();
            }
            ReduceResult fit = BoneReduction.fitOneDraw(mesh, skeleton, 4, clips, OPTIONS, Progress.NONE);
            assertThat(fit.report().maxDrawBonesAfter()).isLessThanOrEqualTo(4);
            assertThat(fit.report().maxError()).isFinite();
            assertThat(MeshValidator.validate(fit.mesh(), skeleton).hasErrors()).isFalse();
        }
        assertThat(checked).as("skinned parts of %s", file.getFileName()).isPositive();
    }

    private record Independent(double max, double rms, int poses) {
    }

    /** The documented poses: per clip {@code ceil(span * rate) + 1} evenly spaced times, both ends included. */
    private static Independent measure(Mesh input, Mesh reduced, Skeleton skeleton, List<AnimationClip> clips,
            float rate) {
        double sum = 0;
        double max = 0;
        int poses = 0;
        float[] model = new float[16 * skeleton.boneCount()];
        for (AnimationClip clip : clips) {
            float start = clip.startTime();
            float end = clip.duration();
            int n = end > start ? (int) Math.ceil((end - (double) start) * rate) + 1 : 1;
            ClipSampler sampler = ClipSampler.bind(clip, skeleton);
            Pose pose = Pose.rest(skeleton);
            for (int i = 0; i < n; i++) {
                float t = n == 1 ? start : i == n - 1 ? end : (float) (start + ((double) end - start) * i / (n - 1));
                sampler.sample(t, pose);
                PoseEvaluation.modelMatricesInto(skeleton, pose, model);
                float[] a = skin(input, skeleton, model);
                float[] b = skin(reduced, skeleton, model);
                for (int v = 0; v < input.vertexCount(); v++) {
                    double dx = (double) a[3 * v] - b[3 * v];
                    double dy = (double) a[3 * v + 1] - b[3 * v + 1];
                    double dz = (double) a[3 * v + 2] - b[3 * v + 2];
                    double d2 = dx * dx + dy * dy + dz * dz;
                    sum += d2;
                    max = Math.max(max, d2);
                }
                poses++;
            }
        }
        return new Independent(Math.sqrt(max), Math.sqrt(sum / ((double) poses * input.vertexCount())), poses);
    }

    private static float[] skin(Mesh mesh, Skeleton skeleton, float[] model) {
        Skin skin = mesh.skin();
        float[] palette = new float[16 * skin.paletteSize()];
        PoseEvaluation.skinMatricesInto(skin, skin.bind(skeleton), model, palette);
        return Skinning.skinPositions(mesh, palette, SkinningOptions.DEFAULTS);
    }
}
