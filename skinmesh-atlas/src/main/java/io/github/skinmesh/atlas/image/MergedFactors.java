package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.model.Material;

/**
 * The factors the merged material must use with the maps {@link ChannelMaps} composited: a factor all
 * parts shared is kept (and nothing baked for it); a factor that differed is baked into the texels and
 * replaced here by 1 (emission: by the largest part's, per channel).
 *
 * <p>Immutable and thread-safe.
 */
public final class MergedFactors {
    private final float[] baseColor;
    private final float metallic;
    private final float roughness;
    private final float[] emissive;
    private final float normalScale;
    private final float occlusionStrength;

    MergedFactors(float[] baseColor, float metallic, float roughness, float[] emissive, float normalScale,
            float occlusionStrength) {
        this.baseColor = baseColor.clone();
        this.metallic = metallic;
        this.roughness = roughness;
        this.emissive = emissive.clone();
        this.normalScale = normalScale;
        this.occlusionStrength = occlusionStrength;
    }

    /**
     * @param component 0..3 for R, G, B, A
     * @return that component of the base color factor
     */
    public float baseColorFactor(int component) {
        return baseColor[component];
    }

    /** @return the metallic factor */
    public float metallicFactor() {
        return metallic;
    }

    /** @return the roughness factor */
    public float roughnessFactor() {
        return roughness;
    }

    /**
     * @param component 0..2 for R, G, B
     * @return that component of the emissive factor
     */
    public float emissiveFactor(int component) {
        return emissive[component];
    }

    /** @return the normal map scale */
    public float normalScale() {
        return normalScale;
    }

    /** @return the occlusion strength */
    public float occlusionStrength() {
        return occlusionStrength;
    }

    /**
     * Sets these factors on a material builder (textures are the caller's to set).
     *
     * @param builder the merged material's builder
     * @return {@code builder}
     */
    public Material.Builder applyTo(Material.Builder builder) {
        return builder.baseColorFactor(baseColor[0], baseColor[1], baseColor[2], baseColor[3]).metallicFactor(metallic)
                .roughnessFactor(roughness).emissiveFactor(emissive[0], emissive[1], emissive[2])
                .normalScale(normalScale).occlusionStrength(occlusionStrength);
    }

    @Override
    public String toString() {
        return "MergedFactors[baseColor " + java.util.Arrays.toString(baseColor) + ", metallic " + metallic
                + ", roughness " + roughness + ", emissive " + java.util.Arrays.toString(emissive) + ", normalScale "
                + normalScale + ", occlusionStrength " + occlusionStrength + "]";
    }
}
