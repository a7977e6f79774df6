package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DownscalePolicyTest {
    private static final List<String> NAMES = List.of("body.png", "head.png", "eye.png");
    private static final List<ImageSize> SIZES = List.of(new ImageSize(1024, 1024), new ImageSize(512, 512),
            new ImageSize(64, 32));

    @Test
    void largestFirstHalvesOnlyTheLargestAreaEachStep() {
        DownscalePolicy p = DownscalePolicy.DEFAULTS.withMode(DownscaleMode.LARGEST_FIRST);
        List<ImageSize> one = p.shrink(SIZES).orElseThrow();
        assertThat(one).containsExactly(new ImageSize(512, 512), new ImageSize(512, 512), new ImageSize(64, 32));
        List<ImageSize> two = p.shrink(one).orElseThrow();
        assertThat(two).containsExactly(new ImageSize(256, 256), new ImageSize(256, 256), new ImageSize(64, 32));
        assertThat(DownscalePolicy.report(NAMES, SIZES, two)).containsExactly(
                "image 'body.png' (input 0): downscaled from 1024x1024 to 256x256 (the set did not fit the atlas)",
                "image 'head.png' (input 1): downscaled from 512x512 to 256x256 (the set did not fit the atlas)");
    }

    @Test
    void uniformHalvesEveryImageAndStopsAtTheMinimumSide() {
        DownscalePolicy p = new DownscalePolicy(DownscaleMode.UNIFORM, 4);
        assertThat(p.shrink(SIZES).orElseThrow()).containsExactly(new ImageSize(512, 512), new ImageSize(256, 256),
                new ImageSize(32, 16));
        List<ImageSize> tiny = List.of(new ImageSize(4, 4), new ImageSize(5, 4));
        assertThat(p.shrink(tiny).orElseThrow()).containsExactly(new ImageSize(4, 4), new ImageSize(4, 4));
        assertThat(p.shrink(List.of(new ImageSize(4, 4)))).isEqualTo(Optional.empty());
        assertThat(DownscalePolicy.DEFAULTS.shrink(SIZES)).isEmpty();
    }

    @Test
    void fitEachHalvesAnImageLargerThanTheMaximumUnlessDownscalingIsOff() {
        ImageSize max = new ImageSize(512, 256);
        assertThat(DownscalePolicy.DEFAULTS.withMode(DownscaleMode.UNIFORM).fitEach(NAMES, SIZES, max))
                .containsExactly(new ImageSize(256, 256), new ImageSize(256, 256), new ImageSize(64, 32));
        assertThatThrownBy(() -> DownscalePolicy.DEFAULTS.fitEach(NAMES, SIZES, max))
                .isInstanceOf(ValidationException.class)
                .hasMessage("image 'body.png' (input 0): 1024x1024 is larger than the maximum atlas size 512x256 and "
                        + "downscaling is off");
        assertThatThrownBy(() -> new DownscalePolicy(DownscaleMode.LARGEST_FIRST, 300).fitEach(NAMES, SIZES, max))
                .isInstanceOf(ValidationException.class)
                .hasMessage("image 'body.png' (input 0): 1024x1024 cannot be halved into the maximum atlas size "
                        + "512x256 without a side below 300");
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> DownscalePolicy.DEFAULTS.withMinSide(0)).isInstanceOf(ValidationException.class)
                .hasMessage("DownscalePolicy: minSide=0, expected 1..4096");
        assertThatThrownBy(() -> DownscalePolicy.DEFAULTS.fitEach(List.of("a"), SIZES, new ImageSize(8, 8)))
                .isInstanceOf(ValidationException.class).hasMessage("fitEach: 1 names for 3 sizes");
    }
}
