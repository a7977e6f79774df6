package io.github.skinmesh.gltf;

import static io.github.skinmesh.gltf.internal.Accessors.F32;
import static io.github.skinmesh.gltf.internal.Accessors.I16;
import static io.github.skinmesh.gltf.internal.Accessors.I16N;
import static io.github.skinmesh.gltf.internal.Accessors.I8;
import static io.github.skinmesh.gltf.internal.Accessors.I8N;
import static io.github.skinmesh.gltf.internal.Accessors.U16;
import static io.github.skinmesh.gltf.internal.Accessors.U16N;
import static io.github.skinmesh.gltf.internal.Accessors.U32;
import static io.github.skinmesh.gltf.internal.Accessors.U8;
import static io.github.skinmesh.gltf.internal.Accessors.U8N;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.mesh.ConcatOptions;
import io.github.skinmesh.core.mesh.ConcatResult;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.gltf.internal.Accessors;
import io.github.skinmesh.gltf.internal.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Decodes a glTF mesh into one core {@link Mesh}: one submesh per triangle primitive, in
 * primitive order (strips and fans converted to lists; points and lines skipped with a warning),
 * with the attributes (custom {@code _NAME} attributes as {@link VertexAttribute}s), morph targets,
 * materials and, for a skinned node, the {@link io.github.skinmesh.core.model.Skin}.
 *
 * <p>Primitives whose {@code attributes} and {@code targets} are equal (the same accessors) share
 * their vertices: they are decoded once and their index lists point into the same range. The
 * vertices of other primitives follow, joined with {@link Meshes#concat}, whose warnings about
 * streams a primitive lacks are passed on naming the node and the primitive. Materials are the
 * distinct glTF materials the primitives use, in order of first use.
 *
 * <p>Decoding is on demand: each (mesh, skin) pair is decoded when a node first uses it, and its
 * immutable mesh is shared by every node that uses it with the same morph weights. Not
 * thread-safe; one per read.
 */
final class PrimitiveImport {
    /** Attribute semantics that come in numbered sets, in the order {@link #sets} counts them. */
    private static final List<String> SET_KINDS = List.of("TEXCOORD", "COLOR", "JOINTS", "WEIGHTS");
    private static final Pattern SET = Pattern.compile("(" + String.join("|", SET_KINDS) + ")_(\\d+)");
    /** Custom attributes: any component type but UNSIGNED_INT (glTF 2.0, 3.7.2.1). */
    private static final int CUSTOM_FORMATS = F32 | I8 | I8N | U8 | U8N | I16 | I16N | U16 | U16N;
    /** Largest array this reader allocates. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    /** glTF primitive modes. */
    private static final int POINTS = 0;
    private static final int LINE_STRIP = 3;
    private static final int TRIANGLES = 4;
    private static final int TRIANGLE_STRIP = 5;
    private static final int TRIANGLE_FAN = 6;

    /**
     * A glTF mesh decoded for one skin.
     *
     * @param mesh the mesh, or {@code null} when no primitive is made of triangles
     * @param primitives per glTF primitive, its submesh and vertex range
     */
    record Decoded(@Nullable Mesh mesh, List<PartSource.Primitive> primitives) {
    }

    private final GltfDocument doc;
    private final SkinImport.Skins skins;
    private final SkeletonImport.Nodes nodes;
    private final MaterialImport materials;
    private final Accessors accessors;
    private final @Nullable JsonNode meshes;
    private final Map<Long, Decoded> cache = new HashMap<>();
    private final int positionFormats;
    private final int directionFormats;
    private final int uvFormats;
    private final int deltaFormats;

    /**
     * @param doc the document
     * @param skins its skins (joint counts and inverse bind matrices)
     * @param nodes the skeleton (palette bone names per skin)
     * @param materials the material decoder
     */
    PrimitiveImport(GltfDocument doc, SkinImport.Skins skins, SkeletonImport.Nodes nodes, MaterialImport materials) {
        this.doc = doc;
        this.skins = skins;
        this.nodes = nodes;
        this.materials = materials;
        this.accessors = doc.accessors();
        this.meshes = Json.array(doc.root(), "meshes", "glTF");
        boolean q = doc.quantized();
        positionFormats = F32 | (q ? I8 | I8N | U8 | U8N | I16 | I16N | U16 | U16N : 0);
        directionFormats = F32 | (q ? I8N | I16N : 0);
        uvFormats = F32 | U8N | U16N | (q ? I8 | I8N | U8 | I16 | I16N | U16 : 0);
        deltaFormats = F32 | (q ? I8 | I8N | I16 | I16N : 0);
    }

    private JsonNode mesh(int m) {
        assert meshes != null;
        return Json.element(meshes, m, "meshes[" + m + "]");
    }

    /** @return the morph target count of the mesh (that of its first primitive) */
    int targetCount(int m) {
        JsonNode prims = Json.array(mesh(m), "primitives", "meshes[" + m + "]");
        if (prims == null || prims.isEmpty()) {
            return 0;
        }
        JsonNode targets = Json.array(Json.element(prims, 0, "meshes[" + m + "].primitives[0]"), "targets",
                "meshes[" + m + "].primitives[0]");
        return targets == null ? 0 : targets.size();
    }

    /**
     * @param m mesh index
     * @param skin skin index or {@link Index#NONE}
     * @param nodeWeights the node's morph weights overriding the mesh's, or {@code null}
     * @param node the node that uses the mesh, named by warnings
     * @param warnings receives what is tolerated the first time the pair is decoded
     * @return the mesh (or none) and its primitives' submeshes and vertex ranges
     * @throws FormatException on a malformed primitive, or primitives that cannot be joined
     */
    Decoded mesh(int m, int skin, float @Nullable [] nodeWeights, int node, List<String> warnings) {
        long key = (long) m << 32 | (skin + 1);
        Decoded decoded = cache.get(key);
        if (decoded == null) {
            decoded = decode(m, skin, node, warnings);
            cache.put(key, decoded);
        }
        Mesh mesh = decoded.mesh();
        if (nodeWeights == null || mesh == null || Arrays.equals(nodeWeights, mesh.morphWeights())) {
            return decoded;
        }
        return new Decoded(mesh.toBuilder().morphWeights(nodeWeights).build(), decoded.primitives());
    }

    /**
     * A triangle primitive, before its vertices are shared or joined; its indices are decoded
     * right after its vertex group, as a file's primitives are read one after the other.
     */
    private static final class Triangles {
        final int primitive;
        final String where;
        final int group;
        final int mode;
        final int vertexCount;
        final int material;
        int[] indices = new int[0];

        Triangles(int primitive, String where, int group, int mode, int vertexCount, int material) {
            this.primitive = primitive;
            this.where = where;
            this.group = group;
            this.mode = mode;
            this.vertexCount = vertexCount;
            this.material = material;
        }
    }

    private Decoded decode(int m, int skin, int node, List<String> warnings) {
        String where = "meshes[" + m + "]";
        JsonNode mesh = mesh(m);
        JsonNode prims = Json.array(mesh, "primitives", where);
        if (prims == null || prims.isEmpty()) {
            throw new FormatException(where + ".primitives is " + (prims == null ? "missing" : "empty")
                    + ", expected at least one primitive");
        }
        String name = Json.string(mesh, "name", where);
        int targetCount = targetCount(m);
        float[] weights = Json.numbers(mesh, "weights", where, targetCount);
        String[] targetNames = targetNames(mesh, where, targetCount, warnings);
        // which primitives are triangles, and which of them share their vertices (equal attributes and targets)
        List<Triangles> triangles = new ArrayList<>();
        Map<List<JsonNode>, Integer> groupOf = new HashMap<>();
        List<Integer> groupFirst = new ArrayList<>();
        List<List<String>> declared = new ArrayList<>(prims.size());
        for (int p = 0; p < prims.size(); p++) {
            String wp = where + ".primitives[" + p + "]";
            JsonNode prim = Json.element(prims, p, wp);
            declared.add(declaredAttributes(prim.get("attributes")));
            int mode = (int) Json.integer(prim, "mode", wp, TRIANGLES, POINTS, TRIANGLE_FAN);
            if (mode <= LINE_STRIP) {
                warnings.add(wp + ": mode " + mode + " (" + new String[] {"POINTS", "LINES", "LINE_LOOP",
                    "LINE_STRIP"}[mode] + ") is not triangles; primitive skipped");
                continue;
            }
            JsonNode attrs = Json.object(prim, "attributes", wp);
            if (attrs == null) {
                throw new FormatException(wp + ".attributes is missing, expected an object");
            }
            int pos = Json.index(attrs, "POSITION", wp + ".attributes", "accessors", accessors.count());
            if (pos == Index.NONE) {
                warnings.add(wp + ": no POSITION attribute; primitive skipped");
                continue;
            }
            JsonNode targets = Json.array(prim, "targets", wp);
            int tc = targets == null ? 0 : targets.size();
            if (tc != targetCount) {
                throw new FormatException(wp + ".targets has " + tc + " morph targets, expected " + targetCount
                        + " like the mesh's first primitive");
            }
            Integer group = groupOf.putIfAbsent(Arrays.asList(attrs, targets), groupFirst.size());
            if (group == null) {
                group = groupFirst.size();
                groupFirst.add(p);
            }
            int n = accessors.info(pos).count();
            int materialIndex = Json.index(prim, "material", wp, "materials", materials.count());
            triangles.add(new Triangles(p, wp, group, mode, n, materialIndex));
        }
        String meshName = name == null ? "" : name;
        if (triangles.isEmpty()) {
            List<PartSource.Primitive> none = new ArrayList<>();
            for (int p = 0; p < prims.size(); p++) {
                none.add(new PartSource.Primitive(Index.NONE, 0, 0, declared.get(p)));
            }
            return new Decoded(null, none);
        }
        // distinct materials in order of first use
        List<Integer> materialOrder = new ArrayList<>();
        for (Triangles t : triangles) {
            if (!materialOrder.contains(t.material)) {
                materialOrder.add(t.material);
            }
        }
        int groups = groupFirst.size();
        int[] vertexCounts = new int[groups];
        int[] firstVertex = new int[groups];
        Mesh joined;
        if (groups == 1) {
            JsonNode prim = Json.element(prims, groupFirst.get(0), triangles.get(0).where);
            Mesh.Builder b = vertices(prim, triangles.get(0).where, meshName, skin, targetNames, weights, warnings);
            indices(prims, triangles, 0, warnings);
            joined = finish(b, false, triangles, firstVertex, materialOrder, label(where, triangles, 0), warnings);
            vertexCounts[0] = joined.vertexCount();
        } else {
            // each group carries its own triangles, so that concat can compute a stream it lacks from them
            List<Mesh> parts = new ArrayList<>(groups);
            for (int g = 0; g < groups; g++) {
                int p = groupFirst.get(g);
                String wp = where + ".primitives[" + p + "]";
                Mesh.Builder b = vertices(Json.element(prims, p, wp), wp, label(where, triangles, g), skin, targetNames,
                        weights, warnings);
                indices(prims, triangles, g, warnings);
                Mesh group = withTriangles(b, triangles, g, label(where, triangles, g));
                vertexCounts[g] = group.vertexCount();
                parts.add(group);
            }
            ConcatResult result = concat(parts, meshName, where);
            for (int g = 0; g < groups; g++) {
                firstVertex[g] = result.firstVertex(g);
            }
            for (String w : result.warnings()) {
                warnings.add("nodes[" + node + "]: " + w);
            }
            joined = finish(result.mesh().toBuilder(), true, triangles, firstVertex, materialOrder, where, warnings);
        }
        List<PartSource.Primitive> out = new ArrayList<>();
        int t = 0;
        for (int p = 0; p < prims.size(); p++) {
            if (t < triangles.size() && triangles.get(t).primitive == p) {
                int g = triangles.get(t).group;
                out.add(new PartSource.Primitive(t, firstVertex[g], vertexCounts[g], declared.get(p)));
                t++;
            } else {
                out.add(new PartSource.Primitive(Index.NONE, 0, 0, declared.get(p)));
            }
        }
        return new Decoded(joined, List.copyOf(out));
    }

    /**
     * The attribute semantics a primitive declares, in {@link PartSource.Primitive#attributes()}'s
     * order: POSITION, NORMAL, TANGENT, the TEXCOORD sets, the COLOR sets, the JOINTS/WEIGHTS pairs
     * by set, then every other name (custom {@code _NAME} attributes) in string order.
     *
     * @param attributes the primitive's {@code attributes} object, or {@code null} or another value
     *     when it has none (a skipped primitive is not checked here)
     * @return the names, read-only
     */
    static List<String> declaredAttributes(@Nullable JsonNode attributes) {
        if (attributes == null || !attributes.isObject()) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        attributes.fieldNames().forEachRemaining(names::add);
        names.sort(Comparator.comparingInt(PrimitiveImport::attributeRank)
                .thenComparingLong(PrimitiveImport::attributeSet)
                .thenComparingInt(n -> n.startsWith("WEIGHTS_") ? 1 : 0)
                .thenComparing(Comparator.naturalOrder()));
        return List.copyOf(names);
    }

    /** Rank of a semantic in the declared order; sets of one kind share their rank. */
    private static int attributeRank(String name) {
        Matcher m = SET.matcher(name);
        if (m.matches() && attributeSet(name) != Long.MAX_VALUE) {
            return switch (m.group(1)) {
                case "TEXCOORD" -> 3;
                case "COLOR" -> 4;
                default -> 5;
            };
        }
        return switch (name) {
            case "POSITION" -> 0;
            case "NORMAL" -> 1;
            case "TANGENT" -> 2;
            default -> 6;
        };
    }

    /** @return the set index of {@code KIND_n}, or {@link Long#MAX_VALUE} for another name or a huge index */
    private static long attributeSet(String name) {
        Matcher m = SET.matcher(name);
        if (!m.matches() || m.group(2).length() > 18) {
            return Long.MAX_VALUE;
        }
        return Long.parseLong(m.group(2));
    }

    /** Decodes the indices of a group's primitives. */
    private void indices(JsonNode prims, List<Triangles> triangles, int group, List<String> warnings) {
        for (Triangles t : triangles) {
            if (t.group == group) {
                t.indices = indices(Json.element(prims, t.primitive, t.where), t.where, t.mode, t.vertexCount,
                        warnings);
            }
        }
    }

    /** {@code meshes[2].primitives[1, 3]}: the primitives of a group, named in concat's warnings. */
    private static String label(String where, List<Triangles> triangles, int group) {
        StringBuilder sb = new StringBuilder(where).append(".primitives[");
        boolean first = true;
        for (Triangles t : triangles) {
            if (t.group == group) {
                sb.append(first ? "" : ", ").append(t.primitive);
                first = false;
            }
        }
        return sb.append(']').toString();
    }

    /** Sets the indices (primitive order), one submesh per triangle primitive and the materials. */
    private Mesh finish(Mesh.Builder b, boolean copiesIndices, List<Triangles> triangles, int[] firstVertex,
            List<Integer> materialOrder, String where, List<String> warnings) {
        int[] indices;
        if (triangles.size() == 1) {
            indices = triangles.get(0).indices;
        } else {
            long total = 0;
            for (Triangles t : triangles) {
                total += t.indices.length;
            }
            if (total > MAX_ARRAY) {
                throw new FormatException(where + ": " + total + " indices in all primitives, more than a Java array "
                        + "holds (" + MAX_ARRAY + ")");
            }
            // the joined list, and when the vertices were joined the builder's copy of it
            doc.budget().charge(where + " indices", (copiesIndices ? 8L : 4L) * total);
            indices = new int[(int) total];
            int at = 0;
            for (Triangles t : triangles) {
                int offset = firstVertex[t.group];
                for (int i : t.indices) {
                    indices[at++] = i + offset;
                }
            }
        }
        b.indices(indices).clearSubmeshes().clearMaterials();
        int at = 0;
        for (Triangles t : triangles) {
            b.addSubmesh(at, t.indices.length, materialOrder.indexOf(t.material));
            at += t.indices.length;
        }
        for (int mi : materialOrder) {
            b.addMaterial(mi == Index.NONE ? MaterialImport.DEFAULT : materials.material(mi, warnings));
        }
        try {
            return b.build();
        } catch (ValidationException e) {
            throw new FormatException(where + ": " + e.getMessage(), e);
        }
    }
    private static String[] targetNames(JsonNode mesh, String where, int targetCount, List<String> warnings) {
        String[] names = new String[targetCount];
        Arrays.fill(names, "");
        JsonNode extras = mesh.get("extras");
        JsonNode list = extras == null || !extras.isObject() ? null : extras.get("targetNames");
        if (list == null) {
            return names;
        }
        if (!list.isArray() || list.size() != targetCount) {
            warnings.add(where + ".extras.targetNames is not an array of " + targetCount + " strings; ignored");
            return names;
        }
        for (int t = 0; t < targetCount; t++) {
            if (!list.get(t).isTextual()) {
                warnings.add(where + ".extras.targetNames[" + t + "] is not a string; ignored");
                Arrays.fill(names, "");
                return names;
            }
            names[t] = list.get(t).textValue();
        }
        return names;
    }

    /**
     * Decodes a primitive's vertex streams, morph targets and skin (no indices, submeshes or
     * materials) into an adopting builder.
     */
    private Mesh.Builder vertices(JsonNode prim, String where, String name, int skin, String[] targetNames,
            float @Nullable [] weights, List<String> warnings) {
        JsonNode attrs = Json.object(prim, "attributes", where);
        assert attrs != null : "checked by decode";
        String wa = where + ".attributes";
        int acc = accessors.count();
        int pos = Json.index(attrs, "POSITION", wa, "accessors", acc);
        float[] positions = accessors.floats(pos, wa + ".POSITION", positionFormats, "VEC3");
        int n = accessors.info(pos).count();
        int[] sets = sets(attrs, wa);
        Mesh.Builder b = ModelAccess.get().adoptingMeshBuilder(name).positions(positions);
        b.normals(attribute(attrs, wa, "NORMAL", n, directionFormats, "VEC3"));
        b.tangents(attribute(attrs, wa, "TANGENT", n, directionFormats, "VEC4"));
        int color = Json.index(attrs, "COLOR_0", wa, "accessors", acc);
        if (color != Index.NONE) {
            float[] c = accessors.floats(color, wa + ".COLOR_0", F32 | U8N | U16N, "VEC3", "VEC4");
            requireCount(color, wa + ".COLOR_0", n);
            if (accessors.info(color).components() == 3) {
                doc.budget().charge(wa + ".COLOR_0", 16L * n);
                float[] rgba = new float[4 * n];
                for (int v = 0; v < n; v++) {
                    rgba[4 * v] = c[3 * v];
                    rgba[4 * v + 1] = c[3 * v + 1];
                    rgba[4 * v + 2] = c[3 * v + 2];
                    rgba[4 * v + 3] = 1f;
                }
                c = rgba;
            }
            b.colors(c);
        }
        if (sets[1] > 1) {
            warnings.add(wa + ": " + (sets[1] - 1) + " color sets after COLOR_0 ignored (one color stream is kept)");
        }
        for (int t = 0; t < sets[0]; t++) {
            b.addUvs(attribute(attrs, wa, "TEXCOORD_" + t, n, uvFormats, "VEC2"));
        }
        for (Iterator<String> it = attrs.fieldNames(); it.hasNext();) {
            String semantic = it.next();
            if (semantic.startsWith("_")) {
                VertexAttribute a = custom(attrs, wa, semantic, n, warnings);
                if (a != null) {
                    b.addAttribute(a);
                }
            }
        }
        JsonNode targets = Json.array(prim, "targets", where);
        int tc = targets == null ? 0 : targets.size();
        for (int t = 0; t < tc; t++) {
            String wt = where + ".targets[" + t + "]";
            JsonNode target = Json.element(targets, t, wt);
            float[] dp = attribute(target, wt, "POSITION", n, deltaFormats, "VEC3");
            float[] dn = attribute(target, wt, "NORMAL", n, deltaFormats, "VEC3");
            float[] dt = attribute(target, wt, "TANGENT", n, deltaFormats, "VEC3");
            b.addMorphTarget(ModelAccess.get().adoptMorphTarget(targetNames[t], dp, dn, dt));
        }
        b.morphWeights(weights);
        if (skin != Index.NONE) {
            if (sets[2] == 0) {
                throw new FormatException(where + ": the node uses skins[" + skin
                        + "] but the primitive has no JOINTS_0/WEIGHTS_0");
            }
            b.skin(ModelAccess.get().adoptSkin(nodes.palette(skin), skins.inverseBinds(skin),
                    weights(attrs, wa, n, sets[2], skin, warnings)));
        }
        return b;
    }

    /**
     * Decodes a custom attribute {@code _NAME} into a {@link VertexAttribute} named {@code NAME}:
     * SCALAR to VEC4 of any component type but UNSIGNED_INT, normalized integers decoded as
     * normalized, other integers to their values.
     *
     * @return the attribute, or {@code null} (with a warning) when it has no form in the model: a
     *     matrix type, or a name that is not a vertex attribute name
     * @throws FormatException when the accessor is UNSIGNED_INT (glTF forbids it for custom
     *     attributes), its count is not the POSITION count, or a value is not finite
     */
    private @Nullable VertexAttribute custom(JsonNode attrs, String wa, String semantic, int n,
            List<String> warnings) {
        String usage = wa + "." + semantic;
        int a = Json.index(attrs, semantic, wa, "accessors", accessors.count());
        String type = accessors.info(a).type();
        if (type.startsWith("MAT")) {
            warnings.add(usage + " (accessors[" + a + "]): type " + type + " has no vertex attribute form (1 to "
                    + VertexAttribute.MAX_COMPONENTS + " components); attribute skipped");
            return null;
        }
        String name = semantic.substring(1);
        try {
            VertexAttribute.of(name, 1, new float[0]);
        } catch (ValidationException e) {
            warnings.add(usage + ": " + e.getMessage() + "; attribute skipped");
            return null;
        }
        float[] values = accessors.floats(a, usage, CUSTOM_FORMATS, "SCALAR", "VEC2", "VEC3", "VEC4");
        requireCount(a, usage, n);
        try {
            return ModelAccess.get().adoptAttribute(name, accessors.info(a).components(), values);
        } catch (ValidationException e) {
            throw new FormatException(usage + " (accessors[" + a + "]): " + e.getMessage(), e);
        }
    }

    /** Builds a group's vertices with its own primitives' triangles (one submesh each). */
    private Mesh withTriangles(Mesh.Builder b, List<Triangles> triangles, int group, String where) {
        long count = 0;
        for (Triangles t : triangles) {
            count += t.group == group ? t.indices.length : 0;
        }
        if (count > MAX_ARRAY) {
            throw new FormatException(where + ": " + count + " indices in all primitives, more than a Java array "
                    + "holds (" + MAX_ARRAY + ")");
        }
        doc.budget().charge(where + " indices", 4L * count);
        int[] indices = new int[(int) count];
        int at = 0;
        for (Triangles t : triangles) {
            if (t.group == group) {
                System.arraycopy(t.indices, 0, indices, at, t.indices.length);
                at += t.indices.length;
            }
        }
        try {
            return b.indices(indices).build();
        } catch (ValidationException e) {
            throw new FormatException(where + ": " + e.getMessage(), e);
        }
    }

    /**
     * Joins the vertex groups of one mesh, charging the joined streams to the byte budget first.
     *
     * @throws FormatException when the groups cannot be joined (an attribute with two component
     *     counts)
     */
    private ConcatResult concat(List<Mesh> groups, String name, String where) {
        try {
            doc.budget().charge(where + " joined primitives", Meshes.concatByteSize(groups));
            return Meshes.concat(groups, ConcatOptions.DEFAULTS.withName(name));
        } catch (ValidationException e) {
            throw new FormatException(where + ": primitives cannot be joined into one mesh: " + e.getMessage(), e);
        }
    }

    /** @return counts of TEXCOORD, COLOR and JOINTS/WEIGHTS sets, checking they are contiguous and paired */
    private int[] sets(JsonNode attrs, String wa) {
        int[] max = {-1, -1, -1, -1};
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = attrs.fieldNames(); it.hasNext();) {
            names.add(it.next());
        }
        for (String a : names) {
            Matcher mt = SET.matcher(a);
            if (mt.matches()) {
                int kind = SET_KINDS.indexOf(mt.group(1));
                int idx;
                try {
                    idx = Integer.parseInt(mt.group(2));
                } catch (NumberFormatException e) {
                    throw new FormatException(wa + "." + a + ": set index too large, expected contiguous set indices "
                            + "from 0");
                }
                max[kind] = Math.max(max[kind], idx);
            }
        }
        for (int k = 0; k < SET_KINDS.size(); k++) {
            String kind = SET_KINDS.get(k);
            if (max[k] >= names.size()) {
                throw new FormatException(wa + ": " + kind + "_" + max[k] + " present with only " + names.size()
                        + " attributes; expected contiguous set indices from 0");
            }
            for (int i = 0; i <= max[k]; i++) {
                if (!attrs.has(kind + "_" + i)) {
                    throw new FormatException(wa + ": " + kind + "_" + max[k] + " present without " + kind + "_" + i
                            + "; expected contiguous set indices from 0");
                }
            }
        }
        if (max[2] != max[3]) {
            throw new FormatException(wa + ": " + (max[2] + 1) + " JOINTS sets and " + (max[3] + 1)
                    + " WEIGHTS sets, expected pairs JOINTS_n/WEIGHTS_n");
        }
        return new int[] {max[0] + 1, max[1] + 1, max[2] + 1};
    }

    private float @Nullable [] attribute(JsonNode attrs, String wa, String semantic, int n, int formats,
            String type) {
        int a = Json.index(attrs, semantic, wa, "accessors", accessors.count());
        if (a == Index.NONE) {
            return null;
        }
        float[] f = accessors.floats(a, wa + "." + semantic, formats, type);
        requireCount(a, wa + "." + semantic, n);
        return f;
    }

    private void requireCount(int accessor, String usage, int n) {
        int c = accessors.info(accessor).count();
        if (c != n) {
            throw new FormatException(usage + " (accessors[" + accessor + "]): count " + c
                    + ", expected the POSITION count " + n);
        }
    }

    private int[] indices(JsonNode prim, String where, int mode, int n, List<String> warnings) {
        int a = Json.index(prim, "indices", where, "accessors", accessors.count());
        int[] src = null;
        int count = n;
        String usage = where + ".indices (accessors[" + a + "])";
        if (a != Index.NONE) {
            src = accessors.ints(a, where + ".indices", U8 | U16 | U32, "SCALAR");
            count = src.length;
            for (int i = 0; i < count; i++) {
                if (src[i] >= n) {
                    throw new FormatException(usage + ": element " + i + " is " + src[i]
                            + ", expected < the POSITION count " + n);
                }
            }
        }
        if (mode == TRIANGLES) {
            int usable = count - count % 3;
            if (usable != count) {
                warnings.add(where + ": " + count + " " + (a != Index.NONE ? "indices" : "vertices")
                        + " is not a multiple of 3; the last " + (count - usable) + " ignored");
            }
            if (src != null && usable == src.length) {
                return src;
            }
            doc.budget().charge(where + ".indices", 4L * usable);
            int[] out = new int[usable];
            for (int i = 0; i < usable; i++) {
                out[i] = src == null ? i : src[i];
            }
            return out;
        }
        int triangles = Math.max(0, count - 2);
        doc.budget().charge(where + ".indices", 12L * triangles);
        int[] out = new int[3 * triangles];
        for (int i = 0; i < triangles; i++) {
            int a0;
            int a1;
            int a2;
            if (mode == TRIANGLE_STRIP) {
                // glTF 2.0 3.7.2.1: p_i = {v_i, v_(i + (1 + i%2)), v_(i + (2 - i%2))}
                a0 = i;
                a1 = i + 1 + (i & 1);
                a2 = i + 2 - (i & 1);
            } else {
                // TRIANGLE_FAN: p_i = {v_(i+1), v_(i+2), v_0}
                a0 = i + 1;
                a1 = i + 2;
                a2 = 0;
            }
            out[3 * i] = src == null ? a0 : src[a0];
            out[3 * i + 1] = src == null ? a1 : src[a1];
            out[3 * i + 2] = src == null ? a2 : src[a2];
        }
        return out;
    }

    /**
     * Decodes the joint and weight sets of a primitive into {@code K = min(4*sets, 8)} influences
     * per vertex; with more than 8 candidates the 8 largest weights are kept. {@link BoneWeights}
     * sorts the slots and gives zero-weight slots joint 0 (whatever joint the file names there).
     */
    private BoneWeights weights(JsonNode attrs, String wa, int n, int sets, int skin, List<String> warnings) {
        int jointCount = skins.joints(skin).length;
        int[][] js = new int[sets][];
        float[][] ws = new float[sets][];
        for (int s = 0; s < sets; s++) {
            int ja = Json.index(attrs, "JOINTS_" + s, wa, "accessors", accessors.count());
            int wa2 = Json.index(attrs, "WEIGHTS_" + s, wa, "accessors", accessors.count());
            js[s] = accessors.ints(ja, wa + ".JOINTS_" + s, U8 | U16, "VEC4");
            requireCount(ja, wa + ".JOINTS_" + s, n);
            ws[s] = accessors.floats(wa2, wa + ".WEIGHTS_" + s, F32 | U8N | U16N, "VEC4");
            requireCount(wa2, wa + ".WEIGHTS_" + s, n);
            for (int i = 0; i < 4 * n; i++) {
                if (js[s][i] >= jointCount && ws[s][i] != 0f) {
                    throw new FormatException(wa + ".JOINTS_" + s + " (accessors[" + ja + "]): vertex " + i / 4
                            + " slot " + i % 4 + " joint " + js[s][i] + " has weight " + ws[s][i]
                            + ", expected a joint < skins[" + skin + "].joints count " + jointCount);
                }
            }
        }
        int candidates = 4 * sets;
        int k = Math.min(candidates, BoneWeights.MAX_INFLUENCES);
        if (candidates > k) {
            warnings.add(wa + ": " + candidates + " influences per vertex, the " + k + " largest kept");
        }
        doc.budget().charge(wa + ".JOINTS_0", 8L * n * k);
        int[] joints = new int[n * k];
        float[] weights = new float[n * k];
        if (candidates == k) {
            for (int v = 0; v < n; v++) {
                for (int s = 0; s < sets; s++) {
                    for (int c = 0; c < 4; c++) {
                        int src = 4 * v + c;
                        int dst = v * k + 4 * s + c;
                        weights[dst] = ws[s][src];
                        joints[dst] = js[s][src];
                    }
                }
            }
        } else {
            float[] cw = new float[candidates];
            int[] cj = new int[candidates];
            for (int v = 0; v < n; v++) {
                for (int s = 0; s < sets; s++) {
                    for (int c = 0; c < 4; c++) {
                        cw[4 * s + c] = ws[s][4 * v + c];
                        cj[4 * s + c] = js[s][4 * v + c];
                    }
                }
                // partial selection sort: the k largest, stable among equal weights
                for (int slot = 0; slot < k; slot++) {
                    int best = slot;
                    for (int c = slot + 1; c < candidates; c++) {
                        if (cw[c] > cw[best]) {
                            best = c;
                        }
                    }
                    float w = cw[best];
                    int j = cj[best];
                    System.arraycopy(cw, slot, cw, slot + 1, best - slot);
                    System.arraycopy(cj, slot, cj, slot + 1, best - slot);
                    cw[slot] = w;
                    cj[slot] = j;
                    weights[v * k + slot] = w;
                    joints[v * k + slot] = j;
                }
            }
        }
        return ModelAccess.get().adoptWeights(k, joints, weights);
    }
}
