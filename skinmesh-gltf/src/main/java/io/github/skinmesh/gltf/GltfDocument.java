package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.internal.ByteBudget;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.gltf.internal.Accessors;
import io.github.skinmesh.gltf.internal.DataUri;
import io.github.skinmesh.gltf.internal.Glb;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.JsonCost;
import io.github.skinmesh.gltf.internal.NodeGraph;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A parsed glTF document: its JSON, its buffers behind an {@link Accessors} decoder, the node
 * hierarchy and which mesh and skin each node uses. Built once per read by {@link #parse}, then
 * handed to every import stage ({@link SkinImport}, {@link SkeletonImport}, {@link MaterialImport},
 * {@link PrimitiveImport}, {@link PartImport}, {@link AnimationImport}), none of which changes
 * it.
 *
 * <p>What is not a value: the JSON tree is Jackson's (read, never written here); the accessor
 * decoder memoizes decoded arrays, and every decoded byte is charged to the read's
 * {@link ByteBudget}, which lives as long as the read. So are the JSON tree (estimated by
 * {@link JsonCost} before it is built, and checked against the document's own bytes then), the
 * per-node tables ({@link #NODE_BYTES} a node), the bones ({@link SkeletonImport}) and, in
 * {@link PartImport}, what posing each part takes. Not thread-safe; one per read.
 */
final class GltfDocument {
    /** Extensions whose data this reader understands, so files may require them. */
    static final Set<String> SUPPORTED_EXTENSIONS = Set.of("KHR_materials_unlit", "KHR_mesh_quantization");
    /** Decoding allowance of small files, on top of {@code memoryFactor x input bytes}. */
    static final long BUDGET_SLACK = 1 << 20;
    /**
     * Charged per node for the tables the import stages keep per node (hierarchy, mesh, skin, bone
     * and part lookups, placements: about 20 ints and references), on top of its JSON; bones and
     * parts are charged more where they are made.
     */
    static final long NODE_BYTES = 96;

    private final @Nullable String label;
    private final GltfReadOptions options;
    private final ResourceResolver resolver;
    private final JsonNode root;
    private final Accessors accessors;
    private final ByteBudget budget;
    private final boolean quantized;
    private final @Nullable JsonNode nodes;
    private final NodeGraph graph;
    private final int[] nodeMesh;
    private final int[] nodeSkin;

    private GltfDocument(Parse p, Accessors accessors, ByteBudget budget, @Nullable JsonNode nodes, NodeGraph graph,
            int[] nodeMesh, int[] nodeSkin) {
        this.label = p.label;
        this.options = p.options;
        this.resolver = p.resolver;
        this.root = p.root;
        this.quantized = p.quantized;
        this.accessors = accessors;
        this.budget = budget;
        this.nodes = nodes;
        this.graph = graph;
        this.nodeMesh = nodeMesh;
        this.nodeSkin = nodeSkin;
    }

    /**
     * Parses the container, checks the version and the required extensions, loads the buffers and
     * reads the node table.
     *
     * @param bytes the document's bytes, not copied
     * @param name the document's name; ending in {@code .glb} it requires the GLB container
     * @param label the name messages that refer to the whole document start with, or {@code null}
     *     when the caller attaches the file as the exception's source
     * @param resolver loads external buffers and images
     * @param options reading options
     * @param warnings receives what is tolerated, in document order
     * @return the document
     * @throws FormatException on a malformed container or JSON, an unsupported version or required
     *     extension, a missing or short buffer, or a bad node hierarchy
     */
    static GltfDocument parse(byte[] bytes, String name, @Nullable String label, ResourceResolver resolver,
            GltfReadOptions options, List<String> warnings) {
        Parse p = new Parse(name, label, resolver, options);
        ByteBuffer bin = p.container(bytes, warnings);
        p.version();
        p.extensions(warnings);
        long inputBytes = bytes.length;
        ByteBuffer[] buffers = p.buffers(bin);
        for (int i = 0; i < buffers.length; i++) {
            if (p.external[i]) {
                inputBytes += buffers[i].capacity();
            }
        }
        ByteBudget budget = new ByteBudget(inputBytes, options.memoryFactor(), BUDGET_SLACK);
        budget.charge("JSON", p.treeCharge(), p.tree.bytes());
        Accessors accessors = new Accessors(p.root, buffers, budget);
        JsonNode nodes = Json.array(p.root, "nodes", "glTF");
        if (nodes != null) {
            budget.charge("nodes", "reading " + nodes.size() + " nodes", NODE_BYTES * nodes.size());
        }
        NodeGraph graph = NodeGraph.read(nodes);
        int n = graph.nodeCount();
        int[] nodeMesh = new int[n];
        int[] nodeSkin = new int[n];
        int meshCount = Json.count(p.root, "meshes");
        int skinCount = Json.count(p.root, "skins");
        for (int i = 0; i < n; i++) {
            String where = "nodes[" + i + "]";
            JsonNode node = Json.element(nodes, i, where);
            nodeMesh[i] = Json.index(node, "mesh", where, "meshes", meshCount);
            nodeSkin[i] = Json.index(node, "skin", where, "skins", skinCount);
            if (nodeSkin[i] != Index.NONE && nodeMesh[i] == Index.NONE) {
                warnings.add(where + ": skin without a mesh, ignored");
                nodeSkin[i] = Index.NONE;
            }
        }
        return new GltfDocument(p, accessors, budget, nodes, graph, nodeMesh, nodeSkin);
    }

    /** @return the JSON root object (read-only) */
    JsonNode root() {
        return root;
    }

    /** @return the reading options */
    GltfReadOptions options() {
        return options;
    }

    /** @return the accessor decoder over the document's buffers */
    Accessors accessors() {
        return accessors;
    }

    /** @return the memory budget of this read */
    ByteBudget budget() {
        return budget;
    }

    /** @return whether the document uses {@code KHR_mesh_quantization} (wider accessor formats allowed) */
    boolean quantized() {
        return quantized;
    }

    /**
     * @return the default scene: {@code scene}, else scene 0, or {@link Index#NONE} when there are no
     *     scenes
     * @throws FormatException when {@code scene} is not an index into {@code scenes}
     */
    int defaultScene() {
        int scenes = Json.count(root, "scenes");
        int scene = Json.index(root, "scene", "glTF", "scenes", scenes);
        return scene == Index.NONE && scenes > 0 ? 0 : scene;
    }

    /** @return the node hierarchy */
    NodeGraph graph() {
        return graph;
    }

    /** @return the number of nodes */
    int nodeCount() {
        return nodeMesh.length;
    }

    /**
     * @param node node index, {@code 0..nodeCount()-1}
     * @return the node's JSON object
     */
    JsonNode node(int node) {
        assert nodes != null;
        return Json.element(nodes, node, "nodes[" + node + "]");
    }

    /**
     * @param node node index
     * @return the mesh the node uses, or {@link Index#NONE}
     */
    int mesh(int node) {
        return nodeMesh[node];
    }

    /**
     * @param node node index
     * @return the skin the node uses, or {@link Index#NONE} (also for a skin on a node without a mesh)
     */
    int skin(int node) {
        return nodeSkin[node];
    }

    /**
     * Loads a data URI or an external resource.
     *
     * @param uri the URI as written
     * @param where the referencing element, e.g. {@code "images[2].uri"}
     * @return the bytes, with the data URI's media type (empty for external files)
     * @throws FormatException naming {@code where} when the resource cannot be loaded
     */
    DataUri resource(String uri, String where) {
        return resource(uri, where, options, resolver, label);
    }

    private static DataUri resource(String uri, String where, GltfReadOptions options, ResourceResolver resolver,
            @Nullable String label) {
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

    /** The steps of {@link #parse} before the buffers are known, and what they find. */
    private static final class Parse {
        final String name;
        final @Nullable String label;
        final ResourceResolver resolver;
        final GltfReadOptions options;
        JsonNode root;
        JsonCost.Estimate tree;
        boolean quantized;
        boolean[] external;

        Parse(String name, @Nullable String label, ResourceResolver resolver, GltfReadOptions options) {
            this.name = name;
            this.label = label;
            this.resolver = resolver;
            this.options = options;
        }

        private String named(String what) {
            return label == null ? what : label + ": " + what;
        }

        /** Parses the JSON into {@link #root}; returns the GLB BIN chunk, or {@code null} when there is none. */
        @Nullable ByteBuffer container(byte[] bytes, List<String> warnings) {
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
                root = parseJson(bytes, start, trimmed - start, "GLB JSON chunk", named("GLB JSON chunk"));
                return c.binOffset() < 0 ? null
                        : ByteBuffer.wrap(bytes, c.binOffset(), c.binLength()).slice().order(ByteOrder.LITTLE_ENDIAN);
            }
            int offset = 0;
            if (startsWithByteOrderMark(bytes, 0, bytes.length)) {
                warnings.add("glTF JSON starts with a UTF-8 byte order mark, ignored");
                offset = 3;
            }
            root = parseJson(bytes, offset, bytes.length - offset, "glTF JSON", label == null ? "glTF" : label);
            return null;
        }

        /**
         * Parses the JSON, first making sure that its tree fits the budget of the document's own
         * bytes (the external buffers, which would raise it, are not known before the JSON is read):
         * when even the densest JSON of this length could not exceed it (as in a GLB, whose JSON is
         * a small part of the file) directly, otherwise by a streaming estimate before building the
         * tree. The read's budget is charged the built tree's estimate once it exists.
         */
        private JsonNode parseJson(byte[] bytes, int offset, int length, String what, String where) {
            long limit = (long) bytes.length * options.memoryFactor() + BUDGET_SLACK;
            if (JsonCost.MAX_BYTES_PER_BYTE * length + JsonCost.MAX_EXTRA_BYTES > limit) {
                JsonCost.Estimate before = JsonCost.of(bytes, offset, length);
                new ByteBudget(bytes.length, options.memoryFactor(), BUDGET_SLACK).charge(what,
                        "a tree of " + before.values() + " JSON values", before.bytes());
            }
            JsonNode json = Json.parse(bytes, offset, length, where);
            tree = JsonCost.of(json);
            return json;
        }

        String treeCharge() {
            return "a tree of " + tree.values() + " JSON values";
        }

        void version() {
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

        void extensions(List<String> warnings) {
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

        /** Loads the buffers; marks in {@link #external} those that came from outside the document. */
        ByteBuffer[] buffers(@Nullable ByteBuffer bin) {
            JsonNode list = Json.array(root, "buffers", "glTF");
            int n = list == null ? 0 : list.size();
            ByteBuffer[] out = new ByteBuffer[n];
            external = new boolean[n];
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
                        throw new FormatException(where + ": no uri and "
                                + (i == 0 ? "no GLB BIN chunk" : "not buffer 0")
                                + ", expected a uri or the GLB BIN chunk");
                    }
                    data = bin;
                } else {
                    data = ByteBuffer.wrap(resource(uri, where + ".uri", options, resolver, label).data())
                            .order(ByteOrder.LITTLE_ENDIAN);
                }
                if (byteLength > data.capacity()) {
                    throw new FormatException(where + ": byteLength " + byteLength + " exceeds the " + data.capacity()
                            + " bytes present" + (uri == null ? " in the GLB BIN chunk" : ""));
                }
                external[i] = uri != null;
                out[i] = data.slice(0, (int) byteLength).order(ByteOrder.LITTLE_ENDIAN);
            }
            return out;
        }

        /** @return whether {@code bytes[start..end)} begins with the UTF-8 byte order mark EF BB BF */
        private static boolean startsWithByteOrderMark(byte[] bytes, int start, int end) {
            return end - start >= 3 && (bytes[start] & 0xFF) == 0xEF && (bytes[start + 1] & 0xFF) == 0xBB
                    && (bytes[start + 2] & 0xFF) == 0xBF;
        }
    }
}
