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
 * <p>A poser holds a {@link CharacterPoser} per clip used and the output buffers: it is not
 * thread-safe, give each thread its own. {@link #bind} allocates the buffers; the first use of a
 * clip (or of the rest pose) binds its {@code CharacterPoser}, which allocates; after that
 * {@link #poseInto} allocates nothing.
 *
 * <pre>{@code
 * GltfAsset asset = GltfReader.read(Path.of("Fox.glb"));
 * AssetPoser poser = AssetPoser.bind(asset);
 * List<float[]> positions = poser.pose(asset.clips().get(2), 0.6f, PoseSpace.MODEL);
 * }</pre>
 */
public final class AssetPoser {
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
    private final float[] model;
    private final Matrix4f node = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();

    private AssetPoser(GltfAsset asset) {
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
     *     weight channel of a part with another number of weights than its morph targets); nothing
     *     is written then
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
        }
        int at = offset;
        int lastPart = Index.NONE;
        for (int p = 0; p < primitivePart.length; p++) {
            int part = primitivePart[p];
            float[] src = posed.positions(part);
            int n = primitiveCount[p];
            if (space == PoseSpace.WORLD) {
                System.arraycopy(src, 3 * primitiveFirst[p], dst, at, 3 * n);
            } else {
                if (part != lastPart) {
                    inverseNodeMatrix(sources.get(part));
                    lastPart = part;
                }
                toNodeSpace(src, 3 * primitiveFirst[p], n, dst, at);
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

    /** Sets {@link #node} to {@code inverse(model(nodeBone) * nodeMatrix)} at the evaluated pose. */
    private void inverseNodeMatrix(PartSource source) {
        source.nodeMatrix(scratch);
        if (source.nodeBone() == Index.NONE) {
            node.set(scratch);
        } else {
            node.set(model, 16 * source.nodeBone()).mul(scratch);
        }
        node.invert();
    }

    /** Writes {@code node * p} for {@code n} points. */
    private void toNodeSpace(float[] src, int from, int n, float[] dst, int offset) {
        for (int v = 0; v < n; v++) {
            float x = src[from + 3 * v];
            float y = src[from + 3 * v + 1];
            float z = src[from + 3 * v + 2];
            dst[offset + 3 * v] = node.m00() * x + node.m10() * y + node.m20() * z + node.m30();
            dst[offset + 3 * v + 1] = node.m01() * x + node.m11() * y + node.m21() * z + node.m31();
            dst[offset + 3 * v + 2] = node.m02() * x + node.m12() * y + node.m22() * z + node.m32();
        }
    }
}
