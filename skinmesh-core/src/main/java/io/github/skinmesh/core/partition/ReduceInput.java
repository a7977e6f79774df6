package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.NormalizeResult;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix4d;

/**
 * The validated input of a bone reduction, laid out for the search.
 *
 * <p>The search works on the <em>universe</em>: the bones with weight and all their ancestors, in
 * skeleton order (so parents come before children, and the universe is closed under "parent of").
 * Only these bones can keep or take weight. Universe bone {@code u} is skeleton bone
 * {@code bone[u]}; joints are rewritten as universe indices.
 *
 * <p>Weights are normalized as posing normalizes them (sum 1; a vertex without weight follows
 * palette entry 0), so the reduction and its error measurement see what a viewer shows.
 *
 * <p>An ancestor outside the palette has no inverse bind matrix of its own; it gets the one that
 * agrees with the mesh's bind pose through its nearest weighted descendant {@code c}:
 * {@code inverseBind_a = restModel_a^-1 * restModel_c * inverseBind_c}. With that matrix a
 * descendant that holds its rest transform relative to {@code a} skins exactly like {@code a}.
 * An ancestor whose rest transform cannot be inverted (a zero scale) cannot take weight.
 */
final class ReduceInput {
    private static final NormalizeOptions FOLLOW_ENTRY_0 =
            NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(0);

    final String operation;
    final Mesh mesh;
    final Skeleton skeleton;
    final Skin skin;
    final int vertexCount;
    final int influences;
    /** Number of universe bones. */
    final int boneCount;
    /** Skeleton bone of each universe bone. */
    final int[] bone;
    /** Universe index of each universe bone's parent, or {@link Skeleton#NO_PARENT}. */
    final int[] parent;
    /** Input palette entry of each universe bone, or -1. */
    final int[] entry;
    /** Whether the universe bone has weight on some vertex. */
    final boolean[] weighted;
    /** Whether the universe bone may keep or take weight (its inverse bind matrix is finite). */
    final boolean[] eligible;
    /** Inverse bind matrix per universe bone, 16 floats each: the palette's, or derived. */
    final float[] inverseBind;
    /** Bind-pose position of each universe bone in mesh space, 3 floats each. */
    final float[] origin;
    /** Universe joint per slot ({@code vertexCount * influences}); slots of weight 0 hold 0. */
    final int[] joints;
    /** Normalized weight per slot. */
    final float[] weights;
    /** The mesh's positions (read-only). */
    final float[] positions;
    /** Vertices weighting universe bone {@code u}: {@code vertexList[vertexStart[u] .. vertexStart[u+1]-1]}, ascending. */
    final int[] vertexStart;
    final int[] vertexList;
    /** Sum of the normalized weights on each universe bone. */
    final double[] mass;
    /** Bones with weight. */
    final int weightedCount;
    /** Per submesh, the universe bones its triangles' vertices weight, ascending. */
    final int[][] submeshBones;
    /** Notes about the input (normalized weights). */
    final List<String> warnings;

    private ReduceInput(String operation, Mesh mesh, Skeleton skeleton, Skin skin) {
        this.operation = operation;
        this.mesh = mesh;
        this.skeleton = skeleton;
        this.skin = skin;
        this.vertexCount = mesh.vertexCount();
        List<String> notes = new ArrayList<>();
        int[] paletteBones;
        try {
            paletteBones = skin.bind(skeleton);
        } catch (ValidationException e) {
            throw new ValidationException(operation + ": mesh " + Checks.quote(mesh.name()) + ": palette "
                    + e.getMessage());
        }
        NormalizeResult normalized = Weights.normalize(skin.weights(), FOLLOW_ENTRY_0);
        for (String w : normalized.warnings()) {
            notes.add("mesh " + Checks.quote(mesh.name()) + ": " + w);
        }
        if (normalized.maxSumErrorBefore() > BoneWeights.SUM_TOLERANCE) {
            notes.add("mesh " + Checks.quote(mesh.name()) + ": weights of " + normalized.rescaledVertices()
                    + " vertices do not sum to 1 (off by up to " + (float) normalized.maxSumErrorBefore()
                    + "); they were normalized");
        }
        ModelAccess.Bridge raw = ModelAccess.get();
        BoneWeights bw = normalized.weights();
        int k = bw.influencesPerVertex();
        this.influences = k;
        int[] srcJoints = raw.joints(bw);
        float[] srcWeights = raw.weights(bw);
        int paletteSize = skin.paletteSize();
        int skeletonBones = skeleton.boneCount();

        // the universe: weighted bones and their ancestors
        boolean[] entryWeighted = new boolean[paletteSize];
        for (int i = 0; i < srcJoints.length; i++) {
            if (srcWeights[i] > 0) {
                entryWeighted[srcJoints[i]] = true;
            }
        }
        boolean[] inUniverse = new boolean[skeletonBones];
        boolean[] boneWeighted = new boolean[skeletonBones];
        int[] entryOfBone = new int[skeletonBones];
        Arrays.fill(entryOfBone, -1);
        for (int e = 0; e < paletteSize; e++) {
            entryOfBone[paletteBones[e]] = e;
            if (entryWeighted[e]) {
                boneWeighted[paletteBones[e]] = true;
                for (int b = paletteBones[e]; b != Skeleton.NO_PARENT && !inUniverse[b]; b = skeleton.parent(b)) {
                    inUniverse[b] = true;
                }
            }
        }
        int[] universeOf = new int[skeletonBones];
        Arrays.fill(universeOf, -1);
        int count = 0;
        for (int b = 0; b < skeletonBones; b++) {
            if (inUniverse[b]) {
                universeOf[b] = count++;
            }
        }
        this.boneCount = count;
        this.bone = new int[count];
        this.parent = new int[count];
        this.entry = new int[count];
        this.weighted = new boolean[count];
        int weightedBones = 0;
        for (int b = 0; b < skeletonBones; b++) {
            int u = universeOf[b];
            if (u < 0) {
                continue;
            }
            bone[u] = b;
            int p = skeleton.parent(b);
            parent[u] = p == Skeleton.NO_PARENT ? Skeleton.NO_PARENT : universeOf[p];
            entry[u] = entryOfBone[b];
            weighted[u] = boneWeighted[b];
            weightedBones += weighted[u] ? 1 : 0;
        }
        this.weightedCount = weightedBones;

        // joints as universe indices
        this.joints = new int[srcJoints.length];
        this.weights = srcWeights;
        int[] perBone = new int[count + 1];
        int[] lastVertex = new int[count];
        Arrays.fill(lastVertex, -1);
        this.mass = new double[count];
        for (int i = 0; i < srcJoints.length; i++) {
            if (srcWeights[i] > 0) {
                int u = universeOf[paletteBones[srcJoints[i]]];
                joints[i] = u;
                mass[u] += srcWeights[i];
                if (lastVertex[u] != i / k) { // a vertex may list a joint in two slots: count it once
                    lastVertex[u] = i / k;
                    perBone[u + 1]++;
                }
            }
        }
        for (int u = 0; u < count; u++) {
            perBone[u + 1] += perBone[u];
        }
        this.vertexStart = perBone.clone();
        this.vertexList = new int[perBone[count]];
        int[] fill = Arrays.copyOf(perBone, count);
        Arrays.fill(lastVertex, -1);
        for (int i = 0; i < srcJoints.length; i++) {
            if (srcWeights[i] > 0 && lastVertex[joints[i]] != i / k) {
                lastVertex[joints[i]] = i / k;
                vertexList[fill[joints[i]]++] = i / k;
            }
        }
        this.positions = raw.positions(mesh);

        // inverse bind matrices and bind positions
        float[] ibm = raw.inverseBindMatrices(skin);
        float[] restModel = skeleton.restModelMatricesInto(new float[16 * skeletonBones], 0);
        this.inverseBind = new float[16 * count];
        this.origin = new float[3 * count];
        this.eligible = new boolean[count];
        int[] source = nearestWeightedDescendant();
        Matrix4d m = new Matrix4d();
        Matrix4d t = new Matrix4d();
        for (int u = 0; u < count; u++) {
            if (entry[u] >= 0) {
                System.arraycopy(ibm, 16 * entry[u], inverseBind, 16 * u, 16);
                eligible[u] = true;
            } else {
                int c = source[u];
                // restModel_a^-1 * restModel_c * inverseBind_c
                m.set(restModel, 16 * bone[u]).invertAffine();
                m.mul(t.set(restModel, 16 * bone[c])).mul(t.set(ibm, 16 * entry[c]));
                boolean finite = true;
                for (int i = 0; i < 16; i++) {
                    float v = (float) m.get(i / 4, i % 4);
                    inverseBind[16 * u + i] = v;
                    finite &= Float.isFinite(v);
                }
                eligible[u] = finite;
                if (!finite) {
                    Arrays.fill(inverseBind, 16 * u, 16 * u + 16, 0f);
                }
            }
            // the bind position: inverse of the inverse bind matrix, else the rest position
            m.set(inverseBind, 16 * u).invertAffine();
            double x = m.m30();
            double y = m.m31();
            double z = m.m32();
            if (!(Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z))) {
                x = restModel[16 * bone[u] + 12];
                y = restModel[16 * bone[u] + 13];
                z = restModel[16 * bone[u] + 14];
            }
            origin[3 * u] = (float) x;
            origin[3 * u + 1] = (float) y;
            origin[3 * u + 2] = (float) z;
        }
        this.submeshBones = submeshBones(raw.indices(mesh), mesh.submeshes());
        this.warnings = List.copyOf(notes);
    }

    /**
     * Validates a mesh and skeleton for a reduction.
     *
     * @param operation the operation, for messages
     * @param mesh the mesh
     * @param skeleton the skeleton
     * @return the input
     * @throws ValidationException when the mesh has no skin or a palette bone is not in the skeleton
     */
    static ReduceInput of(String operation, Mesh mesh, Skeleton skeleton) {
        Skin skin = mesh.skin();
        if (skin == null) {
            throw new ValidationException(operation + ": mesh " + Checks.quote(mesh.name())
                    + " has no skin, expected a skinned mesh");
        }
        return new ReduceInput(operation, mesh, skeleton, skin);
    }

    /**
     * For each universe bone outside the palette, the weighted universe bone below it that is
     * fewest levels down (the first in skeleton order among equals); -1 for palette bones.
     */
    private int[] nearestWeightedDescendant() {
        int[] best = new int[boneCount];
        int[] depth = new int[boneCount];
        Arrays.fill(best, -1);
        Arrays.fill(depth, Integer.MAX_VALUE);
        for (int c = 0; c < boneCount; c++) {
            if (!weighted[c]) {
                continue;
            }
            int d = 1;
            for (int a = parent[c]; a != Skeleton.NO_PARENT; a = parent[a], d++) {
                if (entry[a] < 0 && d < depth[a]) {
                    depth[a] = d;
                    best[a] = c;
                }
            }
        }
        return best;
    }

    private int[][] submeshBones(int[] indices, List<Submesh> submeshes) {
        int[][] result = new int[submeshes.size()][];
        boolean[] used = new boolean[boneCount];
        int[] seen = new int[vertexCount];
        Arrays.fill(seen, -1);
        for (int s = 0; s < result.length; s++) {
            Submesh sub = submeshes.get(s);
            for (int i = sub.firstIndex(), end = i + sub.indexCount(); i < end; i++) {
                int v = indices[i];
                if (seen[v] == s) {
                    continue;
                }
                seen[v] = s;
                for (int slot = v * influences, last = slot + influences; slot < last; slot++) {
                    if (weights[slot] > 0) {
                        used[joints[slot]] = true;
                    }
                }
            }
            int n = 0;
            for (boolean b : used) {
                n += b ? 1 : 0;
            }
            int[] bones = new int[n];
            n = 0;
            for (int u = 0; u < boneCount; u++) {
                if (used[u]) {
                    bones[n++] = u;
                    used[u] = false;
                }
            }
            result[s] = bones;
        }
        return result;
    }

    /** @return the name of universe bone {@code u}, quoted for messages */
    String quotedName(int u) {
        return Checks.quote(skeleton.boneName(bone[u]));
    }

    /** @return the name of universe bone {@code u} */
    String name(int u) {
        return skeleton.boneName(bone[u]);
    }
}
