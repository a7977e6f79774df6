package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.gltf.internal.BoneSelection;
import io.github.skinmesh.gltf.internal.NodeGraph;
import io.github.skinmesh.gltf.internal.Transforms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * What the writer will write, decided once before any output: the node of every bone and of every
 * part, the mesh each part's node gets (a skinned part's transform baked
 * into its vertices), each part's local matrix and glTF skin, the scene's roots, and the skins that
 * declare bones a reader would not otherwise find ({@link BoneSkin}). Building the plan validates
 * everything about the character that the writer needs beyond {@link Character}'s own checks, so
 * that a bad character fails before a byte is produced.
 *
 * <p>A part is written onto a bone's node when that is exact and it reads back under its own name:
 * a skinned part named like a bone (glTF ignores a skinned node's transform), a rigid part named
 * like its attach bone with the identity transform (that is how a mesh node that is itself a bone
 * reads back). Every other part gets a node of its own: a skinned part at the scene root without a
 * transform, a rigid part under its attach bone's node (or at the scene root) with its transform as
 * the node's matrix.
 *
 * <p>Node order is what a reader sees: parts in node order, bones parents first and otherwise in
 * node order. So bones keep their order, parts keep theirs, and a part's own node comes after the
 * bones unless a later part sits on a bone, in which case it comes just before that bone's node.
 * Without parts on bones this is node index = bone index, then the parts. A part on a bone whose
 * node an earlier part's must follow cannot keep its place (a warning says so). Immutable.
 */
final class ExportPlan {
    /**
     * How one part's node is written.
     *
     * @param part the part
     * @param mesh the mesh written for it: the part's mesh, or for a skinned part with a transform
     *     that mesh with the transform baked in
     * @param node its node index
     * @param onBone whether that node is a bone's own node
     * @param parent the node of the bone whose node is this part's own node's parent, or
     *     {@link Index#NONE} (on a bone's node, or at the scene root)
     * @param local its node's local matrix (16 floats, shared, read-only): the part's transform
     *     for a rigid part, the identity for a skinned one
     * @param trs when the local matrix is not exactly a TRS, its closest TRS (translation 3,
     *     rotation 4, scale 3 floats), written instead; else {@code null}
     * @param warnings what cannot be written exactly about this part, in the order found
     */
    record Placement(Part part, Mesh mesh, int node, boolean onBone, int parent, float[] local,
            float @Nullable [] trs, List<String> warnings) {
    }

    /**
     * A skin no mesh uses, written only to declare bones that a reader would not otherwise find in
     * the node hierarchy (see {@link BoneSelection}): helper bones outside every mesh skin's
     * hierarchy, the bones of a root with no joint, bones carrying a part. Arrays are shared and
     * must not be changed.
     *
     * @param bones its joints, bones of one tree in bone order (bone indices)
     * @param ibm {@code 16*bones.length} inverse bind matrices: the inverse rest model matrices, so
     *     the skin's bind pose is the rest pose (identity where a rest matrix is singular)
     */
    record BoneSkin(int[] bones, float[] ibm) {
    }

    private static final float[] IDENTITY = new Matrix4f().get(new float[16]);

    private final String sceneName;
    private final Skeleton skeleton;
    private final int[] boneNode;
    private final List<Placement> placements;
    private final Map<String, Integer> partNodes;
    private final int nodeCount;
    private final List<Integer> sceneRoots;
    private final List<BoneSkin> boneSkins;
    private final List<String> warnings;

    private ExportPlan(String sceneName, Skeleton skeleton, int[] boneNode, List<Placement> placements, Map<String, Integer> partNodes,
            int nodeCount, List<Integer> sceneRoots, List<BoneSkin> boneSkins, List<String> warnings) {
        this.sceneName = sceneName;
        this.skeleton = skeleton;
        this.boneNode = boneNode;
        this.placements = List.copyOf(placements);
        this.partNodes = Map.copyOf(partNodes);
        this.nodeCount = nodeCount;
        this.sceneRoots = List.copyOf(sceneRoots);
        this.boneSkins = List.copyOf(boneSkins);
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Plans an export and validates the character for it.
     *
     * @param character the character
     * @param options writing options
     * @return the plan
     * @throws ValidationException when a name written into the JSON is not well-formed UTF-16, a
     *     part has no triangles, a skinned part's palette has bones under two root bones, or a
     *     skinned part's transform cannot be baked (a position overflows)
     */
    static ExportPlan of(Character character, GltfWriteOptions options) {
        Skeleton skeleton = character.skeleton();
        TextCheck.names(character, options);
        List<String> notes = new ArrayList<>();
        if (!character.name().equals(skeleton.name())) {
            notes.add("character " + Checks.quote(character.name()) + ": skeleton name " + Checks.quote(skeleton.name())
                    + " not written (glTF has one scene name, the character's; reading the file back gives the "
                    + "skeleton that name)");
        }
        List<Part> parts = character.parts();
        int n = parts.size();
        Mesh[] meshes = new Mesh[n];
        float[][] locals = new float[n][];
        float[][] trss = new float[n][];
        int[] onBone = new int[n];
        List<List<String>> warnings = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Part part = parts.get(i);
            requireTriangles(part);
            List<String> w = new ArrayList<>();
            String where = "part " + Checks.quote(part.name());
            float[] local = part.isSkinned() ? IDENTITY : part.transformInto(new float[16], 0);
            Mesh mesh = part.mesh();
            if (part.isSkinned() && !part.hasIdentityTransform()) {
                mesh = mesh.transformed(part.transform(new Matrix4f()));
                w.add(where + ": transform baked into the mesh's vertices (glTF has no bind-shape matrix)");
            }
            if (mesh.hasDraws()) {
                w.add(where + ": mesh " + Checks.quote(mesh.name()) + " has draws (bone-palette partitions); "
                        + "glTF has no form for them, so each submesh is written whole with the skin's whole palette");
            }
            Skin skin = mesh.skin();
            if (skin != null) {
                requireCommonRoot(part, skeleton, ModelAccess.get().paletteNames(skin));
            }
            int named = skeleton.indexOf(part.name());
            boolean sits = named >= 0 && (part.isSkinned()
                    || (part.name().equals(part.attachBone()) && Transforms.isIdentity(local)));
            onBone[i] = sits ? named : Index.NONE;
            if (!sits) {
                if (named >= 0) {
                    w.add(where + ": named like a bone but not written onto it (it is not a rigid part on that bone "
                            + "with the identity transform); reading the file back gives the part a unique name");
                }
                trss[i] = closestTrs(where, local, w);
            }
            meshes[i] = mesh;
            locals[i] = local;
            warnings.add(w);
        }
        // node order: the reader lists parts in node order, and bones parents first, otherwise in node order;
        // bones keep their order, and a part's own node goes as late as the parts on bones after it allow
        int bones = skeleton.boneCount();
        int[] boneNode = new int[bones];
        int[] partNode = new int[n];
        int next = 0;
        int nextBone = 0;
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int b = onBone[i];
            if (b == Index.NONE) {
                pending.add(i);
                continue;
            }
            if (b < nextBone) {
                warnings.get(i).add("part " + Checks.quote(parts.get(i).name()) + ": written onto bone "
                        + Checks.quote(skeleton.boneName(b)) + ", whose node comes before an earlier part's; reading "
                        + "the file back lists the parts in node order");
                continue;
            }
            while (nextBone < b) {
                boneNode[nextBone++] = next++;
            }
            for (int q : pending) {
                partNode[q] = next++;
            }
            pending.clear();
            boneNode[nextBone++] = next++;
        }
        while (nextBone < bones) {
            boneNode[nextBone++] = next++;
        }
        for (int q : pending) {
            partNode[q] = next++;
        }
        List<Integer> sceneRoots = new ArrayList<>();
        for (int b = 0; b < bones; b++) {
            if (skeleton.parent(b) == Skeleton.NO_PARENT) {
                sceneRoots.add(boneNode[b]);
            }
        }
        List<Placement> placements = new ArrayList<>();
        Map<String, Integer> partNodes = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Part part = parts.get(i);
            boolean sits = onBone[i] != Index.NONE;
            int node = sits ? boneNode[onBone[i]] : partNode[i];
            int parent = sits || part.attachBone() == null ? Index.NONE : boneNode[skeleton.indexOf(part.attachBone())];
            if (!sits && parent == Index.NONE) {
                sceneRoots.add(node);
            }
            partNodes.put(part.name(), node);
            placements.add(new Placement(part, meshes[i], node, sits, parent, locals[i], trss[i],
                    List.copyOf(warnings.get(i))));
        }
        return new ExportPlan(character.name(), skeleton, boneNode, placements, partNodes, next, sceneRoots,
                boneSkins(character, boneNode, placements, next), notes);
    }

    /** @return {@code null} when the matrix is the identity or a TRS, else its closest TRS (with a warning) */
    private static float @Nullable [] closestTrs(String where, float[] local, List<String> warnings) {
        if (Transforms.isIdentity(local)) {
            return null;
        }
        float[] t = new float[3];
        float[] r = new float[4];
        float[] s = new float[3];
        if (Transforms.decompose(local, t, r, s)) {
            return null;
        }
        warnings.add(where + ": transform is not a translation-rotation-scale; written as its closest TRS");
        float[] trs = new float[10];
        System.arraycopy(t, 0, trs, 0, 3);
        System.arraycopy(r, 0, trs, 3, 4);
        System.arraycopy(s, 0, trs, 7, 3);
        return trs;
    }

    /** @return the scene's name: the character's */
    String sceneName() {
        return sceneName;
    }

    /** @return the skeleton */
    Skeleton skeleton() {
        return skeleton;
    }

    /**
     * @param bone bone index
     * @return its node index
     */
    int boneNode(int bone) {
        return boneNode[bone];
    }

    /** @return one placement per part, in the character's order */
    List<Placement> placements() {
        return placements;
    }

    /** @return the number of nodes: the bones and the parts not placed on a bone */
    int nodeCount() {
        return nodeCount;
    }

    /** @return what the plan could not keep about the character as a whole */
    List<String> warnings() {
        return warnings;
    }

    /**
     * @param part a part name of the character
     * @return its node
     */
    int partNode(String part) {
        Integer node = partNodes.get(part);
        assert node != null : "morph channel targets are checked by Character";
        return node;
    }

    /** @return the skins that declare bones a reader would not otherwise keep, one per tree that has such bones */
    List<BoneSkin> boneSkins() {
        return boneSkins;
    }

    /** @return the scene's root nodes, ascending */
    List<Integer> sceneRoots() {
        return sceneRoots.stream().sorted().toList();
    }

    /**
     * glTF requires the joints of a skin to share a root (the validator's SKIN_NO_COMMON_ROOT): a
     * palette with bones under two root bones cannot be written.
     */
    private static void requireCommonRoot(Part part, Skeleton skeleton, String[] names) {
        int first = skeleton.indexOf(names[0]);
        int root = rootOf(skeleton, first);
        for (int e = 1; e < names.length; e++) {
            int other = rootOf(skeleton, skeleton.indexOf(names[e]));
            if (other != root) {
                throw new ValidationException("GltfWriter: part " + Checks.quote(part.name()) + ": palette bones "
                        + Checks.quote(names[0]) + " and " + Checks.quote(names[e]) + " lie under different root "
                        + "bones (" + Checks.quote(skeleton.boneName(root)) + ", "
                        + Checks.quote(skeleton.boneName(other))
                        + "), expected one root: glTF requires the joints of a skin to have a common root");
            }
        }
    }

    private static int rootOf(Skeleton skeleton, int bone) {
        int b = bone;
        while (skeleton.parent(b) != Skeleton.NO_PARENT) {
            b = skeleton.parent(b);
        }
        return b;
    }

    /**
     * Replays the reader's bone rule ({@link BoneSelection}, default options) on the nodes this plan
     * writes, and declares every bone it would miss in a skin of its own, one per tree.
     */
    private static List<BoneSkin> boneSkins(Character character, int[] boneNode, List<Placement> placements,
            int nodeCount) {
        Skeleton skeleton = character.skeleton();
        int bones = skeleton.boneCount();
        int[] parents = new int[nodeCount];
        boolean[] hasMesh = new boolean[nodeCount];
        boolean[] skinned = new boolean[nodeCount];
        boolean[] animated = new boolean[nodeCount];
        for (int b = 0; b < bones; b++) {
            int p = skeleton.parent(b);
            parents[boneNode[b]] = p == Skeleton.NO_PARENT ? NodeGraph.NO_PARENT : boneNode[p];
        }
        List<int[]> joints = new ArrayList<>();
        for (Placement p : placements) {
            if (!p.onBone()) {
                parents[p.node()] = p.parent() == Index.NONE ? NodeGraph.NO_PARENT : p.parent();
            }
            hasMesh[p.node()] = true;
            Skin skin = p.mesh().skin();
            if (skin != null) {
                skinned[p.node()] = true;
                int[] j = new int[skin.paletteSize()];
                for (int e = 0; e < j.length; e++) {
                    j[e] = boneNode[skeleton.indexOf(skin.boneName(e))];
                }
                joints.add(j);
            }
        }
        for (AnimationClip clip : character.clips()) {
            for (BoneChannel c : clip.channels()) {
                animated[boneNode[skeleton.indexOf(c.bone())]] = true;
            }
        }
        int[] declared = new int[joints.size()];
        Arrays.fill(declared, Index.NONE);
        boolean[] kept = BoneSelection.select(NodeGraph.of(parents), hasMesh, skinned, joints.toArray(new int[0][]),
                declared, animated, false);
        for (Placement p : placements) {
            assert p.onBone() || !kept[p.node()] : "node " + p.node() + " of a part would read back as a bone";
        }
        Map<Integer, List<Integer>> missingByRoot = new LinkedHashMap<>();
        for (int b = 0; b < bones; b++) {
            if (!kept[boneNode[b]]) {
                missingByRoot.computeIfAbsent(rootOf(skeleton, b), r -> new ArrayList<>()).add(b);
            }
        }
        if (missingByRoot.isEmpty()) {
            return List.of();
        }
        float[] model = skeleton.restModelMatricesInto(new float[16 * bones], 0);
        List<BoneSkin> out = new ArrayList<>();
        for (List<Integer> group : missingByRoot.values()) {
            int[] b = new int[group.size()];
            float[] ibm = new float[16 * b.length];
            Matrix4d m = new Matrix4d();
            for (int k = 0; k < b.length; k++) {
                b[k] = group.get(k);
                m.set(new Matrix4f().set(model, 16 * b[k]));
                if (m.determinant() == 0 || !m.invert().isFinite()) {
                    m.identity();
                }
                m.get(ibm, 16 * k);
            }
            out.add(new BoneSkin(b, ibm));
        }
        return out;
    }

    /** A part whose mesh has no triangle at all cannot be a glTF mesh (one primitive at least). */
    private static void requireTriangles(Part part) {
        for (Submesh s : part.mesh().submeshes()) {
            if (s.indexCount() > 0) {
                return;
            }
        }
        throw new ValidationException("GltfWriter: part " + Checks.quote(part.name()) + ": mesh "
                + Checks.quote(part.mesh().name()) + " has no triangles, expected at least one non-empty submesh");
    }
}
