package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.weights.NormalizeResult;
import io.github.skinmesh.core.weights.Weights;
import org.junit.jupiter.api.Test;

/** Runs every {@link PoserBindBench} body once and checks its answer. */
class PoserBindBenchTest {
    @Test
    void bodiesBindTheWholeHumanoidAndCopyEverySkinsWeights() {
        PoserBindBench bench = new PoserBindBench();
        bench.setUp();
        assertThat(bench.character.vertexCount()).isEqualTo(PoserBindBench.VERTICES);

        CharacterPoser poser = bench.bind(new CpuTime());
        assertThat(poser.partCount()).isEqualTo(bench.character.parts().size());
        int vertices = 0;
        for (int p = 0; p < poser.partCount(); p++) {
            vertices += poser.posedMesh(p).vertexCount();
        }
        assertThat(vertices).isEqualTo(PoserBindBench.VERTICES);

        // normalize covers every skin once, with the poser's options, and reports what they report
        double expected = 0;
        int weightVertices = 0;
        for (BoneWeights w : bench.weights) {
            NormalizeResult r = Weights.normalize(w, PoserBindBench.AS_THE_POSER);
            expected += r.maxSumErrorAfter() + r.weights().weight(0, 0);
            weightVertices += w.vertexCount();
            // what the bench times is a normalization: every vertex's weights sum to 1
            for (int v = 0; v < w.vertexCount(); v++) {
                double sum = 0;
                for (int i = 0; i < w.influencesPerVertex(); i++) {
                    sum += r.weights().weight(v, i);
                }
                assertThat(sum).as("vertex %d", v).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
            }
        }
        assertThat(bench.normalize(new CpuTime())).isEqualTo(expected);
        assertThat(weightVertices).isEqualTo(PoserBindBench.VERTICES);

        ClipSampler sampler = bench.bindClip(new CpuTime());
        assertThat(sampler.report().ignoredChannelCount()).isZero();

        float last = bench.baseline(new CpuTime());
        float sum = 0;
        for (float[] src : bench.sources) {
            sum += src[src.length - 1];
        }
        assertThat(last).isEqualTo(sum);
    }
}
