package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class MaterialTest {
    private static final Image PNG = Image.of("skin.png", "image/png", new byte[] {1, 2, 3});

    private static void rejects(ThrowingCallable call, String... parts) {
        var thrown = assertThatThrownBy(call).isInstanceOf(ValidationException.class);
        for (String part : parts) {
            thrown.hasMessageContaining(part);
        }
    }

    private static Material.Builder skin() {
        return Material.builder("Skin");
    }

    // --- bad input, one case each ---

    @Test
    void emptyTemplate() {
        rejects(() -> skin().template(""), "material 'Skin'", "template is empty", "expected a shader family key");
    }

    @Test
    void negativeAlphaCutoff() {
        rejects(() -> skin().alphaCutoff(-0.1f), "material 'Skin'", "alphaCutoff=-0.1", "expected 0.0..");
    }

    @Test
    void nanAlphaCutoff() {
        rejects(() -> skin().alphaCutoff(Float.NaN), "material 'Skin'", "alphaCutoff=NaN", "expected 0.0..");
    }

    @Test
    void baseColorComponentAboveOne() {
        rejects(() -> skin().baseColorFactor(1, 1, 1.5f, 1), "material 'Skin'", "baseColorFactor[2]=1.5",
                "expected 0.0..1.0");
    }

    @Test
    void metallicAboveOne() {
        rejects(() -> skin().metallicFactor(2f), "material 'Skin'", "metallicFactor=2.0", "expected 0.0..1.0");
    }

    @Test
    void negativeRoughness() {
        rejects(() -> skin().roughnessFactor(-1f), "material 'Skin'", "roughnessFactor=-1.0", "expected 0.0..1.0");
    }

    @Test
    void negativeEmission() {
        rejects(() -> skin().emissiveFactor(0, -1, 0), "material 'Skin'", "emissiveFactor[1]=-1.0", "expected 0.0..");
    }

    @Test
    void infiniteNormalScale() {
        rejects(() -> skin().normalScale(Float.POSITIVE_INFINITY), "material 'Skin'", "normalScale=Infinity",
                "expected -3.4028235E38..3.4028235E38");
    }

    @Test
    void occlusionStrengthAboveOne() {
        rejects(() -> skin().occlusionStrength(1.01f), "material 'Skin'", "occlusionStrength=1.01",
                "expected 0.0..1.0");
    }

    @Test
    void emptyTextureSlot() {
        rejects(() -> skin().texture("", TextureRef.of(PNG)), "material 'Skin'", "texture slot name is empty");
    }

    @Test
    void negativeTexCoord() {
        rejects(() -> new TextureRef(PNG, -1, Sampler.DEFAULT), "texture 'skin.png'", "texCoord -1", "expected >= 0");
    }

    @Test
    void aRejectedValueLeavesTheBuilderUnchanged() {
        Material.Builder b = skin().baseColorFactor(0.5f, 0.5f, 0.5f, 1f);
        assertThatThrownBy(() -> b.baseColorFactor(0.1f, 0.1f, 2f, 1f)).isInstanceOf(ValidationException.class);
        assertThat(b.build().baseColorFactor(0)).isEqualTo(0.5f);
    }

    // --- defaults and behaviour ---

    @Test
    void defaultsFollowGltf() {
        Material m = skin().build();
        assertThat(m.name()).isEqualTo("Skin");
        assertThat(m.template()).isEqualTo(Material.TEMPLATE_PBR);
        assertThat(m.alphaMode()).isEqualTo(AlphaMode.OPAQUE);
        assertThat(m.alphaCutoff()).isEqualTo(0.5f);
        assertThat(m.doubleSided()).isFalse();
        for (int c = 0; c < 4; c++) {
            assertThat(m.baseColorFactor(c)).isEqualTo(1f);
        }
        assertThat(m.metallicFactor()).isEqualTo(1f);
        assertThat(m.roughnessFactor()).isEqualTo(1f);
        assertThat(m.emissiveFactor(0)).isZero();
        assertThat(m.normalScale()).isEqualTo(1f);
        assertThat(m.occlusionStrength()).isEqualTo(1f);
        assertThat(m.textures()).isEmpty();
        assertThat(m.texture(Material.BASE_COLOR)).isNull();
    }

    @Test
    void texturesKeepTheirInsertionOrderAndAreReadOnly() {
        Material m = skin().texture(Material.NORMAL, TextureRef.of(PNG)).texture(Material.BASE_COLOR, TextureRef.of(PNG))
                .build();
        assertThat(m.textures().keySet()).containsExactly(Material.NORMAL, Material.BASE_COLOR);
        assertThatThrownBy(() -> m.textures().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(skin().texture("x", TextureRef.of(PNG)).removeTexture("x").build().textures()).isEmpty();
    }

    @Test
    void laterBuilderChangesDoNotReachABuiltMaterial() {
        Material.Builder b = skin().baseColorFactor(0.2f, 0.3f, 0.4f, 1f).texture(Material.BASE_COLOR, TextureRef.of(PNG));
        Material first = b.build();
        b.baseColorFactor(1f, 1f, 1f, 1f).removeTexture(Material.BASE_COLOR).emissiveFactor(1, 1, 1);
        assertThat(first.baseColorFactor(0)).isEqualTo(0.2f);
        assertThat(first.emissiveFactor(0)).isZero();
        assertThat(first.texture(Material.BASE_COLOR)).isNotNull();
    }

    @Test
    void toBuilderRoundTrips() {
        Material m = skin().template(Material.TEMPLATE_UNLIT).alphaMode(AlphaMode.MASK).alphaCutoff(0.3f)
                .doubleSided(true).baseColorFactor(0.1f, 0.2f, 0.3f, 0.4f).metallicFactor(0.5f).roughnessFactor(0.6f)
                .emissiveFactor(2, 3, 4).normalScale(-1).occlusionStrength(0.7f)
                .texture(Material.BASE_COLOR, new TextureRef(PNG, 1, Sampler.DEFAULT)).build();
        assertThat(m.toBuilder().build()).isEqualTo(m).hasSameHashCodeAs(m);
    }

    @Test
    void renderStateComparesTemplateAlphaAndSides() {
        Material opaque = skin().build();
        assertThat(opaque.sameRenderState(Material.builder("Other").roughnessFactor(0.2f).build())).isTrue();
        assertThat(opaque.sameRenderState(skin().doubleSided(true).build())).isFalse();
        assertThat(opaque.sameRenderState(skin().alphaMode(AlphaMode.BLEND).build())).isFalse();
        assertThat(opaque.sameRenderState(skin().template(Material.TEMPLATE_UNLIT).build())).isFalse();
        Material mask = skin().alphaMode(AlphaMode.MASK).alphaCutoff(0.5f).build();
        assertThat(mask.sameRenderState(skin().alphaMode(AlphaMode.MASK).alphaCutoff(0.25f).build())).isFalse();
        assertThat(opaque.sameRenderState(skin().alphaCutoff(0.25f).build())).as("cutoff ignored unless MASK").isTrue();
    }

    // --- equality ---

    @Test
    void equalMaterialsAreEqualAndHashAlike() {
        Material a = skin().metallicFactor(0.25f).texture(Material.BASE_COLOR, TextureRef.of(PNG)).build();
        Material b = skin().metallicFactor(0.25f)
                .texture(Material.BASE_COLOR, TextureRef.of(Image.of("copy.png", "image/png", new byte[] {1, 2, 3})))
                .build();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null);
        assertThat(a).isNotEqualTo(skin().metallicFactor(0.5f).texture(Material.BASE_COLOR, TextureRef.of(PNG)).build());
        assertThat(a).isNotEqualTo(Material.builder("Other").metallicFactor(0.25f)
                .texture(Material.BASE_COLOR, TextureRef.of(PNG)).build());
        assertThat(a).isNotEqualTo(skin().metallicFactor(0.25f).build());
        assertThat(a.toString()).contains("'Skin'", "baseColor");
    }

    @Test
    void equalsIgnoringNameComparesEverythingButTheName() {
        Material a = skin().metallicFactor(0.25f).alphaMode(AlphaMode.MASK).alphaCutoff(0.3f)
                .texture(Material.BASE_COLOR, TextureRef.of(PNG))
                .texture(Material.NORMAL, new TextureRef(PNG, 1, Sampler.DEFAULT)).build();
        Material renamed = a.toBuilder().build();
        Material other = Material.builder("Hat").metallicFactor(0.25f).alphaMode(AlphaMode.MASK).alphaCutoff(0.3f)
                .texture(Material.NORMAL, new TextureRef(Image.of("n.png", "image/png", new byte[] {1, 2, 3}), 1,
                        Sampler.DEFAULT))
                .texture(Material.BASE_COLOR, TextureRef.of(PNG)).build();
        assertThat(a.equalsIgnoringName(renamed)).isTrue();
        assertThat(a.equalsIgnoringName(other)).as("another name, slots in another order").isTrue();
        assertThat(a.hashCodeIgnoringName()).isEqualTo(other.hashCodeIgnoringName());
        assertThat(a).isNotEqualTo(other);
        // each other property breaks the equality
        List<Material> differing = List.of(
                a.toBuilder().template(Material.TEMPLATE_UNLIT).build(),
                a.toBuilder().alphaMode(AlphaMode.BLEND).build(),
                a.toBuilder().alphaCutoff(0.31f).build(),
                a.toBuilder().doubleSided(true).build(),
                a.toBuilder().baseColorFactor(1, 1, 1, 0.5f).build(),
                a.toBuilder().metallicFactor(0.5f).build(),
                a.toBuilder().roughnessFactor(0.5f).build(),
                a.toBuilder().emissiveFactor(0, 0, 1).build(),
                a.toBuilder().normalScale(0.5f).build(),
                a.toBuilder().occlusionStrength(0.5f).build(),
                a.toBuilder().removeTexture(Material.NORMAL).build(),
                a.toBuilder().texture(Material.NORMAL, new TextureRef(PNG, 0, Sampler.DEFAULT)).build(),
                a.toBuilder().texture(Material.NORMAL, new TextureRef(PNG, 1, new Sampler(Sampler.Filter.NEAREST,
                        Sampler.Filter.UNSPECIFIED, Sampler.Wrap.REPEAT, Sampler.Wrap.REPEAT))).build(),
                a.toBuilder().texture(Material.NORMAL, new TextureRef(Image.of("n.png", "image/png",
                        new byte[] {1, 2, 4}), 1, Sampler.DEFAULT)).build());
        for (Material m : differing) {
            assertThat(a.equalsIgnoringName(m)).as("%s", m).isFalse();
            assertThat(m.equalsIgnoringName(a)).as("%s", m).isFalse();
        }
    }

    @Test
    void aCutoffThatNoAlphaModeReadsDoesNotKeepMaterialsApart() {
        Material a = Material.builder("a").alphaCutoff(0.5f).build();
        Material b = Material.builder("b").alphaCutoff(0.25f).build();
        assertThat(a.equalsIgnoringName(b)).as("opaque: the cutoff is unused").isTrue();
        assertThat(a.hashCodeIgnoringName()).isEqualTo(b.hashCodeIgnoringName());
        assertThat(a.toBuilder().build()).isEqualTo(a);
        assertThat(Material.builder("a").alphaCutoff(0.25f).build()).as("equals keeps every field").isNotEqualTo(a);
        Material maskA = a.toBuilder().alphaMode(AlphaMode.MASK).build();
        Material maskB = b.toBuilder().alphaMode(AlphaMode.MASK).build();
        assertThat(maskA.equalsIgnoringName(maskB)).as("mask: the cutoff decides which texels draw").isFalse();
        assertThat(maskA.equalsIgnoringName(maskB.toBuilder().alphaCutoff(0.5f).build())).isTrue();
    }

    @Test
    void aNegativeZeroFactorIsZero() {
        Material zero = Material.builder("a").metallicFactor(0f).baseColorFactor(0f, 1, 1, 1).emissiveFactor(0f, 0f, 0f)
                .build();
        Material negative = Material.builder("b").metallicFactor(-0f).baseColorFactor(-0f, 1, 1, 1)
                .emissiveFactor(-0f, 0f, -0f).build();
        assertThat(negative.equalsIgnoringName(zero)).isTrue();
        assertThat(negative.hashCodeIgnoringName()).isEqualTo(zero.hashCodeIgnoringName());
        assertThat(Float.floatToRawIntBits(negative.metallicFactor())).isZero();
        assertThat(Float.floatToRawIntBits(negative.baseColorFactor(0))).isZero();
    }
}
