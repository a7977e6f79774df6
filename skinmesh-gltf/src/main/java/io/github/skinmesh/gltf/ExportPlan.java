package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
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
 * What the writer will write, decided once before any output: the node of every bone (node index =
 * bone index) and of every mesh instance, each instance's local transform and glTF skin, the
 * scene's roots, and the skins that declare bones a reader would not otherwise find
 * ({@link BoneSkin}). Building the plan validates everything about the asset that the writer needs
 * beyond {@link GltfAsset}'s own checks, so that a bad asset fails before a byte is produced.
 *
 * <p>An instance named like its attach bone with an identity local matrix is written onto that
 * bone's node (that is how an animated mesh node reads back); every other instance gets a node of
 * its own under its attach bone's node (or at the scene root), in instance order (skinned, then
 * rigid). Immutable.
 */
final class ExportPlan {
    /**
     * The joint list of one glTF skin: the palette of an instance's primitives, or their union when
     * the primitives have different palettes (then {@link #remap} maps each primitive's palette into
     * it). Arrays are shared and must not be changed.
     *
     * @param names joint bone names, in joint order
     * @param ibm {@code 16*names.length} inverse bind matrices
     * @param remap per primitive, palette entry to joint, or {@code null} when every primitive has
     *     exactly this palette
     */
    record Palette(String[] names, float[] ibm, int @Nullable [][] remap) {
        /**
         * @param primitive primitive index
         * @return that primitive's palette entry to joint map, or {@code null} when it is the identity
         */
        int @Nullable [] remap(int primitive) {
            return remap == null ? null : remap[primitive];
        }
    }

    /**
     * How one instance's node is written.
     *
     * @param instance the instance
     * @param node its node index
     * @param onBone whether that node is its attach bone's own node
     * @param local its local matrix (16 floats, shared, read-only)
     * @param trs when the local matrix is not exactly a TRS, its closest TRS (translation 3,
     *     rotation 4, scale 3 floats), written instead; else {@code null}
     * @param palette its glTF skin, or {@code null} for a rigid instance
     * @param warnings what cannot be written exactly about this instance, in the order found
     */
    record Placement(MeshInstance instance, int node, boolean onBone, float[] local, float @Nullable [] trs,
            @Nullable Palette palette, List<String> warnings) {
    }

    /**
     * A skin no mesh uses, written only to declare bones that a reader would not otherwise find in
     * the node hierarchy (see {@link BoneSelection}): helper bones outside every mesh skin's
     * hierarchy, the bones of a root with no joint, bones carrying an instance. Arrays are shared
     * and must not be changed.
     *
     * @param bones its joints, bones of one tree in bone order
     * @param ibm {@code 16*bones.length} inverse bind matrices: the inverse rest model matrices, so
     *     the skin's bind pose is the rest pose (identity where a rest matrix is singular)
     */
    record BoneSkin(int[] bones, float[] ibm) {
    }

    private final Skeleton skeleton;
    private final List<Placement> placements;
    private final Map<String, Integer> instanceNodes;
    private final int nodeCount;
    private final List<Integer> sceneRoots;
    private final List<BoneSkin> boneSkins;

    private ExportPlan(Skeleton skeleton, List<Placement> placements, Map<String, Integer> instanceNodes,
            int nodeCount, List<Integer> sceneRoots, List<BoneSkin> boneSkins) {
        this.skeleton = skeleton;
        this.placements = List.copyOf(placements);
        this.instanceNodes = Map.copyOf(instanceNodes);
        this.nodeCount = nodeCount;
        this.sceneRoots = List.copyOf(sceneRoots);
        this.boneSkins = List.copyOf(boneSkins);
    }

    /**
     * Plans an export and validates the asset for it.
     *
     * @param asset the asset
     * @param options writing options
     * @return the plan
     * @throws ValidationException when a name written into the JSON is not well-formed UTF-16, an
     *     instance has no triangles, two primitives of an instance give one bone different
     *     inverse bind matrices, or an instance's palette has bones under two root bones
     */
    static ExportPlan of(GltfAsset asset, GltfWriteOptions options) {
        Skeleton skeleton = asset.skeleton();
        TextCheck.names(asset, options);
        List<Integer> sceneRoots = new ArrayList<>();
        for (int b = 0; b < skeleton.boneCount(); b++) {
            if (skeleton.parent(b) == Skeleton.NO_PARENT) {
                sceneRoots.add(b);
            }
        }
        List<Placement> placements = new ArrayList<>();
        Map<String, Integer> instanceNodes = new HashMap<>();
        int next = skeleton.boneCount();
        for (List<MeshInstance> list : List.of(asset.skinnedMeshes(), asset.rigidMeshes())) {
            for (MeshInstance m : list) {
                requireTriangles(m);
                List<String> warnings = new ArrayList<>();
                float[] local = m.localMatrixInto(new float[16], 0);
                int attach = m.attachBone();
                boolean onBone = attach != Skeleton.NO_PARENT && m.name().equals(skeleton.boneName(attach))
                        && Transforms.isIdentity(local);
                float[] trs = null;
                int node;
                if (onBone) {
                    node = attach;
                } else {
                    if (skeleton.indexOf(m.name()) >= 0) {
                        warnings.add("mesh instance " + Checks.quote(m.name()) + ": named like a bone but not written "
                                + "onto it (it is not that bone's instance with an identity local matrix); reading the "
                                + "file back gives the instance a unique name");
                    }
                    if (!Transforms.isIdentity(local)) {
                        float[] t = new float[3];
                        float[] r = new float[4];
                        float[] s = new float[3];
                        if (!Transforms.decompose(local, t, r, s)) {
                            warnings.add("mesh instance " + Checks.quote(m.name())
                                    + ": local matrix is not a translation-rotation-scale; written as its closest TRS");
                            trs = new float[10];
                            System.arraycopy(t, 0, trs, 0, 3);
                            System.arraycopy(r, 0, trs, 3, 4);
                            System.arraycopy(s, 0, trs, 7, 3);
                        }
                    }
                    node = next++;
                    if (attach == Skeleton.NO_PARENT) {
                        sceneRoots.add(node);
                    }
                }
                instanceNodes.put(m.name(), node);
                Palette palette = m.isSkinned() ? palette(m, warnings) : null;
                if (palette != null) {
                    requireCommonRoot(m, skeleton, palette);
                }
                placements.add(new Placement(m, node, onBone, local, trs, palette, List.copyOf(warnings)));
            }
        }
        return new ExportPlan(skeleton, placements, instanceNodes, next, sceneRoots,
                boneSkins(asset, placements, next));
    }

    /** @return the skeleton; bone {@code b} is node {@code b} */
    Skeleton skeleton() {
        return skeleton;
    }

    /** @return one placement per instance: skinned ones, then rigid ones, in the asset's order */
    List<Placement> placements() {
        return placements;
    }

    /** @return the number of nodes: the bones, then the instances not placed on a bone */
    int nodeCount() {
        return nodeCount;
    }

    /**
     * @param instance an instance name of the asset
     * @return its node
     */
    int instanceNode(String instance) {
        Integer node = instanceNodes.get(instance);
        assert node != null : "morph channel targets are checked by GltfAsset";
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
    private static void requireCommonRoot(MeshInstance m, Skeleton skeleton, Palette palette) {
        String[] names = palette.names();
        int first = skeleton.indexOf(names[0]);
        int root = rootOf(skeleton, first);
        for (int e = 1; e < names.length; e++) {
            int other = rootOf(skeleton, skeleton.indexOf(names[e]));
            if (other != root) {
                throw new ValidationException("GltfWriter: mesh instance " + Checks.quote(m.name()) + ": palette bones "
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
    private static List<BoneSkin> boneSkins(GltfAsset asset, List<Placement> placements, int nodeCount) {
        Skeleton skeleton = asset.skeleton();
        int bones = skeleton.boneCount();
        int[] parents = new int[nodeCount];
        boolean[] hasMesh = new boolean[nodeCount];
        boolean[] skinned = new boolean[nodeCount];
        boolean[] animated = new boolean[nodeCount];
        for (int b = 0; b < bones; b++) {
            parents[b] = skeleton.parent(b);
        }
        List<int[]> joints = new ArrayList<>();
        for (Placement p : placements) {
            if (!p.onBone()) {
                parents[p.node()] = p.instance().attachBone();
            }
            hasMesh[p.node()] = true;
            Palette palette = p.palette();
            if (palette != null) {
                skinned[p.node()] = true;
                int[] j = new int[palette.names().length];
                for (int e = 0; e < j.length; e++) {
                    j[e] = skeleton.indexOf(palette.names()[e]);
                }
                joints.add(j);
            }
        }
        for (AnimationClip clip : asset.clips()) {
            for (BoneChannel c : clip.channels()) {
                animated[skeleton.indexOf(c.bone())] = true;
            }
        }
        int[] declared = new int[joints.size()];
        Arrays.fill(declared, Index.NONE);
        boolean[] kept = BoneSelection.select(NodeGraph.of(parents), hasMesh, skinned, joints.toArray(new int[0][]),
                declared, animated, false);
        for (int x = bones; x < nodeCount; x++) {
            assert !kept[x] : "node " + x + " of an instance would read back as a bone";
        }
        Map<Integer, List<Integer>> missingByRoot = new LinkedHashMap<>();
        for (int b = 0; b < bones; b++) {
            if (!kept[b]) {
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

    /** An instance whose primitives have no triangle at all cannot be a glTF mesh (one primitive at least). */
    private static void requireTriangles(MeshInstance m) {
        for (Mesh p : m.primitives()) {
            for (Submesh s : p.submeshes()) {
                if (s.indexCount() > 0) {
                    return;
                }
            }
        }
        throw new ValidationException("GltfWriter: mesh instance " + Checks.quote(m.name())
                + " has no triangles, expected at least one non-empty submesh");
    }

    private static Palette palette(MeshInstance m, List<String> warnings) {
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
}
