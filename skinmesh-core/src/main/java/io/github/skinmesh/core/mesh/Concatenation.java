package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.internal.StreamUnion;
import io.github.skinmesh.core.internal.VertexCopy;
import io.github.skinmesh.core.internal.VertexStreams;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@link Meshes#concat}: unites palettes ({@link PaletteUnion}) and streams (the
 * {@link StreamUnion} that combine uses too), checks every count and array length, then allocates
 * each output stream once, copies each mesh's part into it at the mesh's vertex offset with
 * combine's {@link VertexCopy} (filling what a mesh lacks), and hands the arrays to the new mesh
 * without a second copy.
 *
 * <p>Work is linear in the output size plus, for a mesh lacking normals or tangents, the cost of
 * computing them. Besides the output it allocates the union tables and, per mesh lacking
 * directions, the scratch of {@link VertexNormals} and {@link VertexTangents}.
 */
final class Concatenation {
    private static final String WHERE = Meshes.CONCAT;

    private Concatenation() {
    }

    static ConcatResult run(List<Mesh> meshes, ConcatOptions options) {
        int meshCount = meshes.size();
        if (meshCount == 0) {
            throw new ValidationException(WHERE + ": meshes is empty, expected at least one mesh");
        }
        for (int i = 0; i < meshCount; i++) {
            if (meshes.get(i) == null) {
                throw new NullPointerException("meshes[" + i + "]");
            }
        }
        int[] firstVertex = new int[meshCount];
        int[] firstIndex = new int[meshCount];
        int[] firstSubmesh = new int[meshCount];
        int[] firstMaterial = new int[meshCount];
        long vertices = 0;
        long indices = 0;
        long submeshes = 0;
        long materials = 0;
        for (int i = 0; i < meshCount; i++) {
            Mesh m = meshes.get(i);
            firstVertex[i] = (int) Math.min(vertices, Integer.MAX_VALUE);
            firstIndex[i] = (int) Math.min(indices, Integer.MAX_VALUE);
            firstSubmesh[i] = (int) Math.min(submeshes, Integer.MAX_VALUE);
            firstMaterial[i] = (int) Math.min(materials, Integer.MAX_VALUE);
            vertices += m.vertexCount();
            indices += m.indexCount();
            submeshes += m.submeshes().size();
            materials += m.materials().size();
        }
        if (vertices > Integer.MAX_VALUE) {
            throw new ValidationException(WHERE + ": the " + meshCount + " meshes have " + vertices
                    + " vertices in total, expected at most " + Integer.MAX_VALUE);
        }
        ArrayLimits.requireLength(WHERE, "indices", indices, 1, "indexCount");
        ArrayLimits.requireLength(WHERE, "submeshes", submeshes, 1, "submeshCount");
        ArrayLimits.requireLength(WHERE, "materials", materials, 1, "materialCount");
        Skin firstSkin = meshes.get(0).skin();
        for (int i = 1; i < meshCount; i++) {
            if ((meshes.get(i).skin() == null) != (firstSkin == null)) {
                int skinned = firstSkin != null ? 0 : i;
                int rigid = firstSkin != null ? i : 0;
                throw new ValidationException(WHERE + ": " + Meshes.describe(rigid, meshes.get(rigid))
                        + " has no skin but " + Meshes.describe(skinned, meshes.get(skinned))
                        + " has one, expected all meshes skinned or none");
            }
        }
        List<String> warnings = new ArrayList<>();
        PaletteUnion palette = firstSkin == null ? null : PaletteUnion.of(meshes, options.bindMatrixTolerance());
        StreamUnion streams = union(meshes, warnings);

        // 3*vertexCount also bounds the UV channels (2 per vertex) and the morph deltas (3 per vertex)
        ArrayLimits.requireLength(WHERE, "positions", vertices, 3, "3*vertexCount");
        if (streams.tangents || streams.colors) {
            ArrayLimits.requireLength(WHERE, streams.tangents ? "tangents" : "colors", vertices, 4, "4*vertexCount");
        }
        for (int a = 0; a < streams.attributeNames.size(); a++) {
            int c = streams.attributeComponents.get(a);
            ArrayLimits.requireLength(WHERE, "vertex attribute " + streams.attributeNames.get(a), vertices, c,
                    c + "*vertexCount");
        }
        if (palette != null) {
            ArrayLimits.requireLength(WHERE, "joints", vertices, streams.influences,
                    streams.influences + "*vertexCount");
        }

        int n = (int) vertices;
        ModelAccess.Bridge raw = ModelAccess.get();
        // trusted path: every value below is copied from a validated mesh, computed by VertexNormals or
        // VertexTangents (finite by their contract), a fill constant, or an index offset by a checked count
        VertexStreams dst = VertexStreams.allocate(streams, palette != null, n, (int) indices);
        int[] normalFallbacks = new int[meshCount];
        int[] tangentFallbacks = new int[meshCount];
        boolean allCanonical = true;
        for (int i = 0; i < meshCount; i++) {
            Mesh m = meshes.get(i);
            VertexCopy.Source src = source(m, streams, palette == null ? null : palette.remap[i], i,
                    normalFallbacks, tangentFallbacks);
            allCanonical &= src.canonical;
            VertexCopy.copy(src, dst, firstVertex[i]);
            VertexCopy.indices(raw.indices(m), 0, dst.indices, firstIndex[i], m.indexCount(), firstVertex[i]);
        }
        streams.fillWarnings(meshes, normalFallbacks, tangentFallbacks, new Wording(meshes), warnings);
        Mesh.Builder b = raw.trustedMeshBuilder(options.name() != null ? options.name() : meshes.get(0).name());
        b.positions(dst.positions);
        raw.presetBounds(b, bounds(meshes));
        b.normals(dst.normals);
        b.tangents(dst.tangents);
        b.colors(dst.colors);
        for (float[] uv : dst.uvs) {
            b.addUvs(uv);
        }
        for (int a = 0; a < dst.attributes.length; a++) {
            b.addAttribute(raw.trustedAttribute(streams.attributeNames.get(a), dst.attributeComponents[a],
                    dst.attributes[a]));
        }
        b.indices(dst.indices);
        for (int i = 0; i < meshCount; i++) {
            Mesh m = meshes.get(i);
            for (Submesh s : m.submeshes()) {
                b.addSubmesh(offset(s, firstIndex[i], firstMaterial[i], palette == null ? null : palette.remap[i]));
            }
            for (Material material : m.materials()) {
                b.addMaterial(material);
            }
        }
        if (palette != null) {
            // canonical rows stay canonical (renumbered joints, extra slots empty with joint 0); renumbering the
            // joints of stored rows may make them canonical or not, so their flag is computed by a scan
            int k = streams.influences;
            BoneWeights weights = allCanonical ? raw.trustedWeights(k, dst.joints, dst.weights, true)
                    : raw.adoptSlots(k, dst.joints, dst.weights);
            b.skin(raw.trustedSkin(palette.names, palette.inverseBindMatrices, weights));
        }
        for (int t = 0; t < streams.morphTargetCount(); t++) {
            b.addMorphTarget(raw.trustedMorphTarget(streams.morphNames.get(t), dst.morphPositions[t],
                    dst.morphNormals[t], dst.morphTangents[t]));
        }
        b.morphWeights(streams.morphWeights());
        int[][] paletteRemap = palette == null ? new int[meshCount][0] : palette.remap;
        return new ConcatResult(b.build(), warnings, firstVertex, firstIndex, firstSubmesh, firstMaterial,
                paletteRemap, streams.morphRemap);
    }

    /**
     * The streams of the result, united as combine unites them (morph targets merged by name);
     * messages name the meshes by position and name.
     */
    static StreamUnion union(List<Mesh> meshes, List<String> warnings) {
        int[] influences = new int[meshes.size()];
        for (int i = 0; i < influences.length; i++) {
            Skin skin = meshes.get(i).skin();
            influences[i] = skin == null ? 0 : skin.weights().influencesPerVertex();
        }
        return StreamUnion.of(meshes, influences, StreamUnion.MorphClash.MERGE, new Wording(meshes), warnings);
    }

    /** Concat's names for its inputs: {@code mesh 1 'bare'}. */
    private record Wording(List<Mesh> meshes) implements StreamUnion.Wording {
        @Override
        public String operation() {
            return WHERE;
        }

        @Override
        public String subject(int input) {
            return WHERE + ": " + name(input);
        }

        @Override
        public String name(int input) {
            return Meshes.describe(input, meshes.get(input));
        }

        @Override
        public String label(int input) {
            return name(input);
        }

        @Override
        public String defaultWeightDiffers(String target, int input, float weight, int first, float kept) {
            return WHERE + ": morph target " + target + " has default weight " + weight + " in " + name(input)
                    + " but " + kept + " in " + name(first) + "; " + kept + " kept";
        }
    }

    /**
     * Mesh {@code i}'s streams for the copy: its own arrays, and normals and tangents computed when
     * the result has them and the mesh does not (tangents from its own normals, else from normals
     * computed for the purpose), their fallback counts recorded.
     */
    private static VertexCopy.Source source(Mesh m, StreamUnion streams, int @Nullable [] jointMap, int i,
            int[] normalFallbacks, int[] tangentFallbacks) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int count = m.vertexCount();
        VertexCopy.Source s = new VertexCopy.Source();
        s.vertexCount = count;
        s.positions = raw.positions(m);
        float[] own = raw.normals(m);
        s.normals = own;
        normalFallbacks[i] = -1;
        tangentFallbacks[i] = -1;
        if (streams.normals && own == null) {
            s.normals = new float[3 * count];
            normalFallbacks[i] = VertexNormals.computeInto(m, s.normals, 0);
        }
        s.tangents = raw.tangents(m);
        if (streams.tangents && s.tangents == null) {
            float[] normals = s.normals != null ? s.normals : VertexNormals.compute(m);
            s.tangents = new float[4 * count];
            tangentFallbacks[i] = VertexTangents.computeInto(m, normals, s.tangents, 0);
        }
        s.colors = raw.colors(m);
        s.uvs = new float[m.uvChannelCount()][];
        for (int c = 0; c < s.uvs.length; c++) {
            s.uvs[c] = raw.uvs(m, c);
        }
        s.attributes = new float[streams.attributeNames.size()][];
        for (int a = 0; a < s.attributes.length; a++) {
            VertexAttribute attribute = m.attribute(streams.attributeNames.get(a));
            s.attributes[a] = attribute == null ? null : raw.values(attribute);
        }
        Skin skin = m.skin();
        s.canonical = true;
        if (skin != null) {
            BoneWeights w = skin.weights();
            s.influences = w.influencesPerVertex();
            s.joints = raw.joints(w);
            s.weights = raw.weights(w);
            s.canonical = w.isCanonical();
            s.emptySlots = true; // not known without a scan: each slot is tested
            s.jointMap = jointMap;
        }
        List<MorphTarget> targets = m.morphTargets();
        s.morphPositions = new float[targets.size()][];
        s.morphNormals = new float[targets.size()][];
        s.morphTangents = new float[targets.size()][];
        for (int t = 0; t < targets.size(); t++) {
            s.morphPositions[t] = raw.positions(targets.get(t));
            s.morphNormals[t] = raw.normals(targets.get(t));
            s.morphTangents[t] = raw.tangents(targets.get(t));
        }
        s.morphRemap = streams.morphRemap[i];
        return s;
    }

    /** The union of the meshes' bounds: exactly the bounds of their concatenated positions. */
    private static Bounds bounds(List<Mesh> meshes) {
        Bounds b = Bounds.EMPTY;
        for (Mesh m : meshes) {
            b = b.union(m.bounds());
        }
        return b;
    }

    /** The submesh moved by the index and material offsets, its draws' entries renumbered. */
    private static Submesh offset(Submesh s, int indexOffset, int materialOffset, int @Nullable [] paletteRemap) {
        List<Draw> draws = s.draws();
        List<Draw> moved = new ArrayList<>(draws.size());
        ModelAccess.Bridge raw = ModelAccess.get();
        for (Draw d : draws) {
            assert paletteRemap != null : "the mesh checks that draws come with a skin";
            int[] entries = raw.paletteEntries(d);
            int[] united = new int[entries.length];
            for (int e = 0; e < entries.length; e++) {
                united[e] = paletteRemap[entries[e]];
            }
            moved.add(raw.adoptDraw(d.firstIndex() + indexOffset, d.indexCount(), united));
        }
        return new Submesh(s.firstIndex() + indexOffset, s.indexCount(), s.materialIndex() + materialOffset, moved);
    }
}
