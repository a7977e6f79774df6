package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class SkeletonTest {
    private static final float[] T2 = {0, 1, 0, 0, 2, 0};
    private static final float[] R2 = {0, 0, 0, 1, 0, 0, 0, 1};
    private static final float[] S2 = {1, 1, 1, 1, 1, 1};

    @Test
    void rejectsParentAfterItsChild() {
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"root", "arm", "hand"}, new int[] {-1, 2, 0},
                new float[9], new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}, new float[9]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skeleton 'rig'").hasMessageContaining("bone 1 'arm' has parent 2")
                .hasMessageContaining("expected -1 or a bone before it (0..0)");
    }

    @Test
    void rejectsCycle() {
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"a", "b"}, new int[] {1, 0}, new float[6], R2, S2))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skeleton 'rig'").hasMessageContaining("bone 0 'a' has parent 1")
                .hasMessageContaining("expected -1 (the first bone is a root)")
                .hasMessageContaining("cycles are not allowed");
    }

    @Test
    void rejectsParentOutOfRange() {
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"a", "b"}, new int[] {-1, -7}, new float[6], R2, S2))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("bone 1 'b' has parent -7").hasMessageContaining("expected -1 or a bone before it");
    }

    @Test
    void rejectsDuplicateBoneNames() {
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"spine", "spine"}, new int[] {-1, 0}, T2, R2, S2))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skeleton 'rig'").hasMessageContaining("bone 1 name 'spine' duplicates bone 0")
                .hasMessageContaining("expected unique names");
    }

    @Test
    void rejectsNonUnitRestRotation() {
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"a", "b"}, new int[] {-1, 0}, T2,
                new float[] {0, 0, 0, 1, 0, 0, 0, 2}, S2))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skeleton 'rig'").hasMessageContaining("bone 1: rest rotation has length 2.0")
                .hasMessageContaining("expected 1 within 0.001");
    }

    @Test
    void rejectsMismatchedRestArrays() {
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"a", "b"}, new int[] {-1, 0}, new float[5], R2, S2))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("rest translations length 5").hasMessageContaining("3*boneCount = 6");
    }

    @Test
    void rejectsMoreBonesThanTheLimit() {
        int n = Skeleton.MAX_BONES + 1;
        assertThatThrownBy(() -> Skeleton.of("huge", new String[n], new int[n], new float[3 * n], new float[4 * n],
                new float[3 * n]))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skeleton 'huge': 65537 bones, expected at most 65536");
    }

    @Test
    void rejectsNullBoneName() {
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"a", null}, new int[] {-1, 0}, T2, R2, S2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skeleton 'rig': bone 1 name is null, expected a name");
    }

    @Test
    void rejectsNonFiniteRestTranslation() {
        float[] t = T2.clone();
        t[4] = Float.NaN;
        assertThatThrownBy(() -> Skeleton.of("rig", new String[] {"a", "b"}, new int[] {-1, 0}, t, R2, S2))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skeleton 'rig': bone 1: rest translation component 1 is NaN, expected a finite value");
    }

    @Test
    void builderRejectsDuplicateBoneName() {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("spine", Skeleton.NO_PARENT);
        assertThatThrownBy(() -> b.addBone("spine", 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("skeleton 'rig': bone 1 name 'spine' duplicates bone 0, expected unique names");
        assertThat(b.boneCount()).isEqualTo(1);
    }

    @Test
    void builderRejectsParentNotYetAdded() {
        Skeleton.Builder b = Skeleton.builder("rig");
        assertThatThrownBy(() -> b.addBone("a", 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skeleton 'rig'").hasMessageContaining("bone 0 'a' has parent 0")
                .hasMessageContaining("expected -1 (the first bone is a root)");
    }

    @Test
    void messagesEscapeControlCharactersInNames() {
        Skeleton skeleton = Skeleton.of("rig\t2", new String[] {"a", "b"}, new int[] {-1, 0}, T2, R2, S2);
        assertThatThrownBy(() -> skeleton.requireIndex("Left\nHand"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bone 'Left\\u000aHand' is not in skeleton 'rig\\u00092'");
    }

    @Test
    void changingTheFactoryArraysDoesNotChangeTheSkeleton() {
        String[] names = {"a", "b"};
        int[] parents = {-1, 0};
        float[] t = T2.clone();
        float[] r = R2.clone();
        float[] s = S2.clone();
        Skeleton skeleton = Skeleton.of("rig", names, parents, t, r, s);
        names[1] = "z";
        parents[1] = -1;
        t[3] = 99;
        r[4] = 1;
        s[0] = 5;
        assertThat(skeleton.boneName(1)).isEqualTo("b");
        assertThat(skeleton.indexOf("b")).isEqualTo(1);
        assertThat(skeleton.parent(1)).isZero();
        assertThat(skeleton.restTranslation(1, new Vector3f())).isEqualTo(new Vector3f(0, 2, 0));
        assertThat(skeleton.restRotation(1, new Quaternionf())).isEqualTo(new Quaternionf());
        assertThat(skeleton.restScale(0, new Vector3f())).isEqualTo(new Vector3f(1, 1, 1));
    }

    @Test
    void copiesOutAreNotTheSkeletonsArrays() {
        Skeleton skeleton = Skeleton.of("rig", new String[] {"a", "b"}, new int[] {-1, 0}, T2, R2, S2);
        float[] t = skeleton.restTranslationsInto(new float[6], 0);
        float[] r = skeleton.restRotationsInto(new float[8], 0);
        float[] s = skeleton.restScalesInto(new float[6], 0);
        int[] p = skeleton.parentsInto(new int[2], 0);
        t[4] = 7;
        r[3] = 0;
        s[0] = 3;
        p[1] = -1;
        assertThat(skeleton.restTranslationsInto(new float[6], 0)).containsExactly(T2);
        assertThat(skeleton.restRotationsInto(new float[8], 0)).containsExactly(R2);
        assertThat(skeleton.restScalesInto(new float[6], 0)).containsExactly(S2);
        assertThat(skeleton.parent(1)).isZero();
        assertThat(skeleton).isEqualTo(Skeleton.of("rig", new String[] {"a", "b"}, new int[] {-1, 0}, T2, R2, S2));
    }
}
