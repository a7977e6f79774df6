package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rate and duration of the clips {@link CrowdFrames} reads, and its frame accessors out of range.
 * A clip's fps and duration are checked where a {@link VatClip} is made, so no table that reaches
 * {@link CrowdFrames#of} can hold a zero, negative, NaN or infinite one: the cases below assert the
 * constructor's error for each.
 */
class CrowdFramesErrorsTest {
    private static final Bounds BOX = new Bounds(0, 0, 0, 1, 1, 1);

    @ParameterizedTest
    @CsvSource({"0.0, 1.0", "-30.0, 1.0", "NaN, 1.0", "Infinity, 1.0", "-Infinity, 1.0", "30.0, -1.0", "30.0, NaN",
            "30.0, Infinity"})
    void aClipRateOrDurationOutOfRangeIsRefusedWhereTheClipIsMade(float fps, float duration) {
        assertThatThrownBy(() -> new VatClip("walk", 0, 31, fps, duration, true, BOX, 0, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatClip \"walk\": fps " + fps + ", duration " + duration + ", expected a finite fps > 0"
                        + " and a finite duration >= 0");
    }

    @Test
    void aClipOfDurationZeroIsOneFrame() {
        VatClip still = new VatClip("still", 0, 1, 30, 0, false, BOX, 0, 0);
        assertThat(VatClip.frameCount(still.duration(), still.fps())).isEqualTo(1);
    }

    @Test
    void framesOutOfRangeNameTheClipAndTheRange() {
        Character c = CrowdModels.turner(1, 1);
        CrowdFrames frames = CrowdFrames.of(Vat.bakeBoneTexture(c, c.clips(), BoneTextureOptions.DEFAULTS.withFps(4)
                .withEncoding(VatEncoding.FLOAT), Progress.NONE));
        String name = frames.clip(0).name();
        int count = frames.clip(0).frames();
        int floats = 12 * frames.boneCount();
        assertThatThrownBy(() -> frames.frameTime(0, count)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("CrowdFrames.frameTime: frame " + count + " of clip '" + name + "', expected 0.."
                        + (count - 1));
        assertThatThrownBy(() -> frames.frameInto(0, -1, new float[floats], 0))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("CrowdFrames.frameInto: frame -1 of clip '" + name + "', expected 0.." + (count - 1));
        assertThatThrownBy(() -> frames.frameTime(c.clips().size(), 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("CrowdFrames.frameTime: clip " + c.clips().size() + ", expected 0.."
                        + (c.clips().size() - 1) + " " + frames.names());
        assertThatThrownBy(() -> frames.frameInto(0, 0, new float[floats], 1))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("CrowdFrames.frameInto: dst length " + floats + ", offset 1, expected offset >= 0 and"
                        + " length >= offset + 12 * boneCount = " + (floats + 1));
        assertThat(frames.frameInto(0, count - 1, new float[floats + 1], 1)).hasSize(floats + 1);
    }
}
