package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
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
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@link Meshes#concat}: unites palettes, attributes and morph targets, checks every count and
 * array length, then allocates each output stream once and copies each mesh's part into it at
 * the mesh's vertex offset (filling what a mesh lacks), and hands the arrays to the new mesh
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
        boolean anyNormals = false;
        boolean anyTangents = false;
        boolean anyColors = false;
        int uvChannels = 0;
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
            anyNormals |= m.hasNormals();
            anyTangents |= m.hasTangents();
            anyColors |= m.hasColors();
            uvChannels = Math.max(uvChannels, m.uvChannelCount());
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
        AttributeUnion attributes = AttributeUnion.of(meshes);
        MorphUnion morphs = MorphUnion.of(meshes, warnings);

        // 3*vertexCount also bounds the UV channels (2 per vertex) and the morph deltas (3 per vertex)
        ArrayLimits.requireLength(WHERE, "positions", vertices, 3, "3*vertexCount");
        if (anyTangents || anyColors) {
            ArrayLimits.requireLength(WHERE, anyTangents ? "tangents" : "colors", vertices, 4, "4*vertexCount");
        }
        for (int a = 0; a < attributes.size(); a++) {
            int c = attributes.componentCounts.get(a);
            ArrayLimits.requireLength(WHERE, "vertex attribute " + attributes.names.get(a), vertices, c,
                    c + "*vertexCount");
        }
        if (palette != null) {
            ArrayLimits.requireLength(WHERE, "joints", vertices, palette.influences,
                    palette.influences + "*vertexCount");
        }

        int n = (int) vertices;
        ModelAccess.Bridge raw = ModelAccess.get();
        // trusted path: every value below is copied from a validated mesh, computed by VertexNormals or
        // VertexTangents (finite by their contract), a fill constant, or an index offset by a checked count
        Mesh.Builder b = raw.trustedMeshBuilder(options.name() != null ? options.name() : meshes.get(0).name());
        b.positions(positions(meshes, firstVertex, n));
        raw.presetBounds(b, bounds(meshes));
        float[] normals = anyNormals ? new float[3 * n] : null;
        float[] tangents = anyTangents ? new float[4 * n] : null;
        directions(meshes, firstVertex, normals, tangents, warnings);
        b.normals(normals);
        b.tangents(tangents);
        b.colors(anyColors ? colors(meshes, firstVertex, n, warnings) : null);
        uvs(meshes, firstVertex, n, uvChannels, warnings).forEach(b::addUvs);
        for (int a = 0; a < attributes.size(); a++) {
            b.addAttribute(raw.trustedAttribute(attributes.names.get(a), attributes.componentCounts.get(a),
                    attribute(meshes, firstVertex, n, attributes.names.get(a), attributes.componentCounts.get(a),
                            warnings)));
        }
        b.indices(indices(meshes, firstVertex, (int) indices));
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
            b.skin(raw.trustedSkin(palette.names, palette.inverseBindMatrices,
                    weights(meshes, firstVertex, n, palette)));
        }
        float[] morphWeights = new float[morphs.size()];
        for (int t = 0; t < morphs.size(); t++) {
            b.addMorphTarget(morphTarget(meshes, firstVertex, n, morphs, t));
            morphWeights[t] = morphs.defaultWeights.get(t);
        }
        b.morphWeights(morphWeights);
        warnMissingTargets(meshes, morphs, warnings);
        int[][] paletteRemap = palette == null ? new int[meshCount][0] : palette.remap;
        return new ConcatResult(b.build(), warnings, firstVertex, firstIndex, firstSubmesh, firstMaterial,
                paletteRemap, morphs.remap);
    }

    /** The union of the meshes' bounds: exactly the bounds of their concatenated positions. */
    private static Bounds bounds(List<Mesh> meshes) {
        Bounds b = Bounds.EMPTY;
        for (Mesh m : meshes) {
            b = b.union(m.bounds());
        }
        return b;
    }

    private static float[] positions(List<Mesh> meshes, int[] firstVertex, int n) {
        float[] dst = new float[3 * n];
        for (int i = 0; i < meshes.size(); i++) {
            meshes.get(i).positionsInto(dst, 3 * firstVertex[i]);
        }
        return dst;
    }

    /**
     * Copies normals and tangents where meshes have them, and computes them where they do not
     * (tangents from the mesh's own normals, else from normals computed for the purpose).
     */
    private static void directions(List<Mesh> meshes, int[] firstVertex, float @Nullable [] normals,
            float @Nullable [] tangents, List<String> warnings) {
        ModelAccess.Bridge raw = ModelAccess.get();
        for (int i = 0; i < meshes.size(); i++) {
            Mesh m = meshes.get(i);
            int v0 = firstVertex[i];
            int count = m.vertexCount();
            float[] own = raw.normals(m);
            float[] meshNormals = own;
            if (normals != null) {
                if (own != null) {
                    System.arraycopy(own, 0, normals, 3 * v0, own.length);
                } else {
                    int fallbacks = VertexNormals.computeInto(m, normals, 3 * v0);
                    meshNormals = Arrays.copyOfRange(normals, 3 * v0, 3 * (v0 + count));
                    warnings.add(WHERE + ": " + Meshes.describe(i, m) + " has no normals; computed from its"
                            + " triangles (area- and angle-weighted)" + fallbackNote(fallbacks,
                            "the fallback normal (0, 0, 1) (no triangle with area)"));
                }
            }
            if (tangents == null) {
                continue;
            }
            float[] ownTangents = raw.tangents(m);
            if (ownTangents != null) {
                System.arraycopy(ownTangents, 0, tangents, 4 * v0, ownTangents.length);
                continue;
            }
            if (meshNormals == null) {
                meshNormals = VertexNormals.compute(m);
            }
            int fallbacks = VertexTangents.computeInto(m, meshNormals, tangents, 4 * v0);
            String fallback = "a tangent from the normal alone (no usable UV gradient)";
            String source = m.uvChannelCount() == 0 ? " alone (it has no UV set)"
                    : " and UV set 0" + fallbackNote(fallbacks, fallback);
            warnings.add(WHERE + ": " + Meshes.describe(i, m) + " has no tangents; computed from its positions, "
                    + (own != null ? "normals" : "computed normals") + source);
        }
    }

    private static String fallbackNote(int fallbacks, String what) {
        return fallbacks == 0 ? "" : "; " + fallbacks + (fallbacks == 1 ? " vertex" : " vertices") + " got " + what;
    }

    private static float[] colors(List<Mesh> meshes, int[] firstVertex, int n, List<String> warnings) {
        float[] dst = new float[4 * n];
        ModelAccess.Bridge raw = ModelAccess.get();
        for (int i = 0; i < meshes.size(); i++) {
            Mesh m = meshes.get(i);
            float[] own = raw.colors(m);
            if (own != null) {
                System.arraycopy(own, 0, dst, 4 * firstVertex[i], own.length);
            } else {
                Arrays.fill(dst, 4 * firstVertex[i], 4 * (firstVertex[i] + m.vertexCount()), 1f);
                warnings.add(WHERE + ": " + Meshes.describe(i, m) + " has no colors; filled with white (1, 1, 1, 1)");
            }
        }
        return dst;
    }

    private static List<float[]> uvs(List<Mesh> meshes, int[] firstVertex, int n, int channels,
            List<String> warnings) {
        List<float[]> out = new ArrayList<>(channels);
        ModelAccess.Bridge raw = ModelAccess.get();
        for (int c = 0; c < channels; c++) {
            float[] dst = new float[2 * n];
            for (int i = 0; i < meshes.size(); i++) {
                if (c < meshes.get(i).uvChannelCount()) {
                    float[] own = raw.uvs(meshes.get(i), c);
                    System.arraycopy(own, 0, dst, 2 * firstVertex[i], own.length);
                }
            }
            out.add(dst);
        }
        for (int i = 0; i < meshes.size(); i++) {
            int has = meshes.get(i).uvChannelCount();
            if (has < channels) {
                warnings.add(WHERE + ": " + Meshes.describe(i, meshes.get(i)) + " has " + has + " UV "
                        + (has == 1 ? "channel" : "channels") + " of " + channels + "; "
                        + (channels - has == 1 ? "channel " + has : "channels " + has + ".." + (channels - 1))
                        + " filled with (0, 0)");
            }
        }
        return out;
    }

    private static float[] attribute(List<Mesh> meshes, int[] firstVertex, int n, String name, int components,
            List<String> warnings) {
        float[] dst = new float[components * n];
        for (int i = 0; i < meshes.size(); i++) {
            VertexAttribute a = meshes.get(i).attribute(name);
            if (a != null) {
                a.valuesInto(dst, components * firstVertex[i]);
            } else {
                warnings.add(WHERE + ": " + Meshes.describe(i, meshes.get(i)) + " has no vertex attribute "
                        + Checks.quote(name) + "; filled with zeros");
            }
        }
        return dst;
    }

    private static int[] indices(List<Mesh> meshes, int[] firstVertex, int count) {
        int[] dst = new int[count];
        ModelAccess.Bridge raw = ModelAccess.get();
        int d = 0;
        for (int i = 0; i < meshes.size(); i++) {
            int[] src = raw.indices(meshes.get(i));
            int offset = firstVertex[i];
            for (int j = 0; j < src.length; j++) {
                dst[d + j] = src[j] + offset;
            }
            d += src.length;
        }
        return dst;
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

    /**
     * Each mesh's slots copied into the widest layout, joints renumbered into the united palette
     * and extra slots empty. A canonical mesh's empty slots keep joint 0 (so its rows stay
     * canonical); weights kept as stored have every joint renumbered, so each slot still names
     * its bone.
     */
    private static BoneWeights weights(List<Mesh> meshes, int[] firstVertex, int n, PaletteUnion palette) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int k = palette.influences;
        int[] joints = new int[k * n];
        float[] weights = new float[k * n];
        boolean allCanonical = true;
        for (int i = 0; i < meshes.size(); i++) {
            BoneWeights src = meshes.get(i).skin().weights();
            int[] remap = palette.remap[i];
            int[] srcJoints = raw.joints(src);
            float[] srcWeights = raw.weights(src);
            int srcK = src.influencesPerVertex();
            boolean canonical = src.isCanonical();
            allCanonical &= canonical;
            int count = src.vertexCount();
            for (int v = 0, s = 0, d = k * firstVertex[i]; v < count; v++, s += srcK, d += k) {
                for (int slot = 0; slot < srcK; slot++) {
                    float w = srcWeights[s + slot];
                    weights[d + slot] = w;
                    joints[d + slot] = canonical && w == 0f ? 0 : remap[srcJoints[s + slot]];
                }
            }
        }
        // canonical rows stay canonical (renumbered joints, extra slots empty with joint 0); renumbering the
        // joints of stored rows may make them canonical or not, so their flag is computed by a scan
        return allCanonical ? raw.trustedWeights(k, joints, weights, true) : raw.adoptSlots(k, joints, weights);
    }

    /** United target {@code t}: each mesh's deltas at its vertex offset, zeros where it has none. */
    private static MorphTarget morphTarget(List<Mesh> meshes, int[] firstVertex, int n, MorphUnion morphs, int t) {
        ModelAccess.Bridge raw = ModelAccess.get();
        boolean[] streams = morphs.streams.get(t);
        float[] positions = streams[0] ? new float[3 * n] : null;
        float[] normals = streams[1] ? new float[3 * n] : null;
        float[] tangents = streams[2] ? new float[3 * n] : null;
        for (int i = 0; i < meshes.size(); i++) {
            int[] remap = morphs.remap[i];
            List<MorphTarget> targets = meshes.get(i).morphTargets();
            for (int own = 0; own < remap.length; own++) {
                if (remap[own] != t) {
                    continue;
                }
                MorphTarget src = targets.get(own);
                int o = 3 * firstVertex[i];
                copy(raw.positions(src), positions, o);
                copy(raw.normals(src), normals, o);
                copy(raw.tangents(src), tangents, o);
            }
        }
        return raw.trustedMorphTarget(morphs.names.get(t), positions, normals, tangents);
    }

    private static void copy(float @Nullable [] src, float @Nullable [] dst, int offset) {
        if (src != null && dst != null) {
            System.arraycopy(src, 0, dst, offset, src.length);
        }
    }

    /** One warning per mesh that lacks united targets, naming them. */
    private static void warnMissingTargets(List<Mesh> meshes, MorphUnion morphs, List<String> warnings) {
        for (int i = 0; i < meshes.size(); i++) {
            boolean[] has = new boolean[morphs.size()];
            for (int t : morphs.remap[i]) {
                has[t] = true;
            }
            List<String> missing = new ArrayList<>();
            for (int t = 0; t < has.length; t++) {
                if (!has[t]) {
                    missing.add(Checks.quote(morphs.names.get(t)));
                }
            }
            if (!missing.isEmpty()) {
                warnings.add(WHERE + ": " + Meshes.describe(i, meshes.get(i)) + " has no morph "
                        + (missing.size() == 1 ? "target " : "targets ") + String.join(", ", missing)
                        + "; zero deltas");
            }
        }
    }
}
