package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.NormalizeResult;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes glTF meshes: one per distinct {@link Mesh} object (parts sharing a mesh share it), one
 * glTF primitive per non-empty submesh (each over its own vertex range when the submeshes'
 * ranges are consecutive and disjoint, else all sharing whole-mesh vertex accessors).
 * POSITION carries min/max; indices are 16-bit when the options and the vertex count allow;
 * joints are unsigned bytes for palettes up to 256 entries, else unsigned shorts, {@code K <= 4}
 * influences in one JOINTS/WEIGHTS set and {@code K <= 8} in two; extra vertex attributes are
 * custom attributes {@code _NAME} of FLOAT components, SCALAR to VEC4 by component count; morph
 * targets keep their names in {@code extras.targetNames}. Not thread-safe; one per export.
 */
final class MeshExport {
    /** glTF accessor type per component count 1..4. */
    private static final String[] VECTOR_TYPES = {"SCALAR", "VEC2", "VEC3", "VEC4"};

    private final JsonNodeFactory f = JsonNodeFactory.instance;
    private final AccessorWriter out;
    private final MaterialExport materials;
    private final GltfWriteOptions options;
    private final ArrayNode meshes = f.arrayNode();
    private final Map<Mesh, Integer> meshIndex = new IdentityHashMap<>();
    private int primitiveCount;

    MeshExport(AccessorWriter out, MaterialExport materials, GltfWriteOptions options) {
        this.out = out;
        this.materials = materials;
        this.options = options;
    }

    /** @return the {@code meshes} array */
    ArrayNode meshes() {
        return meshes;
    }

    /** @return the glTF primitives written */
    int primitiveCount() {
        return primitiveCount;
    }

    /**
     * Writes the part's mesh unless that mesh object was written.
     *
     * @param p the part's placement, whose mesh has at least one non-empty submesh
     * @param warnings receives empty submeshes skipped and textures left out
     * @return the mesh index
     * @throws ValidationException when one of its images has no bytes or the BIN chunk would pass
     *     its limit
     */
    int mesh(ExportPlan.Placement p, List<String> warnings) {
        Mesh m = p.mesh();
        Integer known = meshIndex.get(m);
        if (known != null) {
            return known;
        }
        ObjectNode mesh = f.objectNode();
        if (!m.name().isEmpty()) {
            mesh.put("name", m.name());
        }
        ArrayNode primitives = mesh.putArray("primitives");
        primitives(p.part(), m, primitives, warnings);
        assert !primitives.isEmpty() : "the plan rejects parts without triangles";
        float[] weights = m.morphWeights();
        boolean zero = true;
        for (float w : weights) {
            zero &= Float.floatToIntBits(w) == 0;
        }
        if (!zero) {
            ArrayNode w = mesh.putArray("weights");
            for (float v : weights) {
                w.addRawValue(JsonOut.num(v));
            }
        }
        boolean named = false;
        for (MorphTarget t : m.morphTargets()) {
            named |= !t.name().isEmpty();
        }
        if (named) {
            ArrayNode names = mesh.putObject("extras").putArray("targetNames");
            for (MorphTarget t : m.morphTargets()) {
                names.add(t.name());
            }
        }
        meshes.add(mesh);
        meshIndex.put(m, meshes.size() - 1);
        return meshes.size() - 1;
    }

    /**
     * Writes one {@link Mesh}: each vertex stream once, then a glTF primitive per non-empty
     * submesh. When the submeshes use consecutive, disjoint vertex ranges (as a combined mesh's
     * parts do), each primitive's accessors cover only its own range of the shared buffer views
     * and its indices count from that range's first vertex, so a reader (and the posing order of
     * {@code skinmesh skin}) sees every vertex once; otherwise every primitive shares whole-mesh
     * accessors.
     */
    private void primitives(Part part, Mesh mesh, ArrayNode primitives, List<String> warnings) {
        ModelAccess.Bridge raw = ModelAccess.get();
        String where = "part " + Checks.quote(part.name()) + ": mesh " + Checks.quote(mesh.name());
        int n = mesh.vertexCount();
        int[] indices = raw.indices(mesh);
        int[] bounds = vertexRanges(mesh, indices);
        int ranges = bounds.length - 1;
        ObjectNode[] attributes = new ObjectNode[ranges];
        for (int r = 0; r < ranges; r++) {
            attributes[r] = f.objectNode();
        }
        int va = AccessorWriter.ARRAY_BUFFER;
        put(attributes, "POSITION", out.floats(where + " POSITION", raw.positions(mesh), n, "VEC3", va, true, bounds));
        if (mesh.hasNormals()) {
            put(attributes, "NORMAL", out.floats(where + " NORMAL", raw.normals(mesh), n, "VEC3", va, false, bounds));
        }
        if (mesh.hasTangents()) {
            put(attributes, "TANGENT", out.floats(where + " TANGENT", raw.tangents(mesh), n, "VEC4", va, false,
                    bounds));
        }
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            put(attributes, "TEXCOORD_" + c, out.floats(where + " TEXCOORD_" + c, raw.uvs(mesh, c), n, "VEC2", va,
                    false, bounds));
        }
        if (mesh.hasColors()) {
            put(attributes, "COLOR_0", out.floats(where + " COLOR_0", raw.colors(mesh), n, "VEC4", va, false,
                    bounds));
        }
        Skin skin = mesh.skin();
        if (skin != null) {
            joints(where, skin, n, attributes, bounds, warnings);
        }
        for (VertexAttribute a : mesh.attributes()) {
            String semantic = "_" + a.name();
            put(attributes, semantic, out.floats(where + " " + semantic, raw.values(a), n,
                    VECTOR_TYPES[a.componentCount() - 1], va, false, bounds));
        }
        ArrayNode[] targets = null;
        if (!mesh.morphTargets().isEmpty()) {
            targets = new ArrayNode[ranges];
            for (int r = 0; r < ranges; r++) {
                targets[r] = f.arrayNode();
            }
            for (int t = 0; t < mesh.morphTargets().size(); t++) {
                MorphTarget target = mesh.morphTargets().get(t);
                String wt = where + " morph target " + t;
                ObjectNode[] json = new ObjectNode[ranges];
                for (int r = 0; r < ranges; r++) {
                    json[r] = targets[r].addObject();
                }
                if (target.hasPositions()) {
                    put(json, "POSITION", out.floats(wt + " POSITION", raw.positions(target), n, "VEC3", va, true,
                            bounds));
                }
                if (target.hasNormals()) {
                    put(json, "NORMAL", out.floats(wt + " NORMAL", raw.normals(target), n, "VEC3", va, false, bounds));
                }
                if (target.hasTangents()) {
                    put(json, "TANGENT", out.floats(wt + " TANGENT", raw.tangents(target), n, "VEC3", va, false,
                            bounds));
                }
                if (json[0].isEmpty()) {
                    for (int r = 0; r < ranges; r++) {
                        json[r].put("POSITION", out.zeros(bounds[r + 1] - bounds[r]));
                    }
                }
            }
        }
        boolean auto = options.indexWidth() == GltfWriteOptions.IndexWidth.AUTO;
        int range = 0;
        for (int s = 0; s < mesh.submeshes().size(); s++) {
            Submesh sub = mesh.submeshes().get(s);
            if (sub.indexCount() == 0) {
                warnings.add(where + " submesh " + s + " has no triangles; skipped");
                continue;
            }
            int r = ranges == 1 ? 0 : range++;
            boolean u16 = auto && bounds[r + 1] - bounds[r] <= 65535;
            ObjectNode prim = primitives.addObject();
            prim.set("attributes", attributes[r]);
            prim.put("indices", out.indices(where + " submesh " + s + " indices", indices, sub.firstIndex(),
                    sub.indexCount(), u16, bounds[r]));
            prim.put("material", materials.material(usable(where, mesh, mesh.materials().get(sub.materialIndex()),
                    warnings), warnings));
            if (targets != null) {
                prim.set("targets", targets[r]);
            }
            primitiveCount++;
        }
    }

    private static void put(ObjectNode[] into, String name, int[] accessors) {
        for (int r = 0; r < into.length; r++) {
            into[r].put(name, accessors[r]);
        }
    }

    /**
     * The vertex ranges of the primitives: {@code [bounds[r], bounds[r+1])} for the {@code r}-th
     * non-empty submesh when there are at least two, each range starting at its submesh's smallest
     * index (the first at 0, the last ending at the vertex count) and holding every index of its
     * submesh; else the one range {@code [0, vertexCount)} that every primitive shares.
     */
    private static int[] vertexRanges(Mesh mesh, int[] indices) {
        int n = mesh.vertexCount();
        int[] shared = {0, n};
        List<Submesh> subs = mesh.submeshes();
        int nonEmpty = 0;
        for (Submesh s : subs) {
            nonEmpty += s.indexCount() > 0 ? 1 : 0;
        }
        if (nonEmpty < 2) {
            return shared;
        }
        int[] lo = new int[nonEmpty];
        int[] hi = new int[nonEmpty];
        int r = 0;
        for (Submesh s : subs) {
            if (s.indexCount() == 0) {
                continue;
            }
            int min = Integer.MAX_VALUE;
            int max = -1;
            for (int i = s.firstIndex(), e = s.firstIndex() + s.indexCount(); i < e; i++) {
                min = Math.min(min, indices[i]);
                max = Math.max(max, indices[i]);
            }
            lo[r] = r == 0 ? 0 : min;
            hi[r] = max;
            r++;
        }
        int[] bounds = new int[nonEmpty + 1];
        for (r = 0; r < nonEmpty; r++) {
            bounds[r] = lo[r];
            int end = r + 1 < nonEmpty ? lo[r + 1] : n;
            if (hi[r] >= end || lo[r] >= end) {
                return shared; // ranges overlap or run backwards: the primitives share the vertices
            }
        }
        bounds[nonEmpty] = n;
        return bounds;
    }

    /**
     * glTF forbids a texture that samples a UV set the primitive lacks: such textures are left out
     * of the material written for this primitive, with a warning.
     */
    private static Material usable(String where, Mesh mesh, Material m, List<String> warnings) {
        Material.Builder b = null;
        for (Map.Entry<String, TextureRef> e : m.textures().entrySet()) {
            if (e.getValue().texCoord() >= mesh.uvChannelCount()) {
                if (b == null) {
                    b = m.toBuilder();
                }
                b.removeTexture(e.getKey());
                warnings.add(where + " has " + mesh.uvChannelCount() + " UV channels but material "
                        + Checks.quote(m.name()) + " samples its " + e.getKey() + " texture with TEXCOORD_"
                        + e.getValue().texCoord() + "; texture left out for this mesh");
            }
        }
        return b == null ? m : b.build();
    }

    /** Writes the JOINTS_n/WEIGHTS_n sets: the slots as the weights hold them, unused slots of the last set zero. */
    private void joints(String where, Skin skin, int n, ObjectNode[] attributes, int[] bounds, List<String> warnings) {
        BoneWeights w = skin.weights();
        if (!normalized(w)) {
            // glTF requires every vertex's weights to sum to 1; what a viewer would do is written instead
            NormalizeResult r = Weights.normalize(w, NormalizeOptions.DEFAULTS
                    .withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(0));
            warnings.add(where + ": weights of " + (r.rescaledVertices() + r.boundVertices()) + " vertices do not sum"
                    + " to 1 (off by up to " + (float) r.maxSumErrorBefore() + "); written normalized, as glTF requires"
                    + (r.boundVertices() > 0 ? " (" + r.boundVertices() + " without weight bound to joint 0)" : ""));
            w = r.weights();
        }
        int k = w.influencesPerVertex();
        int sets = (k + 3) / 4;
        int[] joints = ModelAccess.get().joints(w);
        float[] weights = ModelAccess.get().weights(w);
        boolean u8 = skin.paletteSize() <= 256;
        for (int set = 0; set < sets; set++) {
            int[] j = new int[4 * n];
            float[] wt = new float[4 * n];
            for (int v = 0; v < n; v++) {
                for (int c = 0; c < 4; c++) {
                    int slot = 4 * set + c;
                    if (slot < k) {
                        j[4 * v + c] = joints[v * k + slot];
                        wt[4 * v + c] = weights[v * k + slot];
                    }
                }
            }
            put(attributes, "JOINTS_" + set, out.joints(where + " JOINTS_" + set, j, n, u8, bounds));
            put(attributes, "WEIGHTS_" + set, out.floats(where + " WEIGHTS_" + set, wt, n, "VEC4",
                    AccessorWriter.ARRAY_BUFFER, false, bounds));
        }
    }

    /**
     * Whether every vertex's weights sum to 1 closely enough for glTF: within the float rounding
     * of a sum of {@code K} weights that were normalized, far below glTF-Validator's tolerance.
     */
    private static boolean normalized(BoneWeights w) {
        int k = w.influencesPerVertex();
        float[] weights = ModelAccess.get().weights(w);
        for (int i = 0; i < weights.length; i += k) {
            double sum = 0;
            for (int s = 0; s < k; s++) {
                sum += weights[i + s];
            }
            if (!(Math.abs(sum - 1) <= 2e-7 * k)) {
                return false;
            }
        }
        return true;
    }
}
