package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.internal.Transforms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the node hierarchy and the skins: every bone as a node with its rest TRS (default
 * components left out), every part's node (see {@link ExportPlan}), their children, one glTF
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
    /** Per node index, its object; filled as bones and parts are written, in any order. */
    private final ObjectNode[] slots;
    private final List<List<Integer>> children = new ArrayList<>();
    private final ArrayNode skins = f.arrayNode();
    private final Map<List<Object>, Integer> skinIndex = new HashMap<>();

    /** Writes the bones' nodes. */
    NodeExport(ExportPlan plan, AccessorWriter out) {
        this.plan = plan;
        this.skeleton = plan.skeleton();
        this.out = out;
        this.slots = new ObjectNode[plan.nodeCount()];
        for (int n = 0; n < slots.length; n++) {
            children.add(new ArrayList<>());
        }
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
            slots[plan.boneNode(b)] = node;
            int p = skeleton.parent(b);
            if (p != Skeleton.NO_PARENT) {
                children.get(plan.boneNode(p)).add(plan.boneNode(b));
            }
        }
    }

    /**
     * Writes a part's node (or finds its bone's node) with its mesh and skin.
     *
     * @param p the part's placement
     * @param mesh its mesh index
     * @param skin its skin index, or {@link Index#NONE}
     */
    void part(ExportPlan.Placement p, int mesh, int skin) {
        ObjectNode node;
        if (p.onBone()) {
            node = slots[p.node()];
        } else {
            node = f.objectNode();
            node.put("name", p.part().name());
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
            assert slots[p.node()] == null : "one part per own node";
            slots[p.node()] = node;
            if (p.parent() != Index.NONE) {
                children.get(p.parent()).add(p.node());
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
     * @param part the part it is for, for messages
     * @param palette the part's (written) mesh's skin: joints and inverse bind matrices
     * @return the skin index
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int skin(Part part, Skin palette) {
        ModelAccess.Bridge raw = ModelAccess.get();
        String[] names = raw.paletteNames(palette);
        float[] ibm = raw.inverseBindMatrices(palette);
        List<Object> key = List.of(Arrays.asList(names), new FloatKey(ibm));
        Integer index = skinIndex.get(key);
        if (index != null) {
            return index;
        }
        ObjectNode skin = f.objectNode();
        skin.put("inverseBindMatrices", out.floats("part " + Checks.quote(part.name())
                + ": skin inverse bind matrices", ibm, names.length, "MAT4", AccessorWriter.NO_TARGET, false));
        ArrayNode joints = skin.putArray("joints");
        int[] bones = new int[names.length];
        for (int e = 0; e < bones.length; e++) {
            bones[e] = skeleton.indexOf(names[e]);
            assert bones[e] != Index.NONE : "palette bones are checked by Character";
            joints.add(plan.boneNode(bones[e]));
        }
        int root = commonRoot(bones);
        if (root != Index.NONE) {
            skin.put("skeleton", plan.boneNode(root));
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
            joints.add(plan.boneNode(b));
        }
        int root = commonRoot(bones);
        assert root != Index.NONE : "the bones of one tree";
        json.put("skeleton", plan.boneNode(root));
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
        for (int n = 0; n < slots.length; n++) {
            assert slots[n] != null : "node " + n + " is a bone or a part's";
            if (!children.get(n).isEmpty()) {
                ArrayNode c = slots[n].putArray("children");
                children.get(n).forEach(c::add);
            }
            nodes.add(slots[n]);
        }
        if (!nodes.isEmpty()) {
            root.put("scene", 0);
            ObjectNode scene = root.putArray("scenes").addObject();
            if (!plan.sceneName().isEmpty()) {
                scene.put("name", plan.sceneName());
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
