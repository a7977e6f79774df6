package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.List;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

class CharacterTest {
    private static final Skeleton SKELETON = skeleton();

    private static Skeleton skeleton() {
        Skeleton.Builder b = Skeleton.builder("rig");
        int hips = b.addBone("hips", Skeleton.NO_PARENT);
        b.addBone("hand", hips);
        return b.build();
    }

    private static Mesh skinned(String name, String bone) {
        return Mesh.builder(name).positions(new float[] {0, 0, 0})
                .skin(Skin.of(new String[] {bone}, new Matrix4f().get(new float[16]),
                        BoneWeights.of(1, new int[] {0}, new float[] {1}))).build();
    }

    private static Mesh rigid(String name) {
        return Mesh.builder(name).positions(new float[] {0, 0, 0, 1, 1, 1}).build();
    }

    @Test
    void findsPartsAndClipsByNameAndCollectsMaterialsOnce() {
        Material cloth = Material.builder("cloth").build();
        Mesh body = skinned("body", "hips").toBuilder().clearMaterials().addMaterial(cloth).build();
        Mesh hat = rigid("hat").toBuilder().clearMaterials().addMaterial(cloth).build();
        AnimationClip walk = AnimationClip.of("walk", List.of());
        AnimationClip again = AnimationClip.of("walk", List.of(BoneChannel.of("hips", ChannelPath.SCALE,
                Interpolation.STEP, new float[] {0}, new float[] {1, 1, 1})));
        Character c = Character.builder("hero", SKELETON).addPart(Part.of("body", body))
                .addPart(Part.of("hat", hat, "hand", new Matrix4f().translation(0, 1, 0))).addClip(walk).addClip(again)
                .build();
        assertThat(c.part("hat").attachBone()).isEqualTo("hand");
        assertThat(c.partIndex("body")).isZero();
        assertThat(c.part("tail")).isNull();
        assertThat(c.partIndex("tail")).isEqualTo(Index.NONE);
        assertThat(c.clip("walk")).isSameAs(walk);
        assertThat(c.clip("run")).isNull();
        assertThat(c.skinnedParts()).extracting(Part::name).containsExactly("body");
        assertThat(c.vertexCount()).isEqualTo(3);
        assertThat(c.materials()).containsExactly(cloth);
        assertThat(c).isEqualTo(Character.of("hero", SKELETON, c.parts(), c.clips()));
        assertThat(c.withClips(List.of()).clips()).isEmpty();
        assertThat(c.withParts(List.of(c.parts().get(0))).parts()).hasSize(1);
        assertThat(c.toString()).isEqualTo("Character['hero', 2 bones, 2 parts, 2 clips]");
    }

    @Test
    void rejectsDuplicatePartNames() {
        assertThatThrownBy(() -> Character.builder("hero", SKELETON).addPart(Part.of("a", rigid("x")))
                .addPart(Part.of("a", rigid("y"))).build())
                .isInstanceOf(ValidationException.class)
                .hasMessage("character 'hero': part 1 'a': name used by part 0, expected unique part names");
    }

    @Test
    void rejectsAttachBoneOutsideTheSkeleton() {
        assertThatThrownBy(() -> Character.builder("hero", SKELETON)
                .addPart(Part.of("hat", rigid("hat"), "head", new Matrix4f())).build())
                .isInstanceOf(ValidationException.class)
                .hasMessage("character 'hero': part 0 'hat': attach bone 'head' is not in skeleton 'rig'");
    }

    @Test
    void rejectsPaletteBoneOutsideTheSkeleton() {
        assertThatThrownBy(() -> Character.builder("hero", SKELETON).addPart(Part.of("tail", skinned("t", "tail")))
                .build())
                .isInstanceOf(ValidationException.class)
                .hasMessage("character 'hero': part 0 'tail': palette entry 0 bone 'tail' is not in skeleton 'rig'");
    }

    @Test
    void rejectsChannelBoneOutsideTheSkeleton() {
        AnimationClip clip = AnimationClip.of("wag", List.of(BoneChannel.of("tail", ChannelPath.SCALE,
                Interpolation.STEP, new float[] {0}, new float[] {1, 1, 1})));
        assertThatThrownBy(() -> Character.of("hero", SKELETON, List.of(), List.of(clip)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("character 'hero': clip 'wag': channel bone 'tail' is not in skeleton 'rig'");
    }

    @Test
    void rejectsMorphChannelWithoutItsPart() {
        AnimationClip clip = AnimationClip.of("talk", List.of(), List.of(MorphChannel.of("face", 1,
                Interpolation.STEP, new float[] {0}, new float[] {1})));
        assertThatThrownBy(() -> Character.of("hero", SKELETON, List.of(), List.of(clip)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("character 'hero': clip 'talk': morph channel target 'face' is not a part of the character");
    }

    @Test
    void rejectsMorphChannelWithWrongWeightCount() {
        AnimationClip clip = AnimationClip.of("talk", List.of(), List.of(MorphChannel.of("face", 2,
                Interpolation.STEP, new float[] {0}, new float[] {1, 0})));
        Mesh face = skinned("face", "hips").toBuilder()
                .addMorphTarget(MorphTarget.of("smile", new float[3], null, null)).build();
        assertThatThrownBy(() -> Character.of("hero", SKELETON, List.of(Part.of("face", face)), List.of(clip)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("character 'hero': clip 'talk': morph channel 'face' weightCount 2, expected the part's"
                        + " morph target count 1");
    }

    @Test
    void partPlacementRules() {
        Part hat = Part.of("hat", rigid("hat"), "hand", new Matrix4f().translation(1, 2, 3));
        assertThat(hat.isSkinned()).isFalse();
        assertThat(hat.hasIdentityTransform()).isFalse();
        assertThat(hat.transform(new Matrix4f())).isEqualTo(new Matrix4f().translation(1, 2, 3));
        assertThat(hat.transformInto(new float[17], 1)[13]).isEqualTo(1f);
        assertThat(Part.of("b", skinned("b", "hips")).hasIdentityTransform()).isTrue();
        assertThat(hat.withName("cap").name()).isEqualTo("cap");
        assertThat(hat.withMesh(rigid("cap")).attachBone()).isEqualTo("hand");
        assertThat(hat).isEqualTo(Part.of("hat", rigid("hat"), "hand", new Matrix4f().translation(1, 2, 3)));
        assertThat(hat.toString()).isEqualTo("Part['hat', " + rigid("hat") + ", on 'hand', transformed]");
    }

    @Test
    void rejectsAttachBoneOnSkinnedPart() {
        assertThatThrownBy(() -> Part.of("body", skinned("body", "hips"), "hand", new Matrix4f()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("part 'body': attach bone 'hand' given for a skinned mesh, expected none (the skin's bones"
                        + " place a skinned part)");
    }

    @Test
    void rejectsASkinnedMeshForAPartOnABone() {
        Part hat = Part.of("hat", rigid("hat"), "hand", new Matrix4f());
        assertThatThrownBy(() -> hat.withMesh(skinned("helmet", "hips")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("part 'hat': attach bone 'hand' given for a skinned mesh, expected none (the skin's bones"
                        + " place a skinned part)");
    }

    @Test
    void rejectsEmptyAttachBoneName() {
        assertThatThrownBy(() -> Part.of("hat", rigid("hat"), "", new Matrix4f()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("part 'hat': attach bone name is empty, expected a bone name or none");
    }

    @Test
    void rejectsNonAffineOrNonFiniteTransform() {
        assertThatThrownBy(() -> Part.of("hat", rigid("hat"), null, new Matrix4f().m13(2)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("part 'hat': transform row 3 is (0.0, 2.0, 0.0, 1.0), expected (0, 0, 0, 1) (an affine"
                        + " matrix)");
        assertThatThrownBy(() -> Part.of("hat", rigid("hat"), null, new Matrix4f().m00(Float.POSITIVE_INFINITY)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("part 'hat': matrix 0: transform component 0 is Infinity, expected a finite value");
    }
}
