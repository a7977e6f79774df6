package io.github.skinmesh.cli;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.validate.Severity;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.PartSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.jspecify.annotations.Nullable;

/**
 * The transform checks of {@code skinmesh inspect}: node transforms that are singular or overflow
 * float at rest ({@link ProblemCode#NODE_TRANSFORM_SINGULAR}, {@link ProblemCode#NODE_TRANSFORM_OVERFLOW})
 * and animation keys that make a model matrix or a skinned part overflow
 * ({@link ProblemCode#ANIMATION_KEYS_OVERFLOW}).
 *
 * <p>Model matrices come from core's {@link ClipSampler} and {@link PoseEvaluation}, skin matrices
 * from {@link PoseEvaluation}, in float as posing computes them ({@link
 * io.github.skinmesh.core.anim.CharacterPoser} evaluates a pose with the same calls, but refuses one
 * that overflows, which is what these checks look for). The nodes checked are those that place
 * something: every bone, and every node with a mesh (a skinned node through its bone and node
 * matrix, a rigid one through its attach bone and transform, see {@link PartSource}). Each cause is
 * reported once, at the topmost node it shows at: a node whose world matrix is singular (or not
 * finite) below a parent whose is not. Whether a mesh overflows is decided on the corners of its
 * bind-pose box: an affine map takes each coordinate's extremes over a box at its corners, and
 * skinning blends such images with weights summing to 1, so if no corner overflows, no vertex does
 * (morph targets aside). Animations are checked at every key time of their bone channels, ignoring
 * what already overflows at rest; the first overflow of a clip is reported.
 *
 * <p>Allocates per bone and per distinct mesh; work is linear in (bones + palette entries) x key
 * times. Stateless; thread-safe.
 */
final class TransformChecks {
    /** Corners of a box, {@code 3*8} floats. */
    private static final int CORNER_FLOATS = 24;

    private TransformChecks() {
    }

    /**
     * Model matrices of the rest pose, as posing computes them.
     *
     * @param skeleton the skeleton
     * @return {@code 16*boneCount} floats, column-major
     */
    static float[] restModelMatrices(Skeleton skeleton) {
        return PoseEvaluation.modelMatricesInto(skeleton, Pose.rest(skeleton), new float[16 * skeleton.boneCount()]);
    }

    /**
     * Runs every check.
     *
     * @param asset the file read
     * @return the problems, rest-pose node problems first (bones, then mesh nodes, in order), then one
     *     per animation that overflows, in clip order
     */
    static List<InspectProblem> check(GltfAsset asset) {
        Skeleton s = asset.skeleton();
        int bones = s.boneCount();
        float[] model = restModelMatrices(s);
        boolean[] finite = new boolean[bones];
        float[] det = new float[bones];
        Matrix4f m = new Matrix4f();
        for (int b = 0; b < bones; b++) {
            finite[b] = allFinite(model, 16 * b, 16);
            det[b] = m.set(model, 16 * b).determinant();
        }
        List<InspectProblem> out = new ArrayList<>();
        Map<Integer, Integer> problemOfNode = new HashMap<>();
        for (int b = 0; b < bones; b++) {
            int p = s.parent(b);
            boolean parentFinite = p == Skeleton.NO_PARENT || finite[p];
            boolean parentRegular = p == Skeleton.NO_PARENT || det[p] != 0f;
            int node = asset.nodeOfBone(b);
            String subject = "node " + node + " '" + s.boneName(b) + "'";
            if (!finite[b] && parentFinite) {
                problemOfNode.put(node, out.size());
                out.add(new InspectProblem(ProblemCode.NODE_TRANSFORM_OVERFLOW, Severity.ERROR, "/nodes/" + node,
                        subject, "", "its world matrix at rest overflows float" + (p == Skeleton.NO_PARENT ? ""
                                : ", its parent's does not") + "; " + largestRestValue(asset, b)));
            } else if (finite[b] && det[b] == 0f && parentFinite && parentRegular) {
                problemOfNode.put(node, out.size());
                out.add(new InspectProblem(ProblemCode.NODE_TRANSFORM_SINGULAR, Severity.WARNING, "/nodes/" + node,
                        subject, "", singularBone(s, b)));
            }
        }
        Meshes meshes = new Meshes(asset, model);
        for (int i = 0; i < asset.parts().size(); i++) {
            placement(asset, i, model, finite, det, meshes, out, problemOfNode);
        }
        for (int c = 0; c < asset.clips().size(); c++) {
            InspectProblem p = keys(asset, c, finite, meshes);
            if (p != null) {
                out.add(p);
            }
        }
        return out;
    }

    /** Checks where a part's node sits, and its mesh's vertices, at rest. */
    private static void placement(GltfAsset asset, int i, float[] model, boolean[] finite, float[] det,
            Meshes meshes, List<InspectProblem> out, Map<Integer, Integer> problemOfNode) {
        Skeleton s = asset.skeleton();
        Part part = asset.parts().get(i);
        PartSource src = asset.source(i);
        int node = src.node();
        String subject = "node " + node + " '" + part.name() + "'";
        String pointer = "/nodes/" + node;
        int parentBone;
        Matrix4f local = new Matrix4f();
        if (part.isSkinned()) {
            parentBone = src.nodeBone();
            src.nodeMatrix(local);
        } else {
            String attach = part.attachBone();
            parentBone = attach == null ? Index.NONE : s.indexOf(attach);
            part.transform(local);
        }
        boolean parentFinite = parentBone == Index.NONE || finite[parentBone];
        boolean parentRegular = parentBone == Index.NONE || det[parentBone] != 0f;
        Matrix4f world = parentBone == Index.NONE ? new Matrix4f(local)
                : new Matrix4f().set(model, 16 * parentBone).mul(local);
        float[] w = world.get(new float[16]);
        boolean worldFinite = allFinite(w, 0, 16);
        float worldDet = world.determinant();
        boolean nodeIsBone = asset.boneOfNode(node) != Index.NONE && asset.boneOfNode(node) == parentBone;
        String relative = parentBone == Index.NONE ? "" : " relative to bone '" + s.boneName(parentBone) + "'";
        if (!nodeIsBone && parentFinite && !worldFinite) {
            problemOfNode.put(node, out.size());
            out.add(new InspectProblem(ProblemCode.NODE_TRANSFORM_OVERFLOW, Severity.ERROR, pointer, subject, "",
                    "its world matrix at rest overflows float; its matrix" + relative + " is " + matrix(local)
                            + (parentBone == Index.NONE ? "" : "; " + largestRestValue(asset, parentBone))));
            return;
        }
        if (!nodeIsBone && parentFinite && parentRegular && worldFinite && worldDet == 0f) {
            problemOfNode.put(node, out.size());
            out.add(new InspectProblem(ProblemCode.NODE_TRANSFORM_SINGULAR, Severity.WARNING, pointer, subject, "",
                    "its world matrix at rest is singular (determinant 0 in float); its matrix" + relative + " is "
                            + matrix(local)));
        }
        if (!worldFinite) {
            return; // reported where it starts
        }
        if (part.isSkinned() && worldDet == 0f) {
            int origin = node;
            if (parentBone != Index.NONE && det[parentBone] == 0f) {
                int b = parentBone;
                while (s.parent(b) != Skeleton.NO_PARENT && det[s.parent(b)] == 0f && finite[s.parent(b)]) {
                    b = s.parent(b);
                }
                origin = asset.nodeOfBone(b);
            }
            Integer at = problemOfNode.get(origin);
            if (at != null) {
                InspectProblem p = out.get(at);
                out.set(at, new InspectProblem(p.code(), Severity.ERROR, p.pointer(), p.subject(), p.element(),
                        p.message() + "; so skinned mesh " + subject + " has no model space (inverse of its world "
                                + "matrix)"));
            }
        } else if (part.isSkinned() && !Float.isFinite(worldDet)) {
            out.add(new InspectProblem(ProblemCode.NODE_TRANSFORM_OVERFLOW, Severity.ERROR, pointer, subject, "",
                    "the determinant of its world matrix at rest overflows float, so its model space (inverse of its "
                            + "world matrix) cannot be computed"));
        }
        String overflow = meshes.overflow(i, model, finite);
        if (overflow != null) {
            out.add(new InspectProblem(ProblemCode.NODE_TRANSFORM_OVERFLOW, Severity.ERROR, pointer, subject, "",
                    "at rest, " + overflow));
        }
    }

    /** Checks one clip at every key time; returns its first overflow, or {@code null}. */
    private static @Nullable InspectProblem keys(GltfAsset asset, int c, boolean[] finiteAtRest, Meshes meshes) {
        AnimationClip clip = asset.clips().get(c);
        Skeleton s = asset.skeleton();
        TreeSet<Float> times = new TreeSet<>();
        for (BoneChannel ch : clip.channels()) {
            for (float t : ch.times()) {
                times.add(t);
            }
        }
        if (times.isEmpty()) {
            return null;
        }
        ClipSampler sampler = ClipSampler.bind(clip, s);
        Pose pose = Pose.rest(s);
        float[] model = new float[16 * s.boneCount()];
        boolean[] finite = new boolean[s.boneCount()];
        String subject = "animation " + c + " '" + clip.name() + "'";
        int stamp = 0;
        for (float t : times) {
            stamp++;
            sampler.sample(t, pose);
            PoseEvaluation.modelMatricesInto(s, pose, model);
            for (int b = 0; b < finite.length; b++) {
                finite[b] = allFinite(model, 16 * b, 16);
            }
            for (int b = 0; b < finite.length; b++) {
                int p = s.parent(b);
                if (finiteAtRest[b] && !finite[b] && (p == Skeleton.NO_PARENT || finite[p])) {
                    return new InspectProblem(ProblemCode.ANIMATION_KEYS_OVERFLOW, Severity.ERROR, "/animations/" + c,
                            subject, "", "at " + t + " s the model matrix of bone '" + s.boneName(b) + "' (node "
                                    + asset.nodeOfBone(b) + ") overflows float" + (p == Skeleton.NO_PARENT ? ""
                                            : ", its parent's does not") + "; " + largestKey(s, clip, b));
                }
            }
            if (!meshes.mayOverflow(model, finite)) {
                continue; // no part's check below would find anything at this time
            }
            for (int i = 0; i < asset.parts().size(); i++) {
                String overflow = meshes.overflowUnderClip(i, model, finite, stamp);
                if (overflow != null) {
                    Part part = asset.parts().get(i);
                    return new InspectProblem(ProblemCode.ANIMATION_KEYS_OVERFLOW, Severity.ERROR, "/animations/" + c,
                            subject, "", "at " + t + " s, on node " + asset.source(i).node() + " '" + part.name()
                                    + "', " + overflow);
                }
            }
        }
        return null;
    }

    /** The largest key value of the clip's channels on a bone and its ancestors, naming bone and path. */
    private static String largestKey(Skeleton s, AnimationClip clip, int bone) {
        float largest = -1;
        String where = "";
        for (BoneChannel ch : clip.channels()) {
            int b = s.indexOf(ch.bone());
            if (b < 0 || !isAncestorOrSelf(s, b, bone)) {
                continue;
            }
            for (float v : ch.values()) {
                if (Math.abs(v) > largest) {
                    largest = Math.abs(v);
                    where = "bone '" + ch.bone() + "' " + ch.path().name().toLowerCase(Locale.ROOT);
                }
            }
        }
        return largest < 0 ? "no channel moves it or its ancestors; their rest transforms are too large with the "
                + "clip's other bones" : "the largest key on it and its ancestors is " + largest + " (" + where + ")";
    }

    private static boolean isAncestorOrSelf(Skeleton s, int ancestor, int bone) {
        for (int b = bone; b != Skeleton.NO_PARENT; b = s.parent(b)) {
            if (b == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * Names the largest rest translation or scale component from the root down to a bone, where an
     * overflow most likely comes from.
     */
    private static String largestRestValue(GltfAsset asset, int bone) {
        Skeleton s = asset.skeleton();
        Vector3f t = new Vector3f();
        Vector3f sc = new Vector3f();
        float largest = -1;
        String where = "";
        for (int b = bone; b != Skeleton.NO_PARENT; b = s.parent(b)) {
            s.restTranslation(b, t);
            s.restScale(b, sc);
            float[][] values = {{t.x, t.y, t.z}, {sc.x, sc.y, sc.z}};
            for (int k = 0; k < 2; k++) {
                for (float v : values[k]) {
                    if (Math.abs(v) > largest) {
                        largest = Math.abs(v);
                        where = (k == 0 ? "translation" : "scale") + " of node " + asset.nodeOfBone(b) + " '"
                                + s.boneName(b) + "'";
                    }
                }
            }
        }
        return "the largest rest translation or scale component from the root down to node "
                + asset.nodeOfBone(bone) + " is " + largest + " (" + where + ")";
    }

    private static String singularBone(Skeleton s, int b) {
        Vector3f scale = s.restScale(b, new Vector3f());
        if (scale.x == 0f || scale.y == 0f || scale.z == 0f) {
            return "its scale " + vector(scale.x, scale.y, scale.z) + " makes its world matrix at rest singular "
                    + "(determinant 0)";
        }
        if (s.restLocalMatrix(b, new Matrix4f()).determinant() == 0f) {
            return "its matrix makes its world matrix at rest singular (determinant 0)";
        }
        return "its world matrix at rest is singular in float (the determinant underflows to 0); " + restTransform(s, b);
    }

    private static String restTransform(Skeleton s, int b) {
        Vector3f t = s.restTranslation(b, new Vector3f());
        Vector3f sc = s.restScale(b, new Vector3f());
        return "translation " + vector(t.x, t.y, t.z) + ", scale " + vector(sc.x, sc.y, sc.z);
    }

    static String vector(float... v) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(v[i]);
        }
        return sb.append(')').toString();
    }

    /** The 3x4 affine part of a matrix, row by row. */
    private static String matrix(Matrix4f m) {
        return "[" + vector(m.m00(), m.m10(), m.m20(), m.m30()) + ", " + vector(m.m01(), m.m11(), m.m21(), m.m31())
                + ", " + vector(m.m02(), m.m12(), m.m22(), m.m32()) + "]";
    }

    static boolean allFinite(float[] a, int offset, int n) {
        for (int i = offset; i < offset + n; i++) {
            if (!Float.isFinite(a[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * The corners of each part's bind-pose box and what moves them: per distinct skinned mesh its
     * palette and the entries some vertex weights; per rigid part its attach bone and transform.
     * Parts that share a skinned mesh share its entry (skinned parts have no placement of their own),
     * so a file with many instances of one mesh costs one check per time.
     */
    private static final class Meshes {
        private final GltfAsset asset;
        private final IdentityHashMap<Mesh, Skinned> skinned = new IdentityHashMap<>();
        /** Per part: its skinned mesh's entry, or {@code null} for a rigid part. */
        private final Skinned[] skinnedOfPart;
        /** Per part: the corners of its (transformed, for a rigid part) bind-pose box, or {@code null}. */
        private final float[][] rigidCorners;
        private final int[] attachBone;
        /** Per part: whether it already overflows at rest (checked once, not again under clips). */
        private final boolean[] overflowsAtRest;
        /** See {@link #rigidBoxesOfBones()}; {@code null} until first used. */
        private float @Nullable [][] rigidBoxes;
        /** Whether a rigid part checked under clips has a box corner its own transform takes out of float. */
        private boolean rigidCornerOverflows;

        /** A skinned mesh: its palette's bones and used entries, and its bind-pose box corners. */
        private static final class Skinned {
            final Skin skin;
            final int @Nullable [] paletteBones;
            final boolean[] used;
            final float @Nullable [] corners;
            final float[] palette;
            boolean checked;
            /** Whether skinning it overflows at rest (its parts are not checked again under clips). */
            boolean overflowsAtRest;
            int stamp;

            Skinned(Skin skin, Skeleton skeleton, Bounds box) {
                this.skin = skin;
                int[] bones;
                try {
                    bones = skin.bind(skeleton);
                } catch (ValidationException e) {
                    bones = null; // validation reports the missing bone
                }
                this.paletteBones = bones;
                this.used = InspectCommand.weightedEntries(skin);
                this.corners = corners(box);
                this.palette = new float[16 * skin.paletteSize()];
            }
        }

        Meshes(GltfAsset asset, float[] restModel) {
            this.asset = asset;
            int parts = asset.parts().size();
            skinnedOfPart = new Skinned[parts];
            rigidCorners = new float[parts][];
            attachBone = new int[parts];
            overflowsAtRest = new boolean[parts];
            Skeleton s = asset.skeleton();
            float[] t = new float[16];
            for (int i = 0; i < parts; i++) {
                Part part = asset.parts().get(i);
                Mesh mesh = part.mesh();
                Skin skin = mesh.skin();
                if (skin != null) {
                    skinnedOfPart[i] = skinned.computeIfAbsent(mesh, k -> new Skinned(skin, s, k.bounds()));
                } else {
                    String attach = part.attachBone();
                    attachBone[i] = attach == null ? Index.NONE : s.indexOf(attach);
                    float[] c = corners(mesh.bounds());
                    if (c != null) {
                        part.transformInto(t, 0);
                        for (int k = 0; k < c.length; k += 3) {
                            transform(t, 0, c, k, c, k);
                        }
                    }
                    rigidCorners[i] = c;
                }
            }
        }

        /**
         * @return at rest, what overflows when the part's vertices are placed or skinned, or {@code null};
         *     parts that share a skinned mesh are checked once
         */
        @Nullable String overflow(int part, float[] model, boolean[] finite) {
            Skinned sk = skinnedOfPart[part];
            if (sk != null && sk.checked) {
                return null;
            }
            if (sk != null) {
                sk.checked = true;
            }
            String o = overflowUnderClip(part, model, finite, 0);
            overflowsAtRest[part] = o != null;
            if (sk != null && o != null) {
                sk.overflowsAtRest = true;
                for (int i = 0; i < skinnedOfPart.length; i++) {
                    overflowsAtRest[i] |= skinnedOfPart[i] == sk;
                }
            }
            return o;
        }

        /**
         * @param stamp a number that changes with the model matrices (a key time's index, from 1): a
         *     skinned mesh already checked with the current stamp is not checked again for another part
         *     that uses it; 0 checks always
         * @return what overflows when the part's vertices are placed or skinned with these model
         *     matrices, or {@code null}; bones whose model matrix is not finite are skipped (their own
         *     problem), as are parts that overflow at rest
         */
        @Nullable String overflowUnderClip(int part, float[] model, boolean[] finite, int stamp) {
            if (overflowsAtRest[part]) {
                return null;
            }
            Skinned sk = skinnedOfPart[part];
            if (sk != null) {
                if (stamp != 0 && sk.stamp == stamp) {
                    return null;
                }
                sk.stamp = stamp;
                return skinnedOverflow(sk, model, finite);
            }
            float[] c = rigidCorners[part];
            int b = attachBone[part];
            if (c == null) {
                return null;
            }
            if (!allFinite(c, 0, CORNER_FLOATS)) {
                return "placing its vertices overflows float: its transform moves a corner of their box to "
                        + vector(Arrays.copyOf(firstNonFinite(c), 3));
            }
            if (b == Index.NONE || !finite[b]) {
                return null;
            }
            return rigidOverflow(c, b, model);
        }

        /**
         * Whether some part might overflow with these model matrices, found cheaply: each distinct
         * skinned mesh is checked once, and the rigid parts on one bone together, through the box
         * around all their corners (an affine map takes each coordinate's extremes over that box at its
         * corners, so no corner of a part inside it goes further). When it says no, no part's own check
         * would find an overflow either, so a clip costs (key times x (bones + distinct meshes)) rather
         * than (key times x parts); parts that overflow at rest are left out, as their checks skip them.
         */
        boolean mayOverflow(float[] model, boolean[] finite) {
            for (Skinned sk : skinned.values()) {
                if (!sk.overflowsAtRest && skinnedOverflow(sk, model, finite) != null) {
                    return true;
                }
            }
            float[][] boxes = rigidBoxesOfBones();
            if (rigidCornerOverflows) {
                return true;
            }
            for (int b = 0; b < boxes.length; b++) {
                if (boxes[b] != null && finite[b] && rigidOverflow(boxes[b], b, model) != null) {
                    return true;
                }
            }
            return false;
        }

        /**
         * @return per bone, the corners of the box around the corners of the rigid parts on it that do not
         *     overflow at rest, or {@code null} when it carries none; made on first use, after the rest
         *     checks, which also sets {@link #rigidCornerOverflows}
         */
        private float[][] rigidBoxesOfBones() {
            if (rigidBoxes == null) {
                Bounds[] boxes = new Bounds[asset.skeleton().boneCount()];
                for (int i = 0; i < rigidCorners.length; i++) {
                    float[] c = rigidCorners[i];
                    int b = attachBone[i];
                    if (skinnedOfPart[i] != null || c == null || overflowsAtRest[i]) {
                        continue;
                    }
                    if (!allFinite(c, 0, CORNER_FLOATS)) {
                        rigidCornerOverflows = true; // its own check reports that whatever the pose
                    } else if (b != Index.NONE) {
                        Bounds box = Bounds.of(c, 0, CORNER_FLOATS / 3);
                        boxes[b] = boxes[b] == null ? box : boxes[b].union(box);
                    }
                }
                rigidBoxes = new float[boxes.length][];
                for (int b = 0; b < boxes.length; b++) {
                    rigidBoxes[b] = boxes[b] == null ? null : corners(boxes[b]);
                }
            }
            return rigidBoxes;
        }

        /** @return what overflows when the mesh is skinned with these model matrices, or {@code null} */
        private static @Nullable String skinnedOverflow(Skinned sk, float[] model, boolean[] finite) {
            if (sk.corners == null || sk.paletteBones == null) {
                return null;
            }
            float[] p = new float[3];
            PoseEvaluation.skinMatricesInto(sk.skin, sk.paletteBones, model, sk.palette);
            for (int e = 0; e < sk.used.length; e++) {
                if (!sk.used[e] || !finite[sk.paletteBones[e]]) {
                    continue;
                }
                for (int k = 0; k < CORNER_FLOATS; k += 3) {
                    transform(sk.palette, 16 * e, sk.corners, k, p, 0);
                    if (!allFinite(p, 0, 3)) {
                        return "skinning overflows float: joint " + e + " '" + sk.skin.boneName(e)
                                + "' moves the bind-pose box corner " + vector(sk.corners[k], sk.corners[k + 1],
                                        sk.corners[k + 2]) + " to " + vector(p[0], p[1], p[2]);
                    }
                }
            }
            return null;
        }

        /** @return what overflows when bone {@code b}'s model matrix places the corners, or {@code null} */
        private @Nullable String rigidOverflow(float[] c, int b, float[] model) {
            float[] p = new float[3];
            for (int k = 0; k < CORNER_FLOATS; k += 3) {
                transform(model, 16 * b, c, k, p, 0);
                if (!allFinite(p, 0, 3)) {
                    return "placing its vertices overflows float: bone '" + asset.skeleton().boneName(b)
                            + "' moves the corner " + vector(c[k], c[k + 1], c[k + 2]) + " of their box to "
                            + vector(p[0], p[1], p[2]);
                }
            }
            return null;
        }

        private static float[] firstNonFinite(float[] c) {
            for (int k = 0; k < c.length; k += 3) {
                if (!allFinite(c, k, 3)) {
                    return Arrays.copyOfRange(c, k, k + 3);
                }
            }
            return new float[3];
        }

        /** @return the 8 corners of a box, or {@code null} for an empty one */
        private static float @Nullable [] corners(Bounds b) {
            if (b.isEmpty()) {
                return null;
            }
            float[] c = new float[CORNER_FLOATS];
            for (int k = 0; k < 8; k++) {
                c[3 * k] = (k & 1) == 0 ? b.minX() : b.maxX();
                c[3 * k + 1] = (k & 2) == 0 ? b.minY() : b.maxY();
                c[3 * k + 2] = (k & 4) == 0 ? b.minZ() : b.maxZ();
            }
            return c;
        }

    }

    /** {@code dst = M * src} for one point, in float as skinning computes it. */
    private static void transform(float[] m, int mo, float[] src, int so, float[] dst, int d) {
        float x = src[so];
        float y = src[so + 1];
        float z = src[so + 2];
        float rx = m[mo] * x + m[mo + 4] * y + m[mo + 8] * z + m[mo + 12];
        float ry = m[mo + 1] * x + m[mo + 5] * y + m[mo + 9] * z + m[mo + 13];
        float rz = m[mo + 2] * x + m[mo + 6] * y + m[mo + 10] * z + m[mo + 14];
        dst[d] = rx;
        dst[d + 1] = ry;
        dst[d + 2] = rz;
    }
}
