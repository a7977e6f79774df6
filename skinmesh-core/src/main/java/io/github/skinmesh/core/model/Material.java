package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A surface description: a shader family ({@linkplain #template() template}), its factors, its
 * textures by slot, and its render state (alpha mode, cutoff, double-sidedness).
 *
 * <p>Materials merge (for atlasing and submesh merging) only within one template and one render
 * state, see {@link #sameRenderState(Material)}. Factors follow glTF's metallic-roughness model
 * and are linear; colors are RGBA.
 *
 * <p>Immutable and thread-safe. Build with {@link #builder(String)}.
 */
public final class Material {
    /** Template of glTF's metallic-roughness PBR materials. */
    public static final String TEMPLATE_PBR = "pbrMetallicRoughness";
    /** Template of unlit materials (glTF {@code KHR_materials_unlit}). */
    public static final String TEMPLATE_UNLIT = "unlit";
    /** Slot of the base color (albedo) texture. */
    public static final String BASE_COLOR = "baseColor";
    /** Slot of the tangent-space normal map. */
    public static final String NORMAL = "normal";
    /** Slot of the metallic (B) and roughness (G) texture. */
    public static final String METALLIC_ROUGHNESS = "metallicRoughness";
    /** Slot of the ambient occlusion (R) texture. */
    public static final String OCCLUSION = "occlusion";
    /** Slot of the emissive texture. */
    public static final String EMISSIVE = "emissive";

    private final String name;
    private final String template;
    private final AlphaMode alphaMode;
    private final float alphaCutoff;
    private final boolean doubleSided;
    private final float[] baseColorFactor;
    private final float metallicFactor;
    private final float roughnessFactor;
    private final float[] emissiveFactor;
    private final float normalScale;
    private final float occlusionStrength;
    private final Map<String, TextureRef> textures;

    private Material(Builder b) {
        this.name = b.name;
        this.template = b.template;
        this.alphaMode = b.alphaMode;
        // + 0f turns -0 into +0: a factor of -0 renders as 0, and must compare and hash as 0
        this.alphaCutoff = b.alphaCutoff + 0f;
        this.doubleSided = b.doubleSided;
        this.baseColorFactor = plusZero(b.baseColorFactor.clone());
        this.metallicFactor = b.metallicFactor + 0f;
        this.roughnessFactor = b.roughnessFactor + 0f;
        this.emissiveFactor = plusZero(b.emissiveFactor.clone());
        this.normalScale = b.normalScale + 0f;
        this.occlusionStrength = b.occlusionStrength + 0f;
        this.textures = Collections.unmodifiableMap(new LinkedHashMap<>(b.textures));
    }

    private static float[] plusZero(float[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] += 0f;
        }
        return values;
    }

    /**
     * Starts a material with glTF's defaults: template {@link #TEMPLATE_PBR}, opaque, cutoff 0.5,
     * single-sided, white base color, metallic 1, roughness 1, no emission, no textures.
     *
     * @param name the material's name (may be empty)
     * @return a builder
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** @return a builder initialized with this material's values */
    public Builder toBuilder() {
        Builder b = new Builder(name).template(template).alphaMode(alphaMode).alphaCutoff(alphaCutoff)
                .doubleSided(doubleSided)
                .baseColorFactor(baseColorFactor[0], baseColorFactor[1], baseColorFactor[2], baseColorFactor[3])
                .metallicFactor(metallicFactor).roughnessFactor(roughnessFactor)
                .emissiveFactor(emissiveFactor[0], emissiveFactor[1], emissiveFactor[2])
                .normalScale(normalScale).occlusionStrength(occlusionStrength);
        textures.forEach(b::texture);
        return b;
    }

    /** @return the name (may be empty) */
    public String name() {
        return name;
    }

    /** @return the shader family key, e.g. {@link #TEMPLATE_PBR} */
    public String template() {
        return template;
    }

    /** @return the alpha mode */
    public AlphaMode alphaMode() {
        return alphaMode;
    }

    /** @return the alpha cutoff used by {@link AlphaMode#MASK} */
    public float alphaCutoff() {
        return alphaCutoff;
    }

    /** @return whether back faces are rendered */
    public boolean doubleSided() {
        return doubleSided;
    }

    /**
     * @param component 0..3 for R, G, B, A
     * @return that component of the base color factor
     */
    public float baseColorFactor(int component) {
        return baseColorFactor[component];
    }

    /** @return the metallic factor 0..1 */
    public float metallicFactor() {
        return metallicFactor;
    }

    /** @return the roughness factor 0..1 */
    public float roughnessFactor() {
        return roughnessFactor;
    }

    /**
     * @param component 0..2 for R, G, B
     * @return that component of the emissive factor
     */
    public float emissiveFactor(int component) {
        return emissiveFactor[component];
    }

    /** @return the normal map scale */
    public float normalScale() {
        return normalScale;
    }

    /** @return the occlusion strength */
    public float occlusionStrength() {
        return occlusionStrength;
    }

    /** @return the textures by slot, in insertion order, read-only */
    public Map<String, TextureRef> textures() {
        return textures;
    }

    /**
     * @param slot a slot such as {@link #BASE_COLOR}
     * @return the texture in that slot, or {@code null}
     */
    public @Nullable TextureRef texture(String slot) {
        return textures.get(slot);
    }

    /**
     * Tells whether two materials can share one draw call after their textures are atlased:
     * same template, alpha mode, cutoff (for {@link AlphaMode#MASK}) and double-sidedness.
     *
     * @param other the other material
     * @return {@code true} when the render states match
     */
    public boolean sameRenderState(Material other) {
        return template.equals(other.template) && alphaMode == other.alphaMode && doubleSided == other.doubleSided
                && (alphaMode != AlphaMode.MASK || alphaCutoff == other.alphaCutoff);
    }

    /**
     * Tells whether two materials render the same and differ at most in their names: template,
     * render state ({@link #sameRenderState}: alpha mode, double-sidedness, and the cutoff when
     * the mode is {@link AlphaMode#MASK}; a cutoff no mode reads does not count), every factor
     * (compared bit for bit, as {@link Float#compare} does) and the textures by slot (same slots,
     * each with an equal {@link TextureRef}: equal image bytes and MIME type, UV channel and
     * sampler). This is what "equal materials merge" means when submeshes are merged by
     * material. The slot order does not matter. {@link #equals} also compares the name and an
     * unused cutoff, so that a written and read material is the same object.
     *
     * @param other the other material
     * @return {@code true} when the two render alike and only their names (or an unused cutoff)
     *     may differ
     */
    public boolean equalsIgnoringName(Material other) {
        return sameRenderState(other) && sameSurface(other);
    }

    /** Everything but the name and the render state. */
    private boolean sameSurface(Material other) {
        return Arrays.equals(baseColorFactor, other.baseColorFactor)
                && Float.compare(metallicFactor, other.metallicFactor) == 0
                && Float.compare(roughnessFactor, other.roughnessFactor) == 0
                && Arrays.equals(emissiveFactor, other.emissiveFactor)
                && Float.compare(normalScale, other.normalScale) == 0
                && Float.compare(occlusionStrength, other.occlusionStrength) == 0 && textures.equals(other.textures);
    }

    /**
     * A hash code consistent with {@link #equalsIgnoringName}: materials equal but for their names
     * hash alike, so they can be grouped in a hash map keyed by this value (then compared with
     * {@link #equalsIgnoringName}).
     *
     * @return the hash of everything but the name
     */
    public int hashCodeIgnoringName() {
        return Objects.hash(template, alphaMode, doubleSided, Arrays.hashCode(baseColorFactor), textures);
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Material)) {
            return false;
        }
        Material m = (Material) o;
        return name.equals(m.name) && template.equals(m.template) && alphaMode == m.alphaMode
                && Float.compare(alphaCutoff, m.alphaCutoff) == 0 && doubleSided == m.doubleSided && sameSurface(m);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + hashCodeIgnoringName();
    }

    @Override
    public String toString() {
        return "Material[" + Checks.quote(name) + ", " + template + ", " + alphaMode + (doubleSided ? ", double-sided" : "")
                + ", textures " + textures.keySet() + "]";
    }

    /** Builds a {@link Material}; setters validate, {@link #build()} is repeatable. */
    public static final class Builder {
        private final String name;
        private String template = TEMPLATE_PBR;
        private AlphaMode alphaMode = AlphaMode.OPAQUE;
        private float alphaCutoff = 0.5f;
        private boolean doubleSided;
        private final float[] baseColorFactor = {1, 1, 1, 1};
        private float metallicFactor = 1;
        private float roughnessFactor = 1;
        private final float[] emissiveFactor = {0, 0, 0};
        private float normalScale = 1;
        private float occlusionStrength = 1;
        private final LinkedHashMap<String, TextureRef> textures = new LinkedHashMap<>();

        Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        private String where() {
            return "material " + Checks.quote(name);
        }

        /**
         * @param value the shader family key, non-empty
         * @return this builder
         */
        public Builder template(String value) {
            if (value.isEmpty()) {
                throw new ValidationException(where() + ": template is empty, expected a shader family key");
            }
            this.template = value;
            return this;
        }

        /**
         * @param value the alpha mode
         * @return this builder
         */
        public Builder alphaMode(AlphaMode value) {
            this.alphaMode = Objects.requireNonNull(value, "alphaMode");
            return this;
        }

        /**
         * @param value cutoff, finite and {@code >= 0}
         * @return this builder
         */
        public Builder alphaCutoff(float value) {
            this.alphaCutoff = Checks.requireRange(where(), "alphaCutoff", value, 0f, Float.MAX_VALUE);
            return this;
        }

        /**
         * @param value whether back faces render
         * @return this builder
         */
        public Builder doubleSided(boolean value) {
            this.doubleSided = value;
            return this;
        }

        /**
         * Sets the base color factor; a rejected call changes nothing.
         *
         * @param r red 0..1
         * @param g green 0..1
         * @param b blue 0..1
         * @param a alpha 0..1
         * @return this builder
         * @throws ValidationException naming the first component outside 0..1
         */
        public Builder baseColorFactor(float r, float g, float b, float a) {
            Checks.requireRange(where(), "baseColorFactor[0]", r, 0f, 1f);
            Checks.requireRange(where(), "baseColorFactor[1]", g, 0f, 1f);
            Checks.requireRange(where(), "baseColorFactor[2]", b, 0f, 1f);
            Checks.requireRange(where(), "baseColorFactor[3]", a, 0f, 1f);
            baseColorFactor[0] = r;
            baseColorFactor[1] = g;
            baseColorFactor[2] = b;
            baseColorFactor[3] = a;
            return this;
        }

        /**
         * @param value metallic 0..1
         * @return this builder
         */
        public Builder metallicFactor(float value) {
            this.metallicFactor = Checks.requireRange(where(), "metallicFactor", value, 0f, 1f);
            return this;
        }

        /**
         * @param value roughness 0..1
         * @return this builder
         */
        public Builder roughnessFactor(float value) {
            this.roughnessFactor = Checks.requireRange(where(), "roughnessFactor", value, 0f, 1f);
            return this;
        }

        /**
         * Sets the emissive factor; a rejected call changes nothing.
         *
         * @param r red, finite and {@code >= 0}
         * @param g green, finite and {@code >= 0}
         * @param b blue, finite and {@code >= 0}
         * @return this builder
         * @throws ValidationException naming the first negative or non-finite component
         */
        public Builder emissiveFactor(float r, float g, float b) {
            Checks.requireRange(where(), "emissiveFactor[0]", r, 0f, Float.MAX_VALUE);
            Checks.requireRange(where(), "emissiveFactor[1]", g, 0f, Float.MAX_VALUE);
            Checks.requireRange(where(), "emissiveFactor[2]", b, 0f, Float.MAX_VALUE);
            emissiveFactor[0] = r;
            emissiveFactor[1] = g;
            emissiveFactor[2] = b;
            return this;
        }

        /**
         * @param value normal map scale, finite
         * @return this builder
         */
        public Builder normalScale(float value) {
            this.normalScale = Checks.requireRange(where(), "normalScale", value, -Float.MAX_VALUE, Float.MAX_VALUE);
            return this;
        }

        /**
         * @param value occlusion strength 0..1
         * @return this builder
         */
        public Builder occlusionStrength(float value) {
            this.occlusionStrength = Checks.requireRange(where(), "occlusionStrength", value, 0f, 1f);
            return this;
        }

        /**
         * Sets or replaces the texture of a slot.
         *
         * @param slot slot name, e.g. {@link #BASE_COLOR}
         * @param texture the texture
         * @return this builder
         */
        public Builder texture(String slot, TextureRef texture) {
            if (slot.isEmpty()) {
                throw new ValidationException(where() + ": texture slot name is empty");
            }
            textures.put(slot, Objects.requireNonNull(texture, "texture"));
            return this;
        }

        /**
         * Removes the texture of a slot, if any.
         *
         * @param slot slot name
         * @return this builder
         */
        public Builder removeTexture(String slot) {
            textures.remove(slot);
            return this;
        }

        /** @return the material */
        public Material build() {
            return new Material(this);
        }
    }
}
