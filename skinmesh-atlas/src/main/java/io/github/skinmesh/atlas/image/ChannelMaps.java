package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.TextureRef;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Composites every channel map of a set of materials with one layout: the base color, normal,
 * metallic-roughness, occlusion and emissive maps of input {@code i} all land in placement {@code i}'s
 * rectangle, so one UV remap serves them all and the merged material has one texture per slot.
 *
 * <p><b>Which maps.</b> A slot gets a map when any material has a texture there, or, for base color,
 * metallic-roughness and emission (whose factors act without a texture), when their factors differ. A
 * material without the texture gets a neutral fill of its rectangle: white (so the factor alone
 * counts), for normals the flat normal (0.5, 0.5, 1), in 8 bits (128, 128, 255).
 *
 * <p><b>Factors.</b> A factor every material shares is kept on the merged material and the texels are
 * copied bit for bit. A factor that differs is baked into the texels and the merged factor becomes 1:
 * base color {@code dec(t) * f} for R, G, B (sRGB decoded, multiplied in linear light, encoded) and
 * {@code t * f} for alpha; roughness {@code G * f}, metallic {@code B * f}; occlusion
 * {@code 1 + s * (R - 1)}; normals {@code normalize((2t-1) * (s, s, 1))}. Emission may exceed 1, so its
 * merged factor is each channel's largest and the texels take {@code f / max}. Baking is exact in value
 * but rounded to the texture's format: within half a step of 8 or 16 bits in the stored encoding (and
 * renormalized for normals); composite to {@link PageFormat#RGBA16} or {@link PageFormat#RGBA_FLOAT} to
 * keep more. The flat normal of an 8-bit map is off flat by {@code 1/255} in x and y, as in every 8-bit
 * normal map.
 *
 * <p><b>Sizes.</b> Placement {@code i} holds input {@code i}'s maps at its source size. A texture of
 * another size (a normal map at half the base color's resolution, a map downscaled by the
 * {@link DownscalePolicy}) is resized to it, with {@link ResampleFilter#BOX} when shrinking and
 * {@link ResampleFilter#BILINEAR} otherwise, in the slot's {@link MapSlot#encoding()}, and a warning
 * says so. Textures are decoded with {@link Png}; identical images decode once. The materials' texture
 * coordinates sets are not examined; each texture's sampler decides how its rectangle's gutter
 * continues it ({@link Compositor#composite(List, List, List, List, CompositeOptions, Progress)}), so that
 * a repeating texture blends across its edges in the atlas as it does on its own.
 *
 * <p>Deterministic; allocates the decoded textures, their resized and baked copies, and the pages.
 * Thread-safe (stateless).
 */
public final class ChannelMaps {
    /** The sampler of a fill (one colour: how its gutter continues makes no difference). */
    private static final Sampler CLAMP = new Sampler(Sampler.Filter.UNSPECIFIED, Sampler.Filter.UNSPECIFIED,
            Sampler.Wrap.CLAMP_TO_EDGE, Sampler.Wrap.CLAMP_TO_EDGE);
    private static final float[] WHITE = {1, 1, 1, 1};
    private static final float[] FLAT_NORMAL = {0.5f, 0.5f, 1, 1};

    private ChannelMaps() {
    }

    /**
     * Composites the channel maps of the materials.
     *
     * @param materials one material per input, indexed by {@link Placement#input()}
     * @param placements where each input goes (as for {@link Compositor#composite})
     * @param pages the size of each page
     * @param options compositing options for every map, the slots to consider, decoding limits
     * @param progress receives progress per map and placement (stage {@code "compositing baseColor"}, ...),
     *     may cancel
     * @return the maps, the merged factors, warnings
     * @throws FormatException naming the image when a texture is not a well-formed PNG
     * @throws ValidationException as {@link Compositor#composite}, naming the map's slot
     * @throws CancelledException when {@code progress} asks to stop
     */
    public static ChannelMapResult composite(List<Material> materials, List<Placement> placements,
            List<ImageSize> pages, ChannelMapOptions options, Progress progress) {
        Objects.requireNonNull(materials, "materials");
        Objects.requireNonNull(placements, "placements");
        Objects.requireNonNull(pages, "pages");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        int n = materials.size();
        ImageSize[] target = new ImageSize[n];
        for (int k = 0; k < placements.size(); k++) {
            Placement p = placements.get(k);
            if (p.input() >= n) {
                throw new ValidationException("compositeMaps: placement " + k + ": input " + p.input() + ", but there are "
                        + n + " materials");
            }
            ImageSize size = new ImageSize(p.sourceWidth(), p.sourceHeight());
            if (target[p.input()] != null && !target[p.input()].equals(size)) {
                throw new ValidationException("compositeMaps: placement " + k + " holds input " + p.input() + " at "
                        + size + ", an earlier placement at " + target[p.input()]);
            }
            target[p.input()] = size;
        }
        Factors f = new Factors(materials);
        List<String> warnings = new ArrayList<>();
        Map<Image, PixelImage> decoded = new HashMap<>();
        Map<MapSlot, CompositeResult> maps = new EnumMap<>(MapSlot.class);
        for (MapSlot slot : MapSlot.values()) {
            if (!options.slots().contains(slot) || !f.needsMap(slot, materials)) {
                continue;
            }
            progress.checkCancelled("compositeMaps");
            List<PixelImage> sources = new ArrayList<>(n);
            List<Sampler> samplers = new ArrayList<>(n);
            TexelFormat widest = TexelFormat.RGBA8;
            PixelImage[] textures = new PixelImage[n];
            for (int i = 0; i < n; i++) {
                TextureRef ref = materials.get(i).texture(slot.slot());
                if (ref != null && target[i] != null) {
                    textures[i] = decoded.computeIfAbsent(ref.image(), image -> Png.decode(image.name(),
                            image.data(), options.read()));
                    widest = widest.widest(textures[i].format());
                }
            }
            TexelFormat fillFormat = options.composite().pageFormat().resolve(widest);
            for (int i = 0; i < n; i++) {
                String what = "material " + Checks.quote(materials.get(i).name()) + " (input " + i + ")";
                TextureRef ref = materials.get(i).texture(slot.slot());
                samplers.add(ref == null ? CLAMP : ref.sampler());
                if (target[i] == null) {
                    sources.add(Rgba8Image.filled("unplaced", 1, 1, 0, 0, 0, 0));
                    continue;
                }
                double[] transform = f.transform(slot, materials.get(i));
                PixelImage source;
                if (textures[i] == null) {
                    source = fill(slot, transform, target[i], fillFormat, materials.get(i).name() + " (" + slot.slot()
                            + " fill)");
                } else {
                    source = textures[i];
                    if (source.width() != target[i].width() || source.height() != target[i].height()) {
                        boolean shrink = target[i].width() <= source.width() && target[i].height() <= source.height();
                        warnings.add(what + ": " + slot.slot() + " texture " + Checks.quote(source.name()) + " resized from "
                                + source.width() + "x" + source.height() + " to " + target[i] + " ("
                                + (shrink ? "box" : "bilinear") + " filter) to fit its placement");
                        source = Resample.resize(source, target[i].width(), target[i].height(),
                                shrink ? ResampleFilter.BOX : ResampleFilter.BILINEAR, slot.encoding());
                    }
                    if (transform != null) {
                        source = bake(slot, transform, source);
                    }
                }
                if (transform != null) {
                    warnings.add(what + ": " + f.describe(slot, materials.get(i)) + " baked into the " + slot.slot()
                            + " texels, rounded to their " + source.format() + " steps");
                }
                sources.add(source);
            }
            String stage = "compositing " + slot.slot();
            Progress staged = Progress.of((s, done, total) -> progress.update(stage, done, total), progress::isCancelled);
            try {
                maps.put(slot, Compositor.composite(sources, samplers, placements, pages, options.composite(), staged));
            } catch (ValidationException e) {
                throw new ValidationException(slot.slot() + " map: " + e.getMessage());
            }
        }
        return new ChannelMapResult(maps, f.merged(), warnings);
    }

    /** The neutral texel of a slot with its transform applied, filling a whole rectangle. */
    private static PixelImage fill(MapSlot slot, double[] transform, ImageSize size, TexelFormat format, String name) {
        float[] neutral = slot == MapSlot.NORMAL ? FLAT_NORMAL : WHITE;
        double[] texel = {neutral[0], neutral[1], neutral[2], neutral[3]};
        if (transform != null) {
            apply(slot, transform, texel);
        }
        switch (format) {
            case RGBA8:
                return Rgba8Image.filled(name, size.width(), size.height(), Texels.doubleTo8(texel[0]),
                        Texels.doubleTo8(texel[1]), Texels.doubleTo8(texel[2]), Texels.doubleTo8(texel[3]));
            case RGBA16:
                return Rgba16Image.filled(name, size.width(), size.height(), Texels.doubleTo16(texel[0]),
                        Texels.doubleTo16(texel[1]), Texels.doubleTo16(texel[2]), Texels.doubleTo16(texel[3]));
            default:
                return RgbaFloatImage.filled(name, size.width(), size.height(), (float) texel[0], (float) texel[1],
                        (float) texel[2], (float) texel[3]);
        }
    }

    /** A copy of the texture with the factors baked in, in the texture's format. */
    private static PixelImage bake(MapSlot slot, double[] transform, PixelImage source) {
        int w = source.width();
        int h = source.height();
        Object src = Compositor.raw(source);
        double[] texel = new double[4];
        switch (source.format()) {
            case RGBA8: {
                byte[] s = (byte[]) src;
                byte[] d = new byte[s.length];
                for (int i = 0; i < s.length; i += 4) {
                    for (int c = 0; c < 4; c++) {
                        texel[c] = (s[i + c] & 0xFF) / 255.0;
                    }
                    apply(slot, transform, texel);
                    for (int c = 0; c < 4; c++) {
                        d[i + c] = (byte) Texels.doubleTo8(texel[c]);
                    }
                }
                return Rgba8Image.adopt(source.name(), w, h, d);
            }
            case RGBA16: {
                short[] s = (short[]) src;
                short[] d = new short[s.length];
                for (int i = 0; i < s.length; i += 4) {
                    for (int c = 0; c < 4; c++) {
                        texel[c] = (s[i + c] & 0xFFFF) / 65535.0;
                    }
                    apply(slot, transform, texel);
                    for (int c = 0; c < 4; c++) {
                        d[i + c] = (short) Texels.doubleTo16(texel[c]);
                    }
                }
                return Rgba16Image.adopt(source.name(), w, h, d);
            }
            default: {
                float[] s = (float[]) src;
                float[] d = new float[s.length];
                for (int i = 0; i < s.length; i += 4) {
                    for (int c = 0; c < 4; c++) {
                        texel[c] = s[i + c];
                    }
                    apply(slot, transform, texel);
                    for (int c = 0; c < 4; c++) {
                        d[i + c] = (float) texel[c];
                    }
                }
                return RgbaFloatImage.adopt(source.name(), w, h, d);
            }
        }
    }

    /**
     * Applies a slot's baking to one texel of stored values (0..1). {@code t}: base color and emission,
     * the ratio of part to merged factor per channel (R, G, B, A); metallic-roughness, (roughness,
     * metallic); occlusion, the strength; normal, the scale.
     */
    static void apply(MapSlot slot, double[] t, double[] texel) {
        switch (slot) {
            case BASE_COLOR:
            case EMISSIVE:
                for (int c = 0; c < 3; c++) {
                    texel[c] = Srgb.encode(Srgb.decode(texel[c]) * t[c]);
                }
                texel[3] *= t[3];
                break;
            case METALLIC_ROUGHNESS:
                texel[1] *= t[0];
                texel[2] *= t[1];
                break;
            case OCCLUSION:
                texel[0] = 1 + t[0] * (texel[0] - 1);
                break;
            default: {
                double x = (2 * texel[0] - 1) * t[0];
                double y = (2 * texel[1] - 1) * t[0];
                double z = 2 * texel[2] - 1;
                double length = Math.sqrt(x * x + y * y + z * z);
                if (length > 0) {
                    texel[0] = (x / length + 1) / 2;
                    texel[1] = (y / length + 1) / 2;
                    texel[2] = (z / length + 1) / 2;
                }
                break;
            }
        }
    }

    /** Which factors all materials share, and the merged factors. */
    private static final class Factors {
        final boolean[] baseShared = new boolean[4];
        final float[] base = new float[4];
        final boolean[] emissiveShared = new boolean[3];
        final float[] emissive = new float[3];
        final boolean metallicShared;
        final boolean roughnessShared;
        final float metallic;
        final float roughness;
        final boolean normalShared;
        final float normalScale;
        final boolean occlusionShared;
        final float occlusion;

        Factors(List<Material> materials) {
            Material first = materials.isEmpty() ? Material.builder("").build() : materials.get(0);
            for (int c = 0; c < 4; c++) {
                final int cc = c;
                baseShared[c] = materials.stream().allMatch(m -> m.baseColorFactor(cc) == first.baseColorFactor(cc));
                base[c] = baseShared[c] ? first.baseColorFactor(c) : 1;
            }
            for (int c = 0; c < 3; c++) {
                final int cc = c;
                emissiveShared[c] = materials.stream().allMatch(m -> m.emissiveFactor(cc) == first.emissiveFactor(cc));
                float max = 0;
                for (Material m : materials) {
                    max = Math.max(max, m.emissiveFactor(c));
                }
                emissive[c] = emissiveShared[c] ? first.emissiveFactor(c) : max;
            }
            metallicShared = materials.stream().allMatch(m -> m.metallicFactor() == first.metallicFactor());
            roughnessShared = materials.stream().allMatch(m -> m.roughnessFactor() == first.roughnessFactor());
            metallic = metallicShared ? first.metallicFactor() : 1;
            roughness = roughnessShared ? first.roughnessFactor() : 1;
            normalShared = materials.stream().allMatch(m -> m.normalScale() == first.normalScale());
            normalScale = normalShared ? first.normalScale() : 1;
            occlusionShared = materials.stream().allMatch(m -> m.occlusionStrength() == first.occlusionStrength());
            occlusion = occlusionShared ? first.occlusionStrength() : 1;
        }

        boolean needsMap(MapSlot slot, List<Material> materials) {
            boolean anyTexture = materials.stream().anyMatch(m -> m.texture(slot.slot()) != null);
            switch (slot) {
                case BASE_COLOR:
                    return anyTexture || !(baseShared[0] && baseShared[1] && baseShared[2] && baseShared[3]);
                case EMISSIVE:
                    return anyTexture || !(emissiveShared[0] && emissiveShared[1] && emissiveShared[2]);
                case METALLIC_ROUGHNESS:
                    return anyTexture || !(metallicShared && roughnessShared);
                default:
                    return anyTexture;
            }
        }

        /** @return the baking of a material's texels in a slot, or null when they are copied unchanged */
        double[] transform(MapSlot slot, Material m) {
            switch (slot) {
                case BASE_COLOR: {
                    double[] t = new double[4];
                    boolean identity = true;
                    for (int c = 0; c < 4; c++) {
                        t[c] = baseShared[c] ? 1 : m.baseColorFactor(c) / (double) base[c];
                        identity &= t[c] == 1;
                    }
                    return identity ? null : t;
                }
                case EMISSIVE: {
                    double[] t = {1, 1, 1, 1};
                    boolean identity = true;
                    for (int c = 0; c < 3; c++) {
                        t[c] = emissiveShared[c] || emissive[c] == 0 ? 1 : m.emissiveFactor(c) / (double) emissive[c];
                        identity &= t[c] == 1;
                    }
                    return identity ? null : t;
                }
                case METALLIC_ROUGHNESS: {
                    double r = roughnessShared ? 1 : m.roughnessFactor();
                    double mt = metallicShared ? 1 : m.metallicFactor();
                    return r == 1 && mt == 1 ? null : new double[] {r, mt};
                }
                case OCCLUSION:
                    return occlusionShared || m.occlusionStrength() == 1 ? null : new double[] {m.occlusionStrength()};
                default:
                    return normalShared || m.normalScale() == 1 ? null : new double[] {m.normalScale()};
            }
        }

        String describe(MapSlot slot, Material m) {
            switch (slot) {
                case BASE_COLOR:
                    return String.format(Locale.ROOT, "baseColorFactor (%s, %s, %s, %s)", m.baseColorFactor(0),
                            m.baseColorFactor(1), m.baseColorFactor(2), m.baseColorFactor(3));
                case EMISSIVE:
                    return String.format(Locale.ROOT, "emissiveFactor (%s, %s, %s) over the merged (%s, %s, %s)",
                            m.emissiveFactor(0), m.emissiveFactor(1), m.emissiveFactor(2), emissive[0], emissive[1],
                            emissive[2]);
                case METALLIC_ROUGHNESS:
                    return "metallicFactor " + m.metallicFactor() + ", roughnessFactor " + m.roughnessFactor();
                case OCCLUSION:
                    return "occlusionStrength " + m.occlusionStrength();
                default:
                    return "normalScale " + m.normalScale();
            }
        }

        MergedFactors merged() {
            return new MergedFactors(base, metallic, roughness, emissive, normalScale, occlusion);
        }
    }
}
