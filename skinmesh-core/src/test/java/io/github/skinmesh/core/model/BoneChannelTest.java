package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class BoneChannelTest {
    @Test
    void rejectsNegativeKeyTime() {
        assertThatThrownBy(() -> BoneChannel.of("hip", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                new float[] {-0.5f, 1}, new float[6]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("channel 'hip' translation").hasMessageContaining("key 0 time -0.5")
                .hasMessageContaining("expected a finite time >= 0");
    }

    @Test
    void rejectsNonIncreasingKeyTimes() {
        assertThatThrownBy(() -> BoneChannel.of("hip", ChannelPath.SCALE, Interpolation.STEP,
                new float[] {0, 0.5f, 0.5f}, new float[9]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("channel 'hip' scale").hasMessageContaining("key 2 time 0.5 is not after key 1 time 0.5")
                .hasMessageContaining("expected strictly increasing times");
    }

    @Test
    void rejectsZeroLengthQuaternion() {
        assertThatThrownBy(() -> BoneChannel.of("hip", ChannelPath.ROTATION, Interpolation.LINEAR,
                new float[] {0, 1}, new float[] {0, 0, 0, 1, 0, 0, 0, 0}))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("channel 'hip' rotation").hasMessageContaining("key 1: rotation has length 0.0")
                .hasMessageContaining("expected a non-zero quaternion");
    }

    @Test
    void rejectsZeroLengthCubicSplineValueButNotTangent() {
        float[] values = new float[24]; // tangents all zero are fine
        values[7] = 1;
        assertThatThrownBy(() -> BoneChannel.of("hip", ChannelPath.ROTATION, Interpolation.CUBICSPLINE,
                new float[] {0, 1}, values))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("key 1: rotation has length 0.0");
        values[19] = 1;
        assertThat(BoneChannel.of("hip", ChannelPath.ROTATION, Interpolation.CUBICSPLINE, new float[] {0, 1}, values)
                .keyCount()).isEqualTo(2);
    }

    @Test
    void rejectsWrongValueCount() {
        assertThatThrownBy(() -> BoneChannel.of("hip", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                new float[] {0, 1}, new float[5]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("channel 'hip' translation").hasMessageContaining("values length 5")
                .hasMessageContaining("expected keyCount*3 = 6");
    }

    @Test
    void rejectsWrongCubicSplineValueCount() {
        assertThatThrownBy(() -> BoneChannel.of("hip", ChannelPath.ROTATION, Interpolation.CUBICSPLINE,
                new float[] {0, 1}, new float[8]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("values length 8").hasMessageContaining("expected keyCount*4*3 = 24");
    }

    @Test
    void rejectsNoKeys() {
        assertThatThrownBy(() -> BoneChannel.of("hip", ChannelPath.SCALE, Interpolation.STEP, new float[0],
                new float[0]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("channel 'hip' scale").hasMessageContaining("no keys, expected at least 1");
    }

    @Test
    void normalizesRotationKeys() {
        BoneChannel c = BoneChannel.of("hip", ChannelPath.ROTATION, Interpolation.STEP, new float[] {0},
                new float[] {0, 0, 0, 2});
        assertThat(c.values()).containsExactly(0, 0, 0, 1);
    }

    @Test
    void changingTheFactoryArraysOrTheCopiesDoesNotChangeTheChannel() {
        float[] times = {0, 1};
        float[] values = {1, 2, 3, 4, 5, 6};
        BoneChannel c = BoneChannel.of("hip", ChannelPath.TRANSLATION, Interpolation.LINEAR, times, values);
        times[1] = 9;
        values[0] = 9;
        assertThat(c.times()).containsExactly(0, 1);
        assertThat(c.values()).containsExactly(1, 2, 3, 4, 5, 6);
        c.times()[0] = 5;
        c.values()[1] = 5;
        assertThat(c.time(0)).isZero();
        assertThat(c.endTime()).isEqualTo(1);
        assertThat(c.values()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(c.times()).isNotSameAs(c.times());
    }
}
