package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Sampler;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gutter continues each image as its sampler reads beyond the edge: clamped, repeated from the
 * opposite edge, or mirrored, per axis, with the axes swapped for a rotated placement.
 */
class WrappedGutterTest {
    static int reference(int i, int n, Sampler.Wrap mode) {
        if (mode == Sampler.Wrap.REPEAT) {
            return ((i % n) + n) % n;
        }
        if (mode == Sampler.Wrap.MIRRORED_REPEAT) {
            int p = ((i % (2 * n)) + 2 * n) % (2 * n);
            return p < n ? p : 2 * n - 1 - p;
        }
        return Math.max(0, Math.min(n - 1, i));
    }

    @Test
    void everyGutterTexelIsTheTexelTheWrapModesName() {
        int w = 5;
        int h = 3;
        byte[] rgba = new byte[4 * w * h];
        for (int i = 0; i < w * h; i++) {
            rgba[4 * i] = (byte) (i % w);
            rgba[4 * i + 1] = (byte) (i / w);
            rgba[4 * i + 3] = (byte) 255;
        }
        Rgba8Image image = Rgba8Image.of("grid", w, h, rgba);
        int gutter = 7;
        for (Sampler.Wrap s : Sampler.Wrap.values()) {
            for (Sampler.Wrap t : Sampler.Wrap.values()) {
                for (boolean rotated : new boolean[] {false, true}) {
                    int pw = rotated ? h : w;
                    int ph = rotated ? w : h;
                    Placement p = new Placement(0, 0, 8, 8, pw, ph, rotated);
                    Sampler sampler = new Sampler(Sampler.Filter.LINEAR, Sampler.Filter.LINEAR, s, t);
                    CompositeResult r = Compositor.composite(List.of(image), List.of(sampler), List.of(p),
                            List.of(new ImageSize(32, 32)), CompositeOptions.DEFAULTS.withGutter(gutter), Progress.NONE);
                    Rgba8Image page = (Rgba8Image) r.page(0);
                    Rgba8Image inside = (Rgba8Image) Compositor.composite(List.of(image), List.of(p),
                            List.of(new ImageSize(32, 32)), CompositeOptions.DEFAULTS.withGutter(0).withMinCleanLevel(-1), Progress.NONE).page(0);
                    for (int py = 8 - gutter; py < 8 + ph + gutter; py++) {
                        for (int px = 8 - gutter; px < 8 + pw + gutter; px++) {
                            int cx = 8 + reference(px - 8, pw, rotated ? t : s);
                            int cy = 8 + reference(py - 8, ph, rotated ? s : t);
                            for (int c = 0; c < 4; c++) {
                                assertThat(page.sample(px, py, c)).as("%s/%s rotated %s texel (%d, %d)", s, t, rotated,
                                        px, py).isEqualTo(inside.sample(cx, cy, c));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void aSamplerListOfAnotherSizeIsRefused() {
        Rgba8Image image = Rgba8Image.filled("one", 2, 2, 1, 2, 3, 4);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Compositor.composite(List.of(image), List.of(),
                List.of(new Placement(0, 0, 0, 0, 2, 2, false)), List.of(new ImageSize(4, 4)), CompositeOptions.DEFAULTS,
                Progress.NONE)).isInstanceOf(io.github.skinmesh.core.ValidationException.class)
                .hasMessage("composite: 0 samplers for 1 images, expected one per image");
    }
}
