package io.github.skinmesh.atlas;

import io.github.skinmesh.atlas.image.ChannelMapOptions;
import io.github.skinmesh.atlas.image.ChannelMapResult;
import io.github.skinmesh.atlas.image.ChannelMaps;
import io.github.skinmesh.atlas.image.CompositeResult;
import io.github.skinmesh.atlas.image.DownscalePolicy;
import io.github.skinmesh.atlas.image.ImageSize;
import io.github.skinmesh.atlas.image.MapSlot;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.image.PngCompression;
import io.github.skinmesh.atlas.image.PngFilter;
import io.github.skinmesh.atlas.image.PngOptions;
import io.github.skinmesh.atlas.image.TexelFormat;
import io.github.skinmesh.atlas.pack.PackInput;
import io.github.skinmesh.atlas.pack.PackOptions;
import io.github.skinmesh.atlas.pack.PackPage;
import io.github.skinmesh.atlas.pack.PackResult;
import io.github.skinmesh.atlas.pack.Packing;
import io.github.skinmesh.atlas.pack.PageSizing;
import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Atlases the textures of parts so that materials which differ only in their textures and factors
 * become one material, and once combined ({@code io.github.skinmesh.core.combine.Combine}) one submesh
 * per render state: {@link #atlasParts}.
 *
 * <pre>{@code
 * AtlasResult atlas = Atlases.atlasParts(hero.parts(), AtlasOptions.DEFAULTS, Progress.NONE);
 * Character atlased = atlas.applyTo(hero);
 * CombineResult one = Combine.combineCharacters(List.of(atlased), CombineOptions.DEFAULTS);
 * // one.report().drawCallsAfter() == atlas.report().drawCallsAfter()
 * }</pre>
 *
 * <p><b>Which materials merge.</b> The materials of the parts' submeshes (those with triangles) are
 * grouped by template and render state ({@link Material#sameRenderState}: alpha mode, the cutoff when
 * masked, double-sidedness; transparent and double-sided materials therefore stay apart from opaque
 * single-sided ones), by the UV set their textures sample and by their textures' filters. A group whose
 * submeshes use two or more distinct materials ({@link Material#equalsIgnoringName}) is atlased; a
 * group of one material already draws once and is left alone. A material takes part when its template
 * is {@link Material#TEMPLATE_PBR} (maps: base colour, normal, metallic-roughness, occlusion, emissive)
 * or {@link Material#TEMPLATE_UNLIT} (base colour), its textures are PNG images in those slots, and they
 * all sample one UV set that the mesh has; any other material stays as it is, with a warning saying why.
 *
 * <p><b>Per group.</b> Each distinct material (and tiling, below) is one rectangle, the size of its
 * base colour texture (else its largest texture; 4 x 4 for a material without textures); the
 * rectangles are packed with {@link AtlasOptions#pack()} (shrunk by {@link AtlasOptions#downscale()}
 * while they do not fit), every channel map is composited on that one layout by {@link ChannelMaps}
 * (neutral fills where a material lacks a map, factors kept when shared and baked when not), and each
 * page is encoded as PNG into a core {@link Image}. Each page becomes one merged material: the group's
 * template and render state, the factors {@link ChannelMaps} chose, one texture per composited slot
 * sampling the group's UV set with the group's filters and {@code CLAMP_TO_EDGE} wrapping.
 *
 * <p><b>Meshes.</b> Each atlased submesh's vertices get their UV set mapped into the material's
 * rectangle ({@link UvTransform}, honouring {@link AtlasOptions#vOrigin()} and the placement's turn);
 * the coordinates of a material without textures go to its rectangle's centre. A vertex that two
 * submeshes mapped differently share (two materials, or an atlased and a kept one) is duplicated with
 * {@code io.github.skinmesh.core.mesh.Meshes.selectVertices}, carrying every stream. Other UV sets,
 * and parts without an atlased submesh, are unchanged (the latter are returned as the same objects).
 *
 * <p><b>Tiling.</b> Coordinates outside {@code [0, 1]} on an atlased material are found per part and
 * handled as {@link AtlasOptions#tiling()} says ({@link TilingMode}); a baked repeat is a rectangle of
 * its own holding the tiles, and its coordinates are mapped into it.
 *
 * <p>Deterministic: the same parts and options give the same parts, materials and page bytes, on
 * every Java runtime and machine. Allocates the decoded textures, the
 * pages, their encodings and the new meshes. Thread-safe (stateless); progress is reported per group
 * (packing, then compositing per map) and per part, and cancellation checked at the same steps.
 */
public final class Atlases {
    /** Side of the rectangle of a material without textures, in texels (its one colour fills it). */
    public static final int FILL_SIDE = 4;
    private static final String OP = "atlasParts";
    /** Encoding of the tiled images handed to the compositor: only decoded again, so not compressed. */
    private static final PngOptions INTERMEDIATE = new PngOptions(PngCompression.STORED, 1, PngFilter.NONE);

    private Atlases() {
    }

    /**
     * Atlases parts with {@link AtlasOptions#DEFAULTS} and no progress reporting.
     *
     * @param parts the parts
     * @return the atlased parts, merged materials, pages and report
     * @throws ValidationException as {@link #atlasParts(List, AtlasOptions, Progress)}
     */
    public static AtlasResult atlasParts(List<Part> parts) {
        return atlasParts(parts, AtlasOptions.DEFAULTS, Progress.NONE);
    }

    /**
     * Atlases every part of a character; {@link AtlasResult#applyTo} puts the result back.
     *
     * @param character the character
     * @param options packing, compositing, tiling and naming
     * @param progress receives progress, may cancel
     * @return the atlased parts (in the character's order), merged materials, pages and report
     * @throws ValidationException as {@link #atlasParts(List, AtlasOptions, Progress)}
     */
    public static AtlasResult atlasCharacter(Character character, AtlasOptions options, Progress progress) {
        return atlasParts(Objects.requireNonNull(character, "character").parts(), options, progress);
    }

    /**
     * Atlases the textures of parts and remaps their meshes (see the class description).
     *
     * @param parts the parts, in the order the result keeps
     * @param options packing, compositing, tiling and naming
     * @param progress receives progress (stages {@code "packing atlas0"}, {@code "compositing baseColor"},
     *     {@code "remapping parts"}), may cancel
     * @return the atlased parts, merged materials, pages and report
     * @throws ValidationException naming the part, the material, the value and the limit when a part's
     *     coordinates leave {@code [0, 1]} and {@link TilingMode#FAIL} is chosen, or need more than
     *     {@link AtlasOptions#maxRepeat()} tiles along an axis with {@link TilingMode#BAKE_REPEAT}; naming
     *     the image when an image is larger than the largest page and downscaling is off (or cannot make
     *     it fit), when the images need more than {@code maxPages} pages, or as {@link ChannelMaps} and the
     *     compositor for placements that do not keep the required mip levels clean
     * @throws io.github.skinmesh.core.FormatException naming the image when a texture is not a
     *     well-formed PNG (a zero-size, truncated or corrupt file)
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} asks to stop; nothing is
     *     returned
     */
    public static AtlasResult atlasParts(List<Part> parts, AtlasOptions options, Progress progress) {
        Objects.requireNonNull(parts, "parts");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) == null) {
                throw new NullPointerException(OP + ": part " + i + " is null");
            }
        }
        return new Run(List.copyOf(parts), options, progress).run();
    }

    // ------------------------------------------------------------------------------------------ the run

    /** A submesh with triangles of a part, drawn with one of the part's materials. */
    private record Use(int part, int submesh, int materialIndex, Material material) {
    }

    /** What materials of one group share: template, render state, UV set and filters. */
    private record GroupKey(String template, AlphaMode alphaMode, float cutoff, boolean doubleSided, int texCoord,
            Sampler.Filter mag, Sampler.Filter min) {
        static GroupKey of(Material m, int texCoord, Sampler.Filter mag, Sampler.Filter min) {
            return new GroupKey(m.template(), m.alphaMode(), m.alphaMode() == AlphaMode.MASK ? m.alphaCutoff() : 0,
                    m.doubleSided(), texCoord, mag, min);
        }
    }

    /** The tiles a use needs: {@code [u0, u0 + tilesU) x [v0, v0 + tilesV)}; (0, 0, 1, 1) when it does not tile. */
    private record Tiles(int u0, int v0, int tilesU, int tilesV) {
        static final Tiles NONE = new Tiles(0, 0, 1, 1);
    }

    /** One rectangle: a distinct material with its tiles. */
    private static final class Entry {
        final int group;
        final Material material;
        final Tiles tiles;
        final int texCoord;
        Material composited;
        String name;
        ImageSize size;
        Placement placement;
        UvTransform transform;
        int mergedMaterial;

        Entry(int group, Material material, Tiles tiles, int texCoord) {
            this.group = group;
            this.material = material;
            this.tiles = tiles;
            this.texCoord = texCoord;
        }
    }

    private static final class Group {
        final GroupKey key;
        final List<Use> uses = new ArrayList<>();
        final List<Material> distinct = new ArrayList<>();

        Group(GroupKey key) {
            this.key = key;
        }

        void add(Use use) {
            uses.add(use);
            if (distinct.stream().noneMatch(m -> m.equalsIgnoringName(use.material()))) {
                distinct.add(use.material());
            }
        }
    }

    private static final class Run {
        final List<Part> parts;
        final AtlasOptions options;
        final Progress progress;
        final List<String> warnings = new ArrayList<>();
        final Map<Image, PixelImage> decoded = new HashMap<>();

        Run(List<Part> parts, AtlasOptions options, Progress progress) {
            this.parts = parts;
            this.options = options;
            this.progress = progress;
        }

        AtlasResult run() {
            progress.checkCancelled(OP);
            int drawCallsBefore = drawCalls(parts);
            // 1. eligible uses, grouped; a part kept out for tiling leaves every group
            Map<Long, String> refused = new LinkedHashMap<>();
            Map<GroupKey, Group> groups = group(refused, Set.of());
            refused.values().forEach(warnings::add);
            Map<Long, Tiles> tiles = new HashMap<>(); // (part, material index) -> tiles
            List<TiledPart> tiled = new ArrayList<>();
            List<Long> tiledKeys = new ArrayList<>(); // per tiled part, its (part, material index)
            Set<Integer> keptOut = scanTiling(groups, tiles, tiled, tiledKeys);
            if (!keptOut.isEmpty()) {
                groups = group(new LinkedHashMap<>(), keptOut);
            }
            List<Group> atlased = new ArrayList<>();
            for (Group g : groups.values()) {
                if (g.distinct.size() >= 2) {
                    atlased.add(g);
                }
            }
            // 2. entries: one rectangle per distinct material and tiles, per group
            List<Entry> entries = new ArrayList<>();
            Map<Long, Entry> entryOfUse = new HashMap<>(); // (part, submesh) -> entry
            Set<Long> bakedUsed = new java.util.HashSet<>(); // (part, material index) of baked repeats drawn
            for (int g = 0; g < atlased.size(); g++) {
                for (Use u : atlased.get(g).uses) {
                    Tiles t = tiles.getOrDefault(key(u.part(), u.materialIndex()), Tiles.NONE);
                    Entry e = null;
                    for (Entry candidate : entries) {
                        if (candidate.group == g && candidate.tiles.equals(t)
                                && candidate.material.equalsIgnoringName(u.material())) {
                            e = candidate;
                            break;
                        }
                    }
                    if (e == null) {
                        e = new Entry(g, u.material(), t, atlased.get(g).key.texCoord());
                        entries.add(e);
                    }
                    entryOfUse.put(key(u.part(), u.submesh()), e);
                    if (!t.equals(Tiles.NONE)) {
                        bakedUsed.add(key(u.part(), u.materialIndex()));
                    }
                }
            }
            List<TiledPart> reported = new ArrayList<>();
            for (int i = 0; i < tiled.size(); i++) {
                TiledPart t = tiled.get(i);
                if (t.action() == TiledPart.Action.KEPT_OUT || bakedUsed.contains(tiledKeys.get(i))) {
                    reported.add(t);
                }
            }
            // 3. per group: pack, composite every map, encode, merged materials
            List<Material> merged = new ArrayList<>();
            List<Image> images = new ArrayList<>();
            List<AtlasPage> pages = new ArrayList<>();
            for (int g = 0; g < atlased.size(); g++) {
                List<Entry> members = new ArrayList<>();
                for (Entry e : entries) {
                    if (e.group == g) {
                        members.add(e);
                    }
                }
                atlasGroup(g, atlased.get(g).key, members, merged, images, pages);
            }
            // 4. the meshes
            Map<Long, PartRemap.Target> targets = new HashMap<>();
            for (Map.Entry<Long, Entry> x : entryOfUse.entrySet()) {
                Entry e = x.getValue();
                targets.put(x.getKey(), new PartRemap.Target(e.transform, e.texCoord, merged.get(e.mergedMaterial),
                        entries.indexOf(e)));
            }
            List<Part> out = new ArrayList<>(parts.size());
            long split = 0;
            for (int i = 0; i < parts.size(); i++) {
                progress.checkCancelled(OP);
                progress.update("remapping parts", i, parts.size());
                PartRemap.Result r = PartRemap.remap(parts.get(i), i, targets);
                out.add(r.part());
                split += r.splitVertices();
            }
            progress.update("remapping parts", parts.size(), parts.size());
            int materialsMerged = 0;
            for (Group g : atlased) {
                materialsMerged += g.distinct.size();
            }
            AtlasReport report = new AtlasReport(pages, reported, drawCallsBefore, drawCalls(out), materialsMerged,
                    split, warnings);
            return new AtlasResult(out, merged, images, report);
        }

        /** Groups the eligible uses of the parts not kept out; records why others are not eligible. */
        Map<GroupKey, Group> group(Map<Long, String> refused, Set<Integer> keptOut) {
            Map<GroupKey, Group> groups = new LinkedHashMap<>();
            for (int i = 0; i < parts.size(); i++) {
                if (keptOut.contains(i)) {
                    continue;
                }
                Mesh mesh = parts.get(i).mesh();
                List<Submesh> subs = mesh.submeshes();
                for (int s = 0; s < subs.size(); s++) {
                    Submesh sub = subs.get(s);
                    if (sub.indexCount() == 0) {
                        continue;
                    }
                    Material m = mesh.materials().get(sub.materialIndex());
                    String why = refusal(m, mesh);
                    if (why != null) {
                        refused.putIfAbsent(key(i, sub.materialIndex()), "part " + Checks.quote(parts.get(i).name())
                                + " (input " + i + "): material " + Checks.quote(m.name())
                                + " stays out of the atlas: " + why);
                        continue;
                    }
                    TextureRef first = m.textures().isEmpty() ? null : m.textures().values().iterator().next();
                    GroupKey k = first == null ? null : GroupKey.of(m, first.texCoord(), first.sampler().magFilter(),
                            first.sampler().minFilter());
                    if (k == null) {
                        // no texture: any UV set and filters do; join a textured group of the render state if any
                        for (GroupKey candidate : groups.keySet()) {
                            if (candidate.template().equals(m.template()) && candidate.alphaMode() == m.alphaMode()
                                    && candidate.doubleSided() == m.doubleSided() && candidate.cutoff()
                                    == (m.alphaMode() == AlphaMode.MASK ? m.alphaCutoff() : 0)) {
                                k = candidate;
                                break;
                            }
                        }
                        if (k == null) {
                            k = GroupKey.of(m, 0, Sampler.Filter.UNSPECIFIED, Sampler.Filter.UNSPECIFIED);
                        }
                    }
                    groups.computeIfAbsent(k, Group::new).add(new Use(i, s, sub.materialIndex(), m));
                }
            }
            return groups;
        }

        /** @return why a material cannot take part, or null when it can */
        static String refusal(Material m, Mesh mesh) {
            Set<MapSlot> slots = slotsOf(m.template());
            if (slots.isEmpty()) {
                return "template " + Checks.quote(m.template()) + " is neither " + Material.TEMPLATE_PBR + " nor "
                        + Material.TEMPLATE_UNLIT + ", whose maps the atlas knows";
            }
            TextureRef first = null;
            for (Map.Entry<String, TextureRef> e : m.textures().entrySet()) {
                String slot = e.getKey();
                TextureRef t = e.getValue();
                if (slots.stream().noneMatch(s -> s.slot().equals(slot))) {
                    return "texture slot " + Checks.quote(slot) + " is not one the atlas composites for template "
                            + m.template();
                }
                if (!t.image().mimeType().equals(Png.MIME_TYPE)) {
                    return "texture " + Checks.quote(t.image().name()) + " is " + t.image().mimeType()
                            + ", only PNG textures are atlased";
                }
                if (first == null) {
                    first = t;
                } else if (t.texCoord() != first.texCoord()) {
                    return "its textures sample UV sets " + first.texCoord() + " and " + t.texCoord()
                            + ", expected one set";
                } else if (t.sampler().magFilter() != first.sampler().magFilter()
                        || t.sampler().minFilter() != first.sampler().minFilter()) {
                    return "its textures are filtered differently (" + first.sampler() + ", " + t.sampler() + ")";
                }
            }
            if (first != null && first.texCoord() >= mesh.uvChannelCount()) {
                return "its textures sample UV set " + first.texCoord() + ", the mesh has "
                        + mesh.uvChannelCount() + " UV set" + (mesh.uvChannelCount() == 1 ? "" : "s");
            }
            return null;
        }

        static Set<MapSlot> slotsOf(String template) {
            if (template.equals(Material.TEMPLATE_PBR)) {
                return EnumSet.allOf(MapSlot.class);
            }
            if (template.equals(Material.TEMPLATE_UNLIT)) {
                return EnumSet.of(MapSlot.BASE_COLOR);
            }
            return EnumSet.noneOf(MapSlot.class);
        }

        /**
         * Finds coordinates outside [0, 1] on textured materials of groups that will be atlased, and
         * decides per (part, material) as the tiling mode says.
         *
         * @return the parts kept out
         */
        Set<Integer> scanTiling(Map<GroupKey, Group> groups, Map<Long, Tiles> tiles, List<TiledPart> tiled,
                List<Long> tiledKeys) {
            Set<Integer> keptOut = new java.util.TreeSet<>();
            Map<Long, float[]> ranges = new java.util.TreeMap<>(); // (part, material index), in part order -> minU, maxU, minV, maxV
            Map<Long, Integer> texCoords = new HashMap<>();
            for (Group g : groups.values()) {
                if (g.distinct.size() < 2) {
                    continue;
                }
                for (Use u : g.uses) {
                    if (u.material().textures().isEmpty()) {
                        continue;
                    }
                    Mesh mesh = parts.get(u.part()).mesh();
                    int t = g.key.texCoord();
                    float[] uv = mesh.uvs(t);
                    Submesh sub = mesh.submeshes().get(u.submesh());
                    float[] r = ranges.computeIfAbsent(key(u.part(), u.materialIndex()),
                            k -> new float[] {Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY});
                    texCoords.put(key(u.part(), u.materialIndex()), t);
                    boolean flip = options.vOrigin() == VOrigin.BOTTOM_LEFT;
                    for (int k = sub.firstIndex(); k < sub.firstIndex() + sub.indexCount(); k++) {
                        int v = mesh.index(k);
                        float uu = uv[2 * v];
                        float vv = flip ? 1 - uv[2 * v + 1] : uv[2 * v + 1];
                        r[0] = Math.min(r[0], uu);
                        r[1] = Math.max(r[1], uu);
                        r[2] = Math.min(r[2], vv);
                        r[3] = Math.max(r[3], vv);
                    }
                }
            }
            for (Map.Entry<Long, float[]> e : ranges.entrySet()) {
                float[] r = e.getValue();
                if (r[0] >= 0 && r[1] <= 1 && r[2] >= 0 && r[3] <= 1) {
                    continue;
                }
                int partIndex = (int) (e.getKey() >>> 32);
                int materialIndex = (int) (long) e.getKey();
                Part part = parts.get(partIndex);
                Material m = part.mesh().materials().get(materialIndex);
                int t = texCoords.get(e.getKey());
                int u0 = (int) Math.floor(r[0]);
                int v0 = (int) Math.floor(r[2]);
                long tilesU = Math.max(1, (long) Math.ceil(r[1]) - u0);
                long tilesV = Math.max(1, (long) Math.ceil(r[3]) - v0);
                String where = OP + ": part " + Checks.quote(part.name()) + " (input " + partIndex + "), material "
                        + Checks.quote(m.name()) + ", UV set " + t;
                String extent = String.format(java.util.Locale.ROOT, "u %s..%s, v %s..%s", r[0], r[1], r[2], r[3]);
                TilingMode mode = options.tiling();
                if (mode == TilingMode.FAIL) {
                    float value = r[0] < 0 ? r[0] : r[1] > 1 ? r[1] : r[2] < 0 ? r[2] : r[3];
                    String axis = r[0] < 0 || r[1] > 1 ? "u" : "v";
                    throw new ValidationException(where + ": " + axis + " = " + value + " (" + extent
                            + "), expected 0..1: a tiling texture cannot share an atlas as it is (tiling mode "
                            + "KEEP_OUT leaves the part out, BAKE_REPEAT bakes the repeat)");
                }
                boolean fits = tilesU <= options.maxRepeat() && tilesV <= options.maxRepeat();
                if ((mode == TilingMode.BAKE_REPEAT) && !fits) {
                    throw new ValidationException(where + ": " + extent + " needs " + tilesU + "x" + tilesV
                            + " tiles, more than maxRepeat " + options.maxRepeat() + " along an axis");
                }
                boolean keep = mode == TilingMode.KEEP_OUT || !fits;
                TiledPart.Action action = keep ? TiledPart.Action.KEPT_OUT : TiledPart.Action.BAKED;
                tiled.add(new TiledPart(part.name(), partIndex, m.name(), t, r[0], r[1], r[2], r[3], action,
                        (int) Math.min(Integer.MAX_VALUE, tilesU), (int) Math.min(Integer.MAX_VALUE, tilesV)));
                tiledKeys.add(e.getKey());
                if (keep) {
                    keptOut.add(partIndex);
                    warnings.add("part " + Checks.quote(part.name()) + " (input " + partIndex + "): material "
                            + Checks.quote(m.name()) + " tiles (" + extent + ", " + tilesU + "x" + tilesV
                            + " tiles); the part stays out of the atlas");
                } else {
                    tiles.put(e.getKey(), new Tiles(u0, v0, (int) tilesU, (int) tilesV));
                }
            }
            return keptOut;
        }

        /** Packs, composites and encodes one group; adds its merged materials, images and pages. */
        void atlasGroup(int g, GroupKey key, List<Entry> members, List<Material> merged, List<Image> images,
                List<AtlasPage> pages) {
            String groupName = options.name() + g;
            progress.checkCancelled(OP);
            progress.update("packing " + groupName, 0, 1);
            List<String> names = new ArrayList<>();
            List<ImageSize> sizes = new ArrayList<>();
            for (Entry e : members) {
                prepare(e);
                names.add(e.name);
                sizes.add(e.size);
            }
            PackOptions pack = options.pack();
            ImageSize largest = new ImageSize(largestWidth(pack), largestHeight(pack));
            DownscalePolicy policy = options.downscale();
            List<ImageSize> fitted = policy.fitEach(names, sizes, largest);
            PackResult packed;
            while (true) {
                List<PackInput> inputs = new ArrayList<>();
                for (int i = 0; i < members.size(); i++) {
                    inputs.add(PackInput.of(names.get(i), fitted.get(i).width(), fitted.get(i).height()));
                }
                try {
                    packed = Packing.packAtlas(inputs, pack);
                    break;
                } catch (ValidationException e) {
                    var next = policy.shrink(fitted);
                    if (next.isEmpty()) {
                        throw new ValidationException(OP + ": " + groupName + ": " + e.getMessage());
                    }
                    fitted = next.get();
                }
            }
            warnings.addAll(DownscalePolicy.report(names, sizes, fitted));
            progress.update("packing " + groupName, 1, 1);
            List<ImageSize> pageSizes = new ArrayList<>();
            for (PackPage p : packed.pages()) {
                pageSizes.add(new ImageSize(p.width(), p.height()));
            }
            List<Material> sources = new ArrayList<>();
            for (Entry e : members) {
                sources.add(e.composited);
            }
            ChannelMapOptions mapOptions = new ChannelMapOptions(options.composite(), slotsOf(key.template()),
                    options.read());
            ChannelMapResult maps = ChannelMaps.composite(sources, packed.placements(), pageSizes, mapOptions,
                    progress);
            warnings.addAll(maps.warnings());
            for (CompositeResult r : maps.maps().values()) {
                warnings.addAll(r.warnings());
            }
            int firstMaterial = merged.size();
            for (int p = 0; p < packed.pageCount(); p++) {
                progress.checkCancelled(OP);
                String materialName = packed.pageCount() == 1 ? groupName : groupName + ".p" + p;
                Material.Builder b = Material.builder(materialName).template(key.template())
                        .alphaMode(key.alphaMode()).doubleSided(key.doubleSided());
                if (key.alphaMode() == AlphaMode.MASK) {
                    b.alphaCutoff(key.cutoff());
                }
                maps.factors().applyTo(b);
                Sampler sampler = new Sampler(key.mag(), key.min(), Sampler.Wrap.CLAMP_TO_EDGE,
                        Sampler.Wrap.CLAMP_TO_EDGE);
                List<String> slotNames = new ArrayList<>();
                List<String> imageNames = new ArrayList<>();
                for (Map.Entry<MapSlot, CompositeResult> m : maps.maps().entrySet()) {
                    PixelImage page = m.getValue().page(p);
                    if (page.format() == TexelFormat.RGBA_FLOAT) {
                        page = page.convert(TexelFormat.RGBA16);
                    }
                    String imageName = materialName + "." + m.getKey().slot() + ".png";
                    Image image = Png.encodeImage(imageName, page, options.encode());
                    images.add(image);
                    b.texture(m.getKey().slot(), new TextureRef(image, key.texCoord(), sampler));
                    slotNames.add(m.getKey().slot());
                    imageNames.add(imageName);
                }
                merged.add(b.build());
                List<String> sourceNames = new ArrayList<>();
                for (int i = 0; i < members.size(); i++) {
                    if (packed.placement(i).page() == p && !sourceNames.contains(members.get(i).material.name())) {
                        sourceNames.add(members.get(i).material.name());
                    }
                }
                PackPage page = packed.pages().get(p);
                pages.add(new AtlasPage(materialName, page.width(), page.height(), page.fill(), slotNames, imageNames,
                        sourceNames));
            }
            for (int i = 0; i < members.size(); i++) {
                Entry e = members.get(i);
                Placement pl = packed.placement(i);
                PackPage page = packed.pages().get(pl.page());
                e.placement = pl;
                e.mergedMaterial = firstMaterial + pl.page();
                e.transform = e.material.textures().isEmpty()
                        ? UvTransform.center(pl, page.width(), page.height(), options.vOrigin())
                        : UvTransform.ofRepeat(pl, page.width(), page.height(), options.vOrigin(), e.tiles.u0(),
                                e.tiles.v0(), e.tiles.tilesU(), e.tiles.tilesV());
            }
        }

        /** The entry's name, size and the material the compositor sees (its textures tiled when it repeats). */
        void prepare(Entry e) {
            Material m = e.material;
            TextureRef main = m.texture(Material.BASE_COLOR);
            if (main == null) {
                for (TextureRef t : m.textures().values()) {
                    if (main == null || area(t.image()) > area(main.image())) {
                        main = t;
                    }
                }
            }
            Tiles t = e.tiles;
            if (main == null) {
                e.name = "material " + Checks.quote(m.name()) + " (no texture)";
                e.size = new ImageSize(FILL_SIDE, FILL_SIDE);
                e.composited = m;
                return;
            }
            int w = width(main.image());
            int h = height(main.image());
            e.name = main.image().name() + (t.equals(Tiles.NONE) ? "" : " (" + t.tilesU() + "x" + t.tilesV()
                    + " tiles)");
            if (w < 1 || h < 1) {
                // the header gives no size: decoding names the fault
                PixelImage image = decode(main.image());
                w = image.width();
                h = image.height();
            }
            e.size = new ImageSize(checkedTimes(e.name, w, t.tilesU()), checkedTimes(e.name, h, t.tilesV()));
            if (t.equals(Tiles.NONE)) {
                e.composited = m;
                return;
            }
            Material.Builder b = m.toBuilder();
            for (Map.Entry<String, TextureRef> x : m.textures().entrySet()) {
                TextureRef ref = x.getValue();
                String name = ref.image().name() + " (" + t.tilesU() + "x" + t.tilesV() + " tiles)";
                PixelImage tiled = TileBake.tile(decode(ref.image()), name, t.u0(), t.v0(), t.tilesU(), t.tilesV(),
                        ref.sampler().wrapS(), ref.sampler().wrapT());
                b.texture(x.getKey(), new TextureRef(Png.encodeImage(name, tiled, INTERMEDIATE), ref.texCoord(),
                        ref.sampler()));
            }
            e.composited = b.build();
        }

        PixelImage decode(Image image) {
            return decoded.computeIfAbsent(image, i -> Png.decode(i.name(), i.data(), options.read()));
        }

        private static int checkedTimes(String name, int side, int tiles) {
            long v = (long) side * tiles;
            if (v > Packing.MAX_PAGE_SIZE) {
                throw new ValidationException(OP + ": image " + Checks.quote(name) + ": " + v
                        + " texels along a side, expected at most " + Packing.MAX_PAGE_SIZE);
            }
            return (int) v;
        }

        private static long area(Image image) {
            return image.hasKnownSize() ? (long) image.width() * image.height() : 0;
        }

        private static int width(Image image) {
            return image.hasKnownSize() ? image.width() : 0;
        }

        private static int height(Image image) {
            return image.hasKnownSize() ? image.height() : 0;
        }
    }

    static int largestWidth(PackOptions o) {
        return switch (o.sizing()) {
            case FIXED, FREE -> o.maxWidth();
            case POWER_OF_TWO -> Integer.highestOneBit(o.maxWidth());
            case POWER_OF_TWO_SQUARE -> Integer.highestOneBit(Math.min(o.maxWidth(), o.maxHeight()));
        };
    }

    static int largestHeight(PackOptions o) {
        return o.sizing() == PageSizing.POWER_OF_TWO_SQUARE ? largestWidth(o) : o.sizing() == PageSizing.POWER_OF_TWO
                ? Integer.highestOneBit(o.maxHeight()) : o.maxHeight();
    }

    /** (part, element) as one map key. */
    static long key(int part, int element) {
        return (long) part << 32 | (element & 0xFFFFFFFFL);
    }

    /** Distinct materials of the submeshes with triangles: the draw calls once combined. */
    static int drawCalls(List<Part> parts) {
        List<Material> distinct = new ArrayList<>();
        Map<Integer, List<Material>> byHash = new HashMap<>();
        for (Part p : parts) {
            Mesh mesh = p.mesh();
            for (Submesh s : mesh.submeshes()) {
                if (s.indexCount() == 0) {
                    continue;
                }
                Material m = mesh.materials().get(s.materialIndex());
                List<Material> same = byHash.computeIfAbsent(m.hashCodeIgnoringName(), h -> new ArrayList<>());
                if (same.stream().noneMatch(m::equalsIgnoringName)) {
                    same.add(m);
                    distinct.add(m);
                }
            }
        }
        return distinct.size();
    }
}
