package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class MorphChannelTest {
    @Test
    void rejectsWrongValueCount() {
        assertThatThrownBy(() -> MorphChannel.of("face", 2, Interpolation.LINEAR, new float[] {0, 1}, new float[3]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("morph channel 'face'").hasMessageContaining("values length 3")
                .hasMessageContaining("expected keyCount*2 = 4");
    }

    @Test
    void rejectsZeroWeightCount() {
        assertThatThrownBy(() -> MorphChannel.of("face", 0, Interpolation.LINEAR, new float[] {0}, new float[0]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("morph channel 'face'").hasMessageContaining("weightCount=0")
                .hasMessageContaining("expected 1..");
    }

    @Test
    void changingTheFactoryArraysOrTheCopiesDoesNotChangeTheChannel() {
        float[] times = {0, 1};
        float[] values = {0, 0.5f, 1, 0.25f};
        MorphChannel c = MorphChannel.of("face", 2, Interpolation.STEP, times, values);
        times[0] = 0.5f;
        values[3] = 7;
        assertThat(c.times()).containsExactly(0, 1);
        assertThat(c.values()).containsExactly(0, 0.5f, 1, 0.25f);
        c.times()[1] = 3;
        c.values()[0] = 3;
        assertThat(c.endTime()).isEqualTo(1);
        assertThat(c.values()).containsExactly(0, 0.5f, 1, 0.25f);
    }
}
