package io.github.skinmesh.gltf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.gltf.internal.Accessors;
import io.github.skinmesh.gltf.internal.BinWriter;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.SamplerCodes;
import io.github.skinmesh.gltf.internal.Transforms;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds the JSON and BIN chunk of a GLB file from a {@link GltfAsset}. Everything is built in
 * memory before a byte is written, so a {@link ValidationException} leaves no output. Output
 * depends only on the asset and the options (insertion-ordered JSON, shortest float text, no
 * time stamps). Single use, not thread-safe.
 */
final class Exporter {
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;
    private static final String[] SLOTS = {Material.BASE_COLOR, Material.METALLIC_ROUGHNESS, Material.NORMAL,
        Material.OCCLUSION, Material.EMISSIVE};

    private final GltfAsset asset;
    private final GltfWriteOptions options;
    private final Skeleton skeleton;
    private final JsonNodeFactory f = JsonNodeFactory.instance;
    private final BinWriter bin = new BinWriter();
    final List<String> warnings = new ArrayList<>();
    private final ArrayNode nodes = f.arrayNode();
    private final List<List<Integer>> children = new ArrayList<>();
    private final ArrayNode meshes = f.arrayNode();
    private final ArrayNode skins = f.arrayNode();
    private final ArrayNode animations = f.arrayNode();
    private final ArrayNode materials = f.arrayNode();
    private final ArrayNode textures = f.arrayNode();
    private final ArrayNode images = f.arrayNode();
    private final ArrayNode samplers = f.arrayNode();
    private final ArrayNode accessors = f.arrayNode();
    private final ArrayNode bufferViews = f.arrayNode();
    private final Map<Material, Integer> materialIndex = new LinkedHashMap<>();
    private final Map<Image, Integer> imageIndex = new HashMap<>();
    private final Map<Sampler, Integer> samplerIndex = new HashMap<>();
    private final Map<List<Integer>, Integer> textureIndex = new HashMap<>();
    private final Map<FloatKey, Integer> timeAccessors = new HashMap<>();
    private final Map<List<Object>, Integer> skinIndex = new HashMap<>();
    private final List<List<Mesh>> meshKeys = new ArrayList<>();
    private final Map<Mesh, List<Integer>> meshesByFirstPrimitive = new java.util.IdentityHashMap<>();
    private final Map<String, Integer> instanceNodes = new HashMap<>();
    private boolean unlit;
    private int primitiveCount;
    byte[] json;

    /** Wraps a float array for content equality. */
    private record FloatKey(float[] a) {
        @Override
        public boolean equals(Object o) {
            return o instanceof FloatKey && Arrays.equals(a, ((FloatKey) o).a);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(a);
        }
    }

    Exporter(GltfAsset asset, GltfWriteOptions options) {
        this.asset = asset;
        this.options = options;
        this.skeleton = asset.skeleton();
    }

    BinWriter bin() {
        return bin;
    }

    GltfWriteResult result(long bytes) {
        return new GltfWriteResult(bytes, nodes.size(), meshes.size(), primitiveCount, accessors.size(), images.size(),
                animations.size(), warnings);
    }

    void run() {
        ObjectNode root = f.objectNode();
        ObjectNode assetInfo = root.putObject("asset");
        if (!options.generator().isEmpty()) {
            assetInfo.put("generator", options.generator());
        }
        assetInfo.put("version", "2.0");
        bones();
        List<Integer> sceneRoots = new ArrayList<>();
        for (int b = 0; b < skeleton.boneCount(); b++) {
            if (skeleton.parent(b) == Skeleton.NO_PARENT) {
                sceneRoots.add(b);
            }
        }
        for (MeshInstance m : asset.skinnedMeshes()) {
            instance(m, sceneRoots);
        }
        for (MeshInstance m : asset.rigidMeshes()) {
            instance(m, sceneRoots);
        }
        for (AnimationClip clip : asset.clips()) {
            animation(clip);
        }
        for (int n = 0; n < nodes.size(); n++) {
            if (!children.get(n).isEmpty()) {
                ArrayNode c = ((ObjectNode) nodes.get(n)).putArray("children");
                children.get(n).forEach(c::add);
            }
        }
        if (unlit) {
            root.putArray("extensionsUsed").add("KHR_materials_unlit");
        }
        if (!nodes.isEmpty()) {
            root.put("scene", 0);
            ObjectNode scene = root.putArray("scenes").addObject();
            if (!skeleton.name().isEmpty()) {
                scene.put("name", skeleton.name());
            }
            ArrayNode sn = scene.putArray("nodes");
            sceneRoots.stream().sorted().forEach(sn::add);
        }
        put(root, "nodes", nodes);
        put(root, "meshes", meshes);
        put(root, "skins", skins);
        put(root, "animations", animations);
        put(root, "materials", materials);
        put(root, "textures", textures);
        put(root, "images", images);
        put(root, "samplers", samplers);
        put(root, "accessors", accessors);
        put(root, "bufferViews", bufferViews);
        bin.align();
        if (bin.size() > 0) {
            root.putArray("buffers").addObject().put("byteLength", bin.size());
        }
        try {
            json = Json.mapper().writeValueAsString(root).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("glTF JSON serialization failed", e);
        }
    }

    private static RawValue num(float v) {
        return new RawValue(Json.floatText(v));
    }

    private static void put(ObjectNode root, String name, ArrayNode array) {
        if (!array.isEmpty()) {
            root.set(name, array);
        }
    }

    private int addNode(ObjectNode node) {
        nodes.add(node);
        children.add(new ArrayList<>());
        return nodes.size() - 1;
    }

    private void bones() {
        float[] t = skeleton.restTranslationsInto(new float[3 * skeleton.boneCount()], 0);
        float[] r = skeleton.restRotationsInto(new float[4 * skeleton.boneCount()], 0);
        float[] s = skeleton.restScalesInto(new float[3 * skeleton.boneCount()], 0);
        for (int b = 0; b < skeleton.boneCount(); b++) {
            ObjectNode node = f.objectNode();
            node.put("name", skeleton.boneName(b));
            vector(node, "translation", t, 3 * b, 3, new float[] {0, 0, 0});
            vector(node, "rotation", r, 4 * b, 4, new float[] {0, 0, 0, 1});
            vector(node, "scale", s, 3 * b, 3, new float[] {1, 1, 1});
            addNode(node);
            int p = skeleton.parent(b);
            if (p != Skeleton.NO_PARENT) {
                children.get(p).add(b);
            }
        }
    }

    /** Writes {@code v[from..from+n)} unless it equals {@code dflt} bit for bit. */
    private static void vector(ObjectNode node, String name, float[] v, int from, int n, float[] dflt) {
        boolean same = true;
        for (int i = 0; i < n; i++) {
            same &= Float.floatToIntBits(v[from + i]) == Float.floatToIntBits(dflt[i]);
        }
        if (!same) {
            ArrayNode a = node.putArray(name);
            for (int i = 0; i < n; i++) {
                a.addRawValue(num(v[from + i]));
            }
        }
    }

    private void instance(MeshInstance m, List<Integer> sceneRoots) {
        float[] local = m.localMatrixInto(new float[16], 0);
        int attach = m.attachBone();
        int host;
        ObjectNode node;
        if (attach != Skeleton.NO_PARENT && m.name().equals(skeleton.boneName(attach)) && Transforms.isIdentity(local)) {
            host = attach;
            node = (ObjectNode) nodes.get(host);
        } else {
            node = f.objectNode();
            node.put("name", m.name());
            if (skeleton.indexOf(m.name()) >= 0) {
                warnings.add("mesh instance " + Checks.quote(m.name()) + ": named like a bone but not written onto it "
                        + "(it is not that bone's instance with an identity local matrix); reading the file back "
                        + "gives the instance a unique name");
            }
            if (!Transforms.isIdentity(local)) {
                float[] t = new float[3];
                float[] r = new float[4];
                float[] s = new float[3];
                if (Transforms.decompose(local, t, r, s)) {
                    ArrayNode a = node.putArray("matrix");
                    for (float v : local) {
                        a.addRawValue(num(v));
                    }
                } else {
                    warnings.add("mesh instance " + Checks.quote(m.name())
                            + ": local matrix is not a translation-rotation-scale; written as its closest TRS");
                    vector(node, "translation", t, 0, 3, new float[] {0, 0, 0});
                    vector(node, "rotation", r, 0, 4, new float[] {0, 0, 0, 1});
                    vector(node, "scale", s, 0, 3, new float[] {1, 1, 1});
                }
            }
            host = addNode(node);
            if (attach == Skeleton.NO_PARENT) {
                sceneRoots.add(host);
            } else {
                children.get(attach).add(host);
            }
        }
        instanceNodes.put(m.name(), host);
        Palette palette = m.isSkinned() ? palette(m) : null;
        node.put("mesh", mesh(m, palette));
        if (palette != null) {
            node.put("skin", skin(palette));
        }
    }

    /** The joint list of one glTF skin and, per primitive, the remap from its palette into it. */
    private record Palette(String[] names, float[] ibm, int @Nullable [][] remap) {
    }

    private Palette palette(MeshInstance m) {
        List<Mesh> prims = m.primitives();
        ModelAccess.Bridge raw = ModelAccess.get();
        Skin first = prims.get(0).skin();
        assert first != null;
        boolean same = true;
        for (Mesh p : prims) {
            Skin s = p.skin();
            assert s != null;
            same &= Arrays.equals(raw.paletteNames(s), raw.paletteNames(first))
                    && Arrays.equals(raw.inverseBindMatrices(s), raw.inverseBindMatrices(first));
        }
        if (same) {
            return new Palette(raw.paletteNames(first), raw.inverseBindMatrices(first), null);
        }
        LinkedHashMap<String, Integer> union = new LinkedHashMap<>();
        List<float[]> ibms = new ArrayList<>();
        int[][] remap = new int[prims.size()][];
        for (int p = 0; p < prims.size(); p++) {
            Skin s = prims.get(p).skin();
            assert s != null;
            String[] names = raw.paletteNames(s);
            float[] ibm = raw.inverseBindMatrices(s);
            remap[p] = new int[names.length];
            for (int e = 0; e < names.length; e++) {
                float[] mat = Arrays.copyOfRange(ibm, 16 * e, 16 * e + 16);
                Integer u = union.get(names[e]);
                if (u == null) {
                    u = union.size();
                    union.put(names[e], u);
                    ibms.add(mat);
                } else if (!Arrays.equals(ibms.get(u), mat)) {
                    throw new ValidationException("GltfWriter: mesh instance " + Checks.quote(m.name()) + ": bone "
                            + Checks.quote(names[e]) + " has different inverse bind matrices in two primitives; "
                            + "expected one per bone to share a glTF skin");
                }
                remap[p][e] = u;
            }
        }
        float[] ibm = new float[16 * union.size()];
        for (int u = 0; u < ibms.size(); u++) {
            System.arraycopy(ibms.get(u), 0, ibm, 16 * u, 16);
        }
        warnings.add("mesh instance " + Checks.quote(m.name()) + ": primitives have different palettes; merged into "
                + "one skin of " + union.size() + " joints");
        return new Palette(union.keySet().toArray(new String[0]), ibm, remap);
    }

    private int skin(Palette palette) {
        List<Object> key = List.of(Arrays.asList(palette.names), new FloatKey(palette.ibm));
        Integer index = skinIndex.get(key);
        if (index != null) {
            return index;
        }
        ObjectNode skin = f.objectNode();
        skin.put("inverseBindMatrices", floatAccessor(palette.ibm, palette.names.length, "MAT4", 0, false));
        ArrayNode joints = skin.putArray("joints");
        int[] bones = new int[palette.names.length];
        for (int e = 0; e < bones.length; e++) {
            bones[e] = skeleton.requireIndex(palette.names[e]);
            joints.add(bones[e]);
        }
        int root = commonRoot(bones);
        if (root >= 0) {
            skin.put("skeleton", root);
        }
        skins.add(skin);
        skinIndex.put(key, skins.size() - 1);
        return skins.size() - 1;
    }

    /**
     * The deepest bone that is an ancestor-or-self of every given bone, or -1 when they lie in
     * different trees. Linear: the chain above the first bone is numbered by depth, and every
     * other climb stops at the first bone already reached (memoized).
     */
    private int commonRoot(int[] bones) {
        int n = skeleton.boneCount();
        int[] meets = new int[n]; // depth on the first bone's chain where a climb from here lands, -1 unknown
        java.util.Arrays.fill(meets, -1);
        List<Integer> chain = new ArrayList<>();
        for (int x = bones[0]; x != Skeleton.NO_PARENT; x = skeleton.parent(x)) {
            chain.add(x);
        }
        for (int k = 0; k < chain.size(); k++) {
            meets[chain.get(k)] = chain.size() - 1 - k;
        }
        int best = chain.size() - 1;
        int[] path = new int[n];
        for (int b : bones) {
            int len = 0;
            int x = b;
            while (x != Skeleton.NO_PARENT && meets[x] < 0) {
                path[len++] = x;
                x = skeleton.parent(x);
            }
            if (x == Skeleton.NO_PARENT) {
                return -1;
            }
            for (int k = 0; k < len; k++) {
                meets[path[k]] = meets[x];
            }
            best = Math.min(best, meets[x]);
        }
        return chain.get(chain.size() - 1 - best);
    }

    private int mesh(MeshInstance inst, @Nullable Palette palette) {
        List<Mesh> prims = inst.primitives();
        List<Integer> candidates = meshesByFirstPrimitive.computeIfAbsent(prims.get(0), k -> new ArrayList<>());
        for (int k : candidates) {
            List<Mesh> other = meshKeys.get(k);
            if (other.size() == prims.size()) {
                boolean same = true;
                for (int p = 0; p < prims.size(); p++) {
                    same &= other.get(p) == prims.get(p);
                }
                if (same) {
                    return k;
                }
            }
        }
        candidates.add(meshes.size());
        ObjectNode mesh = f.objectNode();
        Mesh first = prims.get(0);
        if (!first.name().isEmpty()) {
            mesh.put("name", first.name());
        }
        ArrayNode out = mesh.putArray("primitives");
        for (int p = 0; p < prims.size(); p++) {
            primitives(inst, prims.get(p), palette == null || palette.remap == null ? null : palette.remap[p], out);
        }
        if (out.isEmpty()) {
            throw new ValidationException("GltfWriter: mesh instance " + Checks.quote(inst.name())
                    + " has no triangles, expected at least one non-empty submesh");
        }
        float[] weights = first.morphWeights();
        boolean zero = true;
        for (float w : weights) {
            zero &= Float.floatToIntBits(w) == 0;
        }
        if (!zero) {
            ArrayNode w = mesh.putArray("weights");
            for (float v : weights) {
                w.addRawValue(num(v));
            }
        }
        boolean named = false;
        for (MorphTarget t : first.morphTargets()) {
            named |= !t.name().isEmpty();
        }
        if (named) {
            ArrayNode names = mesh.putObject("extras").putArray("targetNames");
            for (MorphTarget t : first.morphTargets()) {
                names.add(t.name());
            }
        }
        meshes.add(mesh);
        meshKeys.add(prims);
        return meshes.size() - 1;
    }

    private void primitives(MeshInstance inst, Mesh mesh, int @Nullable [] remap, ArrayNode out) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int n = mesh.vertexCount();
        ObjectNode attributes = f.objectNode();
        attributes.put("POSITION", floatAccessor(raw.positions(mesh), n, "VEC3", ARRAY_BUFFER, true));
        if (mesh.hasNormals()) {
            attributes.put("NORMAL", floatAccessor(raw.normals(mesh), n, "VEC3", ARRAY_BUFFER, false));
        }
        if (mesh.hasTangents()) {
            attributes.put("TANGENT", floatAccessor(raw.tangents(mesh), n, "VEC4", ARRAY_BUFFER, false));
        }
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            attributes.put("TEXCOORD_" + c, floatAccessor(raw.uvs(mesh, c), n, "VEC2", ARRAY_BUFFER, false));
        }
        if (mesh.hasColors()) {
            attributes.put("COLOR_0", floatAccessor(raw.colors(mesh), n, "VEC4", ARRAY_BUFFER, false));
        }
        Skin skin = mesh.skin();
        if (skin != null) {
            joints(skin, remap, n, attributes);
        }
        ArrayNode targets = null;
        if (!mesh.morphTargets().isEmpty()) {
            targets = f.arrayNode();
            for (MorphTarget t : mesh.morphTargets()) {
                ObjectNode target = targets.addObject();
                if (t.hasPositions()) {
                    target.put("POSITION", floatAccessor(raw.positions(t), n, "VEC3", ARRAY_BUFFER, true));
                }
                if (t.hasNormals()) {
                    target.put("NORMAL", floatAccessor(raw.normals(t), n, "VEC3", ARRAY_BUFFER, false));
                }
                if (t.hasTangents()) {
                    target.put("TANGENT", floatAccessor(raw.tangents(t), n, "VEC3", ARRAY_BUFFER, false));
                }
                if (target.isEmpty()) {
                    target.put("POSITION", zeroAccessor(n));
                }
            }
        }
        int[] indices = raw.indices(mesh);
        boolean u16 = options.indexWidth() == GltfWriteOptions.IndexWidth.AUTO && n <= 65535;
        for (int s = 0; s < mesh.submeshes().size(); s++) {
            Submesh sub = mesh.submeshes().get(s);
            if (sub.indexCount() == 0) {
                warnings.add("mesh instance " + Checks.quote(inst.name()) + ": mesh " + Checks.quote(mesh.name())
                        + " submesh " + s + " has no triangles; skipped");
                continue;
            }
            ObjectNode prim = out.addObject();
            prim.set("attributes", attributes);
            prim.put("indices", indexAccessor(indices, sub.firstIndex(), sub.indexCount(), u16));
            prim.put("material", material(usable(inst, mesh, mesh.materials().get(sub.materialIndex()))));
            if (targets != null) {
                prim.set("targets", targets);
            }
            primitiveCount++;
        }
    }

    /**
     * glTF forbids a texture that samples a UV set the primitive lacks: such textures are left out
     * of the material written for this primitive, with a warning.
     */
    private Material usable(MeshInstance inst, Mesh mesh, Material m) {
        Material.Builder b = null;
        for (Map.Entry<String, TextureRef> e : m.textures().entrySet()) {
            if (e.getValue().texCoord() >= mesh.uvChannelCount()) {
                if (b == null) {
                    b = m.toBuilder();
                }
                b.removeTexture(e.getKey());
                warnings.add("mesh instance " + Checks.quote(inst.name()) + ": mesh " + Checks.quote(mesh.name())
                        + " has " + mesh.uvChannelCount() + " UV channels but material " + Checks.quote(m.name())
                        + " samples its " + e.getKey() + " texture with TEXCOORD_" + e.getValue().texCoord()
                        + "; texture left out for this mesh");
            }
        }
        return b == null ? m : b.build();
    }

    private void joints(Skin skin, int @Nullable [] remap, int n, ObjectNode attributes) {
        BoneWeights w = skin.weights();
        int k = w.influencesPerVertex();
        int sets = (k + 3) / 4;
        int[] joints = ModelAccess.get().joints(w);
        float[] weights = ModelAccess.get().weights(w);
        // canonical empty slots (joint 0) stay 0; slots as stored keep their bone, remapped like the others
        boolean canonical = w.isCanonical();
        int paletteSize = remap == null ? skin.paletteSize() : Arrays.stream(remap).max().orElse(0) + 1;
        boolean u8 = paletteSize <= 256;
        for (int set = 0; set < sets; set++) {
            int[] j = new int[4 * n];
            float[] wt = new float[4 * n];
            for (int v = 0; v < n; v++) {
                for (int c = 0; c < 4; c++) {
                    int slot = 4 * set + c;
                    if (slot < k) {
                        int joint = joints[v * k + slot];
                        float weight = weights[v * k + slot];
                        j[4 * v + c] = remap == null || (weight == 0f && canonical) ? joint : remap[joint];
                        wt[4 * v + c] = weight;
                    }
                }
            }
            attributes.put("JOINTS_" + set, jointsAccessor(j, n, u8));
            attributes.put("WEIGHTS_" + set, floatAccessor(wt, n, "VEC4", ARRAY_BUFFER, false));
        }
    }

    private int bufferView(int offset, int length, int target) {
        ObjectNode view = bufferViews.addObject();
        view.put("buffer", 0);
        if (offset != 0) {
            view.put("byteOffset", offset);
        }
        view.put("byteLength", length);
        if (target != 0) {
            view.put("target", target);
        }
        return bufferViews.size() - 1;
    }

    private int accessor(int view, int componentType, int count, String type) {
        ObjectNode a = accessors.addObject();
        if (view >= 0) {
            a.put("bufferView", view);
        }
        a.put("componentType", componentType);
        a.put("count", count);
        a.put("type", type);
        return accessors.size() - 1;
    }

    /** Float accessor over {@code count} elements of {@code data} (all of it), with min/max if asked. */
    private int floatAccessor(float[] data, int count, String type, int target, boolean minMax) {
        int comps = Accessors.components(type);
        int offset = bin.align();
        bin.floats(data, 0, count * comps);
        int index = accessor(bufferView(offset, 4 * count * comps, target), Accessors.FLOAT, count, type);
        if (minMax) {
            float[] min = new float[comps];
            float[] max = new float[comps];
            Arrays.fill(min, Float.POSITIVE_INFINITY);
            Arrays.fill(max, Float.NEGATIVE_INFINITY);
            for (int i = 0; i < count * comps; i++) {
                min[i % comps] = Math.min(min[i % comps], data[i]);
                max[i % comps] = Math.max(max[i % comps], data[i]);
            }
            ObjectNode a = (ObjectNode) accessors.get(index);
            ArrayNode mn = a.putArray("min");
            ArrayNode mx = a.putArray("max");
            for (int c = 0; c < comps; c++) {
                mn.addRawValue(num(min[c]));
                mx.addRawValue(num(max[c]));
            }
        }
        return index;
    }

    private int zeroAccessor(int count) {
        int index = accessor(-1, Accessors.FLOAT, count, "VEC3");
        ObjectNode a = (ObjectNode) accessors.get(index);
        a.putArray("min").add(0f).add(0f).add(0f);
        a.putArray("max").add(0f).add(0f).add(0f);
        return index;
    }

    private int indexAccessor(int[] indices, int from, int count, boolean u16) {
        int offset = bin.align();
        if (u16) {
            bin.shorts(indices, from, count);
        } else {
            bin.ints(indices, from, count);
        }
        int view = bufferView(offset, count * (u16 ? 2 : 4), ELEMENT_ARRAY_BUFFER);
        return accessor(view, u16 ? Accessors.UNSIGNED_SHORT : Accessors.UNSIGNED_INT, count, "SCALAR");
    }

    private int jointsAccessor(int[] joints, int count, boolean u8) {
        int offset = bin.align();
        if (u8) {
            bin.bytes(joints, 0, 4 * count);
        } else {
            bin.shorts(joints, 0, 4 * count);
        }
        int view = bufferView(offset, 4 * count * (u8 ? 1 : 2), ARRAY_BUFFER);
        return accessor(view, u8 ? Accessors.UNSIGNED_BYTE : Accessors.UNSIGNED_SHORT, count, "VEC4");
    }

    private int material(Material m) {
        Integer index = materialIndex.get(m);
        if (index != null) {
            return index;
        }
        ObjectNode json = f.objectNode();
        if (!m.name().isEmpty()) {
            json.put("name", m.name());
        }
        ObjectNode pbr = f.objectNode();
        float[] base = {m.baseColorFactor(0), m.baseColorFactor(1), m.baseColorFactor(2), m.baseColorFactor(3)};
        vector(pbr, "baseColorFactor", base, 0, 4, new float[] {1, 1, 1, 1});
        number(pbr, "metallicFactor", m.metallicFactor(), 1f);
        number(pbr, "roughnessFactor", m.roughnessFactor(), 1f);
        texture(pbr, "baseColorTexture", m.texture(Material.BASE_COLOR));
        texture(pbr, "metallicRoughnessTexture", m.texture(Material.METALLIC_ROUGHNESS));
        if (!pbr.isEmpty()) {
            json.set("pbrMetallicRoughness", pbr);
        }
        ObjectNode normal = texture(json, "normalTexture", m.texture(Material.NORMAL));
        if (normal != null) {
            number(normal, "scale", m.normalScale(), 1f);
        }
        ObjectNode occlusion = texture(json, "occlusionTexture", m.texture(Material.OCCLUSION));
        if (occlusion != null) {
            number(occlusion, "strength", m.occlusionStrength(), 1f);
        }
        texture(json, "emissiveTexture", m.texture(Material.EMISSIVE));
        float[] emissive = {m.emissiveFactor(0), m.emissiveFactor(1), m.emissiveFactor(2)};
        vector(json, "emissiveFactor", emissive, 0, 3, new float[] {0, 0, 0});
        if (m.alphaMode() != AlphaMode.OPAQUE) {
            json.put("alphaMode", m.alphaMode().name());
        }
        number(json, "alphaCutoff", m.alphaCutoff(), 0.5f);
        if (m.doubleSided()) {
            json.put("doubleSided", true);
        }
        if (m.template().equals(Material.TEMPLATE_UNLIT)) {
            json.putObject("extensions").putObject("KHR_materials_unlit");
            unlit = true;
        } else if (!m.template().equals(Material.TEMPLATE_PBR)) {
            warnings.add("material " + Checks.quote(m.name()) + ": template '" + m.template()
                    + "' has no glTF form; written as metallic-roughness");
        }
        for (String slot : m.textures().keySet()) {
            if (!Arrays.asList(SLOTS).contains(slot)) {
                warnings.add("material " + Checks.quote(m.name()) + ": texture slot '" + slot
                        + "' has no glTF form; not written");
            }
        }
        materials.add(json);
        materialIndex.put(m, materials.size() - 1);
        return materials.size() - 1;
    }

    private static void number(ObjectNode json, String name, float v, float dflt) {
        if (Float.floatToIntBits(v) != Float.floatToIntBits(dflt)) {
            json.putRawValue(name, num(v));
        }
    }

    private @Nullable ObjectNode texture(ObjectNode owner, String field, @Nullable TextureRef ref) {
        if (ref == null) {
            return null;
        }
        int image = image(ref.image());
        int sampler = -1;
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
            if (sampler >= 0) {
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

    private int image(Image image) {
        Integer index = imageIndex.get(image);
        if (index != null) {
            return index;
        }
        int offset = bin.align();
        bin.raw(ModelAccess.get().data(image));
        ObjectNode json = images.addObject();
        if (!image.name().isEmpty()) {
            json.put("name", image.name());
        }
        json.put("bufferView", bufferView(offset, image.byteLength(), 0));
        json.put("mimeType", image.mimeType());
        imageIndex.put(image, images.size() - 1);
        return images.size() - 1;
    }

    private void animation(AnimationClip clip) {
        if (clip.channels().isEmpty() && clip.morphChannels().isEmpty()) {
            warnings.add("clip " + Checks.quote(clip.name()) + " has no channels; not written (glTF needs one)");
            return;
        }
        ObjectNode json = f.objectNode();
        if (!clip.name().isEmpty()) {
            json.put("name", clip.name());
        }
        ArrayNode channels = json.putArray("channels");
        ArrayNode samplerList = json.putArray("samplers");
        ModelAccess.Bridge raw = ModelAccess.get();
        for (BoneChannel c : clip.channels()) {
            float[] values = raw.values(c);
            int count = values.length / c.path().components();
            String type = c.path() == ChannelPath.ROTATION ? "VEC4" : "VEC3";
            sampler(samplerList, raw.times(c), floatAccessor(values, count, type, 0, false), c.interpolation());
            ObjectNode ch = channels.addObject();
            ch.put("sampler", samplerList.size() - 1);
            ch.putObject("target").put("node", skeleton.requireIndex(c.bone()))
                    .put("path", c.path().name().toLowerCase(java.util.Locale.ROOT));
        }
        for (MorphChannel c : clip.morphChannels()) {
            float[] values = raw.values(c);
            sampler(samplerList, raw.times(c), floatAccessor(values, values.length, "SCALAR", 0, false),
                    c.interpolation());
            ObjectNode ch = channels.addObject();
            ch.put("sampler", samplerList.size() - 1);
            Integer node = instanceNodes.get(c.target());
            assert node != null : "checked by GltfAsset";
            ch.putObject("target").put("node", node).put("path", "weights");
        }
        animations.add(json);
    }

    private void sampler(ArrayNode samplerList, float[] times, int output, Interpolation interpolation) {
        FloatKey key = new FloatKey(times);
        Integer input = timeAccessors.get(key);
        if (input == null) {
            input = floatAccessor(times, times.length, "SCALAR", 0, true);
            timeAccessors.put(key, input);
        }
        ObjectNode s = samplerList.addObject();
        s.put("input", input);
        if (interpolation != Interpolation.LINEAR) {
            s.put("interpolation", interpolation.name());
        }
        s.put("output", output);
    }
}
