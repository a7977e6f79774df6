package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.image.CompositeResult;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Rgba8Image;
import io.github.skinmesh.atlas.pack.Placement;
import org.junit.jupiter.api.Test;

class AtlasCompositeBenchTest {
    @Test
    void workloadIsSetA1() {
        AtlasCompositeBench bench = new AtlasCompositeBench();
        bench.setup();
        long texels = 0;
        for (PixelImage image : bench.images) {
            texels += image.texelCount();
        }
        assertThat(texels).isEqualTo(AtlasCompositeBench.TEXELS);
        assertThat(bench.images).extracting(i -> i.width() + "x" + i.height()).containsExactly("1024x1024",
                "1024x512", "512x512", "512x512", "512x512", "256x256", "256x256", "256x256", "256x256");
    }

    @Test
    void benchmarkBodiesPlaceEveryImageAndKeepLevelThreeClean() {
        AtlasCompositeBench bench = new AtlasCompositeBench();
        bench.setup();
        CompositeResult plain = bench.composite();
        CompositeResult turned = bench.compositeRotated();
        CompositeResult bled = bench.compositeBleed();
        assertThat(plain.cleanLevel()).isEqualTo(3);
        assertThat(turned.cleanLevel()).isEqualTo(3);
        assertThat(bled.cleanLevel()).isEqualTo(3);
        assertThat(bled.bledTexels()).isPositive();
        Rgba8Image a = (Rgba8Image) plain.page(0);
        Rgba8Image r = (Rgba8Image) turned.page(0);
        Rgba8Image b = (Rgba8Image) bled.page(0);
        assertThat(a.width()).isEqualTo(AtlasCompositeBench.PAGE);
        for (int k = 0; k < bench.images.size(); k++) {
            Rgba8Image image = (Rgba8Image) bench.images.get(k);
            Placement p = bench.placements.get(k);
            boolean rotated = bench.rotated.get(k).rotated();
            for (int sy = 0; sy < image.height(); sy += 37) {
                for (int sx = 0; sx < image.width(); sx += 41) {
                    // 90 degrees clockwise: source (sx, sy) at (x + w - 1 - sy, y + sx)
                    int rx = rotated ? p.x() + p.width() - 1 - sy : p.x() + sx;
                    int ry = rotated ? p.y() + sx : p.y() + sy;
                    for (int c = 0; c < 4; c++) {
                        assertThat(a.sample(p.x() + sx, p.y() + sy, c)).isEqualTo(image.sample(sx, sy, c));
                        assertThat(r.sample(rx, ry, c)).isEqualTo(image.sample(sx, sy, c));
                    }
                    assertThat(b.sample(p.x() + sx, p.y() + sy, 3)).isEqualTo(image.sample(sx, sy, 3));
                    if (image.sample(sx, sy, 3) != 0) {
                        assertThat(b.sample(p.x() + sx, p.y() + sy, 0)).isEqualTo(image.sample(sx, sy, 0));
                    }
                }
            }
        }
        bench.source[5] = 7;
        assertThat(bench.baselineArraycopy()[5]).isEqualTo((byte) 7);
    }
}
