package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Skeleton;
import java.util.SplittableRandom;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class PoseTest {
    @Test
    void newPoseIsIdentity() {
        Pose p = new Pose(2);
        assertThat(p.boneCount()).isEqualTo(2);
        assertThat(p.translation(1, new Vector3f())).isEqualTo(new Vector3f());
        assertThat(p.rotation(1, new Quaternionf())).isEqualTo(new Quaternionf());
        assertThat(p.scale(1, new Vector3f())).isEqualTo(new Vector3f(1, 1, 1));
    }

    @Test
    void restAndSetCopyTransforms() {
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(3), 4);
        Pose rest = Pose.rest(skeleton);
        Pose copy = new Pose(4).set(rest);
        for (int i = 0; i < 4; i++) {
            assertThat(copy.rotation(i, new Quaternionf())).isEqualTo(skeleton.restRotation(i, new Quaternionf()));
            assertThat(copy.translation(i, new Vector3f())).isEqualTo(skeleton.restTranslation(i, new Vector3f()));
            assertThat(copy.scale(i, new Vector3f())).isEqualTo(skeleton.restScale(i, new Vector3f()));
        }
    }

    @Test
    void rejectsNegativeBoneCount() {
        assertThatThrownBy(() -> new Pose(-1))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Pose").hasMessageContaining("boneCount=-1")
                .hasMessageContaining("expected 0.." + Skeleton.MAX_BONES);
    }

    @Test
    void rejectsTooManyBones() {
        assertThatThrownBy(() -> new Pose(Skeleton.MAX_BONES + 1))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Pose").hasMessageContaining("boneCount=" + (Skeleton.MAX_BONES + 1))
                .hasMessageContaining("expected 0.." + Skeleton.MAX_BONES);
    }

    @Test
    void rejectsCopyFromPoseOfAnotherBoneCount() {
        assertThatThrownBy(() -> new Pose(3).set(new Pose(5)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Pose.set").hasMessageContaining("5").hasMessageContaining("boneCount = 3");
    }

    @Test
    void rejectsRestOfSkeletonWithAnotherBoneCount() {
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(3), 4);
        assertThatThrownBy(() -> new Pose(3).setToRest(skeleton))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Pose.setToRest").hasMessageContaining("4").hasMessageContaining("boneCount = 3");
    }
}
