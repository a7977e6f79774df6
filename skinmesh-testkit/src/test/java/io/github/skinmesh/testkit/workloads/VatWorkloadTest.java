package io.github.skinmesh.testkit.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class VatWorkloadTest {
    /** The rest pose goes through a matrix and its inverse, in float. */
    private static final float REST_TOLERANCE = 1e-5f;

    private final VatWorkload w = VatWorkload.create();

    @Test
    void theLbsCharacterIsTheLbsMeshOnTheSampleSkeletonWithItsClip() {
        Character c = w.lbsCharacter();
        LbsWorkload lbs = new LbsWorkload();
        assertThat(c.parts()).hasSize(1);
        Mesh m = c.parts().get(0).mesh();
        assertThat(m.vertexCount()).isEqualTo(LbsWorkload.VERTICES);
        assertThat(m.positions()).containsExactly(lbs.positions());
        assertThat(m.normals()).containsExactly(lbs.normals());
        assertThat(m.skin().paletteSize()).isEqualTo(SampleWorkload.JOINTS);
        assertThat(m.skin().weights().influencesPerVertex()).isEqualTo(LbsWorkload.INFLUENCES);
        assertThat(c.skeleton()).isEqualTo(SampleWorkload.create().skeleton());
        assertThat(w.lbsClip()).isEqualTo(SampleWorkload.create().clip());
        assertThat(Math.round(w.lbsClip().duration() * VatWorkload.FPS) + 1).isEqualTo(VatWorkload.LBS_FRAMES);
    }

    @Test
    void theRestPoseGivesTheMeshAsBuilt() {
        Character c = w.lbsCharacter();
        CharacterPoser poser = CharacterPoser.bind(c, null);
        PosedVertices out = poser.newOutput();
        poser.poseInto(0, out);
        float[] rest = out.positions(0);
        float[] built = c.parts().get(0).mesh().positions();
        for (int i = 0; i < built.length; i++) {
            assertThat(rest[i]).as("coordinate %d", i).isCloseTo(built[i], Offset.offset(REST_TOLERANCE));
        }
    }

    @Test
    void isDeterministic() {
        assertThat(VatWorkload.create().lbsCharacter()).isEqualTo(w.lbsCharacter());
    }
}
