package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.internal.Transforms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the node hierarchy and the skins: every bone as a node with its rest TRS (default
 * components left out), every instance's node (see {@link ExportPlan}), their children, one glTF
 * skin per distinct joint list and inverse bind matrices, whose {@code skeleton} is the joints'
 * closest common root, and the skins that declare bones no mesh skin reaches
 * ({@link ExportPlan.BoneSkin}). Not thread-safe; one per export.
 */
final class NodeExport {
    private final JsonNodeFactory f = JsonNodeFactory.instance;
    private final ExportPlan plan;
    private final Skeleton skeleton;
    private final AccessorWriter out;
    private final ArrayNode nodes = f.arrayNode();
    private final List<List<Integer>> children = new ArrayList<>();
    private final ArrayNode skins = f.arrayNode();
    private final Map<List<Object>, Integer> skinIndex = new HashMap<>();

    /** Writes the bones' nodes. */
    NodeExport(ExportPlan plan, AccessorWriter out) {
        this.plan = plan;
        this.skeleton = plan.skeleton();
        this.out = out;
        int bones = skeleton.boneCount();
        float[] t = skeleton.restTranslationsInto(new float[3 * bones], 0);
        float[] r = skeleton.restRotationsInto(new float[4 * bones], 0);
        float[] s = skeleton.restScalesInto(new float[3 * bones], 0);
        for (int b = 0; b < bones; b++) {
            ObjectNode node = f.objectNode();
            node.put("name", skeleton.boneName(b));
            JsonOut.vector(node, "translation", t, 3 * b, 3, JsonOut.ZERO3);
            JsonOut.vector(node, "rotation", r, 4 * b, 4, JsonOut.IDENTITY_ROTATION);
            JsonOut.vector(node, "scale", s, 3 * b, 3, JsonOut.ONE3);
            addNode(node);
            int p = skeleton.parent(b);
            if (p != Skeleton.NO_PARENT) {
                children.get(p).add(b);
            }
        }
    }

    private int addNode(ObjectNode node) {
        nodes.add(node);
        children.add(new ArrayList<>());
        return nodes.size() - 1;
    }

    /**
     * Writes an instance's node (or finds its bone's node) with its mesh and skin.
     *
     * @param p the instance's placement
     * @param mesh its mesh index
     * @param skin its skin index, or {@link Index#NONE}
     */
    void instance(ExportPlan.Placement p, int mesh, int skin) {
        ObjectNode node;
        if (p.onBone()) {
            node = (ObjectNode) nodes.get(p.node());
        } else {
            node = f.objectNode();
            node.put("name", p.instance().name());
            float[] trs = p.trs();
            if (trs != null) {
                JsonOut.vector(node, "translation", trs, 0, 3, JsonOut.ZERO3);
                JsonOut.vector(node, "rotation", trs, 3, 4, JsonOut.IDENTITY_ROTATION);
                JsonOut.vector(node, "scale", trs, 7, 3, JsonOut.ONE3);
            } else if (!Transforms.isIdentity(p.local())) {
                ArrayNode a = node.putArray("matrix");
                for (float v : p.local()) {
                    a.addRawValue(JsonOut.num(v));
                }
            }
            int index = addNode(node);
            assert index == p.node() : "instance nodes are added in plan order";
            int attach = p.instance().attachBone();
            if (attach != Skeleton.NO_PARENT) {
                children.get(attach).add(index);
            }
        }
        node.put("mesh", mesh);
        if (skin != Index.NONE) {
            node.put("skin", skin);
        }
    }

    /**
     * Writes a skin unless one with the same joints and inverse bind matrices was written.
     *
     * @param instance the instance it is for, for messages
     * @param palette the joints and their inverse bind matrices
     * @return the skin index
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int skin(MeshInstance instance, ExportPlan.Palette palette) {
        List<Object> key = List.of(Arrays.asList(palette.names()), new FloatKey(palette.ibm()));
        Integer index = skinIndex.get(key);
        if (index != null) {
            return index;
        }
        ObjectNode skin = f.objectNode();
        skin.put("inverseBindMatrices", out.floats("mesh instance " + Checks.quote(instance.name())
                + ": skin inverse bind matrices", palette.ibm(), palette.names().length, "MAT4",
                AccessorWriter.NO_TARGET, false));
        ArrayNode joints = skin.putArray("joints");
        int[] bones = new int[palette.names().length];
        for (int e = 0; e < bones.length; e++) {
            bones[e] = skeleton.indexOf(palette.names()[e]);
            assert bones[e] != Index.NONE : "palette bones are checked by GltfAsset";
            joints.add(bones[e]);
        }
        int root = commonRoot(bones);
        if (root != Index.NONE) {
            skin.put("skeleton", root);
        }
        skins.add(skin);
        skinIndex.put(key, skins.size() - 1);
        return skins.size() - 1;
    }

    /**
     * Writes a skin that only declares bones (see {@link ExportPlan.BoneSkin}).
     *
     * @param skin its joints and inverse bind matrices
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    void boneSkin(ExportPlan.BoneSkin skin) {
        int[] bones = skin.bones();
        ObjectNode json = f.objectNode();
        json.put("inverseBindMatrices", out.floats("skin of bone " + Checks.quote(skeleton.boneName(bones[0]))
                + ": inverse bind matrices", skin.ibm(), bones.length, "MAT4", AccessorWriter.NO_TARGET, false));
        ArrayNode joints = json.putArray("joints");
        for (int b : bones) {
            joints.add(b);
        }
        int root = commonRoot(bones);
        assert root != Index.NONE : "the bones of one tree";
        json.put("skeleton", root);
        skins.add(json);
    }

    /**
     * The deepest bone that is an ancestor-or-self of every given bone, or {@link Index#NONE} when
     * they lie in different trees. Linear: the chain above the first bone is numbered by depth,
     * and every other climb stops at the first bone already reached (memoized).
     */
    private int commonRoot(int[] bones) {
        int n = skeleton.boneCount();
        int[] meets = new int[n]; // depth on the first bone's chain where a climb from here lands, -1 unknown
        Arrays.fill(meets, -1);
        List<Integer> chain = new ArrayList<>();
        for (int x = bones[0]; x != Skeleton.NO_PARENT; x = skeleton.parent(x)) {
            chain.add(x);
        }
        for (int k = 0; k < chain.size(); k++) {
            meets[chain.get(k)] = chain.size() - 1 - k;
        }
        int best = chain.size() - 1;
        int[] path = new int[n];
        for (int b : bones) {
            int len = 0;
            int x = b;
            while (x != Skeleton.NO_PARENT && meets[x] < 0) {
                path[len++] = x;
                x = skeleton.parent(x);
            }
            if (x == Skeleton.NO_PARENT) {
                return Index.NONE;
            }
            for (int k = 0; k < len; k++) {
                meets[path[k]] = meets[x];
            }
            best = Math.min(best, meets[x]);
        }
        return chain.get(chain.size() - 1 - best);
    }

    /**
     * Adds the children lists to the nodes and the scene to the root.
     *
     * @param root the document root
     */
    void finish(ObjectNode root) {
        assert nodes.size() == plan.nodeCount();
        for (int n = 0; n < nodes.size(); n++) {
            if (!children.get(n).isEmpty()) {
                ArrayNode c = ((ObjectNode) nodes.get(n)).putArray("children");
                children.get(n).forEach(c::add);
            }
        }
        if (!nodes.isEmpty()) {
            root.put("scene", 0);
            ObjectNode scene = root.putArray("scenes").addObject();
            if (!skeleton.name().isEmpty()) {
                scene.put("name", skeleton.name());
            }
            ArrayNode sn = scene.putArray("nodes");
            plan.sceneRoots().forEach(sn::add);
        }
    }

    /** @return the {@code nodes} array */
    ArrayNode nodes() {
        return nodes;
    }

    /** @return the {@code skins} array */
    ArrayNode skins() {
        return skins;
    }
}
