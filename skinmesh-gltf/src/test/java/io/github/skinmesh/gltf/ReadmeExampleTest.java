package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.core.weights.QuantizeResult;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.testkit.SharedFiles;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The README's core API example, kept compiling and checked on a real asset. */
class ReadmeExampleTest {
    @Test
    void readmeExampleSkinsTheFoxWalk() throws Exception {
        Optional<Path> file = SharedFiles.file("assets/Fox.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);

        // --- README example starts
        GltfAsset asset = GltfReader.read(file.get());
        Skeleton skeleton = asset.skeleton();
        Mesh fox = asset.skinnedMeshes().get(0).primitives().get(0);
        AnimationClip walk = asset.clips().get(1);

        ClipSampler sampler = ClipSampler.bind(walk, skeleton);     // resolves bone names once
        Pose pose = Pose.rest(skeleton);                            // reusable, no per-frame allocation
        int[] paletteBones = fox.skin().bind(skeleton);             // palette entry -> skeleton bone
        float[] model = new float[16 * skeleton.boneCount()];
        float[] palette = new float[16 * fox.skin().paletteSize()];
        float[] positions = new float[3 * fox.vertexCount()];

        sampler.sample(0.35f, pose);                                // play-once, clamped
        PoseEvaluation.modelMatricesInto(skeleton, pose, model);
        PoseEvaluation.skinMatricesInto(fox.skin(), paletteBones, model, palette);
        Skinning.skinInto(fox, palette, positions, null, null, SkinningOptions.DEFAULTS);

        // weights for a GPU that takes 4 influences as 8-bit values summing to 255
        QuantizeResult bytes = Weights.quantize(Weights.limit(fox.skin().weights()).weights());
        // --- README example ends

        Bounds posed = Bounds.of(positions, 0, fox.vertexCount());
        assertThat(posed.diagonal()).isBetween(100f, 300f); // the fox is about 155 units long
        assertThat(bytes.influencesPerVertex()).isEqualTo(4);
        for (int v = 0; v < fox.vertexCount(); v++) {
            int sum = 0;
            for (int k = 0; k < 4; k++) {
                sum += bytes.value(v, k);
            }
            assertThat(sum).isEqualTo(255);
        }
    }
}
