package io.github.skinmesh.testkit.combine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.combine.CombineReport;
import io.github.skinmesh.core.combine.CombineResult;
import io.github.skinmesh.core.combine.IndexWidth;
import io.github.skinmesh.core.combine.Provenance;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import org.junit.jupiter.api.Test;

/**
 * Combining the testkit humanoid's six parts: posing the combined character and the original one
 * with each clip gives the same positions (the parts share one skeleton and their bind matrices
 * agree, so nothing is reconciled and the result is exact up to rounding); the counts of the
 * report add up; and a character made of one part, combined, keeps every vertex position.
 */
class HumanoidCombineTest {
    /** Relative to the bounding-box diagonal, as the combine contract states. */
    private static final double RELATIVE_TOLERANCE = 1e-5;

    @Test
    void combinedHumanoidPosesLikeItsParts() {
        Humanoid h = Humanoids.generate(1);
        Character character = h.character();
        CombineResult result = Combine.combine(CombineInput.allOf(character), CombineOptions.DEFAULTS);
        Character combined = result.character();
        CombineReport report = result.report();

        assertThat(combined.parts()).hasSize(1);
        assertThat(combined.skeleton()).isEqualTo(character.skeleton());
        assertThat(combined.clips()).extracting(AnimationClip::name).containsExactly(Humanoid.WALK, Humanoid.IDLE);
        assertThat(report.partsBefore()).isEqualTo(6);
        assertThat(report.verticesBefore()).isEqualTo(h.vertexCount()).isEqualTo(report.verticesAfter());
        assertThat(report.trianglesBefore()).isEqualTo(h.triangleCount()).isEqualTo(report.trianglesAfter());
        assertThat(report.drawCallsBefore()).isEqualTo(6);
        assertThat(report.drawCallsAfter()).isEqualTo(result.mesh().submeshes().size());
        assertThat(report.indexWidth()).isEqualTo(IndexWidth.forVertexCount(h.vertexCount()));
        assertThat(report.corrections()).isEmpty();
        assertThat(report.bonesAfter()).isEqualTo(result.mesh().skin().paletteSize());
        Provenance provenance = report.provenance();
        for (int p = 0; p < 6; p++) {
            assertThat(provenance.partName(p)).isEqualTo(h.parts().get(p).name());
        }

        for (AnimationClip clip : character.clips()) {
            AnimationClip merged = combined.clip(clip.name());
            for (int f = 0; f <= 12; f++) {
                float t = clip.duration() * f / 12;
                assertSamePositions(character, clip, combined, merged, t, provenance);
            }
        }
        assertSamePositions(character, null, combined, null, 0, provenance);
    }

    @Test
    void combiningACharacterWithItselfAsTheOnlyPartChangesNoVertexPosition() {
        Humanoid h = Humanoids.generate(1);
        for (Mesh mesh : h.parts()) {
            Character one = Character.builder("one", h.skeleton()).addPart(Part.of(mesh.name(), mesh)).build();
            Mesh combined = Combine.combine(CombineInput.allOf(one)).mesh();
            assertThat(combined.positions()).as("part %s", mesh.name()).containsExactly(mesh.positions());
            assertThat(combined.normals()).containsExactly(mesh.normals());
            assertThat(combined.indices()).containsExactly(mesh.indices());
        }
    }

    private static void assertSamePositions(Character parts, AnimationClip clip, Character combined,
            AnimationClip mergedClip, float t, Provenance provenance) {
        CharacterPoser before = CharacterPoser.bind(parts, clip, PoserOptions.DEFAULTS);
        CharacterPoser after = CharacterPoser.bind(combined, mergedClip, PoserOptions.DEFAULTS);
        PosedVertices a = before.newOutput();
        PosedVertices b = after.newOutput();
        before.poseInto(t, a);
        after.poseInto(t, b);
        double tolerance = RELATIVE_TOLERANCE * a.bounds().diagonal();
        float[] out = b.positions(0);
        double worst = 0;
        for (int p = 0; p < a.partCount(); p++) {
            float[] in = a.positions(p);
            for (int v = 0; v < in.length / 3; v++) {
                int o = provenance.outputVertex(p, v);
                for (int c = 0; c < 3; c++) {
                    worst = Math.max(worst, Math.abs(in[3 * v + c] - out[3 * o + c]));
                }
            }
        }
        assertThat(worst).as("largest difference at t=%s of %s", t, clip == null ? "rest" : clip.name())
                .isLessThanOrEqualTo(tolerance);
    }
}
