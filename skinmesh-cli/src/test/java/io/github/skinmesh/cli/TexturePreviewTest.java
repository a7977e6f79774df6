package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatOptions;
import io.github.skinmesh.vat.VatResult;
import io.github.skinmesh.vat.VatStreams;
import io.github.skinmesh.vat.VatTexture;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The pictures of baked textures: each used texel's color from its stored value as documented,
 * unused texels transparent, row 0 at the top, whole-factor nearest-neighbour enlargement, and PNG
 * bytes that decode to the same pixels.
 */
class TexturePreviewTest {
    @TempDir
    static Path tmp;
    static Character tiny;
    static Character humanoid;

    @BeforeAll
    static void characters() throws IOException {
        Path file = tmp.resolve("tiny.glb");
        java.nio.file.Files.write(file, TinyGlb.glb(json -> TestFiles.addAnimation(json, "turn", 1, "rotation",
                new float[] {0, 1}, 0, 0, 0, 1, 0, 0, 0.70710677f, 0.70710677f)));
        tiny = GltfReader.read(file).character();
        humanoid = Combine.combineCharacters(List.of(Humanoids.generate(1).character()), CombineOptions.DEFAULTS)
                .character();
    }

    @Test
    void smallTexturesAreEnlargedByAWholeFactor() {
        assertThat(TexturePreview.scale(159, 32)).isEqualTo(4);
        assertThat(TexturePreview.scale(512, 3)).isEqualTo(1);
        assertThat(TexturePreview.scale(4096, 96)).isEqualTo(1);
        assertThat(TexturePreview.scale(300, 300)).isEqualTo(2);
        assertThat(TexturePreview.scale(1, 1)).isEqualTo(512);
        assertThat(TexturePreview.scale(3, 2000)).isEqualTo(1);
        assertThat(TexturePreview.scale(2, 8)).isEqualTo(64);
    }

    @ParameterizedTest
    @EnumSource(VatEncoding.class)
    void positionsMapThroughTheBoundsAndUnusedTexelsStayTransparent(VatEncoding encoding) throws IOException {
        // three vertices at a width of 2: each frame's second row has one texel unused
        VatResult vat = Vat.bakeVertexTextures(tiny, List.of(tiny.clips().get(0)),
                VatOptions.DEFAULTS.withEncoding(encoding).withMaxWidth(2).withFps(4), Progress.NONE);
        VatDecoder d = vat.decoder();
        TexturePreview.Picture p = TexturePreview.positions(d);
        assertThat(p.width()).isEqualTo(2 * p.scale());
        assertThat(p.height()).isEqualTo(vat.height() * p.scale());
        VatClip clip = vat.clips().get(0);
        float[] min = {vat.bounds().minX(), vat.bounds().minY(), vat.bounds().minZ()};
        float[] max = {vat.bounds().maxX(), vat.bounds().maxY(), vat.bounds().maxZ()};
        for (int f = 0; f < clip.frames(); f++) {
            for (int v = 0; v < 3; v++) {
                float[] q = d.positionInto(0, f, v, null, new float[3], 0);
                int column = v % 2;
                int row = clip.firstRow() + 2 * f + v / 2; // row 0 of the texture is the top of the picture
                int[] px = pixel(p, column * p.scale() + p.scale() - 1, row * p.scale());
                for (int a = 0; a < 3; a++) {
                    int expected = max[a] == min[a] ? 0
                            : Math.round(Math.max(0, Math.min(1, (q[a] - min[a]) / (max[a] - min[a]))) * 255);
                    assertThat(px[a]).as("frame %d vertex %d axis %d", f, v, a).isCloseTo(expected,
                            org.assertj.core.data.Offset.offset(1));
                }
                assertThat(px[3]).isEqualTo(255);
            }
            int[] unused = pixel(p, p.scale(), (clip.firstRow() + 2 * f + 1) * p.scale());
            assertThat(unused[3]).as("the texel after the last vertex of frame %d", f).isZero();
        }
        assertPngHoldsThePixels(p);
    }

    @Test
    void normalsAreHalfPlusHalfTheDecodedNormal() throws IOException {
        VatResult vat = Vat.bakeVertexTextures(humanoid, List.of(humanoid.clip("walk")), VatOptions.DEFAULTS
                .withEncoding(VatEncoding.UNORM8).withStreams(VatStreams.POSITIONS_NORMALS).withFps(3), Progress.NONE);
        VatDecoder d = vat.decoder();
        TexturePreview.Picture p = TexturePreview.normals(d);
        assertThat(p.scale()).isEqualTo(1);
        for (int v : new int[] {0, 777, 4095, 4096, 9554}) {
            for (int f = 0; f < vat.clips().get(0).frames(); f++) {
                float[] n = d.normalInto(0, f, v, new float[3], 0);
                long texel = d.texelIndex(0, f, v);
                int[] px = pixel(p, (int) (texel % vat.width()), (int) (texel / vat.width()));
                for (int a = 0; a < 3; a++) {
                    assertThat(px[a]).isEqualTo(Math.round((0.5f + 0.5f * n[a]) * 255));
                }
            }
        }
        assertPngHoldsThePixels(p);
    }

    @Test
    void boneRowsAreScaledByTheLargestMagnitude() throws IOException {
        VatResult bones = Vat.bakeBoneTexture(humanoid, List.of(humanoid.clip("walk")),
                BoneTextureOptions.DEFAULTS.withFps(10), Progress.NONE);
        VatDecoder d = bones.decoder();
        TexturePreview.Picture p = TexturePreview.bones(d);
        assertThat(p.scale()).isEqualTo(4);
        assertThat(p.width()).isEqualTo(4 * 159);
        VatTexture t = bones.texture("bones");
        float largest = 0;
        float[] texel = new float[4];
        for (int y = 0; y < t.height(); y++) {
            for (int x = 0; x < t.width(); x++) {
                t.fetch(x, y, texel, 0);
                for (int a = 0; a < 3; a++) {
                    largest = Math.max(largest, Math.abs(texel[a]));
                }
            }
        }
        for (int y = 0; y < t.height(); y++) {
            for (int x = 0; x < t.width(); x += 7) {
                t.fetch(x, y, texel, 0);
                for (int dy = 0; dy < 4; dy += 3) {
                    int[] px = pixel(p, 4 * x + dy, 4 * y + dy);
                    for (int a = 0; a < 3; a++) {
                        assertThat(px[a]).isEqualTo(Math.round(Math.max(0, Math.min(1, 0.5f + 0.5f / largest * texel[a]))
                                * 255));
                    }
                    assertThat(px[3]).isEqualTo(255);
                }
            }
        }
        assertPngHoldsThePixels(p);
    }

    @Test
    void thePictureOfAnotherKindIsRefused() {
        VatResult bones = Vat.bakeBoneTexture(tiny, List.of(tiny.clips().get(0)), BoneTextureOptions.DEFAULTS,
                Progress.NONE);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TexturePreview.positions(bones.decoder()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a bones texture, expected vertex");
    }

    private static int[] pixel(TexturePreview.Picture p, int x, int y) {
        int at = 4 * (y * p.width() + x);
        return new int[] {p.rgba()[at] & 0xff, p.rgba()[at + 1] & 0xff, p.rgba()[at + 2] & 0xff, p.rgba()[at + 3] & 0xff};
    }

    private static void assertPngHoldsThePixels(TexturePreview.Picture p) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(p.png()));
        assertThat(image.getWidth()).isEqualTo(p.width());
        assertThat(image.getHeight()).isEqualTo(p.height());
        int[] px = new int[4];
        for (int y = 0; y < p.height(); y += Math.max(1, p.height() / 17)) {
            for (int x = 0; x < p.width(); x += Math.max(1, p.width() / 23)) {
                image.getRaster().getPixel(x, y, px);
                assertThat(px).containsExactly(pixel(p, x, y));
            }
        }
    }
}
