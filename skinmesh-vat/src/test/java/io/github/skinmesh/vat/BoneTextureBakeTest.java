package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.core.skinning.PalettePacking;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BoneTextureBakeTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"FLOAT", "HALF"})
    void skinningFromTheWrittenTextureEqualsCoreSkinningWithinTheReportedError(VatEncoding e) throws IOException {
        Character c = VatModels.combinedHumanoid();
        List<AnimationClip> clips = c.clips();
        VatResult r = Vat.bakeBoneTexture(c, clips, BoneTextureOptions.DEFAULTS.withEncoding(e), Progress.NONE);
        assertThat(r.kind()).isEqualTo(TextureKind.BONES);
        assertThat(r.elementCount()).isEqualTo(c.parts().get(0).mesh().skin().paletteSize());
        VatFiles.write(dir, r, VatFormat.RAW);
        VatDecoder d = VatFiles.read(dir);
        Mesh mesh = r.parts().get(0).mesh();
        float[] bind = mesh.positions();
        BoneWeights w = mesh.skin().weights();
        int k = w.influencesPerVertex();
        int[] joints = w.joints();
        float[] weights = w.weights();
        double max = 0;
        double sum = 0;
        long samples = 0;
        float[] p = new float[3];
        for (int ci = 0; ci < clips.size(); ci++) {
            VatClip entry = r.clips().get(ci);
            CharacterPoser poser = CharacterPoser.bind(c, clips.get(ci));
            PosedVertices out = poser.newOutput();
            for (int f = 0; f < entry.frames(); f++) {
                float t = f == entry.frames() - 1 ? entry.duration() : Math.min(f / entry.fps(), entry.duration());
                poser.poseInto(t, out);
                float[] exact = out.positions(0);
                for (int i = 0; i < mesh.vertexCount(); i++) {
                    d.skinInto(ci, f, bind[3 * i], bind[3 * i + 1], bind[3 * i + 2], joints, weights, k * i, k, p, 0);
                    double dx = p[0] - (double) exact[3 * i];
                    double dy = p[1] - (double) exact[3 * i + 1];
                    double dz = p[2] - (double) exact[3 * i + 2];
                    double d2 = dx * dx + dy * dy + dz * dz;
                    max = Math.max(max, Math.sqrt(d2));
                    sum += d2;
                    samples++;
                }
            }
        }
        assertThat(max).isLessThanOrEqualTo(r.maxError()).isCloseTo(r.maxError(), within(1e-12));
        assertThat(Math.sqrt(sum / samples)).isCloseTo(r.rmsError(), within(1e-9));
        // a 1.7 m character: float skinning agrees to float rounding, half to its 11 bits
        assertThat(r.maxError()).isLessThan(e == VatEncoding.FLOAT ? 1e-5 : 1e-3);
    }

    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"FLOAT", "HALF"})
    void frameZeroAndTheLastFrameHoldTheSkinMatricesAtZeroAndTheDuration(VatEncoding e) {
        Character c = VatModels.combinedHumanoid();
        AnimationClip walk = c.clip("walk");
        VatResult r = Vat.bakeBoneTexture(c, List.of(walk), BoneTextureOptions.DEFAULTS.withEncoding(e), Progress.NONE);
        int bones = r.elementCount();
        CharacterPoser poser = CharacterPoser.bind(c, walk);
        VatDecoder d = r.decoder();
        int last = r.clips().get(0).frames() - 1;
        float[][] times = {{0, 0}, {walk.duration(), last}};
        for (float[] tf : times) {
            poser.evaluate(tf[0]);
            float[] matrices = poser.skinMatricesInto(0, new float[16 * bones], 0);
            float[] rows = packed(matrices, bones);
            float[] decoded = new float[12 * bones];
            for (int b = 0; b < bones; b++) {
                d.boneRowsInto(0, (int) tf[1], b, decoded, 12 * b);
            }
            for (int i = 0; i < rows.length; i++) {
                float expected = e == VatEncoding.FLOAT ? rows[i] : HalfFloats.toFloat(HalfFloats.toHalf(rows[i]));
                assertThat(decoded[i]).as("value %d at t=%s", i, tf[0]).isEqualTo(expected);
            }
        }
    }

    private static float[] packed(float[] matrices, int bones) {
        float[] rows = new float[12 * bones];
        PalettePacking.packFloat3x4Into(matrices, 0, bones, rows, 0);
        return rows;
    }

    @Test
    void quantizedWeightsAreMultiplesOf255thsSummingToOneAndCountInTheError() {
        Character c = VatModels.combinedHumanoid();
        AnimationClip walk = c.clip("walk");
        VatResult exact = Vat.bakeBoneTexture(c, List.of(walk), BoneTextureOptions.DEFAULTS
                .withEncoding(VatEncoding.FLOAT), Progress.NONE);
        VatResult quantized = Vat.bakeBoneTexture(c, List.of(walk), BoneTextureOptions.DEFAULTS
                .withEncoding(VatEncoding.FLOAT).withWeights(WeightFormat.UNORM8), Progress.NONE);
        BoneWeights w = quantized.parts().get(0).mesh().skin().weights();
        for (int v = 0; v < w.vertexCount(); v++) {
            int sum = 0;
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                float q = w.weight(v, k) * 255;
                assertThat(q).isCloseTo(Math.round(q), within(1e-3f));
                sum += Math.round(q);
            }
            assertThat(sum).isEqualTo(255);
        }
        assertThat(quantized.maxError()).isGreaterThan(exact.maxError());
        assertThat(quantized.maxError()).isLessThan(0.01);
    }

    @Test
    void morphTargetsABoneTextureCannotCarryAreWarnedAboutAndMeasured() {
        Character withMorphs = io.github.skinmesh.core.combine.Combine.combineCharacters(
                List.of(VatModels.humanoid().character()), io.github.skinmesh.core.combine.CombineOptions.DEFAULTS)
                .character();
        int targets = withMorphs.parts().get(0).mesh().morphTargets().size();
        assertThat(targets).isPositive();
        VatResult r = Vat.bakeBoneTexture(withMorphs, withMorphs.clips(), BoneTextureOptions.DEFAULTS
                .withEncoding(VatEncoding.FLOAT), Progress.NONE);
        assertThat(r.warnings()).contains("part '" + withMorphs.parts().get(0).name() + "' has " + targets
                + " morph targets, which a bone texture does not carry; the error report includes their effect");
        VatResult without = Vat.bakeBoneTexture(VatModels.combinedHumanoid(), VatModels.combinedHumanoid().clips(),
                BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT), Progress.NONE);
        assertThat(r.maxError()).isGreaterThan(100 * without.maxError());
    }

    @Test
    void thePaletteWrapsAtAMultipleOfThreeSoABonesRowsShareATextureRow() {
        Character c = VatModels.combinedHumanoid();
        int bones = c.parts().get(0).mesh().skin().paletteSize();
        VatResult r = Vat.bakeBoneTexture(c, List.of(c.clip("walk")), BoneTextureOptions.DEFAULTS.withMaxWidth(31),
                Progress.NONE);
        // the fewest rows of at most 30 texels (31 rounded down to whole bones), then the
        // narrowest multiple of 3 that still holds the palette in them
        int rows = (3 * bones + 29) / 30;
        assertThat(r.rowsPerFrame()).isEqualTo(rows);
        assertThat(r.width() % 3).isZero();
        assertThat(r.width() * rows).isGreaterThanOrEqualTo(3 * bones);
        assertThat((r.width() - 3) * rows).isLessThan(3 * bones);
        VatResult pot = Vat.bakeBoneTexture(c, List.of(c.clip("walk")), BoneTextureOptions.DEFAULTS
                .withTextureSize(TextureSize.POWER_OF_TWO), Progress.NONE);
        assertThat(Integer.bitCount(pot.width())).isEqualTo(1);
        assertThat(Integer.bitCount(pot.height())).isEqualTo(1);
        assertThat(pot.width()).isGreaterThanOrEqualTo(3 * bones);
        // a wrapped power-of-two palette is as wide as the largest power of two within maxWidth (64),
        // not within maxWidth rounded down to whole bones (63, whose largest power of two is 32)
        VatResult wrapped = Vat.bakeBoneTexture(c, List.of(c.clip("walk")), BoneTextureOptions.DEFAULTS
                .withTextureSize(TextureSize.POWER_OF_TWO).withMaxWidth(64), Progress.NONE);
        assertThat(3 * bones).isGreaterThan(64);
        assertThat(wrapped.width()).isEqualTo(64);
        assertThat(wrapped.rowsPerFrame()).isEqualTo((3 * bones + 63) / 64);
    }
}
