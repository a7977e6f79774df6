package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.util.List;
import org.junit.jupiter.api.Test;

class VatErrorsTest {
    @Test
    void fpsMustBeAFinitePositiveRate() {
        assertThatThrownBy(() -> VatOptions.DEFAULTS.withFps(0)).isInstanceOf(ValidationException.class)
                .hasMessage("VatOptions: fps=0.0, expected a finite rate > 0");
        assertThatThrownBy(() -> VatOptions.DEFAULTS.withFps(-30)).isInstanceOf(ValidationException.class)
                .hasMessage("VatOptions: fps=-30.0, expected a finite rate > 0");
        assertThatThrownBy(() -> VatOptions.DEFAULTS.withFps(Float.NaN)).isInstanceOf(ValidationException.class)
                .hasMessage("VatOptions: fps=NaN, expected a finite rate > 0");
        assertThatThrownBy(() -> BoneTextureOptions.DEFAULTS.withFps(Float.POSITIVE_INFINITY))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoneTextureOptions: fps=Infinity, expected a finite rate > 0");
    }

    @Test
    void sizesAndEncodingsOutOfRangeAreRejected() {
        assertThatThrownBy(() -> VatOptions.DEFAULTS.withMaxWidth(0)).isInstanceOf(ValidationException.class)
                .hasMessage("VatOptions: maxWidth=0, expected 1..16384");
        assertThatThrownBy(() -> VatOptions.DEFAULTS.withMaxHeight(16385)).isInstanceOf(ValidationException.class)
                .hasMessage("VatOptions: maxHeight=16385, expected 1..16384");
        assertThatThrownBy(() -> BoneTextureOptions.DEFAULTS.withMaxWidth(2)).isInstanceOf(ValidationException.class)
                .hasMessage("BoneTextureOptions: maxWidth=2, expected 3..16384 (a bone takes 3 texels)");
        assertThatThrownBy(() -> BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.UNORM8))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoneTextureOptions: encoding=unorm8, expected float or half (skin matrices have no fixed"
                        + " range)");
    }

    @Test
    void anUnknownClipNameOrIndexListsTheClips() {
        Character c = VatModels.humanoid().character();
        assertThatThrownBy(() -> Vat.selectClips(c, List.of("walk", "run"))).isInstanceOf(ValidationException.class)
                .hasMessage("selectClips: clip 'run' is not a clip of character '" + c.name()
                        + "', expected one of [walk, idle]");
        assertThatThrownBy(() -> Vat.selectClips(c, List.of("2"))).isInstanceOf(ValidationException.class)
                .hasMessage("selectClips: clip index 2 of character '" + c.name() + "', expected 0..1 [walk, idle]");
        org.assertj.core.api.Assertions.assertThat(Vat.selectClips(c, List.of("1", "walk")))
                .containsExactly(c.clip("idle"), c.clip("walk"));
    }

    @Test
    void anEmptyClipIsAnError() {
        Humanoid h = VatModels.humanoid();
        assertThatThrownBy(() -> Vat.bakeVertexTextures(h.character(), List.of(AnimationClip.of("none", List.of())),
                VatOptions.DEFAULTS, Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: clip 'none' is empty (no channels), expected at least one animated"
                        + " channel");
    }

    @Test
    void tooManyRowsIsAnErrorWithTheNumbers() {
        Humanoid h = VatModels.humanoid();
        int v = (int) h.character().vertexCount();
        assertThatThrownBy(() -> Vat.bakeVertexTextures(h.character(), List.of(h.walk()),
                VatOptions.DEFAULTS.withMaxHeight(10), Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("bakeVertexTextures: clip 'walk' needs 32 frames x " + (v + 4095) / 4096
                        + " rows per frame = " + 32 * ((v + 4095) / 4096) + " rows from row 0")
                .hasMessageContaining("more than maxHeight 10 (" + v + " texels per frame at width "
                        + (v + (v + 4095) / 4096 - 1) / ((v + 4095) / 4096) + ")");
    }

    @Test
    void noPartsIsAnError() {
        Humanoid h = VatModels.humanoid();
        assertThatThrownBy(() -> Vat.bakeVertexTextures(h.skeleton(), List.of(), List.of(h.walk()),
                VatOptions.DEFAULTS, Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: no parts, expected at least one");
        assertThatThrownBy(() -> Vat.bakeBoneTexture(h.skeleton(), List.of(), List.of(h.walk()),
                BoneTextureOptions.DEFAULTS, Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("bakeBoneTexture: no parts, expected at least one skinned part");
    }

    @Test
    void boneTexturesNeedSkinnedPartsOnOnePalette() {
        Humanoid h = VatModels.humanoid();
        assertThatThrownBy(() -> Vat.bakeBoneTexture(h.character(), List.of(h.walk()), BoneTextureOptions.DEFAULTS,
                Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessageMatching("bakeBoneTexture: part '[a-z_]+': .*; one bone texture needs one palette \\(same"
                        + " bones and inverse bind matrices\\), combine the parts first");
        Character slider = VatModels.slider();
        Part rigid = Part.of("rigid", slider.parts().get(0).mesh().toBuilder().skin(null).build());
        assertThatThrownBy(() -> Vat.bakeBoneTexture(slider.skeleton(), List.of(rigid), slider.clips(),
                BoneTextureOptions.DEFAULTS, Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("bakeBoneTexture: part 'rigid' is not skinned, expected skinned parts (a bone texture"
                        + " replaces a skin's palette; combine rigid parts first)");
    }

    @Test
    void normalsAskedForAPartWithoutNormalsFailInThePoser() {
        Character slider = VatModels.slider();
        Part bare = Part.of("bare", slider.parts().get(0).mesh().toBuilder().normals(null).build());
        assertThatThrownBy(() -> Vat.bakeVertexTextures(slider.skeleton(), List.of(bare), slider.clips(),
                VatOptions.DEFAULTS.withStreams(VatStreams.POSITIONS_NORMALS), Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessageContaining("part 'bare'")
                .hasMessageContaining("normals");
    }

    @Test
    void halfPositionsBeyondTheHalfRangeAreAnError() {
        Character big = VatModels.scaled(VatModels.slider(), 70000);
        assertThatThrownBy(() -> Vat.bakeVertexTextures(big, big.clips(), VatOptions.DEFAULTS, Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: a position coordinate reaches 140000.0, beyond the half-float range"
                        + " (largest finite 65504.0); use the float or a normalized encoding");
    }
}
