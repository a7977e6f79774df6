package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.gltf.internal.DataUri;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.Mime;
import io.github.skinmesh.gltf.internal.SamplerCodes;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Decodes glTF materials, textures, samplers and images into core {@link Material}s, on demand:
 * a material is decoded when a primitive first uses it, so unused materials and images cost
 * nothing. Each material and each image is decoded once and the immutable result shared, so
 * materials sharing an image share one {@link Image} instance. Not thread-safe; one per read.
 */
final class MaterialImport {
    /** The material of a primitive without one: glTF's default material. */
    static final Material DEFAULT = Material.builder("").build();
    private static final List<Integer> MAG_FILTERS = List.of(SamplerCodes.NEAREST, SamplerCodes.LINEAR);
    private static final List<Integer> MIN_FILTERS = List.of(SamplerCodes.NEAREST, SamplerCodes.LINEAR,
            SamplerCodes.NEAREST_MIPMAP_NEAREST, SamplerCodes.LINEAR_MIPMAP_NEAREST, SamplerCodes.NEAREST_MIPMAP_LINEAR,
            SamplerCodes.LINEAR_MIPMAP_LINEAR);
    private static final List<Integer> WRAPS = List.of(SamplerCodes.REPEAT, SamplerCodes.CLAMP_TO_EDGE,
            SamplerCodes.MIRRORED_REPEAT);

    private final GltfDocument doc;
    private final @Nullable JsonNode materials;
    private final @Nullable JsonNode textures;
    private final @Nullable JsonNode images;
    private final @Nullable JsonNode samplers;
    private final Material[] materialCache;
    private final Image[] imageCache;

    MaterialImport(GltfDocument doc) {
        this.doc = doc;
        this.materials = Json.array(doc.root(), "materials", "glTF");
        this.textures = Json.array(doc.root(), "textures", "glTF");
        this.images = Json.array(doc.root(), "images", "glTF");
        this.samplers = Json.array(doc.root(), "samplers", "glTF");
        this.materialCache = new Material[materials == null ? 0 : materials.size()];
        this.imageCache = new Image[images == null ? 0 : images.size()];
    }

    int count() {
        return materialCache.length;
    }

    /**
     * @param i material index, {@code 0..count()-1}
     * @param warnings receives what is tolerated the first time the material is decoded
     * @return the material
     */
    Material material(int i, List<String> warnings) {
        Material m = materialCache[i];
        if (m == null) {
            m = decode(i, warnings);
            materialCache[i] = m;
        }
        return m;
    }

    private Material decode(int i, List<String> warnings) {
        String where = "materials[" + i + "]";
        assert materials != null;
        JsonNode json = Json.element(materials, i, where);
        String name = Json.string(json, "name", where);
        Material.Builder b = Material.builder(name == null ? "" : name);
        try {
            JsonNode ext = Json.object(json, "extensions", where);
            if (ext != null && ext.has("KHR_materials_unlit")) {
                b.template(Material.TEMPLATE_UNLIT);
            }
            JsonNode pbr = Json.object(json, "pbrMetallicRoughness", where);
            if (pbr != null) {
                String wp = where + ".pbrMetallicRoughness";
                float[] base = Json.numbers(pbr, "baseColorFactor", wp, 4);
                if (base != null) {
                    b.baseColorFactor(base[0], base[1], base[2], base[3]);
                }
                b.metallicFactor(Json.number(pbr, "metallicFactor", wp, 1f));
                b.roughnessFactor(Json.number(pbr, "roughnessFactor", wp, 1f));
                slot(b, Material.BASE_COLOR, pbr, "baseColorTexture", wp, warnings);
                slot(b, Material.METALLIC_ROUGHNESS, pbr, "metallicRoughnessTexture", wp, warnings);
            }
            JsonNode normal = slot(b, Material.NORMAL, json, "normalTexture", where, warnings);
            if (normal != null) {
                b.normalScale(Json.number(normal, "scale", where + ".normalTexture", 1f));
            }
            JsonNode occlusion = slot(b, Material.OCCLUSION, json, "occlusionTexture", where, warnings);
            if (occlusion != null) {
                b.occlusionStrength(Json.number(occlusion, "strength", where + ".occlusionTexture", 1f));
            }
            slot(b, Material.EMISSIVE, json, "emissiveTexture", where, warnings);
            float[] emissive = Json.numbers(json, "emissiveFactor", where, 3);
            if (emissive != null) {
                b.emissiveFactor(emissive[0], emissive[1], emissive[2]);
            }
            String alpha = Json.string(json, "alphaMode", where);
            if (alpha != null) {
                switch (alpha) {
                    case "OPAQUE" -> b.alphaMode(AlphaMode.OPAQUE);
                    case "MASK" -> b.alphaMode(AlphaMode.MASK);
                    case "BLEND" -> b.alphaMode(AlphaMode.BLEND);
                    default -> throw new FormatException(where + ".alphaMode '" + alpha
                            + "', expected OPAQUE, MASK or BLEND");
                }
            }
            b.alphaCutoff(Json.number(json, "alphaCutoff", where, 0.5f));
            b.doubleSided(Json.bool(json, "doubleSided", where, false));
            return b.build();
        } catch (ValidationException e) {
            throw new FormatException(where + ": " + e.getMessage(), e);
        }
    }

    /** Reads a textureInfo into a slot; returns the textureInfo object (for scale/strength) or null. */
    private @Nullable JsonNode slot(Material.Builder b, String slot, JsonNode owner, String field, String where,
            List<String> warnings) {
        JsonNode info = Json.object(owner, field, where);
        if (info == null) {
            return null;
        }
        String wi = where + "." + field;
        int t = Json.requiredIndex(info, "index", wi, "textures", textures == null ? 0 : textures.size());
        int texCoord = (int) Json.integer(info, "texCoord", wi, 0, 0, Integer.MAX_VALUE);
        String wt = "textures[" + t + "]";
        assert textures != null;
        JsonNode tex = Json.element(textures, t, wt);
        int source = Json.index(tex, "source", wt, "images", imageCache.length);
        if (source == Index.NONE) {
            warnings.add(wt + ": no source image (only extension sources?); " + wi + " ignored");
            return info;
        }
        int s = Json.index(tex, "sampler", wt, "samplers", samplers == null ? 0 : samplers.size());
        Sampler sampler = s == Index.NONE ? Sampler.DEFAULT : sampler(s);
        b.texture(slot, new TextureRef(image(source, warnings), texCoord, sampler));
        return info;
    }

    private Sampler sampler(int s) {
        String where = "samplers[" + s + "]";
        assert samplers != null;
        JsonNode json = Json.element(samplers, s, where);
        int mag = code(json, "magFilter", where, SamplerCodes.UNSPECIFIED, MAG_FILTERS);
        int min = code(json, "minFilter", where, SamplerCodes.UNSPECIFIED, MIN_FILTERS);
        int wrapS = code(json, "wrapS", where, SamplerCodes.REPEAT, WRAPS);
        int wrapT = code(json, "wrapT", where, SamplerCodes.REPEAT, WRAPS);
        return new Sampler(SamplerCodes.filter(mag), SamplerCodes.filter(min), SamplerCodes.wrap(wrapS),
                SamplerCodes.wrap(wrapT));
    }

    /**
     * Reads a sampler code: {@code absent} when the field is absent (0, an unspecified filter, for the
     * filters), else one of {@code allowed}.
     */
    private static int code(JsonNode json, String field, String where, int absent, List<Integer> allowed) {
        int c = (int) Json.integer(json, field, where, absent, 0, Integer.MAX_VALUE);
        if (c != absent && !allowed.contains(c)) {
            throw new FormatException(where + "." + field + " " + c + ", expected one of " + allowed);
        }
        return c;
    }

    private Image image(int i, List<String> warnings) {
        Image img = imageCache[i];
        if (img != null) {
            return img;
        }
        String where = "images[" + i + "]";
        assert images != null;
        JsonNode json = Json.element(images, i, where);
        String uri = Json.string(json, "uri", where);
        int view = Json.index(json, "bufferView", where, "bufferViews", doc.accessors().viewCount());
        String mime = Json.string(json, "mimeType", where);
        String name = Json.string(json, "name", where);
        byte[] data;
        if (view != Index.NONE) {
            if (uri != null) {
                throw new FormatException(where + ": both uri and bufferView, expected one");
            }
            data = doc.accessors().viewBytes(view, where);
        } else if (uri != null) {
            DataUri resource = doc.resource(uri, where + ".uri");
            data = resource.data();
            if (mime == null && resource.mediaType().startsWith("image/")) {
                mime = resource.mediaType();
            }
            if (name == null && !DataUri.isDataUri(uri)) {
                name = uri;
            }
        } else {
            throw new FormatException(where + ": neither uri nor bufferView, expected one");
        }
        if (mime == null) {
            mime = Mime.sniff(data);
            if (mime == null) {
                mime = "application/octet-stream";
                warnings.add(where + ": no mimeType and unrecognized bytes; typed " + mime);
            }
        }
        img = ModelAccess.get().adoptImage(name == null ? "" : name, mime, data);
        imageCache[i] = img;
        return img;
    }
}
