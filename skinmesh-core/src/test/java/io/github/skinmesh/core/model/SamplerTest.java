package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class SamplerTest {
    @Test
    void defaultIsUnspecifiedFiltersAndRepeat() {
        assertThat(Sampler.DEFAULT).isEqualTo(new Sampler(Sampler.Filter.UNSPECIFIED, Sampler.Filter.UNSPECIFIED,
                Sampler.Wrap.REPEAT, Sampler.Wrap.REPEAT));
    }

    @Test
    void everyFilterMinifies() {
        for (Sampler.Filter f : Sampler.Filter.values()) {
            assertThat(new Sampler(Sampler.Filter.LINEAR, f, Sampler.Wrap.CLAMP_TO_EDGE, Sampler.Wrap.MIRRORED_REPEAT)
                    .minFilter()).isEqualTo(f);
        }
    }

    @Test
    void onlyTheFourMipmapFiltersUseMipmaps() {
        assertThat(Sampler.Filter.UNSPECIFIED.usesMipmaps()).isFalse();
        assertThat(Sampler.Filter.NEAREST.usesMipmaps()).isFalse();
        assertThat(Sampler.Filter.LINEAR.usesMipmaps()).isFalse();
        assertThat(Sampler.Filter.NEAREST_MIPMAP_NEAREST.usesMipmaps()).isTrue();
        assertThat(Sampler.Filter.LINEAR_MIPMAP_NEAREST.usesMipmaps()).isTrue();
        assertThat(Sampler.Filter.NEAREST_MIPMAP_LINEAR.usesMipmaps()).isTrue();
        assertThat(Sampler.Filter.LINEAR_MIPMAP_LINEAR.usesMipmaps()).isTrue();
    }

    @Test
    void aMipmapMagnificationFilterIsRejected() {
        assertThatThrownBy(() -> new Sampler(Sampler.Filter.LINEAR_MIPMAP_LINEAR, Sampler.Filter.LINEAR,
                Sampler.Wrap.REPEAT, Sampler.Wrap.REPEAT)).isInstanceOf(ValidationException.class)
                .hasMessage("sampler: magFilter LINEAR_MIPMAP_LINEAR, expected UNSPECIFIED, NEAREST or LINEAR"
                        + " (magnification uses no mipmaps)");
    }

    @Test
    void nullsAreRejected() {
        assertThatThrownBy(() -> new Sampler(Sampler.Filter.LINEAR, Sampler.Filter.LINEAR, null, Sampler.Wrap.REPEAT))
                .isInstanceOf(NullPointerException.class).hasMessage("wrapS");
    }
}
