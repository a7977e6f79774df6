package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the writer leaves out is reported, one sentence each, and the rest is written. */
class LayaModelsWriteWarningsTest {
    private static final String WHERE = "LayaModels.write: mesh 'Tri': ";

    @Test
    void uvChannelsPastTheSecondAreDroppedWithAWarning() {
        Mesh m = LayaModelsGoldenTest.triangle().toBuilder()
                .addUvs(new float[] {1, 1, 1, 1, 1, 1}).addUvs(new float[] {2, 2, 2, 2, 2, 2})
                .addUvs(new float[] {3, 3, 3, 3, 3, 3}).build();
        LmWriteResult w = LayaModels.write(m, LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA));
        assertThat(w.warnings()).containsExactly(WHERE + "UV channels 2..3 not written (a .lm vertex holds UV and UV1)");
        assertThat(w.declaration()).contains(LmElement.UV, LmElement.UV1);
        Mesh back = LayaModels.read(w.bytes()).mesh();
        assertThat(back.uvChannelCount()).isEqualTo(2);
        assertThat(back.uvs(1)).containsExactly(1, 1, 1, 1, 1, 1);
    }

    @Test
    void attributesOtherThanAFourComponentNormalByteAreDroppedWithAWarning() {
        Mesh m = LayaModelsGoldenTest.triangle().toBuilder()
                .addAttribute("_TEMPERATURE", 1, new float[] {1, 2, 3})
                .addAttribute(LayaModels.NORMAL_BYTE_ATTRIBUTE, 3, new float[] {1, 2, 3, 4, 5, 6, 7, 8, 9})
                .build();
        LmWriteResult w = LayaModels.write(m);
        assertThat(w.warnings()).containsExactly(
                WHERE + "vertex attribute '_TEMPERATURE' not written (a .lm vertex has no place for it)",
                WHERE + "vertex attribute 'NORMAL_BYTE' not written (a .lm vertex has no place for it)");
        assertThat(w.declaration()).doesNotContain(LmElement.NORMAL_BYTE);
        assertThat(LayaModels.read(w.bytes()).mesh().attributes()).isEmpty();
    }

    @Test
    void morphTargetsAreDroppedWithAWarning() {
        Mesh m = LayaModelsGoldenTest.triangle().toBuilder()
                .addMorphTarget(MorphTarget.of("smile", new float[9], null, null))
                .addMorphTarget(MorphTarget.of("blink", new float[9], null, null)).build();
        LmWriteResult w = LayaModels.write(m);
        assertThat(w.warnings()).containsExactly(WHERE + "2 morph targets not written");
        assertThat(LayaModels.read(w.bytes()).mesh().morphTargets()).isEmpty();
        Mesh one = m.toBuilder().clearMorphTargets().addMorphTarget(MorphTarget.of("smile", new float[9], null, null))
                .build();
        assertThat(LayaModels.write(one).warnings()).containsExactly(WHERE + "1 morph target not written");
    }

    @Test
    void morphTargetsWithDefaultWeightsSayTheBaseShapeIsWritten() {
        // a default weight moves the rest shape a viewer shows; the file holds the shape without it
        float[] lift = {0, 0.5f, 0, 0, 0.5f, 0, 0, 0.5f, 0};
        Mesh m = LayaModelsGoldenTest.triangle().toBuilder()
                .addMorphTarget(MorphTarget.of("smile", new float[9], null, null))
                .addMorphTarget(MorphTarget.of("lift", lift, null, null)).morphWeights(new float[] {0, 0.25f})
                .build();
        LmWriteResult w = LayaModels.write(m);
        assertThat(w.warnings()).containsExactly(WHERE + "2 morph targets not written; the positions are the base"
                + " shape, without the default weight 0.25 of morph target 1 ('lift')");
        assertThat(LayaModels.read(w.bytes()).mesh().positions()).containsExactly(m.positions());
    }

    @Test
    void submeshesWhoseMaterialIsNotTheirPositionAreReported() {
        Mesh quad = Mesh.builder("Quad").positions(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0})
                .indices(new int[] {0, 1, 2, 0, 2, 3})
                .addMaterial(Material.builder("a").build()).addMaterial(Material.builder("b").build())
                .addSubmesh(0, 3, 0).addSubmesh(3, 3, 1).build();
        assertThat(LayaModels.write(quad).warnings()).isEmpty();
        Mesh swapped = quad.toBuilder().clearSubmeshes().addSubmesh(0, 3, 1).addSubmesh(3, 3, 0).build();
        LmWriteResult w = LayaModels.write(swapped);
        assertThat(w.warnings()).containsExactly("LayaModels.write: mesh 'Quad': 2 submeshes use a material other than"
                + " their own position (first: submesh 0 uses material 1); a .lm file names no material, LayaAir draws"
                + " submesh i with its renderer's material i");
        // the triangles are written in submesh order all the same
        assertThat(LayaModels.read(w.bytes()).mesh().submeshes()).hasSize(2);
        assertThat(List.of(LayaModels.write(quad).bytes().length)).containsExactly(w.bytes().length);
    }
}
