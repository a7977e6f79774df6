package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnimationClipTest {
    private static BoneChannel rotation(String bone, float... times) {
        float[] values = new float[4 * times.length];
        for (int k = 0; k < times.length; k++) {
            values[4 * k + 3] = 1;
        }
        return BoneChannel.of(bone, ChannelPath.ROTATION, Interpolation.LINEAR, times, values);
    }

    @Test
    void rejectsTwoChannelsForTheSameBoneProperty() {
        assertThatThrownBy(() -> AnimationClip.of("walk", List.of(rotation("knee", 0, 1), rotation("hip", 0),
                rotation("knee", 0.5f))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("clip 'walk'").hasMessageContaining("bone 'knee' has two rotation channels")
                .hasMessageContaining("expected at most one");
    }

    @Test
    void rejectsTwoMorphChannelsForTheSameTarget() {
        MorphChannel m = MorphChannel.of("face", 1, Interpolation.STEP, new float[] {0}, new float[] {1});
        assertThatThrownBy(() -> AnimationClip.of("talk", List.of(), List.of(m, m)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("clip 'talk'").hasMessageContaining("target 'face' has two morph weight channels")
                .hasMessageContaining("expected at most one");
    }

    @Test
    void differentPropertiesOfOneBoneAreFine() {
        AnimationClip clip = AnimationClip.of("walk", List.of(rotation("knee", 0.5f, 2), BoneChannel.of("knee",
                ChannelPath.TRANSLATION, Interpolation.STEP, new float[] {1, 3}, new float[6])));
        assertThat(clip.duration()).isEqualTo(3);
        assertThat(clip.startTime()).isEqualTo(0.5f);
    }

    @Test
    void changingTheFactoryListDoesNotChangeTheClipAndItsListsAreReadOnly() {
        List<BoneChannel> channels = new ArrayList<>(List.of(rotation("knee", 0, 1)));
        List<MorphChannel> morphs = new ArrayList<>();
        AnimationClip clip = AnimationClip.of("walk", channels, morphs);
        channels.add(rotation("hip", 0, 5));
        morphs.add(MorphChannel.of("face", 1, Interpolation.STEP, new float[] {0}, new float[] {1}));
        assertThat(clip.channels()).hasSize(1);
        assertThat(clip.morphChannels()).isEmpty();
        assertThat(clip.duration()).isEqualTo(1);
        assertThatThrownBy(() -> clip.channels().add(rotation("hip", 0)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> clip.morphChannels().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aDeclaredDurationOutlastsTheLastKey() {
        AnimationClip keys = AnimationClip.of("walk", List.of(rotation("knee", 0.5f, 2)));
        AnimationClip clip = keys.withDuration(3);
        assertThat(clip.duration()).isEqualTo(3);
        assertThat(clip.lastKeyTime()).isEqualTo(2);
        assertThat(clip.startTime()).isEqualTo(0.5f);
        assertThat(clip.channels()).isEqualTo(keys.channels());
        assertThat(keys.duration()).isEqualTo(2);
        assertThat(keys.lastKeyTime()).isEqualTo(2);
        // the duration is part of the clip's value
        assertThat(clip).isNotEqualTo(keys).isEqualTo(keys.withDuration(3));
        assertThat(clip.hashCode()).isEqualTo(keys.withDuration(3).hashCode());
        assertThat(clip.withDuration(2)).isEqualTo(keys);
        assertThat(keys.withDuration(2)).isSameAs(keys);
        assertThat(AnimationClip.of("empty", List.of()).withDuration(1.5f).duration()).isEqualTo(1.5f);
        // a declared -0 is the 0 of a clip whose keys all lie at 0
        AnimationClip atZero = AnimationClip.of("pose", List.of(rotation("knee", 0)));
        assertThat(atZero.withDuration(2).withDuration(-0f)).isEqualTo(atZero);
    }

    @Test
    void rejectsADurationBeforeTheLastKeyOrNotFinite() {
        AnimationClip clip = AnimationClip.of("walk", List.of(rotation("knee", 0, 2)));
        for (float bad : new float[] {1.5f, -1, Float.NaN, Float.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> clip.withDuration(bad)).as("duration %s", bad)
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("clip 'walk': duration " + bad + " s, expected a finite number of seconds >= its last "
                            + "key time 2.0 s");
        }
    }
}
