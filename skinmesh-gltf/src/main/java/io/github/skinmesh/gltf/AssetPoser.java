package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * Poses every skinned glTF primitive of an asset at a clip time (or at rest) and returns the
 * skinned positions: the computation behind {@code skinmesh skin}, done by core's one posing
 * path, {@link CharacterPoser}, on the asset's skinned parts.
 *
 * <p>Output order: the glTF nodes that have a mesh and a skin, in node index order (the asset's
 * skinned parts); for each, its mesh's primitives in primitive order (skipped primitives, those not
 * made of triangles, have none), each primitive's vertices as its {@link PartSource.Primitive}
 * range. Primitives that share their vertices each get their own copy, and a mesh used by several
 * skinned nodes appears once per node.
 *
 * <p>Without a clip every bone is at its rest transform (each node's own TRS or matrix, which is
 * often not the bind pose) and each part uses its default morph weights. With a clip, time is
 * play-once clamped (a time at or after the clip's duration gives the last key, before the first
 * key the first key) and the clip's morph weights of the part replace the defaults. Morph targets
 * are applied first, then linear blend skinning with each vertex's weights normalized to sum 1 (a
 * vertex whose weights are all zero follows palette entry 0, as common viewers do).
 *
 * <p>{@link PoseSpace#WORLD}: {@code sum_i w_i * W_joint_i * IBM_i * p}, the character's model
 * space. {@link PoseSpace#MODEL}: {@code inverse(W_node) * world}, with
 * {@code W_node = model(nodeBone) * nodeMatrix} at the same pose (see {@link PartSource}).
 *
 * <p><b>Values at the edges of the float range.</b> Positions are finite or the pose is an error;
 * NaN and infinity are never returned. A zero scale is legal glTF (it hides what it scales): on
 * the skinned node it changes nothing in world space (glTF ignores that node's transform when
 * skinning), on a bone it collapses the vertices that bone moves to a point. In model space a
 * singular {@code W_node} has no inverse: that is a {@link ValidationException} naming the node,
 * and the node (itself, or the topmost ancestor) whose matrix collapses an axis, with its axis
 * lengths; world space poses such a file. {@code W_node} is inverted in float, and in double
 * where the float inverse overflows (a node scale of 1e30). Values that overflow (a scale of
 * 3.4e38, keys of 1e38 on nested bones) fail in {@link CharacterPoser}, naming the bone and its
 * local transform, or the node, the vertex and the largest scale or translation above it.
 *
 * <p>A poser holds a {@link CharacterPoser} per clip used and the output buffers: it is not
 * thread-safe, give each thread its own. {@link #bind} allocates the buffers; the first use of a
 * clip (or of the rest pose) binds its {@code CharacterPoser}, which allocates; after that
 * {@link #poseInto} allocates nothing but in the rare cases above (a double-precision inverse,
 * coordinates near the float range, a message).
 *
 * <pre>{@code
 * GltfAsset asset = GltfReader.read(Path.of("Fox.glb"));
 * AssetPoser poser = AssetPoser.bind(asset);
 * List<float[]> positions = poser.pose(asset.clips().get(2), 0.6f, PoseSpace.MODEL);
 * }</pre>
 */
public final class AssetPoser {
    /** Largest bound on a node-space coordinate accepted without computing it first: a quarter of the float maximum. */
    private static final double SAFE_MAGNITUDE = 0x1p126;
    private final Skeleton skeleton;
    /** The skinned parts, in the asset's order, and their sources. */
    private final List<Part> parts = new ArrayList<>();
    private final List<PartSource> sources = new ArrayList<>();
    /** Per output primitive: its posed part, its glTF primitive index, its vertex range in the part. */
    private final int[] primitivePart;
    private final int[] primitiveIndex;
    private final int[] primitiveFirst;
    private final int[] primitiveCount;
    private final int vertexCount;
    private final Map<AnimationClip, CharacterPoser> posers = new IdentityHashMap<>();
    private @Nullable CharacterPoser restPoser;
    private @Nullable PosedVertices out;
    private final GltfAsset asset;
    private final float[] model;
    /** Per skinned part, {@code inverse(W_node)} at the last pose in {@link PoseSpace#MODEL}, 16 floats each. */
    private final float[] nodeInverses;
    private final Matrix4f node = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();
    private final Matrix4d world = new Matrix4d();
    private final Matrix4d local = new Matrix4d();

    private AssetPoser(GltfAsset asset) {
        this.asset = asset;
        this.skeleton = asset.skeleton();
        this.model = new float[16 * skeleton.boneCount()];
        List<int[]> prims = new ArrayList<>();
        long total = 0;
        for (int p = 0; p < asset.parts().size(); p++) {
            Part part = asset.parts().get(p);
            PartSource source = asset.source(p);
            if (!part.isSkinned()) {
                continue;
            }
            List<PartSource.Primitive> list = source.primitives();
            for (int k = 0; k < list.size(); k++) {
                PartSource.Primitive prim = list.get(k);
                if (prim.isRead()) {
                    prims.add(new int[] {parts.size(), k, prim.firstVertex(), prim.vertexCount()});
                    total += prim.vertexCount();
                }
            }
            parts.add(part);
            sources.add(source);
        }
        if (3 * total > Integer.MAX_VALUE - 8) {
            throw new ValidationException("AssetPoser: the skinned primitives have " + total + " vertices in all, "
                    + "more than one float array holds (" + (Integer.MAX_VALUE - 8) / 3 + ")");
        }
        this.vertexCount = (int) total;
        this.nodeInverses = new float[16 * parts.size()];
        int n = prims.size();
        primitivePart = new int[n];
        primitiveIndex = new int[n];
        primitiveFirst = new int[n];
        primitiveCount = new int[n];
        for (int i = 0; i < n; i++) {
            int[] e = prims.get(i);
            primitivePart[i] = e[0];
            primitiveIndex[i] = e[1];
            primitiveFirst[i] = e[2];
            primitiveCount[i] = e[3];
        }
    }

    /**
     * Takes an asset's skinned parts and lays out its skinned primitives. Cannot fail on an asset
     * the reader returned unless its primitives hold more vertices together than a float array holds.
     *
     * @param asset the asset
     * @return a poser for that asset
     * @throws ValidationException when {@code 3 * vertexCount()} would exceed the largest array
     */
    public static AssetPoser bind(GltfAsset asset) {
        return new AssetPoser(asset);
    }

    /** @return the number of skinned primitives, in output order */
    public int primitiveCount() {
        return primitivePart.length;
    }

    /**
     * @param primitive index in output order, {@code 0 <= primitive < primitiveCount()}
     * @return the skinned part (glTF node) the primitive belongs to
     * @throws IndexOutOfBoundsException when {@code primitive} is out of range
     */
    public Part part(int primitive) {
        return parts.get(primitivePart[primitive]);
    }

    /**
     * @param primitive index in output order, {@code 0 <= primitive < primitiveCount()}
     * @return where its part came from (node, mesh and skin index)
     * @throws IndexOutOfBoundsException when {@code primitive} is out of range
     */
    public PartSource source(int primitive) {
        return sources.get(primitivePart[primitive]);
    }

    /**
     * @param primitive index in output order, {@code 0 <= primitive < primitiveCount()}
     * @return its index among the primitives of its glTF mesh
     * @throws IndexOutOfBoundsException when {@code primitive} is out of range
     */
    public int primitiveIndex(int primitive) {
        return primitiveIndex[primitive];
    }

    /**
     * @param primitive index in output order, {@code 0 <= primitive < primitiveCount()}
     * @return the number of vertices it contributes to the output
     * @throws IndexOutOfBoundsException when {@code primitive} is out of range
     */
    public int vertexCount(int primitive) {
        return primitiveCount[primitive];
    }

    /** @return the total number of output vertices, the sum over primitives */
    public int vertexCount() {
        return vertexCount;
    }

    /**
     * Poses and returns fresh arrays, one per skinned primitive ({@code 3*vertexCount(primitive)}
     * floats).
     *
     * @param clip a clip of the asset, or {@code null} for the rest pose
     * @param time seconds into the clip (play-once clamped); ignored without a clip
     * @param space the output space
     * @return skinned positions per primitive, in output order
     * @throws ValidationException as {@link #poseInto}
     */
    public List<float[]> pose(@Nullable AnimationClip clip, float time, PoseSpace space) {
        float[] all = poseInto(clip, time, space, new float[3 * vertexCount], 0);
        List<float[]> result = new ArrayList<>(primitiveCount());
        int offset = 0;
        for (int p = 0; p < primitiveCount(); p++) {
            float[] v = new float[3 * primitiveCount[p]];
            System.arraycopy(all, offset, v, 0, v.length);
            result.add(v);
            offset += v.length;
        }
        return result;
    }

    /**
     * Poses every skinned primitive into one array, primitives concatenated in output order.
     *
     * @param clip a clip of the asset, or {@code null} for the rest pose
     * @param time seconds into the clip (play-once clamped); ignored without a clip
     * @param space the output space
     * @param dst receives {@code 3*vertexCount()} floats from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when {@code offset} is negative, {@code dst} is too short, a clip
     *     is given and {@code time} is not finite, or the clip does not fit the asset (a morph
     *     weight channel of a part with another number of weights than its morph targets); when a
     *     matrix, a morph weight or a posed position overflows the float range at this pose
     *     (naming the bone or node and the value); in {@link PoseSpace#MODEL}, when a skinned
     *     node's world matrix is singular or its inverse takes a position out of the float range
     *     (naming the node); nothing is written then
     */
    public float[] poseInto(@Nullable AnimationClip clip, float time, PoseSpace space, float[] dst, int offset) {
        String where = "AssetPoser.poseInto";
        if (offset < 0) {
            throw new ValidationException(where + ": offset " + offset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", dst.length, (long) offset + 3L * vertexCount, "offset+3*vertexCount");
        if (clip != null && !Float.isFinite(time)) {
            throw new ValidationException(where + ": time " + time + ", expected a finite number of seconds");
        }
        CharacterPoser poser = poser(clip);
        PosedVertices posed = out;
        if (posed == null) {
            posed = poser.newOutput();
            out = posed;
        }
        poser.poseInto(time, posed);
        if (space == PoseSpace.MODEL) {
            poser.modelMatricesInto(model, 0);
            for (int part = 0; part < parts.size(); part++) {
                inverseNodeMatrix(part, clip, time);
            }
            for (int part = 0; part < parts.size(); part++) {
                requireFiniteInNodeSpace(part, posed.positions(part), clip, time);
            }
        }
        int at = offset;
        for (int p = 0; p < primitivePart.length; p++) {
            int part = primitivePart[p];
            float[] src = posed.positions(part);
            int n = primitiveCount[p];
            if (space == PoseSpace.WORLD) {
                System.arraycopy(src, 3 * primitiveFirst[p], dst, at, 3 * n);
            } else {
                toNodeSpace(nodeInverses, 16 * part, src, 3 * primitiveFirst[p], n, dst, at);
            }
            at += 3 * n;
        }
        return dst;
    }

    /** The poser of a clip (or of the rest pose), bound on first use. */
    private CharacterPoser poser(@Nullable AnimationClip clip) {
        if (clip == null) {
            CharacterPoser p = restPoser;
            if (p == null) {
                p = CharacterPoser.bind(skeleton, parts, null, PoserOptions.DEFAULTS);
                restPoser = p;
            }
            return p;
        }
        CharacterPoser p = posers.get(clip);
        if (p == null) { // not computeIfAbsent: its lambda captures this, an allocation per frame
            p = CharacterPoser.bind(skeleton, parts, clip, PoserOptions.DEFAULTS);
            posers.put(clip, p);
        }
        return p;
    }

    /**
     * Computes {@code inverse(model(nodeBone) * nodeMatrix)} of a skinned part at the evaluated pose
     * into {@link #nodeInverses}: in float, or where that overflows (a node scaled by 1e30 has a
     * determinant of 1e90) in double precision.
     *
     * @throws ValidationException naming the node when its world matrix is singular or its inverse
     *     does not fit a float
     */
    private void inverseNodeMatrix(int part, @Nullable AnimationClip clip, float time) {
        PartSource source = sources.get(part);
        source.nodeMatrix(scratch);
        if (source.nodeBone() == Index.NONE) {
            node.set(scratch);
        } else {
            node.set(model, 16 * source.nodeBone()).mul(scratch);
        }
        int at = 16 * part;
        node.invert().get(nodeInverses, at);
        if (finite(nodeInverses, at)) {
            return;
        }
        worldMatrix(source, world);
        double det = world.determinant3x3();
        local.set(world).invertAffine().get(nodeInverses, at);
        if (det != 0 && finite(nodeInverses, at)) {
            return;
        }
        throw new ValidationException("AssetPoser: " + at(clip, time) + ": " + nodeName(source.node(),
                parts.get(part).name()) + " cannot be the space of its positions (model space, PoseSpace.MODEL): "
                + "its world matrix " + (det == 0 ? "is singular (determinant 0)" : "has determinant " + det
                + ", too close to singular for its inverse to fit a float") + collapsingNode(source)
                + "; world space (PoseSpace.WORLD) poses it");
    }

    private static boolean finite(float[] m, int at) {
        for (int i = at; i < at + 16; i++) {
            if (!Float.isFinite(m[i])) {
                return false;
            }
        }
        return true;
    }

    /** Sets {@code dest} to {@code W_node = model(nodeBone) * nodeMatrix} at the evaluated pose. */
    private Matrix4d worldMatrix(PartSource source, Matrix4d dest) {
        float[] m = new float[16];
        source.nodeMatrixInto(m, 0);
        local.set(m);
        if (source.nodeBone() == Index.NONE) {
            return dest.set(local);
        }
        System.arraycopy(model, 16 * source.nodeBone(), m, 0, 16);
        return dest.set(m).mul(local);
    }

    /**
     * Names what makes a node's world matrix singular: the topmost bone above it (or the node
     * itself) whose matrix collapses an axis, with the lengths of its axes.
     */
    private String collapsingNode(PartSource source) {
        int culprit = Index.NONE;
        for (int b = source.nodeBone(); b != Skeleton.NO_PARENT; b = skeleton.parent(b)) {
            if (singular(model, 16 * b)) {
                culprit = b;
            }
        }
        float[] m = new float[16];
        String name;
        if (culprit != Index.NONE) {
            System.arraycopy(model, 16 * culprit, m, 0, 16);
            name = nodeName(asset.nodeOfBone(culprit), skeleton.boneName(culprit));
        } else {
            source.nodeMatrixInto(m, 0);
            if (!singular(m, 0)) {
                return "";
            }
            name = nodeName(source.node(), null) + " itself";
        }
        return ": " + name + " scales its axes by (" + axisLength(m, 0) + ", " + axisLength(m, 4) + ", "
                + axisLength(m, 8) + ")";
    }

    private static boolean singular(float[] m, int at) {
        Matrix4d d = new Matrix4d().set(java.util.Arrays.copyOfRange(m, at, at + 16));
        return d.determinant3x3() == 0;
    }

    private static float axisLength(float[] m, int column) {
        return (float) Math.sqrt((double) m[column] * m[column] + (double) m[column + 1] * m[column + 1]
                + (double) m[column + 2] * m[column + 2]);
    }

    private String nodeName(int node, @Nullable String name) {
        return "nodes[" + node + "]" + (name == null ? "" : " " + Checks.quote(name));
    }

    private static String at(@Nullable AnimationClip clip, float time) {
        return clip == null ? "rest pose" : "clip " + Checks.quote(clip.name()) + " at " + time + " s";
    }

    /**
     * Checks that a part's positions stay finite in its node's space: proved from magnitudes
     * ({@code |x'| <= (3 P + 1) M}) when they are far from the float range, otherwise by computing
     * every one without writing it, so that an error leaves the destination untouched.
     *
     * @throws ValidationException naming the node and the first vertex out of range
     */
    private void requireFiniteInNodeSpace(int part, float[] positions, @Nullable AnimationClip clip, float time) {
        int at = 16 * part;
        float m = 0;
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 3; r++) {
                m = Math.max(m, Math.abs(nodeInverses[at + 4 * c + r]));
            }
        }
        float p = 0;
        for (float v : positions) {
            p = Math.max(p, Math.abs(v));
        }
        if ((3.0 * p + 1) * m <= SAFE_MAGNITUDE) {
            return;
        }
        float[] one = new float[3];
        for (int v = 0; v < positions.length / 3; v++) {
            toNodeSpace(nodeInverses, at, positions, 3 * v, 1, one, 0);
            if (!Float.isFinite(one[0]) || !Float.isFinite(one[1]) || !Float.isFinite(one[2])) {
                PartSource source = sources.get(part);
                throw new ValidationException("AssetPoser: " + at(clip, time) + ": "
                        + nodeName(source.node(), parts.get(part).name()) + ": vertex " + v + " of its mesh is ("
                        + one[0] + ", " + one[1] + ", " + one[2] + ") in the node's own space (model space, "
                        + "PoseSpace.MODEL), outside the float range: the inverse of its world matrix reaches " + m
                        + ", its posed positions " + p + "; world space (PoseSpace.WORLD) poses it");
            }
        }
    }

    /** Writes {@code inverse * p} for {@code n} points, the inverse's 16 floats at {@code m[at]}. */
    private static void toNodeSpace(float[] m, int at, float[] src, int from, int n, float[] dst, int offset) {
        float m00 = m[at], m01 = m[at + 1], m02 = m[at + 2];
        float m10 = m[at + 4], m11 = m[at + 5], m12 = m[at + 6];
        float m20 = m[at + 8], m21 = m[at + 9], m22 = m[at + 10];
        float m30 = m[at + 12], m31 = m[at + 13], m32 = m[at + 14];
        for (int v = 0; v < n; v++) {
            float x = src[from + 3 * v];
            float y = src[from + 3 * v + 1];
            float z = src[from + 3 * v + 2];
            dst[offset + 3 * v] = m00 * x + m10 * y + m20 * z + m30;
            dst[offset + 3 * v + 1] = m01 * x + m11 * y + m21 * z + m31;
            dst[offset + 3 * v + 2] = m02 * x + m12 * y + m22 * z + m32;
        }
    }
}
