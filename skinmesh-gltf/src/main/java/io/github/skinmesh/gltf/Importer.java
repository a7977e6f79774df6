package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.internal.Accessors;
import io.github.skinmesh.core.internal.ByteBudget;
import io.github.skinmesh.gltf.internal.DataUri;
import io.github.skinmesh.gltf.internal.Glb;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.NodeGraph;
import io.github.skinmesh.gltf.internal.Transforms;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * One read of a glTF document: container, JSON, buffers, node hierarchy, skeleton and mesh
 * instances. Meshes, materials and animations are decoded by {@link PrimitiveImport},
 * {@link MaterialImport} and {@link AnimationImport} on this shared state. Single use, not
 * thread-safe.
 */
final class Importer {
    /** Extensions whose data this reader understands, so files may require them. */
    static final Set<String> SUPPORTED_EXTENSIONS = Set.of("KHR_materials_unlit", "KHR_mesh_quantization");
    /** Decoding allowance of small files, on top of {@code memoryFactor x input bytes}. */
    static final long BUDGET_SLACK = 1 << 20;
    /** Largest deviation from unit length of a node rotation that is renormalized rather than rejected. */
    static final float UNIT_TOLERANCE = 1e-3f;
    /**
     * Node rotations whose length is within this of 1 are kept bit for bit, as the model keeps rest
     * rotations: they are as unit as float components get, and renormalizing them again would only move
     * last bits, so a file would no longer read back equal to itself.
     */
    static final double ROUNDING_TOLERANCE = 0x1p-20;

    /** The document's name, which says whether it must be GLB. */
    final String name;
    /** The name messages start with, or {@code null} when the caller attaches the file as the exception's source. */
    final @Nullable String label;
    final GltfReadOptions options;
    final ResourceResolver resolver;
    final List<String> warnings = new ArrayList<>();
    /** Bytes of the document plus those of its buffers outside it (the GLB BIN chunk is part of the document). */
    long inputBytes;
    JsonNode root;
    Accessors accessors;
    ByteBudget budget;
    boolean quantized;
    @Nullable JsonNode nodes;
    NodeGraph graph;
    int[] nodeMesh;
    int[] nodeSkin;
    float[] @Nullable [] localCache;
    int[][] skinJoints;
    String[][] skinPalettes;
    float[][] skinIbms;
    int[] boneOfNode;
    /** Per node, whether it became a mesh instance (set while instances are built). */
    boolean[] instanceNode;
    int[] nodeOfBone;
    String[] instanceNameOfNode;
    Skeleton skeleton;
    MaterialImport materials;
    PrimitiveImport primitives;

    private Importer(String name, @Nullable String label, ResourceResolver resolver, GltfReadOptions options) {
        this.name = name;
        this.label = label;
        this.resolver = resolver;
        this.options = options;
    }

    /**
     * Reads a document.
     *
     * @param name the document's name; a name ending in {@code .glb} requires the GLB container
     * @param label the name messages start with where they name the document, or {@code null} when
     *     the caller attaches the file to the exception with {@link FormatException#withSource}
     */
    static GltfAsset read(byte[] bytes, String name, @Nullable String label, ResourceResolver resolver,
            GltfReadOptions options) {
        Importer im = new Importer(name, label, resolver, options);
        try {
            return im.run(bytes);
        } catch (ValidationException e) {
            throw new FormatException(im.named(e.getMessage()), e);
        }
    }

    /** @return {@code what}, after the label when there is one */
    private String named(String what) {
        return label == null ? what : label + ": " + what;
    }

    private GltfAsset run(byte[] bytes) {
        ByteBuffer bin = container(bytes);
        version();
        extensions();
        inputBytes = bytes.length;
        ByteBuffer[] buffers = buffers(bin);
        budget = new ByteBudget(inputBytes, options.memoryFactor(), BUDGET_SLACK);
        accessors = new Accessors(root, buffers, budget);
        nodes = Json.array(root, "nodes", "glTF");
        graph = NodeGraph.read(nodes);
        int n = graph.nodeCount();
        nodeMesh = new int[n];
        nodeSkin = new int[n];
        localCache = new float[n][];
        int meshCount = Json.count(root, "meshes");
        int skinCount = Json.count(root, "skins");
        for (int i = 0; i < n; i++) {
            JsonNode node = node(i);
            String where = "nodes[" + i + "]";
            nodeMesh[i] = Json.index(node, "mesh", where, "meshes", meshCount);
            nodeSkin[i] = Json.index(node, "skin", where, "skins", skinCount);
            if (nodeSkin[i] >= 0 && nodeMesh[i] < 0) {
                warnings.add(where + ": skin without a mesh, ignored");
                nodeSkin[i] = Index.NONE;
            }
        }
        skins(skinCount);
        AnimationImport animations = new AnimationImport(this);
        boolean[] animated = animations.transformTargets();
        skeleton(animated);
        materials = new MaterialImport(this);
        primitives = new PrimitiveImport(this);
        List<MeshInstance> skinned = new ArrayList<>();
        List<MeshInstance> rigid = new ArrayList<>();
        Placement placement = new Placement();
        instanceNode = new boolean[n];
        for (int i = 0; i < n; i++) {
            if (nodeMesh[i] < 0) {
                continue;
            }
            float[] weights = Json.numbers(node(i), "weights", "nodes[" + i + "]", primitives.targetCount(nodeMesh[i]));
            List<Mesh> meshes = primitives.meshes(nodeMesh[i], nodeSkin[i], weights);
            if (meshes.isEmpty()) {
                warnings.add("nodes[" + i + "]: meshes[" + nodeMesh[i] + "] has no triangle primitive; node skipped");
                continue;
            }
            instanceNode[i] = true;
            placement.place(i);
            boolean isSkinned = nodeSkin[i] >= 0;
            MeshInstance instance = MeshInstance.imported(instanceNameOfNode[i], meshes, placement.attach,
                    placement.local, i, nodeMesh[i], isSkinned ? nodeSkin[i] : Index.NONE);
            (isSkinned ? skinned : rigid).add(instance);
        }
        List<AnimationClip> clips = animations.clips();
        return new GltfAsset(skeleton, skinned, rigid, clips, warnings, nodeOfBone, boneOfNode);
    }

    JsonNode node(int i) {
        assert nodes != null;
        return Json.element(nodes, i, "nodes[" + i + "]");
    }

    /** Parses the JSON into {@link #root}; returns the GLB BIN chunk, or {@code null} when there is none. */
    private @Nullable ByteBuffer container(byte[] bytes) {
        boolean glb = name.toLowerCase(Locale.ROOT).endsWith(".glb") || Glb.hasMagic(bytes);
        if (glb) {
            Glb.Chunks c = Glb.parse(bytes, warnings);
            int start = c.jsonOffset();
            int end = start + c.jsonLength();
            if (startsWithByteOrderMark(bytes, start, end)) {
                warnings.add("GLB JSON chunk starts with a UTF-8 byte order mark, ignored");
                start += 3;
            }
            int trimmed = end;
            while (trimmed > start && (bytes[trimmed - 1] == 0 || bytes[trimmed - 1] == ' ')) {
                trimmed--;
            }
            for (int i = trimmed; i < end; i++) {
                if (bytes[i] == 0) {
                    warnings.add("GLB JSON chunk is padded with zero bytes instead of spaces, ignored");
                    break;
                }
            }
            root = Json.parse(bytes, start, trimmed - start, named("GLB JSON chunk"));
            return c.binOffset() < 0 ? null
                    : ByteBuffer.wrap(bytes, c.binOffset(), c.binLength()).slice().order(ByteOrder.LITTLE_ENDIAN);
        }
        int offset = 0;
        if (startsWithByteOrderMark(bytes, 0, bytes.length)) {
            warnings.add("glTF JSON starts with a UTF-8 byte order mark, ignored");
            offset = 3;
        }
        root = Json.parse(bytes, offset, bytes.length - offset, label == null ? "glTF" : label);
        return null;
    }

    /** @return whether {@code bytes[start..end)} begins with the UTF-8 byte order mark EF BB BF */
    private static boolean startsWithByteOrderMark(byte[] bytes, int start, int end) {
        return end - start >= 3 && (bytes[start] & 0xFF) == 0xEF && (bytes[start + 1] & 0xFF) == 0xBB
                && (bytes[start + 2] & 0xFF) == 0xBF;
    }

    private void version() {
        JsonNode asset = Json.object(root, "asset", "glTF");
        if (asset == null) {
            throw new FormatException("glTF: asset is missing, expected {\"version\": \"2.0\"}");
        }
        String version = Json.string(asset, "version", "asset");
        if (version == null) {
            throw new FormatException("asset.version is missing, expected \"2.0\"");
        }
        if (!version.matches("2\\.[0-9]+")) {
            throw new FormatException("asset.version '" + version + "', expected 2.x (this reader reads glTF 2.0)");
        }
        String min = Json.string(asset, "minVersion", "asset");
        if (min != null && !min.equals("2.0")) {
            throw new FormatException("asset.minVersion '" + min + "', expected at most 2.0");
        }
    }

    private void extensions() {
        JsonNode required = Json.array(root, "extensionsRequired", "glTF");
        if (required != null) {
            for (int i = 0; i < required.size(); i++) {
                String ext = required.get(i).asText();
                if (!SUPPORTED_EXTENSIONS.contains(ext)) {
                    throw new FormatException("extensionsRequired[" + i + "]: '" + ext
                            + "' is not supported by this reader (supported: " + String.join(", ",
                                    SUPPORTED_EXTENSIONS.stream().sorted().toList()) + ")");
                }
            }
        }
        JsonNode used = Json.array(root, "extensionsUsed", "glTF");
        if (used != null) {
            for (int i = 0; i < used.size(); i++) {
                String ext = used.get(i).asText();
                if (ext.equals("KHR_mesh_quantization")) {
                    quantized = true;
                } else if (!SUPPORTED_EXTENSIONS.contains(ext)) {
                    warnings.add("extensionsUsed[" + i + "]: '" + ext + "' is not supported; its data is ignored");
                }
            }
        }
    }

    private ByteBuffer[] buffers(@Nullable ByteBuffer bin) {
        JsonNode list = Json.array(root, "buffers", "glTF");
        int n = list == null ? 0 : list.size();
        ByteBuffer[] out = new ByteBuffer[n];
        for (int i = 0; i < n; i++) {
            String where = "buffers[" + i + "]";
            JsonNode b = Json.element(list, i, where);
            long byteLength = Json.integer(b, "byteLength", where, -1, 1, Integer.MAX_VALUE);
            if (byteLength < 0) {
                throw new FormatException(where + ".byteLength is missing, expected a length >= 1");
            }
            String uri = Json.string(b, "uri", where);
            ByteBuffer data;
            if (uri == null) {
                if (i != 0 || bin == null) {
                    throw new FormatException(where + ": no uri and " + (i == 0 ? "no GLB BIN chunk" : "not buffer 0")
                            + ", expected a uri or the GLB BIN chunk");
                }
                data = bin;
            } else {
                data = ByteBuffer.wrap(resource(uri, where + ".uri").data()).order(ByteOrder.LITTLE_ENDIAN);
            }
            if (byteLength > data.capacity()) {
                throw new FormatException(where + ": byteLength " + byteLength + " exceeds the " + data.capacity()
                        + " bytes present" + (uri == null ? " in the GLB BIN chunk" : ""));
            }
            if (uri != null) {
                inputBytes += byteLength;
            }
            out[i] = data.slice(0, (int) byteLength).order(ByteOrder.LITTLE_ENDIAN);
        }
        return out;
    }

    /** Loads a data URI or an external resource; the media type is empty for external files. */
    DataUri resource(String uri, String where) {
        if (DataUri.isDataUri(uri)) {
            return DataUri.decode(uri, where);
        }
        if (options.externalResources() == GltfReadOptions.ExternalResources.NONE) {
            throw new FormatException(where + " '" + uri + "': external resources are disabled by the options");
        }
        try {
            return new DataUri("", resolver.resolve(uri));
        } catch (NoSuchFileException e) {
            throw new FormatException(where + " '" + uri + "' not found beside "
                    + (label == null ? "the document" : label)
                    + (e.getReason() != null ? " (" + e.getReason() + ")" : ""), e);
        } catch (IOException e) {
            throw new FormatException(where + " '" + uri + "': " + e.getMessage(), e);
        }
    }

    private void skins(int skinCount) {
        JsonNode list = Json.array(root, "skins", "glTF");
        skinJoints = new int[skinCount][];
        skinPalettes = new String[skinCount][];
        skinIbms = new float[skinCount][];
        int n = graph.nodeCount();
        for (int s = 0; s < skinCount; s++) {
            String where = "skins[" + s + "]";
            JsonNode skin = Json.element(list, s, where);
            JsonNode joints = Json.array(skin, "joints", where);
            if (joints == null || joints.isEmpty()) {
                throw new FormatException(where + ".joints is " + (joints == null ? "missing" : "empty")
                        + ", expected 1.." + Skin.MAX_PALETTE_SIZE + " node indices");
            }
            if (joints.size() > Skin.MAX_PALETTE_SIZE) {
                throw new FormatException(where + ".joints has " + joints.size() + " entries, expected at most "
                        + Skin.MAX_PALETTE_SIZE);
            }
            int[] j = new int[joints.size()];
            Map<Integer, Integer> seen = new HashMap<>();
            for (int k = 0; k < j.length; k++) {
                j[k] = Json.indexValue(joints.get(k), where + ".joints[" + k + "]", "nodes", n);
                Integer prev = seen.put(j[k], k);
                if (prev != null) {
                    throw new FormatException(where + ".joints[" + k + "] is node " + j[k] + ", already joints[" + prev
                            + "]; expected each node once");
                }
            }
            skinJoints[s] = j;
            int skeletonRoot = Json.index(skin, "skeleton", where, "nodes", n);
            if (skeletonRoot >= 0) {
                boolean[] inside = graph.subtree(skeletonRoot);
                for (int joint : j) {
                    if (!inside[joint]) {
                        warnings.add(where + ".skeleton nodes[" + skeletonRoot + "] is not an ancestor of joint nodes[" + joint
                                + "]; expected the common root of the joints; ignored");
                        break;
                    }
                }
            }
            int ibm = Json.index(skin, "inverseBindMatrices", where, "accessors", accessors.count());
            if (ibm < 0) {
                float[] id = new float[16 * j.length];
                budget.charge(where, 4L * id.length);
                for (int k = 0; k < j.length; k++) {
                    id[16 * k] = id[16 * k + 5] = id[16 * k + 10] = id[16 * k + 15] = 1;
                }
                skinIbms[s] = id;
            } else {
                float[] m = accessors.floats(ibm, where + ".inverseBindMatrices", Accessors.F32, "MAT4");
                if (m.length < 16 * j.length) {
                    throw new FormatException(where + ".inverseBindMatrices (accessors[" + ibm + "]): count "
                            + m.length / 16 + ", expected at least the joint count " + j.length);
                }
                skinIbms[s] = m.length == 16 * j.length ? m : Arrays.copyOf(m, 16 * j.length);
            }
        }
    }

    private void skeleton(boolean[] animated) {
        int n = graph.nodeCount();
        boolean[] bone = new boolean[n];
        for (int[] joints : skinJoints) {
            for (int j : joints) {
                bone[j] = true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (nodeSkin[i] >= 0) {
                int p = graph.parent(i);
                if (p != NodeGraph.NO_PARENT) {
                    bone[p] = true;
                }
                if (animated[i]) {
                    bone[i] = true;
                }
            }
            if (animated[i] && options.animatedNodes() == GltfReadOptions.AnimatedNodes.ADD_AS_BONES) {
                bone[i] = true;
            }
        }
        graph.closeUnderAncestors(bone);
        int[] order = graph.parentsFirstOrder(bone);
        int b = order.length;
        if (b > Skeleton.MAX_BONES) {
            throw new FormatException("glTF: " + b + " nodes would become bones, expected at most " + Skeleton.MAX_BONES);
        }
        boneOfNode = new int[n];
        Arrays.fill(boneOfNode, Index.NONE);
        nodeOfBone = order;
        for (int k = 0; k < b; k++) {
            boneOfNode[order[k]] = k;
        }
        instanceNameOfNode = new String[n];
        Set<String> taken = new HashSet<>();
        String[] names = new String[b];
        int[] parents = new int[b];
        float[] t = new float[3 * b];
        float[] r = new float[4 * b];
        float[] s = new float[3 * b];
        for (int k = 0; k < b; k++) {
            int node = order[k];
            names[k] = uniqueName(node, taken);
            instanceNameOfNode[node] = names[k];
            int p = graph.parent(node);
            parents[k] = p == NodeGraph.NO_PARENT ? Skeleton.NO_PARENT : boneOfNode[p];
            restTransform(node, t, r, s, k);
        }
        for (int i = 0; i < n; i++) {
            if (nodeMesh[i] >= 0 && boneOfNode[i] < 0) {
                instanceNameOfNode[i] = uniqueName(i, taken);
            }
        }
        String skeletonName = "";
        int scenes = Json.count(root, "scenes");
        int scene = Json.index(root, "scene", "glTF", "scenes", scenes);
        if (scene < 0 && scenes > 0) {
            scene = 0;
        }
        if (scene >= 0) {
            String sn = Json.string(Json.element(root.get("scenes"), scene, "scenes[" + scene + "]"), "name",
                    "scenes[" + scene + "]");
            skeletonName = sn == null ? "" : sn;
        }
        for (int sk = 0; sk < skinJoints.length; sk++) {
            String[] palette = new String[skinJoints[sk].length];
            for (int k = 0; k < palette.length; k++) {
                palette[k] = names[boneOfNode[skinJoints[sk][k]]];
            }
            skinPalettes[sk] = palette;
        }
        try {
            skeleton = ModelAccess.get().adoptSkeleton(skeletonName, names, parents, t, r, s);
        } catch (ValidationException e) {
            throw new FormatException("glTF skeleton: " + e.getMessage(), e);
        }
    }

    private String uniqueName(int node, Set<String> taken) {
        String n = Json.string(node(node), "name", "nodes[" + node + "]");
        String base = n == null || n.isEmpty() ? "node" + node : n;
        if (taken.add(base)) {
            return base;
        }
        String candidate = base + "#" + node;
        while (!taken.add(candidate)) {
            candidate += "#";
        }
        return candidate;
    }

    /** Writes the rest TRS of a node into slot {@code k} of the skeleton arrays. */
    private void restTransform(int node, float[] t, float[] r, float[] s, int k) {
        String where = "nodes[" + node + "]";
        JsonNode json = node(node);
        float[] m = matrix(json, where);
        float[] tt = new float[3];
        float[] rr = {0, 0, 0, 1};
        float[] ss = {1, 1, 1};
        if (m != null) {
            if (!Transforms.decompose(m, tt, rr, ss)) {
                warnings.add(where + ": matrix is not a translation-rotation-scale (shear, projection or zero scale); "
                        + "rest transform approximated");
            }
        } else {
            trs(json, where, tt, rr, ss);
        }
        System.arraycopy(tt, 0, t, 3 * k, 3);
        System.arraycopy(rr, 0, r, 4 * k, 4);
        System.arraycopy(ss, 0, s, 3 * k, 3);
    }

    /** The node's {@code matrix}, or {@code null}; warns when translation, rotation or scale are given too. */
    private float @Nullable [] matrix(JsonNode json, String where) {
        float[] m = Json.numbers(json, "matrix", where, 16);
        if (m != null && (json.has("translation") || json.has("rotation") || json.has("scale"))) {
            warnings.add(where + ": both matrix and translation/rotation/scale; the matrix is used");
        }
        return m;
    }

    /** Reads the node's translation, rotation (renormalized) and scale over the defaults in the arrays. */
    private void trs(JsonNode json, String where, float[] t, float[] r, float[] s) {
        float[] tt = Json.numbers(json, "translation", where, 3);
        float[] rr = Json.numbers(json, "rotation", where, 4);
        float[] ss = Json.numbers(json, "scale", where, 3);
        if (tt != null) {
            System.arraycopy(tt, 0, t, 0, 3);
        }
        if (rr != null) {
            double len = Math.sqrt((double) rr[0] * rr[0] + (double) rr[1] * rr[1] + (double) rr[2] * rr[2]
                    + (double) rr[3] * rr[3]);
            if (!(Math.abs(len - 1) <= UNIT_TOLERANCE)) {
                throw new FormatException(where + ".rotation has length " + (float) len
                        + ", expected a unit quaternion (within " + UNIT_TOLERANCE + ")");
            }
            double scale = Math.abs(len - 1) > ROUNDING_TOLERANCE ? 1 / len : 1;
            for (int c = 0; c < 4; c++) {
                r[c] = (float) (rr[c] * scale);
            }
        }
        if (ss != null) {
            System.arraycopy(ss, 0, s, 0, 3);
        }
    }

    /** The node's local matrix (its {@code matrix} or {@code T * R * S}); shared, read-only. */
    float[] localMatrix(int node) {
        float[] m = localCache[node];
        if (m == null) {
            String where = "nodes[" + node + "]";
            JsonNode json = node(node);
            budget.charge(where, 64);
            m = matrix(json, where);
            if (m == null) {
                float[] t = new float[3];
                float[] r = {0, 0, 0, 1};
                float[] s = {1, 1, 1};
                trs(json, where, t, r, s);
                m = Transforms.compose(t, r, s, new float[16]);
            }
            localCache[node] = m;
        }
        return m;
    }

    static float[] identity() {
        return new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    }

    /**
     * Places mesh nodes, skinned and rigid alike: the attach bone is the node's own bone, else its
     * nearest bone ancestor, else none; the local matrix is the product of the non-bone nodes'
     * matrices from there down to the node (memoized per node, so a chain costs linear time
     * overall). A skinned node's parent is always a bone, so its local matrix is its own.
     */
    private final class Placement {
        /** Per non-bone node already placed: its matrix relative to its attach bone (shared, read-only). */
        private final float[] @Nullable [] fromAttach = new float[graph.nodeCount()][];
        private final int[] attachOf = new int[graph.nodeCount()];
        private final int[] chain = new int[graph.nodeCount()];
        int attach;
        float[] local;

        /** Sets {@link #attach} and {@link #local} (a fresh array) for a node. */
        void place(int node) {
            if (boneOfNode[node] >= 0) {
                attach = boneOfNode[node];
                local = identity();
                return;
            }
            int length = 0;
            int x = node;
            while (x != NodeGraph.NO_PARENT && boneOfNode[x] < 0 && fromAttach[x] == null) {
                chain[length++] = x;
                x = graph.parent(x);
            }
            float[] above = null;
            int a;
            if (x == NodeGraph.NO_PARENT) {
                a = Skeleton.NO_PARENT;
            } else if (boneOfNode[x] >= 0) {
                a = boneOfNode[x];
            } else {
                above = fromAttach[x];
                a = attachOf[x];
            }
            for (int k = length - 1; k >= 0; k--) {
                int c = chain[k];
                float[] m = localMatrix(c);
                if (above != null) {
                    m = new Matrix4f().set(above).mul(new Matrix4f().set(m)).get(new float[16]);
                }
                fromAttach[c] = m;
                attachOf[c] = a;
                above = m;
            }
            attach = a;
            local = fromAttach[node].clone();
        }
    }
}
