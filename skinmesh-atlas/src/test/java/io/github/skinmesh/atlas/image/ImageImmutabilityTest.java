package io.github.skinmesh.atlas.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImageImmutabilityTest {
    private static final List<PixelImage> IMAGES = List.of(Rgba8Image.filled("a", 2, 2, 1, 2, 3, 4),
            Rgba16Image.filled("b", 2, 2, 1, 2, 3, 4), RgbaFloatImage.filled("c", 2, 2, 1, 2, 3, 4));

    @Test
    void arraysGivenToFactoriesAreCopied() {
        byte[] b = {1, 2, 3, 4};
        Rgba8Image i8 = Rgba8Image.of("x", 1, 1, b);
        b[0] = 9;
        assertThat(i8.sample(0, 0, 0)).isEqualTo(1);
        short[] s = {1, 2, 3, 4};
        Rgba16Image i16 = Rgba16Image.of("x", 1, 1, s);
        s[0] = 9;
        assertThat(i16.sample(0, 0, 0)).isEqualTo(1);
        float[] f = {1, 2, 3, 4};
        RgbaFloatImage fl = RgbaFloatImage.of("x", 1, 1, f);
        f[0] = 9;
        assertThat(fl.sample(0, 0, 0)).isEqualTo(1f);
    }

    @Test
    void everyPublicArrayReturningMethodReturnsAFreshCopy() throws Exception {
        List<String> checked = new ArrayList<>();
        for (PixelImage image : IMAGES) {
            for (Method m : image.getClass().getMethods()) {
                if (!m.getReturnType().isArray() || Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0) {
                    continue;
                }
                Object first = m.invoke(image);
                Object second = m.invoke(image);
                assertThat(first).as(m.toString()).isNotSameAs(second);
                java.lang.reflect.Array.set(first, 0, java.lang.reflect.Array.get(first, 1));
                assertThat(m.invoke(image)).as(m.toString()).isEqualTo(second);
                checked.add(image.getClass().getSimpleName() + "." + m.getName());
            }
        }
        assertThat(checked).containsExactlyInAnyOrder("Rgba8Image.rgba", "Rgba16Image.rgba", "RgbaFloatImage.rgba");
    }

    @Test
    void conversionsWidenExactlyAndNarrowByRounding() {
        Rgba8Image eight = Rgba8Image.of("e", 1, 1, new byte[] {0, 1, (byte) 128, (byte) 255});
        Rgba16Image wide = (Rgba16Image) eight.convert(TexelFormat.RGBA16);
        assertThat(wide.rgba()).containsExactly((short) 0, (short) 257, (short) (128 * 257), (short) 65535);
        assertThat(wide.convert(TexelFormat.RGBA8)).isEqualTo(eight);
        assertThat(eight.convert(TexelFormat.RGBA_FLOAT).convert(TexelFormat.RGBA8)).isEqualTo(eight);
        assertThat(((Rgba8Image) Rgba16Image.of("n", 1, 1, new short[] {128, 129, 385, 386}).convert(TexelFormat.RGBA8))
                .rgba()).containsExactly(0, 1, 1, 2);
        RgbaFloatImage hdr = RgbaFloatImage.of("h", 1, 1, new float[] {-1, 0.5f, 2, 1});
        assertThat(((Rgba8Image) hdr.convert(TexelFormat.RGBA8)).rgba()).containsExactly(0, 128 - 256, 255 - 256,
                255 - 256);
        assertThat(eight.convert(TexelFormat.RGBA8)).isSameAs(eight);
        assertThat(eight.withName("other")).isEqualTo(eight);
    }

    @Test
    void floatImagesRejectNonFiniteValues() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RgbaFloatImage.of("hdr", 1, 2,
                new float[] {0, 0, 0, 0, 0, Float.NaN, 0, 0})).isInstanceOf(io.github.skinmesh.core.ValidationException.class)
                .hasMessage("image 'hdr': texel 1: rgba component 1 is NaN, expected a finite value");
    }
}
