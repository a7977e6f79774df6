package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.TestRandom;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.TextureRef;
import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ChannelMapsTest {
    private static final List<ImageSize> PAGE = List.of(new ImageSize(16, 16));
    /** A at (1, 1), B turned at (9, 1), C at (1, 9); all 4x4 with a 2-texel gutter. */
    private static final List<Placement> PLACED = List.of(new Placement(0, 0, 1, 1, 4, 4, false),
            new Placement(1, 0, 9, 1, 4, 4, true), new Placement(2, 0, 1, 9, 4, 4, false));
    private static final ChannelMapOptions OPTIONS = ChannelMapOptions.DEFAULTS.withComposite(
            CompositeOptions.DEFAULTS.withGutter(2));

    private static Rgba8Image noise(long seed, String name, int w, int h) {
        TestRandom rng = new TestRandom(seed);
        byte[] b = new byte[4 * w * h];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) rng.nextInt(0, 255);
        }
        return Rgba8Image.of(name, w, h, b);
    }

    private static TextureRef texture(Rgba8Image image) {
        return TextureRef.of(Image.of(image.name(), Png.MIME_TYPE, Png.encode(image)));
    }

    private static int at(ChannelMapResult r, MapSlot slot, int x, int y, int c) {
        return ((Rgba8Image) r.map(slot).page(0)).sample(x, y, c);
    }

    @Test
    void everyMapSharesTheLayoutMissingMapsAreNeutralAndDifferingFactorsAreBaked() {
        Rgba8Image albedoA = noise(1, "a.png", 4, 4);
        Rgba8Image albedoC = noise(2, "c.png", 4, 4);
        Rgba8Image normalC = noise(3, "c_n.png", 2, 2);
        Material a = Material.builder("A").baseColorFactor(0.5f, 1, 1, 1).metallicFactor(0).roughnessFactor(0.5f)
                .texture(Material.BASE_COLOR, texture(albedoA)).build();
        Material b = Material.builder("B").baseColorFactor(1, 0.25f, 1, 0.5f).metallicFactor(0).roughnessFactor(1)
                .emissiveFactor(2, 0, 0).build();
        Material c = Material.builder("C").metallicFactor(0).roughnessFactor(0.5f).normalScale(2)
                .texture(Material.BASE_COLOR, texture(albedoC)).texture(Material.NORMAL, texture(normalC)).build();
        ChannelMapResult r = ChannelMaps.composite(List.of(a, b, c), PLACED, PAGE, OPTIONS, Progress.NONE);

        assertThat(r.maps().keySet()).containsExactly(MapSlot.BASE_COLOR, MapSlot.NORMAL, MapSlot.METALLIC_ROUGHNESS,
                MapSlot.EMISSIVE);
        MergedFactors f = r.factors();
        assertThat(new float[] {f.baseColorFactor(0), f.baseColorFactor(1), f.baseColorFactor(2), f.baseColorFactor(3)})
                .containsExactly(1, 1, 1, 1);
        assertThat(f.metallicFactor()).isEqualTo(0f); // shared: kept
        assertThat(f.roughnessFactor()).isEqualTo(1f); // differs: baked
        assertThat(new float[] {f.emissiveFactor(0), f.emissiveFactor(1), f.emissiveFactor(2)}).containsExactly(2, 0,
                0);
        assertThat(f.normalScale()).isEqualTo(1f);

        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                // A: red baked in linear light, the rest copied
                int red = albedoA.sample(x, y, 0);
                assertThat(at(r, MapSlot.BASE_COLOR, 1 + x, 1 + y, 0))
                        .isEqualTo(Texels.doubleTo8(Srgb.encode(Srgb.decode8(red) * 0.5)));
                assertThat(at(r, MapSlot.BASE_COLOR, 1 + x, 1 + y, 1)).isEqualTo(albedoA.sample(x, y, 1));
                // C: copied bit for bit
                for (int ch = 0; ch < 4; ch++) {
                    assertThat(at(r, MapSlot.BASE_COLOR, 1 + x, 9 + y, ch)).isEqualTo(albedoC.sample(x, y, ch));
                }
                // B: white times its factor, alpha 0.5
                assertThat(new int[] {at(r, MapSlot.BASE_COLOR, 9 + x, 1 + y, 0), at(r, MapSlot.BASE_COLOR, 9 + x,
                        1 + y, 1), at(r, MapSlot.BASE_COLOR, 9 + x, 1 + y, 2), at(r, MapSlot.BASE_COLOR, 9 + x, 1 + y, 3)})
                        .containsExactly(255, Texels.doubleTo8(Srgb.encode(0.25)), 255, 128);
                // normals: flat where there was none
                assertThat(new int[] {at(r, MapSlot.NORMAL, 1 + x, 1 + y, 0), at(r, MapSlot.NORMAL, 1 + x, 1 + y, 1),
                        at(r, MapSlot.NORMAL, 1 + x, 1 + y, 2)}).containsExactly(128, 128, 255);
                // metallic-roughness: all from factors, roughness baked (A 0.5, B 1), metallic kept (texel 1)
                assertThat(at(r, MapSlot.METALLIC_ROUGHNESS, 1 + x, 1 + y, 1)).isEqualTo(128);
                assertThat(at(r, MapSlot.METALLIC_ROUGHNESS, 9 + x, 1 + y, 1)).isEqualTo(255);
                assertThat(at(r, MapSlot.METALLIC_ROUGHNESS, 9 + x, 1 + y, 2)).isEqualTo(255);
                // emission: B's red is the merged 2, so white; A and C emit nothing, so black
                assertThat(at(r, MapSlot.EMISSIVE, 9 + x, 1 + y, 0)).isEqualTo(255);
                assertThat(at(r, MapSlot.EMISSIVE, 1 + x, 1 + y, 0)).isEqualTo(0);
            }
        }
        // C's normal map: resized 2x2 -> 4x4 (bilinear), then its scale 2 baked
        Rgba8Image up = (Rgba8Image) Resample.resize(normalC, 4, 4, ResampleFilter.BILINEAR, ColorEncoding.LINEAR);
        double[] texel = new double[4];
        for (int ch = 0; ch < 4; ch++) {
            texel[ch] = up.sample(2, 3, ch) / 255.0;
        }
        ChannelMaps.apply(MapSlot.NORMAL, new double[] {2}, texel);
        assertThat(at(r, MapSlot.NORMAL, 3, 12, 0)).isEqualTo(Texels.doubleTo8(texel[0]));
        assertThat(at(r, MapSlot.NORMAL, 3, 12, 2)).isEqualTo(Texels.doubleTo8(texel[2]));
        assertThat(r.warnings()).contains(
                "material 'C' (input 2): normal texture 'c_n.png' resized from 2x2 to 4x4 (bilinear filter) to fit "
                        + "its placement",
                "material 'A' (input 0): baseColorFactor (0.5, 1.0, 1.0, 1.0) baked into the baseColor texels, "
                        + "rounded to their RGBA8 steps");
    }

    @Test
    void sharedFactorsAreKeptAndTexelsCopiedExactly() {
        Rgba8Image albedo = noise(5, "s.png", 4, 4);
        Material a = Material.builder("A").baseColorFactor(0.5f, 0.5f, 0.5f, 1)
                .texture(Material.BASE_COLOR, texture(albedo)).build();
        Material b = Material.builder("B").baseColorFactor(0.5f, 0.5f, 0.5f, 1).build();
        Material c = Material.builder("C").baseColorFactor(0.5f, 0.5f, 0.5f, 1).build();
        ChannelMapResult r = ChannelMaps.composite(List.of(a, b, c), PLACED, PAGE, OPTIONS, Progress.NONE);
        assertThat(r.maps().keySet()).containsExactly(MapSlot.BASE_COLOR);
        assertThat(r.factors().baseColorFactor(0)).isEqualTo(0.5f);
        assertThat(r.warnings()).isEmpty();
        assertThat(at(r, MapSlot.BASE_COLOR, 2, 3, 0)).isEqualTo(albedo.sample(1, 2, 0));
        assertThat(at(r, MapSlot.BASE_COLOR, 10, 2, 0)).isEqualTo(255); // white: the factor alone counts
        Material merged = r.factors().applyTo(Material.builder("merged")).build();
        assertThat(merged.baseColorFactor(2)).isEqualTo(0.5f);
        assertThat(merged.roughnessFactor()).isEqualTo(1f);
    }

    @Property(tries = 30, seed = "8")
    void bakedBaseColorRendersLikeTheOriginalWithinHalfAStep(@ForAll long seed) {
        // render = factor * decode(texel); after baking the merged factor is 1
        TestRandom rng = new TestRandom(seed);
        Rgba8Image albedo = noise(seed, "p.png", 4, 4);
        float[] fa = {rng.nf(), rng.nf(), rng.nf(), rng.nf()};
        Material a = Material.builder("A").baseColorFactor(fa[0], fa[1], fa[2], fa[3])
                .texture(Material.BASE_COLOR, texture(albedo)).build();
        Material b = Material.builder("B").build();
        Material c = Material.builder("C").build();
        ChannelMapResult r = ChannelMaps.composite(List.of(a, b, c), PLACED, PAGE,
                OPTIONS.withSlots(EnumSet.of(MapSlot.BASE_COLOR)), Progress.NONE);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                for (int ch = 0; ch < 3; ch++) {
                    double original = fa[ch] * Srgb.decode8(albedo.sample(x, y, ch));
                    double merged = r.factors().baseColorFactor(ch) * Srgb.decode8(at(r, MapSlot.BASE_COLOR, 1 + x,
                            1 + y, ch));
                    assertThat(Math.abs(Srgb.encode(original) - Srgb.encode(merged))).isLessThanOrEqualTo(
                            0.5 / 255 + 1e-9);
                }
                double alpha = fa[3] * albedo.sample(x, y, 3) / 255.0;
                assertThat(Math.abs(alpha - at(r, MapSlot.BASE_COLOR, 1 + x, 1 + y, 3) / 255.0))
                        .isLessThanOrEqualTo(0.5 / 255 + 1e-9);
            }
        }
    }

    @Test
    void occlusionStrengthIsBakedTowardsWhite() {
        Rgba8Image ao = Rgba8Image.filled("ao.png", 4, 4, 0, 0, 0, 255);
        Material a = Material.builder("A").occlusionStrength(0.25f).texture(Material.OCCLUSION, texture(ao)).build();
        Material b = Material.builder("B").build();
        Material c = Material.builder("C").occlusionStrength(0.5f).build();
        ChannelMapResult r = ChannelMaps.composite(List.of(a, b, c), PLACED, PAGE, OPTIONS, Progress.NONE);
        assertThat(r.factors().occlusionStrength()).isEqualTo(1f);
        assertThat(at(r, MapSlot.OCCLUSION, 2, 2, 0)).isEqualTo(191); // 1 + 0.25 * (0 - 1) = 0.75
        assertThat(at(r, MapSlot.OCCLUSION, 2, 10, 0)).isEqualTo(255); // no map: white whatever the strength
    }

    @Test
    void aCorruptTextureIsNamed() {
        Image broken = Image.of("torso.png", Png.MIME_TYPE, new byte[] {1, 2, 3});
        Material a = Material.builder("A").texture(Material.BASE_COLOR, TextureRef.of(broken)).build();
        List<Material> materials = List.of(a, Material.builder("B").build(), Material.builder("C").build());
        assertThatThrownBy(() -> ChannelMaps.composite(materials, PLACED, PAGE, OPTIONS, Progress.NONE))
                .isInstanceOf(FormatException.class)
                .hasMessage("image 'torso.png': not a PNG file (3 bytes without the 8-byte PNG signature)");
    }

    @Test
    void compositingErrorsNameTheMap() {
        Material a = Material.builder("A").texture(Material.BASE_COLOR, texture(noise(1, "a.png", 4, 4))).build();
        List<Material> materials = List.of(a, Material.builder("B").build(), Material.builder("C").build());
        assertThatThrownBy(() -> ChannelMaps.composite(materials, PLACED, PAGE, ChannelMapOptions.DEFAULTS,
                Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("baseColor map: composite: placement 0 (image 'a.png', input 0) at (1, 1) of 4x4 and "
                        + "placement 2 (image 'C (baseColor fill)', input 2) at (1, 9) of 4x4 on page 0 overlap once "
                        + "grown by the 4-texel gutter");
        assertThatThrownBy(() -> ChannelMaps.composite(materials.subList(0, 2), PLACED, PAGE, OPTIONS, Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("compositeMaps: placement 2: input 2, but there are 2 materials");
    }
}
