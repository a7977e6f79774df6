package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.gltf.internal.Transforms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the writer will write, decided once before any output: the node of every bone (node index =
 * bone index) and of every mesh instance, each instance's local transform and glTF skin, and the
 * scene's roots. Building the plan validates everything about the asset that the writer needs
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

    private final Skeleton skeleton;
    private final List<Placement> placements;
    private final Map<String, Integer> instanceNodes;
    private final int nodeCount;
    private final List<Integer> sceneRoots;

    private ExportPlan(Skeleton skeleton, List<Placement> placements, Map<String, Integer> instanceNodes,
            int nodeCount, List<Integer> sceneRoots) {
        this.skeleton = skeleton;
        this.placements = List.copyOf(placements);
        this.instanceNodes = Map.copyOf(instanceNodes);
        this.nodeCount = nodeCount;
        this.sceneRoots = List.copyOf(sceneRoots);
    }

    /**
     * Plans an export and validates the asset for it.
     *
     * @param asset the asset
     * @param options writing options
     * @return the plan
     * @throws ValidationException when a name written into the JSON is not well-formed UTF-16, an
     *     instance has no triangles, or two primitives of an instance give one bone different
     *     inverse bind matrices
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
                placements.add(new Placement(m, node, onBone, local, trs, palette, List.copyOf(warnings)));
            }
        }
        return new ExportPlan(skeleton, placements, instanceNodes, next, sceneRoots);
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

    /** @return the scene's root nodes, ascending */
    List<Integer> sceneRoots() {
        return sceneRoots.stream().sorted().toList();
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
