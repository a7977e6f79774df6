package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.Progress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's atlas example, kept compiling and checked. */
class ReadmeExampleTest {
    @Test
    void readmeCompositingExampleWritesAPageThatDecodesBack() {
        List<PixelImage> images = List.of(Rgba8Image.filled("body.png", 1024, 512, 200, 150, 120, 255),
                Rgba8Image.filled("head.png", 256, 256, 90, 60, 40, 255));
        List<Placement> placements = List.of(new Placement(0, 0, 0, 0, 1024, 512, false),
                new Placement(1, 0, 1040, 0, 256, 256, false));
        // --- README atlas example starts
        CompositeResult atlas = Compositor.composite(images, placements, List.of(new ImageSize(2048, 2048)),
                CompositeOptions.DEFAULTS.withGutter(8).withMinCleanLevel(3), Progress.NONE);
        byte[] png = Png.encode(atlas.page(0));
        // --- README atlas example ends
        assertThat(atlas.cleanLevel()).isEqualTo(3);
        Rgba8Image page = (Rgba8Image) Png.decode("atlas", png);
        assertThat(page.sample(1040 + 10, 10, 0)).isEqualTo(90);
        assertThat(page.sample(1032, 10, 0)).as("gutter").isEqualTo(90);
        assertThat(page.sample(1031, 10, 0)).as("the other rectangle's gutter").isEqualTo(200);
    }
}
