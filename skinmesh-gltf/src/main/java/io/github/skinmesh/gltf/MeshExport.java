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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes glTF meshes: one per distinct {@link Mesh} object (parts sharing a mesh share it), one
 * glTF primitive per non-empty submesh, the primitives of one mesh sharing its vertex accessors.
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

    /** Writes one {@link Mesh}: its vertex accessors once, then a glTF primitive per non-empty submesh. */
    private void primitives(Part part, Mesh mesh, ArrayNode primitives, List<String> warnings) {
        ModelAccess.Bridge raw = ModelAccess.get();
        String where = "part " + Checks.quote(part.name()) + ": mesh " + Checks.quote(mesh.name());
        int n = mesh.vertexCount();
        ObjectNode attributes = f.objectNode();
        int va = AccessorWriter.ARRAY_BUFFER;
        attributes.put("POSITION", out.floats(where + " POSITION", raw.positions(mesh), n, "VEC3", va, true));
        if (mesh.hasNormals()) {
            attributes.put("NORMAL", out.floats(where + " NORMAL", raw.normals(mesh), n, "VEC3", va, false));
        }
        if (mesh.hasTangents()) {
            attributes.put("TANGENT", out.floats(where + " TANGENT", raw.tangents(mesh), n, "VEC4", va, false));
        }
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            attributes.put("TEXCOORD_" + c, out.floats(where + " TEXCOORD_" + c, raw.uvs(mesh, c), n, "VEC2", va,
                    false));
        }
        if (mesh.hasColors()) {
            attributes.put("COLOR_0", out.floats(where + " COLOR_0", raw.colors(mesh), n, "VEC4", va, false));
        }
        Skin skin = mesh.skin();
        if (skin != null) {
            joints(where, skin, n, attributes);
        }
        for (VertexAttribute a : mesh.attributes()) {
            String semantic = "_" + a.name();
            attributes.put(semantic, out.floats(where + " " + semantic, raw.values(a), n,
                    VECTOR_TYPES[a.componentCount() - 1], va, false));
        }
        ArrayNode targets = null;
        if (!mesh.morphTargets().isEmpty()) {
            targets = f.arrayNode();
            for (int t = 0; t < mesh.morphTargets().size(); t++) {
                MorphTarget target = mesh.morphTargets().get(t);
                String wt = where + " morph target " + t;
                ObjectNode json = targets.addObject();
                if (target.hasPositions()) {
                    json.put("POSITION", out.floats(wt + " POSITION", raw.positions(target), n, "VEC3", va, true));
                }
                if (target.hasNormals()) {
                    json.put("NORMAL", out.floats(wt + " NORMAL", raw.normals(target), n, "VEC3", va, false));
                }
                if (target.hasTangents()) {
                    json.put("TANGENT", out.floats(wt + " TANGENT", raw.tangents(target), n, "VEC3", va, false));
                }
                if (json.isEmpty()) {
                    json.put("POSITION", out.zeros(n));
                }
            }
        }
        int[] indices = raw.indices(mesh);
        boolean u16 = options.indexWidth() == GltfWriteOptions.IndexWidth.AUTO && n <= 65535;
        for (int s = 0; s < mesh.submeshes().size(); s++) {
            Submesh sub = mesh.submeshes().get(s);
            if (sub.indexCount() == 0) {
                warnings.add(where + " submesh " + s + " has no triangles; skipped");
                continue;
            }
            ObjectNode prim = primitives.addObject();
            prim.set("attributes", attributes);
            prim.put("indices", out.indices(where + " submesh " + s + " indices", indices, sub.firstIndex(),
                    sub.indexCount(), u16));
            prim.put("material", materials.material(usable(where, mesh, mesh.materials().get(sub.materialIndex()),
                    warnings), warnings));
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
    private void joints(String where, Skin skin, int n, ObjectNode attributes) {
        BoneWeights w = skin.weights();
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
                        int joint = joints[v * k + slot];
                        float weight = weights[v * k + slot];
                        j[4 * v + c] = joint;
                        wt[4 * v + c] = weight;
                    }
                }
            }
            attributes.put("JOINTS_" + set, out.joints(where + " JOINTS_" + set, j, n, u8));
            attributes.put("WEIGHTS_" + set, out.floats(where + " WEIGHTS_" + set, wt, n, "VEC4",
                    AccessorWriter.ARRAY_BUFFER, false));
        }
    }
}
