package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import org.junit.jupiter.api.Test;

/**
 * Misuse of a {@link VatDecoder}: a clip, frame, vertex or bone out of range, a destination too short,
 * bind positions or skinning slots of the wrong length. Each case asserts the type and that the message
 * names the argument, its value and the range. The textures are the slider's (2 vertices, one bone, one
 * clip of 1 s baked at 4 fps: 5 frames).
 */
class VatDecoderErrorsTest {
    private static final float[] BIND = {1, 0, 0, 0, 2, 0};

    private static VatDecoder vertices() {
        Character c = VatModels.slider();
        return Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS.withFps(4).withEncoding(VatEncoding.FLOAT)
                .withStreams(VatStreams.POSITIONS_NORMALS).withPositionMode(PositionMode.OFFSET), Progress.NONE)
                .decoder();
    }

    private static VatDecoder bones() {
        Character c = VatModels.slider();
        return Vat.bakeBoneTexture(c, c.clips(), BoneTextureOptions.DEFAULTS.withFps(4)
                .withEncoding(VatEncoding.FLOAT), Progress.NONE).decoder();
    }

    @Test
    void inRangeCallsDecode() {
        VatDecoder d = vertices();
        assertThat(d.positionInto(0, 4, 1, BIND, new float[3], 0)).containsExactly(1, 2, 0);
        assertThat(bones().skinInto(0, 4, 0, 2, 0, new int[] {0}, new float[] {1}, 0, 1, new float[3], 0))
                .containsExactly(1, 2, 0);
    }

    @Test
    void aClipFrameOrVertexOutOfRange() {
        VatDecoder d = vertices();
        float[] dst = new float[3];
        assertThatThrownBy(() -> d.positionInto(1, 0, 0, BIND, dst, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.positionInto: clip 1, expected 0..0 (1 clips)");
        assertThatThrownBy(() -> d.positionInto(-1, 0, 0, BIND, dst, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.positionInto: clip -1, expected 0..0 (1 clips)");
        assertThatThrownBy(() -> d.positionInto(0, 5, 0, BIND, dst, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.positionInto: frame 5 of clip 'slide', expected 0..4 (5 frames)");
        assertThatThrownBy(() -> d.normalInto(0, -1, 0, dst, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.normalInto: frame -1 of clip 'slide', expected 0..4 (5 frames)");
        assertThatThrownBy(() -> d.positionInto(0, 0, 2, BIND, dst, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.positionInto: vertex 2, expected 0..1 (2 vertices)");
        assertThatThrownBy(() -> d.normalInto(0, 0, -1, dst, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.normalInto: vertex -1, expected 0..1 (2 vertices)");
        assertThatThrownBy(() -> d.texelIndex(0, 0, 7)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.texelIndex: vertex 7, expected 0..1 (2 vertices)");
        assertThatThrownBy(() -> d.page(3)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.page: clip 3, expected 0..0 (1 clips)");
    }

    @Test
    void arraysOfTheWrongLength() {
        VatDecoder d = vertices();
        assertThatThrownBy(() -> d.positionInto(0, 0, 1, new float[3], new float[3], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder.positionInto: bindPositions length 3, expected 3 * vertexCount = 6");
        assertThatThrownBy(() -> d.positionInto(0, 0, 0, null, new float[3], 0)).isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder.positionInto: the texture holds offsets, bind positions are required");
        assertThatThrownBy(() -> d.positionInto(0, 0, 0, BIND, new float[4], 2))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.positionInto: dst has 4 elements, expected at least 5 (3 from offset 2)");
        assertThatThrownBy(() -> d.normalInto(0, 0, 0, new float[3], -1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.normalInto: offset -1 into dst, expected >= 0");
    }

    @Test
    void boneTextureMisuse() {
        VatDecoder d = bones();
        assertThatThrownBy(() -> d.boneRowsInto(0, 0, 1, new float[12], 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.boneRowsInto: bone 1, expected 0..0 (1 palette bones)");
        assertThatThrownBy(() -> d.boneRowsInto(0, 9, 0, new float[12], 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.boneRowsInto: frame 9 of clip 'slide', expected 0..4 (5 frames)");
        assertThatThrownBy(() -> d.boneRowsInto(0, 0, 0, new float[11], 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.boneRowsInto: dst has 11 elements, expected at least 12 (12 from offset 0)");
        assertThatThrownBy(() -> d.texelIndex(0, 0, 3)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.texelIndex: element (3 * bone + row) 3, expected 0..2 (1 bones x 3 rows)");
        assertThatThrownBy(() -> d.positionInto(0, 0, 0, null, new float[3], 0)).isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder.positionInto: the manifest's kind is bones, expected vertex");

        float[] dst = new float[3];
        assertThatThrownBy(() -> d.skinInto(0, 0, 0, 0, 0, new int[] {0}, new float[] {1}, 0, 0, dst, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder.skinInto: influences=0, expected 1..8");
        assertThatThrownBy(() -> d.skinInto(0, 0, 0, 0, 0, new int[] {0, 0}, new float[] {1}, 0, 2, dst, 0))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.skinInto: weights has 1 elements, expected at least 2 (influences 2 from slot 0)");
        assertThatThrownBy(() -> d.skinInto(0, 0, 0, 0, 0, new int[] {0}, new float[] {1, 0}, 1, 1, dst, 0))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.skinInto: joints has 1 elements, expected at least 2 (influences 1 from slot 1)");
        assertThatThrownBy(() -> d.skinInto(0, 0, 0, 0, 0, new int[] {0}, new float[] {1}, -1, 1, dst, 0))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.skinInto: slot -1 into joints, expected >= 0");
        assertThatThrownBy(() -> d.skinInto(0, 0, 0, 0, 0, new int[] {4}, new float[] {1}, 0, 1, dst, 0))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.skinInto: bone 4, expected 0..0 (1 palette bones)");
        assertThatThrownBy(() -> d.skinInto(0, 0, 0, 0, 0, new int[] {0}, new float[] {1}, 0, 1, new float[2], 0))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("VatDecoder.skinInto: dst has 2 elements, expected at least 3 (3 from offset 0)");
    }
}
