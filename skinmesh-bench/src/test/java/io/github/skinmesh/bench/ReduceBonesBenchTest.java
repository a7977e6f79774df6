package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.partition.ReduceResult;
import org.junit.jupiter.api.Test;

class ReduceBonesBenchTest {
    @Test
    void benchmarkBodiesComputeTheRightResults() {
        ReduceBonesBench bench = new ReduceBonesBench();
        bench.target = 24;
        bench.setup();
        ReduceBonesBench.Work work = new ReduceBonesBench.Work();
        assertThat(bench.mesh.vertexCount()).isEqualTo(9555);

        ReduceResult r = bench.reduceBones(work);
        assertThat(r.report().bonesBefore()).isEqualTo(53);
        assertThat(r.report().bonesAfter()).isLessThanOrEqualTo(24);
        assertThat(r.mesh().skin().paletteSize()).isEqualTo(r.report().bonesAfter());
        assertThat(r.report().maxError()).isFinite().isPositive();
        // the baseline poses the mesh at exactly the poses the reduction samples
        int poses = 0;
        for (float[] t : bench.times) {
            poses += t.length;
        }
        assertThat(r.report().sampledPoses()).isEqualTo(poses).isEqualTo(63);
        assertThat(work.vertices).isEqualTo(9555);
        assertThat(r.report().foldedBones()).isEqualTo(29);

        ReduceResult rest = bench.reduceBonesRestEstimate(work);
        assertThat(rest.report().bonesAfter()).isLessThanOrEqualTo(24);
        assertThat(rest.report().measured()).isFalse();
        assertThat(bench.fitOneDraw(work).report().maxDrawBonesAfter()).isLessThanOrEqualTo(24);

        float[] last = bench.baselinePosePass(work).clone();
        CharacterPoser poser = CharacterPoser.bind(bench.skeleton, java.util.List.of(Part.of("m", bench.mesh)),
                bench.clips.get(bench.clips.size() - 1), PoserOptions.DEFAULTS.withMorphWeights(
                        PoserOptions.MorphWeights.NONE));
        PosedVertices out = poser.newOutput();
        float[] t = bench.times.get(bench.times.size() - 1);
        poser.poseInto(t[t.length - 1], out);
        assertThat(last).containsExactly(out.positions(0));
        assertThat(work.vertices).isEqualTo(4 * 9555);
        bench.target = 32;
        // the state of least error within 32 bones keeps 31 (one more fold lowered the RMS error); every
        // bone that keeps weight is either an input bone not folded or an added ancestor
        ReduceResult at32 = bench.reduceBones(work);
        assertThat(at32.report().bonesAfter()).isEqualTo(31);
        assertThat(at32.report().foldedBones()).isEqualTo(22);
        assertThat(at32.report().bonesAfter())
                .isEqualTo(53 - at32.report().foldedBones() + at32.report().addedBones().size());
    }
}
