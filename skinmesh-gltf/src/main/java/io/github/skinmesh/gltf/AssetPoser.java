package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.MorphOptions;
import io.github.skinmesh.core.skinning.Morphing;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.joml.Matrix4f;

/**
 * Poses every skinned primitive of an asset at a clip time (or at rest) and returns the skinned
 * positions: the computation behind {@code skinmesh skin}.
 *
 * <p>Order: the asset's {@linkplain GltfAsset#skinnedMeshes() skinned instances} (glTF nodes with
 * a mesh and a skin, in node order), each instance's primitives in order. Without a clip every
 * bone is at its rest transform (each node's own TRS or matrix, which is often not the bind pose)
 * and each instance uses its default morph weights. With a clip, time is play-once clamped (a time
 * at or after the clip's duration gives the last key, before the first key the first key) and the
 * clip's morph weights of the instance replace the defaults. Morph targets are applied first,
 * then linear blend skinning with each vertex's weights normalized to sum 1 (a vertex whose
 * weights are all zero follows palette entry 0, as common viewers do).
 *
 * <p>{@link PoseSpace#WORLD}: {@code sum_i w_i * W_joint_i * IBM_i * p}. {@link PoseSpace#MODEL}:
 * {@code inverse(W_node) * world}, with {@code W_node = model(attachBone) * local} at the same
 * pose.
 *
 * <p>A poser holds scratch buffers and clip cursors: it is not thread-safe, give each thread its
 * own. {@link #bind} allocates; {@link #poseInto} allocates nothing but the first time a clip is
 * used (its sampler).
 *
 * <pre>{@code
 * GltfAsset asset = GltfReader.read(Path.of("Fox.glb"));
 * AssetPoser poser = AssetPoser.bind(asset);
 * List<float[]> positions = poser.pose(asset.clips().get(2), 0.6f, PoseSpace.MODEL);
 * }</pre>
 */
public final class AssetPoser {
    private final Skeleton skeleton;
    private final List<Bound> primitives = new ArrayList<>();
    private final Pose pose;
    private final float[] model;
    private final Map<AnimationClip, ClipSampler> samplers = new IdentityHashMap<>();
    private final Matrix4f node = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();

    /** One skinned primitive, bound to the skeleton, with its scratch arrays. */
    private static final class Bound {
        final MeshInstance instance;
        final Mesh mesh;
        final int[] paletteBones;
        final int influences;
        final int[] joints;
        final float[] weights;
        final float[] palette;
        final float[] morphWeights;
        final float[] defaultMorphWeights;
        final float[] morphed;
        final float[] skinned;

        Bound(MeshInstance instance, Mesh mesh, Skeleton skeleton, BoneWeights normalized) {
            Skin skin = mesh.skin();
            assert skin != null;
            this.instance = instance;
            this.mesh = mesh;
            this.paletteBones = skin.bind(skeleton);
            this.influences = normalized.influencesPerVertex();
            this.joints = normalized.joints();
            this.weights = normalized.weights();
            this.palette = new float[16 * skin.paletteSize()];
            this.morphWeights = new float[mesh.morphTargets().size()];
            this.defaultMorphWeights = mesh.morphWeights();
            this.morphed = mesh.morphTargets().isEmpty() ? new float[0] : new float[3 * mesh.vertexCount()];
            this.skinned = new float[3 * mesh.vertexCount()];
        }
    }

    private AssetPoser(GltfAsset asset) {
        this.skeleton = asset.skeleton();
        this.pose = Pose.rest(skeleton);
        this.model = new float[16 * skeleton.boneCount()];
        Map<BoneWeights, BoneWeights> normalized = new IdentityHashMap<>();
        NormalizeOptions normalize = NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY)
                .withFallbackEntry(0);
        for (MeshInstance instance : asset.skinnedMeshes()) {
            for (Mesh mesh : instance.primitives()) {
                Skin skin = mesh.skin();
                assert skin != null : "the asset's skinned instances have skinned primitives";
                BoneWeights w = normalized.computeIfAbsent(skin.weights(),
                        bw -> Weights.normalize(bw, normalize).weights());
                primitives.add(new Bound(instance, mesh, skeleton, w));
            }
        }
    }

    /**
     * Binds an asset's skinned primitives to its skeleton: resolves palettes, normalizes weights
     * once and allocates scratch buffers. Cannot fail: an asset's palettes name bones of its
     * skeleton.
     *
     * @param asset the asset
     * @return a poser for that asset
     */
    public static AssetPoser bind(GltfAsset asset) {
        return new AssetPoser(asset);
    }

    /** @return the number of skinned primitives, in output order */
    public int primitiveCount() {
        return primitives.size();
    }

    /**
     * @param primitive index in output order, {@code 0 <= primitive < primitiveCount()}
     * @return that primitive's mesh
     * @throws IndexOutOfBoundsException when {@code primitive} is out of range
     */
    public Mesh primitive(int primitive) {
        return primitives.get(primitive).mesh;
    }

    /**
     * @param primitive index in output order, {@code 0 <= primitive < primitiveCount()}
     * @return the instance (glTF node) it belongs to
     * @throws IndexOutOfBoundsException when {@code primitive} is out of range
     */
    public MeshInstance instanceOf(int primitive) {
        return primitives.get(primitive).instance;
    }

    /** @return the total number of skinned vertices, the sum over primitives */
    public int vertexCount() {
        int n = 0;
        for (Bound b : primitives) {
            n += b.mesh.vertexCount();
        }
        return n;
    }

    /**
     * Poses and returns fresh arrays, one per skinned primitive ({@code 3*vertexCount} floats).
     *
     * @param clip a clip of the asset, or {@code null} for the rest pose
     * @param time seconds into the clip (play-once clamped); ignored without a clip
     * @param space the output space
     * @return skinned positions per primitive, in output order
     * @throws ValidationException when {@code time} is not finite and a clip is given
     */
    public List<float[]> pose(@Nullable AnimationClip clip, float time, PoseSpace space) {
        float[] all = poseInto(clip, time, space, new float[3 * vertexCount()], 0);
        List<float[]> out = new ArrayList<>(primitives.size());
        int offset = 0;
        for (Bound b : primitives) {
            float[] p = new float[3 * b.mesh.vertexCount()];
            System.arraycopy(all, offset, p, 0, p.length);
            out.add(p);
            offset += p.length;
        }
        return out;
    }

    /**
     * Poses every skinned primitive into one array, primitives concatenated in output order.
     *
     * @param clip a clip, or {@code null} for the rest pose
     * @param time seconds into the clip (play-once clamped); ignored without a clip
     * @param space the output space
     * @param dst receives {@code 3*vertexCount()} floats from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when {@code offset} is negative, {@code dst} is too short, or a clip
     *     is given and {@code time} is not finite; nothing is written then
     */
    public float[] poseInto(@Nullable AnimationClip clip, float time, PoseSpace space, float[] dst, int offset) {
        String where = "AssetPoser.poseInto";
        if (offset < 0) {
            throw new ValidationException(where + ": offset " + offset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", dst.length, (long) offset + 3L * vertexCount(), "offset+3*vertexCount");
        ClipSampler sampler = null;
        if (clip != null) {
            if (!Float.isFinite(time)) {
                throw new ValidationException(where + ": time " + time + ", expected a finite number of seconds");
            }
            sampler = samplers.get(clip);
            if (sampler == null) { // not computeIfAbsent: its lambda captures this, an allocation per frame
                sampler = ClipSampler.bind(clip, skeleton);
                samplers.put(clip, sampler);
            }
            sampler.sample(time, pose);
        } else {
            pose.setToRest(skeleton);
        }
        PoseEvaluation.modelMatricesInto(skeleton, pose, model);
        int out = offset;
        for (Bound b : primitives) {
            int n = b.mesh.vertexCount();
            float[] source = morphedPositions(b, sampler, time);
            PoseEvaluation.skinMatricesInto(b.mesh.skin(), b.paletteBones, model, b.palette);
            Skinning.skinInto(b.palette, b.influences, b.joints, b.weights, source, b.skinned, null, null, null, null, 0,
                    n, SkinningOptions.DEFAULTS);
            if (space == PoseSpace.WORLD) {
                System.arraycopy(b.skinned, 0, dst, out, 3 * n);
            } else {
                toNodeSpace(b.instance, b.skinned, n, dst, out);
            }
            out += 3 * n;
        }
        return dst;
    }

    /** Morphs the bind positions at the clip's (or the instance's default) weights; no copy without targets. */
    private float[] morphedPositions(Bound b, @Nullable ClipSampler sampler, float time) {
        float[] base = ModelAccess.get().positions(b.mesh);
        if (b.morphWeights.length == 0) {
            return base;
        }
        int channel = sampler == null ? -1 : sampler.morphChannelIndex(b.instance.name());
        if (channel >= 0 && sampler.morphWeightCount(channel) == b.morphWeights.length) {
            sampler.sampleMorphWeights(channel, time, b.morphWeights, 0);
        } else {
            System.arraycopy(b.defaultMorphWeights, 0, b.morphWeights, 0, b.morphWeights.length);
        }
        Morphing.applyInto(b.mesh, b.morphWeights, b.morphed, null, null, MorphOptions.DEFAULTS);
        return b.morphed;
    }

    /** Writes {@code inverse(model(attachBone) * local) * p} for each point. */
    private void toNodeSpace(MeshInstance instance, float[] src, int n, float[] dst, int offset) {
        instance.localMatrix(scratch);
        if (instance.attachBone() == Skeleton.NO_PARENT) {
            node.set(scratch);
        } else {
            node.set(model, 16 * instance.attachBone()).mul(scratch);
        }
        node.invert();
        for (int v = 0; v < n; v++) {
            float x = src[3 * v], y = src[3 * v + 1], z = src[3 * v + 2];
            dst[offset + 3 * v] = node.m00() * x + node.m10() * y + node.m20() * z + node.m30();
            dst[offset + 3 * v + 1] = node.m01() * x + node.m11() * y + node.m21() * z + node.m31();
            dst[offset + 3 * v + 2] = node.m02() * x + node.m12() * y + node.m22() * z + node.m32();
        }
    }
}
