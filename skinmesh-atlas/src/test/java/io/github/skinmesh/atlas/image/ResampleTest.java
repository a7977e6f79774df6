package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.TestRandom;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ResampleTest {
    private static final float TOLERANCE = 1e-5f;

    @Property(tries = 50, seed = "4")
    void halvingIntegerImagesIsTheRoundedMeanOfEachBlockForBothFilters(@ForAll @IntRange(min = 1, max = 12) int hw,
            @ForAll @IntRange(min = 1, max = 12) int hh, @ForAll long seed, @ForAll boolean sixteen,
            @ForAll ResampleFilter filter) {
        TestRandom rng = new TestRandom(seed);
        int w = 2 * hw;
        int h = 2 * hh;
        int max = sixteen ? 65535 : 255;
        int[] v = new int[4 * w * h];
        for (int i = 0; i < v.length; i++) {
            v[i] = rng.nextInt(0, max);
        }
        PixelImage image;
        if (sixteen) {
            short[] s = new short[v.length];
            for (int i = 0; i < v.length; i++) {
                s[i] = (short) v[i];
            }
            image = Rgba16Image.of("i", w, h, s);
        } else {
            byte[] b = new byte[v.length];
            for (int i = 0; i < v.length; i++) {
                b[i] = (byte) v[i];
            }
            image = Rgba8Image.of("i", w, h, b);
        }
        PixelImage half = Resample.resize(image, hw, hh, filter, ColorEncoding.LINEAR);
        assertThat(half.format()).isEqualTo(image.format());
        for (int y = 0; y < hh; y++) {
            for (int x = 0; x < hw; x++) {
                for (int c = 0; c < 4; c++) {
                    int sum = v[4 * (2 * y * w + 2 * x) + c] + v[4 * (2 * y * w + 2 * x + 1) + c]
                            + v[4 * ((2 * y + 1) * w + 2 * x) + c] + v[4 * ((2 * y + 1) * w + 2 * x + 1) + c];
                    int expected = (sum + 2) / 4;
                    int actual = sixteen ? ((Rgba16Image) half).sample(x, y, c) : ((Rgba8Image) half).sample(x, y, c);
                    assertThat(actual).as("(%d, %d) channel %d", x, y, c).isEqualTo(expected);
                }
            }
        }
    }

    /** Naive area average: integrates the source over the target texel's footprint, cell by cell. */
    private static double boxReference(RgbaFloatImage src, int dw, int dh, int x, int y, int c) {
        double x0 = (double) x * src.width() / dw;
        double x1 = (double) (x + 1) * src.width() / dw;
        double y0 = (double) y * src.height() / dh;
        double y1 = (double) (y + 1) * src.height() / dh;
        double sum = 0;
        for (int sy = 0; sy < src.height(); sy++) {
            double oy = Math.min(y1, sy + 1) - Math.max(y0, sy);
            for (int sx = 0; sx < src.width() && oy > 0; sx++) {
                double ox = Math.min(x1, sx + 1) - Math.max(x0, sx);
                if (ox > 0) {
                    sum += ox * oy * src.sample(sx, sy, c);
                }
            }
        }
        return sum / ((x1 - x0) * (y1 - y0));
    }

    private static double bilinearReference(RgbaFloatImage src, int dw, int dh, int x, int y, int c) {
        double u = Math.min(Math.max((x + 0.5) * src.width() / dw - 0.5, 0), src.width() - 1);
        double v = Math.min(Math.max((y + 0.5) * src.height() / dh - 0.5, 0), src.height() - 1);
        int x0 = (int) Math.floor(u);
        int y0 = (int) Math.floor(v);
        int x1 = Math.min(x0 + 1, src.width() - 1);
        int y1 = Math.min(y0 + 1, src.height() - 1);
        double fx = u - x0;
        double fy = v - y0;
        return (1 - fy) * ((1 - fx) * src.sample(x0, y0, c) + fx * src.sample(x1, y0, c))
                + fy * ((1 - fx) * src.sample(x0, y1, c) + fx * src.sample(x1, y1, c));
    }

    @Property(tries = 60, seed = "9")
    void anyRatioMatchesTheNaiveReferences(@ForAll @IntRange(min = 1, max = 17) int sw,
            @ForAll @IntRange(min = 1, max = 17) int sh, @ForAll @IntRange(min = 1, max = 17) int dw,
            @ForAll @IntRange(min = 1, max = 17) int dh, @ForAll long seed, @ForAll ResampleFilter filter) {
        TestRandom rng = new TestRandom(seed);
        float[] f = new float[4 * sw * sh];
        for (int i = 0; i < f.length; i++) {
            f[i] = rng.nf();
        }
        RgbaFloatImage src = RgbaFloatImage.of("f", sw, sh, f);
        PixelImage out = Resample.resize(src, dw, dh, filter, ColorEncoding.LINEAR);
        assertThat(out.width()).isEqualTo(dw);
        assertThat(out.height()).isEqualTo(dh);
        for (int y = 0; y < dh; y++) {
            for (int x = 0; x < dw; x++) {
                for (int c = 0; c < 4; c++) {
                    double expected = filter == ResampleFilter.BOX ? boxReference(src, dw, dh, x, y, c)
                            : bilinearReference(src, dw, dh, x, y, c);
                    assertThat((double) out.value(x, y, c)).isCloseTo(expected,
                            org.assertj.core.data.Offset.offset((double) TOLERANCE));
                }
            }
        }
    }

    @Test
    void srgbColorsAreAveragedInLinearLightAndAlphaIsNot() {
        byte[] rgba = {0, 0, 0, 0, (byte) 255, (byte) 255, (byte) 255, (byte) 255};
        Rgba8Image two = Rgba8Image.of("edge", 2, 1, rgba);
        Rgba8Image srgb = (Rgba8Image) Resample.resize(two, 1, 1, ResampleFilter.BOX, ColorEncoding.SRGB);
        // linear 0.5 encodes to 0.7354 = 187.5/255, rounded up; alpha 127.5 rounds up to 128
        assertThat(srgb.rgba()).containsExactly(188 - 256, 188 - 256, 188 - 256, 128 - 256);
        Rgba8Image linear = (Rgba8Image) Resample.resize(two, 1, 1, ResampleFilter.BOX, ColorEncoding.LINEAR);
        assertThat(linear.rgba()).containsExactly(128 - 256, 128 - 256, 128 - 256, 128 - 256);
        // the 8-bit sRGB table and the transfer function agree, and encode inverts decode
        for (int v = 0; v < 256; v++) {
            assertThat(Texels.doubleTo8(Srgb.encode(Srgb.decode8(v)))).isEqualTo(v);
        }
    }

    @Test
    void mipChainsHalveWithIntegerSizesDownToOneTexel() {
        PixelImage image = Rgba8Image.filled("m", 5, 3, 10, 20, 30, 40);
        List<PixelImage> chain = Resample.mipChain(image, 32, ColorEncoding.SRGB);
        assertThat(chain).extracting(p -> p.width() + "x" + p.height()).containsExactly("5x3", "2x1", "1x1");
        assertThat(chain).allSatisfy(p -> assertThat(((Rgba8Image) p).sample(0, 0, 2)).isEqualTo(30));
        assertThat(Resample.mipChain(image, 2, ColorEncoding.LINEAR)).hasSize(2);
        assertThat(Resample.resize(image, 5, 3, ResampleFilter.BOX, ColorEncoding.LINEAR)).isSameAs(image);
    }

    @Test
    void rejectsAnEmptyTargetAndABadLevelCount() {
        PixelImage image = Rgba8Image.filled("skin.png", 4, 4, 0, 0, 0, 0);
        assertThatThrownBy(() -> Resample.resize(image, 0, 2, ResampleFilter.BOX, ColorEncoding.LINEAR))
                .isInstanceOf(ValidationException.class)
                .hasMessage("resize image 'skin.png': target size 0x2, expected at least 1x1");
        assertThatThrownBy(() -> Resample.mipChain(image, 0, ColorEncoding.LINEAR))
                .isInstanceOf(ValidationException.class).hasMessage("mipChain: levels=0, expected 1..32");
    }
}
