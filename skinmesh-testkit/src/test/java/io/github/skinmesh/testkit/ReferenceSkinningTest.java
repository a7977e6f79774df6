package io.github.skinmesh.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import org.junit.jupiter.api.Test;

class ReferenceSkinningTest {
    private static final float[] TIMES = {0, 1, 2};
    private static final float[] VALUES = {0, 0, 0, 10, 20, 30, 40, 50, 60};

    @Test
    void stepAtAKeyTimeGivesThatKey() {
        BoneChannel step = BoneChannel.of("b", ChannelPath.TRANSLATION, Interpolation.STEP, TIMES, VALUES);
        assertThat(ReferenceSkinning.sample(step, 0.5f)).containsExactly(0, 0, 0);
        assertThat(ReferenceSkinning.sample(step, 1f)).containsExactly(10, 20, 30);
        assertThat(ReferenceSkinning.sample(step, 1.5f)).containsExactly(10, 20, 30);
        assertThat(ReferenceSkinning.sample(step, 2f)).containsExactly(40, 50, 60);
    }

    @Test
    void linearAtAKeyTimeGivesThatKeyAndInterpolatesBetween() {
        BoneChannel linear = BoneChannel.of("b", ChannelPath.TRANSLATION, Interpolation.LINEAR, TIMES, VALUES);
        assertThat(ReferenceSkinning.sample(linear, 1f)).containsExactly(10, 20, 30);
        assertThat(ReferenceSkinning.sample(linear, 1.5f)).containsExactly(25, 35, 45);
    }
}
