package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * skinmesh's deflate encoder on real images: the testkit humanoid's textures and the images of the
 * shared glTF assets (read with skinmesh-gltf, which skinmesh-atlas's own tests cannot reach), each
 * re-encoded as PNG and read back by the JDK's PNG reader and by its inflater.
 */
class DeflateRealImagesTest {
    private static void assertRoundTrips(String name, PixelImage image) throws IOException, DataFormatException {
        Rgba8Image rgba = image instanceof Rgba8Image ? (Rgba8Image) image : (Rgba8Image) image.convert(TexelFormat.RGBA8);
        for (PngFilter filter : PngFilter.values()) {
            byte[] filtered = ScanlineFilter.filter(rgba.raw(), 4, rgba.width(), rgba.height(), filter);
            for (int level : new int[] {1, 6, 9}) {
                byte[] z = Deflate.zlib(filtered, level);
                assertThat(PngDeflateBenchTest.inflate(z, filtered.length)).as("%s %s level %d", name, filter, level)
                        .isEqualTo(filtered);
            }
            byte[] png = Png.encode(rgba, PngOptions.DEFAULTS.withFilter(filter));
            BufferedImage read = ImageIO.read(new ByteArrayInputStream(png));
            int w = rgba.width();
            int h = rgba.height();
            int[] samples = read.getRaster().getPixels(0, 0, w, h, (int[]) null);
            byte[] raw = rgba.raw();
            assertThat(samples).hasSize(raw.length);
            for (int i = 0; i < raw.length; i++) {
                if (samples[i] != (raw[i] & 0xFF)) {
                    throw new AssertionError(name + " " + filter + ": sample " + i + " read " + samples[i]
                            + ", written " + (raw[i] & 0xFF));
                }
            }
            assertThat(((Rgba8Image) Png.decode(name, png)).raw()).isEqualTo(raw);
        }
    }

    @Test
    void humanoidTexturesRoundTrip() throws IOException, DataFormatException {
        for (Image image : PngDeflateBench.humanoidTextures(Humanoids.generate(7))) {
            assertRoundTrips(image.name(), Png.decode(image));
        }
    }

    @Test
    void sharedAssetImagesRoundTrip() throws IOException, DataFormatException {
        Optional<Path> folder = SharedFiles.locate();
        assumeTrue(folder.isPresent(), SharedFiles.ABSENT);
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(folder.get().resolve("assets"))) {
            s.filter(p -> p.toString().endsWith(".glb")).sorted().forEach(files::add);
        }
        int images = 0;
        for (Path file : files) {
            for (Image image : GltfReader.read(file).images()) {
                if (image.mimeType().equals(Png.MIME_TYPE)) {
                    assertRoundTrips(file.getFileName() + "/" + image.name(), Png.decode(image));
                    images++;
                }
            }
        }
        assumeTrue(images > 0, "no PNG image in the shared assets' glb files");
    }
}
