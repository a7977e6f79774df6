package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Index;
import java.util.List;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/**
 * A space's references asked for out of range, and spaces whose references do not fit the parts of a
 * bake: type and message (the part, the value, the range) for each.
 */
class BakeSpaceErrorsTest {
    private static final float[] IDENTITY = new Matrix4f().get(new float[16]);

    @Test
    void aReferenceOutOfRange() {
        BakeSpace one = BakeSpace.ofParts(new int[] {3}, IDENTITY);
        assertThat(one.bone(0)).isEqualTo(3);
        assertThatThrownBy(() -> one.bone(1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("BakeSpace.bone: part 1, expected 0..0 (1 reference)");
        assertThatThrownBy(() -> one.bone(-1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("BakeSpace.bone: part -1, expected 0..0 (1 reference)");
        BakeSpace two = BakeSpace.ofParts(new int[] {3, Index.NONE}, concat(IDENTITY, IDENTITY));
        assertThatThrownBy(() -> two.matrixInto(2, new float[16], 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("BakeSpace.matrixInto: part 2, expected 0..1 (2 references)");
        assertThatThrownBy(() -> BakeSpace.CHARACTER.bone(0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("BakeSpace.bone: part 0, but BakeSpace.CHARACTER has no references (partCount() = 0)");
        assertThatThrownBy(() -> BakeSpace.CHARACTER.matrixInto(0, new float[16], 0))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("BakeSpace.matrixInto: part 0, but BakeSpace.CHARACTER has no references (partCount() = 0)");
    }

    @Test
    void aDestinationTooShort() {
        BakeSpace one = BakeSpace.ofParts(new int[] {Index.NONE}, IDENTITY);
        assertThatThrownBy(() -> one.matrixInto(0, new float[20], 5)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("BakeSpace.matrixInto: dst length 20, offset 5, expected offset >= 0 and length >= offset"
                        + " + 16 = 21");
        assertThatThrownBy(() -> one.matrixInto(0, new float[20], -1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("BakeSpace.matrixInto: dst length 20, offset -1, expected offset >= 0 and length >= offset"
                        + " + 16 = 15");
        assertThat(one.matrixInto(0, new float[20], 4)).containsSequence(IDENTITY);
    }

    @Test
    void referencesThatDoNotFitTheParts() {
        Character c = VatModels.humanoid().character();
        List<AnimationClip> clips = List.of(c.clips().get(0));
        int parts = c.parts().size();
        assertThat(parts).isGreaterThan(2);
        float[][] matrices = new float[parts + 1][];
        java.util.Arrays.fill(matrices, IDENTITY);
        BakeSpace tooMany = BakeSpace.ofParts(new int[parts + 1], concat(matrices));
        Character combined = VatModels.combinedHumanoid();
        assertThat(combined.parts()).hasSize(1);
        assertThatThrownBy(() -> Vat.bakeBoneTexture(combined, List.of(combined.clips().get(0)),
                BoneTextureOptions.DEFAULTS.withSpace(BakeSpace.ofParts(new int[2], concat(IDENTITY, IDENTITY))),
                Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("bakeBoneTexture: the space has 2 references for 1 parts, expected one per part (or one"
                        + " for all)");
        assertThatThrownBy(() -> Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withSpace(tooMany),
                Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: the space has " + (parts + 1) + " references for " + parts
                        + " parts, expected one per part (or one for all)");
        int bones = c.skeleton().boneCount();
        int[] perPart = new int[parts];
        perPart[parts - 1] = bones + 4;
        float[][] each = new float[parts][];
        java.util.Arrays.fill(each, IDENTITY);
        assertThatThrownBy(() -> Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withSpace(
                BakeSpace.ofParts(perPart, concat(each))), Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: the space of part '" + c.parts().get(parts - 1).name()
                        + "' starts from bone " + (bones + 4) + ", expected one of the skeleton's " + bones
                        + " bones or Index.NONE");
    }

    /**
     * A reference whose inverse does not fit a float (scale 2e-39: determinant about 8e-117, not 0),
     * and one whose inverse fits but takes the character's vertices past the float range (scale 1e-38
     * about a point 3 units away: coordinates about 3e38 and more).
     */
    @Test
    void aSpaceTooCloseToSingularAndOneThatTakesVerticesOutOfTheFloatRange() {
        Character c = VatModels.humanoid().character();
        List<AnimationClip> clips = List.of(c.clips().get(0));
        float[] tiny = new Matrix4f().scale(2e-39f).get(new float[16]);
        assertThatThrownBy(() -> Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withSpace(
                BakeSpace.ofParts(new int[] {Index.NONE}, tiny)), Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: the space of every part, matrix [2.0E-39, 0.0, 0.0, 0.0, 0.0, 2.0E-39, "
                        + "0.0, 0.0, 0.0, 0.0, 2.0E-39, 0.0, 0.0, 0.0, 0.0, 1.0], has determinant 8.000005167329111E-117, "
                        + "too close to singular for its inverse to fit a float, so positions cannot be expressed in it; "
                        + "bake in the character's space instead");
        float[] far = new Matrix4f().translate(-3, -3, -3).scale(1e-38f).get(new float[16]);
        assertThatThrownBy(() -> Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withSpace(
                BakeSpace.ofParts(new int[] {Index.NONE}, far)), Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("bakeVertexTextures: clip " + io.github.skinmesh.core.internal.Checks.quote(
                        clips.get(0).name()) + ", frame 0: part ")
                .hasMessageContaining(": vertex ")
                .hasMessageEndingWith(") in the part's space, outside the float range; bake in the character's "
                        + "space instead");
    }

    private static float[] concat(float[]... arrays) {
        float[] out = new float[16 * arrays.length];
        for (int i = 0; i < arrays.length; i++) {
            System.arraycopy(arrays[i], 0, out, 16 * i, 16);
        }
        return out;
    }
}
