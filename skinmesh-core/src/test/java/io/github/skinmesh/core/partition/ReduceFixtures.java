package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;

/**
 * Hand-built rigs for bone reduction: a small character whose clip moves some bones and leaves
 * others at their rest transform relative to their parent, and an independent error measurement
 * (clip sampler, pose evaluation and mesh skinning, the public pieces, not the reducer's path).
 */
final class ReduceFixtures {
    /** Bones of {@link #skeleton()}: root, spine, head, jaw, arm, hand, finger. */
    static final String[] BONES = {"root", "spine", "head", "jaw", "arm", "hand", "finger"};
    /** Palette order of {@link #mesh()}: not the skeleton's. */
    static final String[] PALETTE = {"hand", "root", "spine", "head", "jaw", "arm", "finger"};

    private ReduceFixtures() {
    }

    /** root -> spine -> head -> jaw; spine -> arm -> hand -> finger; identity rest rotations. */
    static Skeleton skeleton() {
        int[] parents = {-1, 0, 1, 2, 1, 4, 5};
        float[] t = {0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0.3f, 0.2f, 0.5f, 0.8f, 0, 0.8f, 0, 0, 0.3f, 0, 0};
        return Skeleton.of("rig", BONES, parents, t, identityRotations(BONES.length), ones(BONES.length));
    }

    static float[] identityRotations(int n) {
        float[] q = new float[4 * n];
        for (int i = 0; i < n; i++) {
            q[4 * i + 3] = 1;
        }
        return q;
    }

    static float[] ones(int n) {
        float[] s = new float[3 * n];
        java.util.Arrays.fill(s, 1f);
        return s;
    }

    /** Inverse rest model matrices of the palette bones: the mesh is bound at the rest pose. */
    static float[] inverseBind(Skeleton skeleton, String[] palette) {
        float[] model = skeleton.restModelMatricesInto(new float[16 * skeleton.boneCount()], 0);
        float[] ibm = new float[16 * palette.length];
        for (int e = 0; e < palette.length; e++) {
            new Matrix4f().set(model, 16 * skeleton.requireIndex(palette[e])).invertAffine().get(ibm, 16 * e);
        }
        return ibm;
    }

    /**
     * Eight vertices around each bone's rest position weighted to it alone, and a ring of blended
     * vertices at each joint (half the bone, half its parent); triangles fan over consecutive
     * vertices; two submeshes.
     */
    static Mesh mesh() {
        return mesh(skeleton(), PALETTE);
    }

    static Mesh mesh(Skeleton skeleton, String[] palette) {
        float[] model = skeleton.restModelMatricesInto(new float[16 * skeleton.boneCount()], 0);
        List<float[]> pos = new ArrayList<>();
        List<int[]> joints = new ArrayList<>();
        List<float[]> weights = new ArrayList<>();
        for (int e = 0; e < palette.length; e++) {
            int bone = skeleton.requireIndex(palette[e]);
            float x = model[16 * bone + 12];
            float y = model[16 * bone + 13];
            float z = model[16 * bone + 14];
            for (int i = 0; i < 8; i++) {
                double a = Math.PI * i / 4;
                pos.add(new float[] {x + 0.1f + 0.2f * (float) Math.cos(a), y + 0.15f, z + 0.2f * (float) Math.sin(a)});
                joints.add(new int[] {e, 0, 0, 0});
                weights.add(new float[] {1, 0, 0, 0});
            }
            int parent = skeleton.parent(bone);
            int parentEntry = parent < 0 ? -1 : indexOf(palette, skeleton.boneName(parent));
            if (parentEntry >= 0) {
                for (int i = 0; i < 4; i++) {
                    double a = Math.PI * i / 2;
                    pos.add(new float[] {x + 0.15f * (float) Math.cos(a), y, z + 0.15f * (float) Math.sin(a)});
                    joints.add(new int[] {e, parentEntry, 0, 0});
                    weights.add(new float[] {0.5f, 0.5f, 0, 0});
                }
            }
        }
        int n = pos.size();
        float[] p = new float[3 * n];
        int[] j = new int[4 * n];
        float[] w = new float[4 * n];
        for (int v = 0; v < n; v++) {
            System.arraycopy(pos.get(v), 0, p, 3 * v, 3);
            System.arraycopy(joints.get(v), 0, j, 4 * v, 4);
            System.arraycopy(weights.get(v), 0, w, 4 * v, 4);
        }
        int[] idx = new int[3 * (n - 2)];
        for (int t = 0; t < n - 2; t++) {
            idx[3 * t] = t;
            idx[3 * t + 1] = t + 1;
            idx[3 * t + 2] = t + 2;
        }
        int half = 3 * ((n - 2) / 2);
        Skin skin = Skin.of(palette, inverseBind(skeleton, palette), BoneWeights.of(4, j, w));
        return Mesh.builder("rig").positions(p).indices(idx).addSubmesh(0, half, 0)
                .addSubmesh(half, idx.length - half, 0).skin(skin).build();
    }

    static int indexOf(String[] a, String s) {
        for (int i = 0; i < a.length; i++) {
            if (a[i].equals(s)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Two seconds: spine, head, arm and finger turn about z (and the head about y); jaw has no
     * channel and hand a constant rest rotation, so both hold their rest transform relative to
     * their parent.
     */
    static AnimationClip clip() {
        List<BoneChannel> channels = new ArrayList<>();
        channels.add(turn("spine", 0, 0, 1, 0.4f));
        channels.add(turn("head", 0, 1, 0, 0.9f));
        channels.add(turn("arm", 0, 0, 1, 1.1f));
        channels.add(turn("finger", 0, 0, 1, 1.3f));
        channels.add(BoneChannel.of("hand", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 2},
                new float[] {0, 0, 0, 1, 0, 0, 0, 1}));
        return AnimationClip.of("wave", channels);
    }

    /** A rotation channel from 0 to {@code angle} and back about an axis, keys at 0, 1 and 2 s. */
    static BoneChannel turn(String bone, float ax, float ay, float az, float angle) {
        float s = (float) Math.sin(angle / 2);
        float c = (float) Math.cos(angle / 2);
        return BoneChannel.of(bone, ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1, 2},
                new float[] {0, 0, 0, 1, ax * s, ay * s, az * s, c, 0, 0, 0, 1});
    }

    /** An independent measurement: max and RMS displacement and the pose count. */
    record Error(double max, double rms, int poses) {
    }

    /**
     * Measures {@code reduced} against {@code input} at the poses the reducer documents
     * ({@code ceil(span * rate) + 1} evenly spaced per clip, both ends; no pose cap is reached
     * here), through the clip sampler, pose evaluation and {@link Skinning#skinPositions}.
     */
    static Error independentError(Mesh input, Mesh reduced, Skeleton skeleton, List<AnimationClip> clips,
            float rate) {
        double sum = 0;
        double max = 0;
        int poses = 0;
        for (AnimationClip clip : clips) {
            float start = clip.startTime();
            float end = clip.duration();
            int n = end > start ? (int) Math.ceil((end - (double) start) * rate) + 1 : 1;
            ClipSampler sampler = ClipSampler.bind(clip, skeleton);
            Pose pose = Pose.rest(skeleton);
            float[] model = new float[16 * skeleton.boneCount()];
            for (int i = 0; i < n; i++) {
                float t = n == 1 ? start : i == n - 1 ? end : (float) (start + ((double) end - start) * i / (n - 1));
                sampler.sample(t, pose);
                PoseEvaluation.modelMatricesInto(skeleton, pose, model);
                float[] a = skin(input, skeleton, model);
                float[] b = skin(reduced, skeleton, model);
                for (int v = 0; v < input.vertexCount(); v++) {
                    double dx = (double) a[3 * v] - b[3 * v];
                    double dy = (double) a[3 * v + 1] - b[3 * v + 1];
                    double dz = (double) a[3 * v + 2] - b[3 * v + 2];
                    double d2 = dx * dx + dy * dy + dz * dz;
                    sum += d2;
                    max = Math.max(max, d2);
                }
                poses++;
            }
        }
        return new Error(Math.sqrt(max), Math.sqrt(sum / ((double) poses * input.vertexCount())), poses);
    }

    private static float[] skin(Mesh mesh, Skeleton skeleton, float[] model) {
        Skin skin = mesh.skin();
        float[] palette = new float[16 * skin.paletteSize()];
        PoseEvaluation.skinMatricesInto(skin, skin.bind(skeleton), model, palette);
        return Skinning.skinPositions(mesh, palette, SkinningOptions.DEFAULTS);
    }
}
