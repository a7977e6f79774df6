package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.gltf.internal.SamplerCodes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Writes materials, textures, samplers and images, each once: a material is written when a
 * primitive first uses it, an image (into the BIN chunk) when a texture first samples it.
 * Metallic-roughness factors and textures, normal scale, occlusion strength, emissive, alpha mode
 * and cutoff, double-sidedness; template {@code "unlit"} as {@code KHR_materials_unlit}; values
 * equal to glTF's defaults are left out. Not thread-safe; one per export.
 */
final class MaterialExport {
    private static final List<String> SLOTS = List.of(Material.BASE_COLOR, Material.METALLIC_ROUGHNESS,
            Material.NORMAL, Material.OCCLUSION, Material.EMISSIVE);

    private final JsonNodeFactory f = JsonNodeFactory.instance;
    private final AccessorWriter out;
    private final ArrayNode materials = f.arrayNode();
    private final ArrayNode textures = f.arrayNode();
    private final ArrayNode images = f.arrayNode();
    private final ArrayNode samplers = f.arrayNode();
    /** Keyed by the material and its name, so two materials that differ only by name stay two. */
    private final Map<List<Object>, Integer> materialIndex = new LinkedHashMap<>();
    private final Map<Image, Integer> imageIndex = new HashMap<>();
    private final Map<Sampler, Integer> samplerIndex = new HashMap<>();
    private final Map<List<Integer>, Integer> textureIndex = new HashMap<>();
    private boolean unlit;

    MaterialExport(AccessorWriter out) {
        this.out = out;
    }

    /** @return the {@code materials} array */
    ArrayNode materials() {
        return materials;
    }

    /** @return the {@code textures} array */
    ArrayNode textures() {
        return textures;
    }

    /** @return the {@code images} array */
    ArrayNode images() {
        return images;
    }

    /** @return the {@code samplers} array */
    ArrayNode samplers() {
        return samplers;
    }

    /** @return whether a material was written with {@code KHR_materials_unlit} */
    boolean usesUnlit() {
        return unlit;
    }

    /**
     * Writes a material unless an equal one with the same name was written.
     *
     * @param m the material
     * @param warnings receives what has no glTF form (a template, a texture slot)
     * @return its index in {@code materials}
     * @throws ValidationException when one of its images has no bytes or the BIN chunk would pass
     *     its limit
     */
    int material(Material m, List<String> warnings) {
        List<Object> key = List.of(m, m.name());
        Integer index = materialIndex.get(key);
        if (index != null) {
            return index;
        }
        String where = "material " + Checks.quote(m.name());
        ObjectNode json = f.objectNode();
        if (!m.name().isEmpty()) {
            json.put("name", m.name());
        }
        ObjectNode pbr = f.objectNode();
        float[] base = {m.baseColorFactor(0), m.baseColorFactor(1), m.baseColorFactor(2), m.baseColorFactor(3)};
        JsonOut.vector(pbr, "baseColorFactor", base, 0, 4, JsonOut.ONE4);
        JsonOut.number(pbr, "metallicFactor", m.metallicFactor(), 1f);
        JsonOut.number(pbr, "roughnessFactor", m.roughnessFactor(), 1f);
        texture(where, Material.BASE_COLOR, pbr, "baseColorTexture", m.texture(Material.BASE_COLOR));
        texture(where, Material.METALLIC_ROUGHNESS, pbr, "metallicRoughnessTexture",
                m.texture(Material.METALLIC_ROUGHNESS));
        if (!pbr.isEmpty()) {
            json.set("pbrMetallicRoughness", pbr);
        }
        ObjectNode normal = texture(where, Material.NORMAL, json, "normalTexture", m.texture(Material.NORMAL));
        if (normal != null) {
            JsonOut.number(normal, "scale", m.normalScale(), 1f);
        }
        ObjectNode occlusion = texture(where, Material.OCCLUSION, json, "occlusionTexture",
                m.texture(Material.OCCLUSION));
        if (occlusion != null) {
            JsonOut.number(occlusion, "strength", m.occlusionStrength(), 1f);
        }
        texture(where, Material.EMISSIVE, json, "emissiveTexture", m.texture(Material.EMISSIVE));
        float[] emissive = {m.emissiveFactor(0), m.emissiveFactor(1), m.emissiveFactor(2)};
        JsonOut.vector(json, "emissiveFactor", emissive, 0, 3, JsonOut.ZERO3);
        if (m.alphaMode() != AlphaMode.OPAQUE) {
            json.put("alphaMode", m.alphaMode().name());
        }
        JsonOut.number(json, "alphaCutoff", m.alphaCutoff(), 0.5f);
        if (m.doubleSided()) {
            json.put("doubleSided", true);
        }
        if (m.template().equals(Material.TEMPLATE_UNLIT)) {
            json.putObject("extensions").putObject("KHR_materials_unlit");
            unlit = true;
        } else if (!m.template().equals(Material.TEMPLATE_PBR)) {
            warnings.add(where + ": template '" + m.template() + "' has no glTF form; written as metallic-roughness");
        }
        for (String slot : m.textures().keySet()) {
            if (!SLOTS.contains(slot)) {
                warnings.add(where + ": texture slot '" + slot + "' has no glTF form; not written");
            }
        }
        materials.add(json);
        materialIndex.put(key, materials.size() - 1);
        return materials.size() - 1;
    }

    /** Writes a textureInfo into {@code owner}; returns it (for scale or strength), or null without a texture. */
    private @Nullable ObjectNode texture(String where, String slot, ObjectNode owner, String field,
            @Nullable TextureRef ref) {
        if (ref == null) {
            return null;
        }
        int image = image(where + ": " + slot + " texture", ref.image());
        int sampler = Index.NONE;
        Sampler s = ref.sampler();
        if (!s.equals(Sampler.DEFAULT)) {
            Integer si = samplerIndex.get(s);
            if (si == null) {
                ObjectNode json = samplers.addObject();
                if (s.magFilter() != Sampler.Filter.UNSPECIFIED) {
                    json.put("magFilter", SamplerCodes.code(s.magFilter()));
                }
                if (s.minFilter() != Sampler.Filter.UNSPECIFIED) {
                    json.put("minFilter", SamplerCodes.code(s.minFilter()));
                }
                if (s.wrapS() != Sampler.Wrap.REPEAT) {
                    json.put("wrapS", SamplerCodes.code(s.wrapS()));
                }
                if (s.wrapT() != Sampler.Wrap.REPEAT) {
                    json.put("wrapT", SamplerCodes.code(s.wrapT()));
                }
                si = samplers.size() - 1;
                samplerIndex.put(s, si);
            }
            sampler = si;
        }
        List<Integer> key = List.of(image, sampler);
        Integer ti = textureIndex.get(key);
        if (ti == null) {
            ObjectNode json = textures.addObject();
            if (sampler != Index.NONE) {
                json.put("sampler", sampler);
            }
            json.put("source", image);
            ti = textures.size() - 1;
            textureIndex.put(key, ti);
        }
        ObjectNode info = owner.putObject(field);
        info.put("index", ti);
        if (ref.texCoord() != 0) {
            info.put("texCoord", ref.texCoord());
        }
        return info;
    }

    private int image(String where, Image image) {
        Integer index = imageIndex.get(image);
        if (index != null) {
            return index;
        }
        String wi = where + ": image " + Checks.quote(image.name());
        if (image.byteLength() == 0) {
            throw new ValidationException("GltfWriter: " + wi + " has no bytes, expected an encoded image (a glTF "
                    + "buffer view holds at least one byte)");
        }
        int view = out.view(wi, ModelAccess.get().data(image));
        ObjectNode json = images.addObject();
        if (!image.name().isEmpty()) {
            json.put("name", image.name());
        }
        json.put("bufferView", view);
        json.put("mimeType", image.mimeType());
        imageIndex.put(image, images.size() - 1);
        return images.size() - 1;
    }
}
