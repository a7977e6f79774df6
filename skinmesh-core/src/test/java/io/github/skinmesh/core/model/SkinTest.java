package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

class SkinTest {
    private static final BoneWeights TWO_BONES = BoneWeights.of(2, new int[] {0, 1, 1, 0}, new float[] {0.5f, 0.5f, 1f, 0f});

    private static void rejects(ThrowingCallable call, String... parts) {
        var thrown = assertThatThrownBy(call).isInstanceOf(ValidationException.class);
        for (String part : parts) {
            thrown.hasMessageContaining(part);
        }
    }

    private static float[] identities(int count) {
        float[] m = new float[16 * count];
        for (int i = 0; i < count; i++) {
            new Matrix4f().get(m, 16 * i);
        }
        return m;
    }

    // --- bad input, one case each ---

    @Test
    void emptyPalette() {
        rejects(() -> Skin.of(new String[0], new float[0], BoneWeights.of(1, new int[0], new float[0])), "skin",
                "palette size 0", "expected 1..65536");
    }

    @Test
    void paletteLargerThanTheLimit() {
        rejects(() -> Skin.of(new String[65537], new float[0], TWO_BONES), "skin", "palette size 65537",
                "expected 1..65536");
    }

    @Test
    void inverseBindMatricesLengthDiffersFromThePalette() {
        rejects(() -> Skin.of(new String[] {"a", "b"}, identities(1), TWO_BONES), "skin",
                "inverse bind matrices length 16", "expected 16*paletteSize = 32");
    }

    @Test
    void nanInverseBindMatrix() {
        float[] m = identities(2);
        m[16 + 3] = Float.NaN;
        rejects(() -> Skin.of(new String[] {"a", "b"}, m, TWO_BONES), "skin", "palette entry 1",
                "inverse bind matrix component 3 is NaN", "expected a finite value");
    }

    @Test
    void nullBoneName() {
        rejects(() -> Skin.of(new String[] {"a", null}, identities(2), TWO_BONES), "skin", "palette entry 1",
                "has no bone name");
    }

    @Test
    void duplicatePaletteNames() {
        rejects(() -> Skin.of(new String[] {"a", "b", "a"}, identities(3), TWO_BONES), "skin", "palette entry 2",
                "bone 'a' duplicates entry 0", "expected each bone once");
    }

    @Test
    void jointIndexPastThePalette() {
        BoneWeights w = BoneWeights.of(2, new int[] {0, 1, 2, 0}, new float[] {0.5f, 0.5f, 1f, 0f});
        rejects(() -> Skin.of(new String[] {"a", "b"}, identities(2), w), "vertex 1", "joint 0 is 2",
                "expected < palette size 2");
    }

    @Test
    void withWeightsChecksTheJointsAgainstThePalette() {
        Skin skin = Skin.of(new String[] {"a", "b"}, identities(2), TWO_BONES);
        rejects(() -> skin.withWeights(BoneWeights.of(1, new int[] {5}, new float[] {1f})), "vertex 0",
                "joint 0 is 5", "expected < palette size 2");
    }

    @Test
    void bindNamesTheMissingBone() {
        Skeleton s = Skeleton.of("Ellen", new String[] {"a"}, new int[] {Skeleton.NO_PARENT}, new float[3],
                new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        Skin skin = Skin.of(new String[] {"a", "LeftHand"}, identities(2), TWO_BONES);
        rejects(() -> skin.bind(s), "bone 'LeftHand' is not in skeleton 'Ellen'");
    }

    // --- behaviour ---

    @Test
    void bindResolvesThePaletteByName() {
        Skeleton s = Skeleton.of("S", new String[] {"root", "b", "a"}, new int[] {Skeleton.NO_PARENT, 0, 0},
                new float[9], new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}, new float[] {1, 1, 1, 1, 1, 1, 1, 1, 1});
        Skin skin = Skin.of(new String[] {"a", "b"}, identities(2), TWO_BONES);
        assertThat(skin.bind(s)).containsExactly(2, 1);
    }

    @Test
    void readsMatricesAndNames() {
        float[] m = identities(2);
        m[16 + 12] = 3f; // translation x of entry 1
        Skin skin = Skin.of(new String[] {"a", "b"}, m, TWO_BONES);
        assertThat(skin.paletteSize()).isEqualTo(2);
        assertThat(skin.boneName(1)).isEqualTo("b");
        assertThat(skin.inverseBindMatrix(1, new Matrix4f()).m30()).isEqualTo(3f);
        assertThat(skin.inverseBindMatricesInto(new float[33], 1)[1 + 16 + 12]).isEqualTo(3f);
        assertThat(skin.weights()).isSameAs(TWO_BONES);
    }

    // --- immutability ---

    @Test
    void changingArraysAfterCreationDoesNotChangeTheSkin() {
        String[] names = {"a", "b"};
        float[] m = identities(2);
        Skin skin = Skin.of(names, m, TWO_BONES);
        Skin twin = Skin.of(names.clone(), m.clone(), TWO_BONES);
        names[0] = "z";
        m[0] = 9f;
        assertThat(skin).isEqualTo(twin);
        assertThat(skin.boneName(0)).isEqualTo("a");
        assertThat(skin.inverseBindMatrix(0, new Matrix4f()).m00()).isEqualTo(1f);
    }

    // --- equality ---

    @Test
    void equalSkinsAreEqualAndHashAlike() {
        Skin a = Skin.of(new String[] {"a", "b"}, identities(2), TWO_BONES);
        Skin b = Skin.of(new String[] {"a", "b"}, identities(2),
                BoneWeights.of(2, new int[] {0, 1, 1, 0}, new float[] {0.5f, 0.5f, 1f, 0f}));
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null);
        assertThat(a).isNotEqualTo(Skin.of(new String[] {"b", "a"}, identities(2), TWO_BONES));
        float[] moved = identities(2);
        moved[12] = 1f;
        assertThat(a).isNotEqualTo(Skin.of(new String[] {"a", "b"}, moved, TWO_BONES));
        assertThat(a).isNotEqualTo(a.withWeights(BoneWeights.of(2, new int[] {0, 1, 1, 0},
                new float[] {0.6f, 0.4f, 1f, 0f})));
        assertThat(a.toString()).contains("2 bones");
    }
}
