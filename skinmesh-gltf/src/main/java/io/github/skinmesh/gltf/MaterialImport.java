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
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Decodes glTF materials, textures, samplers and images into core {@link Material}s, on demand:
 * a material is decoded when a primitive first uses it, so unused materials and images cost
 * nothing. Each material and each image is decoded once and the immutable result shared, so
 * materials sharing an image share one {@link Image} instance. What became of each image is kept
 * for {@link GltfAsset#imageSources()}. Not thread-safe; one per read.
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
    /** Per glTF image, what became of it once a material first used it; {@code null} until then. */
    private final @Nullable ImageSource[] sourceCache;

    MaterialImport(GltfDocument doc) {
        this.doc = doc;
        this.materials = Json.array(doc.root(), "materials", "glTF");
        this.textures = Json.array(doc.root(), "textures", "glTF");
        this.images = Json.array(doc.root(), "images", "glTF");
        this.samplers = Json.array(doc.root(), "samplers", "glTF");
        this.materialCache = new Material[materials == null ? 0 : materials.size()];
        this.sourceCache = new ImageSource[images == null ? 0 : images.size()];
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
        int source = Json.index(tex, "source", wt, "images", sourceCache.length);
        if (source == Index.NONE) {
            warnings.add(wt + ": no source image (only extension sources?); " + wi + " ignored");
            return info;
        }
        int s = Json.index(tex, "sampler", wt, "samplers", samplers == null ? 0 : samplers.size());
        Sampler sampler = s == Index.NONE ? Sampler.DEFAULT : sampler(s);
        Image image = image(source, warnings);
        if (image != null) {
            b.texture(slot, new TextureRef(image, texCoord, sampler));
        }
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

    /**
     * @return the image, decoded on first use; {@code null} when it is an external file that cannot
     *     be read and the options drop such textures (its source records why)
     */
    private @Nullable Image image(int i, List<String> warnings) {
        ImageSource known = sourceCache[i];
        if (known != null) {
            return known.image();
        }
        String where = "images[" + i + "]";
        assert images != null;
        JsonNode json = Json.element(images, i, where);
        String uri = Json.string(json, "uri", where);
        int view = Json.index(json, "bufferView", where, "bufferViews", doc.accessors().viewCount());
        String declared = Json.string(json, "mimeType", where);
        String mime = declared;
        String name = Json.string(json, "name", where);
        byte[] data;
        ImageSource.Storage storage;
        if (view != Index.NONE) {
            if (uri != null) {
                throw new FormatException(where + ": both uri and bufferView, expected one");
            }
            data = doc.accessors().viewBytes(view, where);
            storage = ImageSource.Storage.BUFFER_VIEW;
        } else if (uri != null) {
            boolean external = !DataUri.isDataUri(uri);
            storage = external ? ImageSource.Storage.EXTERNAL : ImageSource.Storage.DATA_URI;
            DataUri resource;
            try {
                resource = doc.resource(uri, where + ".uri");
            } catch (FormatException e) {
                if (!external || doc.options().unreadableImages() != GltfReadOptions.UnreadableImages.DROP_TEXTURES) {
                    throw e;
                }
                ImageSource.Status status = e.getCause() instanceof NoSuchFileException ? ImageSource.Status.MISSING
                        : ImageSource.Status.UNREADABLE;
                warnings.add(e.getMessage() + "; the textures using " + where + " are dropped");
                sourceCache[i] = new ImageSource(i, storage, uri, declared, null, status, null, e.getMessage());
                return null;
            }
            data = resource.data();
            if (mime == null && resource.mediaType().startsWith("image/")) {
                mime = resource.mediaType();
            }
            if (name == null && external) {
                name = uri;
            }
        } else {
            throw new FormatException(where + ": neither uri nor bufferView, expected one");
        }
        String detected = Mime.sniff(data);
        if (mime == null) {
            mime = detected;
            if (mime == null) {
                mime = "application/octet-stream";
                warnings.add(where + ": no mimeType and unrecognized bytes; typed " + mime);
            }
        }
        Image img = ModelAccess.get().adoptImage(name == null ? "" : name, mime, data);
        sourceCache[i] = new ImageSource(i, storage, storage == ImageSource.Storage.EXTERNAL ? uri : null, declared,
                detected, ImageSource.Status.READ, img, null);
        return img;
    }

    /**
     * What became of every image of the document, in index order: the ones decoded (or dropped)
     * so far, the others as not used. Fields of unused images are read as far as they have the
     * types glTF gives them; an unused image is not validated, as before this table existed.
     *
     * @return one source per glTF image, read-only
     */
    List<ImageSource> sources() {
        List<ImageSource> out = new ArrayList<>(sourceCache.length);
        for (int i = 0; i < sourceCache.length; i++) {
            ImageSource known = sourceCache[i];
            if (known == null) {
                assert images != null;
                JsonNode json = images.get(i);
                String uri = text(json, "uri");
                String mime = text(json, "mimeType");
                ImageSource.Storage storage;
                if (uri != null) {
                    storage = DataUri.isDataUri(uri) ? ImageSource.Storage.DATA_URI : ImageSource.Storage.EXTERNAL;
                } else if (json != null && json.has("bufferView") && json.get("bufferView").canConvertToExactIntegral()) {
                    storage = ImageSource.Storage.BUFFER_VIEW;
                } else {
                    storage = ImageSource.Storage.UNDECLARED;
                }
                known = new ImageSource(i, storage, storage == ImageSource.Storage.EXTERNAL ? uri : null, mime, null,
                        ImageSource.Status.NOT_USED, null, null);
            }
            out.add(known);
        }
        return List.copyOf(out);
    }

    /** @return a string field of a JSON object, or {@code null} when either is absent or of another type */
    private static @Nullable String text(@Nullable JsonNode object, String field) {
        JsonNode n = object == null || !object.isObject() ? null : object.get(field);
        return n != null && n.isTextual() ? n.textValue() : null;
    }
}
