package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Seeded random skeletons, parts and clips for the combine tests (SplittableRandom, as the other
 * core fixtures): skeletons with random hierarchies and rest poses, copies of them in another
 * (still parents-first) bone order or cut down to a subset closed under ancestry, skinned meshes
 * whose palettes are shuffled subsets of the bones bound at the rest pose (so parts agree on every
 * bind matrix unless a test rebinds one), 1 to 8 influences with single-influence vertices mixed
 * in, every optional stream, morph targets from a small pool of names, submeshes over a pool of
 * materials, rigid meshes for bones, transforms that mirror or not, and clips.
 */
final class CombineFixtures {
    static final String[] MORPH_NAMES = {"Smile", "Blink", "Frown"};
    static final Material[] MATERIALS = {
        Material.builder("skin").build(),
        Material.builder("cloth").metallicFactor(0f).build(),
        Material.builder("hair").alphaMode(AlphaMode.MASK).doubleSided(true).build(),
        Material.builder("glass").alphaMode(AlphaMode.BLEND).build(),
        Material.builder("skin-copy").build(), // equal to "skin" but for its name
    };

    private CombineFixtures() {
    }

    static float range(SplittableRandom r, double lo, double hi) {
        return (float) r.nextDouble(lo, hi);
    }

    static Quaternionf randomRotation(SplittableRandom r) {
        return new Quaternionf(range(r, -1, 1), range(r, -1, 1), range(r, -1, 1), range(r, -1, 1)).normalize();
    }

    /** Bones "b0".."b(n-1)", random parents before children, random rest translation and rotation; scale 1 or random. */
    static Skeleton randomSkeleton(SplittableRandom r, int n, boolean unitScale) {
        Skeleton.Builder b = Skeleton.builder("base");
        for (int i = 0; i < n; i++) {
            int parent = i == 0 || r.nextInt(10) == 0 ? Skeleton.NO_PARENT : r.nextInt(i);
            Vector3f scale = unitScale ? new Vector3f(1) : new Vector3f(range(r, 0.8, 1.25), range(r, 0.8, 1.25),
                    range(r, 0.8, 1.25));
            b.addBone("b" + i, parent, new Vector3f(range(r, -1, 1), range(r, -1, 1), range(r, -1, 1)),
                    randomRotation(r), scale);
        }
        return b.build();
    }

    /**
     * The bones of {@code s} that {@code keep} selects plus all their ancestors, in a random order
     * that keeps parents before children, with the same rest transforms.
     */
    static Skeleton reordered(SplittableRandom r, Skeleton s, boolean[] keep, String name) {
        int n = s.boneCount();
        boolean[] in = keep.clone();
        for (int b = n - 1; b >= 0; b--) {
            if (in[b] && s.parent(b) != Skeleton.NO_PARENT) {
                in[s.parent(b)] = true;
            }
        }
        // repeatedly place a random bone whose parent is placed
        List<Integer> order = new ArrayList<>();
        boolean[] placed = new boolean[n];
        while (true) {
            List<Integer> ready = new ArrayList<>();
            for (int b = 0; b < n; b++) {
                if (in[b] && !placed[b] && (s.parent(b) == Skeleton.NO_PARENT || placed[s.parent(b)])) {
                    ready.add(b);
                }
            }
            if (ready.isEmpty()) {
                break;
            }
            int b = ready.get(r.nextInt(ready.size()));
            placed[b] = true;
            order.add(b);
        }
        Skeleton.Builder out = Skeleton.builder(name);
        int[] newIndex = new int[n];
        for (int b : order) {
            int parent = s.parent(b) == Skeleton.NO_PARENT ? Skeleton.NO_PARENT : newIndex[s.parent(b)];
            newIndex[b] = out.addBone(s.boneName(b), parent, s.restTranslation(b, new Vector3f()),
                    s.restRotation(b, new Quaternionf()), s.restScale(b, new Vector3f()));
        }
        return out.build();
    }

    static Skeleton shuffled(SplittableRandom r, Skeleton s, String name) {
        boolean[] all = new boolean[s.boneCount()];
        Arrays.fill(all, true);
        return reordered(r, s, all, name);
    }

    /** The rest model matrix of a bone. */
    static Matrix4f restModel(Skeleton s, int bone) {
        Matrix4f m = s.restLocalMatrix(bone, new Matrix4f());
        for (int b = s.parent(bone); b != Skeleton.NO_PARENT; b = s.parent(b)) {
            m = s.restLocalMatrix(b, new Matrix4f()).mul(m);
        }
        return m;
    }

    /** A rigid transform: a random rotation and a translation of up to {@code reach}. */
    static Matrix4f rigid(SplittableRandom r, double reach) {
        return new Matrix4f().translation(range(r, -reach, reach), range(r, -reach, reach), range(r, -reach, reach))
                .rotate(randomRotation(r));
    }

    /** What a random mesh has. */
    record Shape(boolean normals, boolean tangents, boolean colors, int uvChannels, int morphTargets,
            boolean storedSlots) {
        static Shape random(SplittableRandom r) {
            return new Shape(r.nextInt(4) > 0, r.nextBoolean(), r.nextBoolean(), r.nextInt(3), r.nextInt(3) == 0 ? 0
                    : r.nextInt(MORPH_NAMES.length + 1), r.nextInt(4) == 0);
        }
    }

    /** A mesh over {@code bones} bones of {@code skeleton} (a shuffled palette bound at the rest pose), or rigid with none. */
    static Mesh randomMesh(SplittableRandom r, String name, Shape shape, Skeleton skeleton, int paletteSize,
            boolean skinned) {
        int n = 3 + r.nextInt(30);
        int triangles = 1 + r.nextInt(30);
        Mesh.Builder b = Mesh.builder(name).positions(floats(r, 3 * n, 1));
        if (shape.normals()) {
            b.normals(units(r, n, 3));
        }
        if (shape.tangents()) {
            float[] t = units(r, n, 4);
            for (int v = 0; v < n; v++) {
                t[4 * v + 3] = r.nextBoolean() ? 1 : -1;
            }
            b.tangents(t);
        }
        if (shape.colors()) {
            float[] c = floats(r, 4 * n, 1);
            for (int i = 0; i < c.length; i++) {
                c[i] = Math.abs(c[i]);
            }
            b.colors(c);
        }
        for (int c = 0; c < shape.uvChannels(); c++) {
            b.addUvs(floats(r, 2 * n, 1));
        }
        int[] indices = new int[3 * triangles];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = r.nextInt(n);
        }
        b.indices(indices);
        int materials = 1 + r.nextInt(3);
        int[] pick = new int[materials];
        for (int m = 0; m < materials; m++) {
            pick[m] = r.nextInt(MATERIALS.length);
            b.addMaterial(MATERIALS[pick[m]]);
        }
        int first = 0;
        int submeshes = 1 + r.nextInt(3);
        for (int s = 0; s < submeshes; s++) {
            int count = s == submeshes - 1 ? triangles - first : r.nextInt(triangles - first + 1);
            b.addSubmesh(3 * first, 3 * count, r.nextInt(materials));
            first += count;
        }
        if (skinned) {
            b.skin(randomSkin(r, n, skeleton, paletteSize, shape.storedSlots()));
        }
        float[] weights = new float[shape.morphTargets()];
        List<String> names = new ArrayList<>(List.of(MORPH_NAMES));
        shuffle(r, names);
        for (int t = 0; t < shape.morphTargets(); t++) {
            int streams = 1 + r.nextInt(7);
            b.addMorphTarget(MorphTarget.of(names.get(t), (streams & 1) != 0 ? floats(r, 3 * n, 0.3) : null,
                    (streams & 2) != 0 ? floats(r, 3 * n, 0.3) : null, (streams & 4) != 0 ? floats(r, 3 * n, 0.3)
                            : null));
            weights[t] = range(r, 0, 1);
        }
        b.morphWeights(weights);
        return b.build();
    }

    /** A palette of {@code size} random bones in random order, bound at the rest pose; about a third of the vertices single-influence. */
    static Skin randomSkin(SplittableRandom r, int n, Skeleton skeleton, int size, boolean stored) {
        List<Integer> bones = new ArrayList<>();
        for (int bone = 0; bone < skeleton.boneCount(); bone++) {
            bones.add(bone);
        }
        shuffle(r, bones);
        size = Math.min(size, bones.size());
        String[] names = new String[size];
        float[] ibm = new float[16 * size];
        for (int e = 0; e < size; e++) {
            names[e] = skeleton.boneName(bones.get(e));
            restModel(skeleton, bones.get(e)).invert().get(ibm, 16 * e);
        }
        int k = 1 + r.nextInt(BoneWeights.MAX_INFLUENCES);
        int[] joints = new int[k * n];
        float[] weights = new float[k * n];
        for (int v = 0; v < n; v++) {
            int used = r.nextInt(40) == 0 ? 0 : r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(k); // 0: a vertex without weight
            boolean[] taken = new boolean[size];
            for (int s = 0; s < k; s++) {
                int j = r.nextInt(size);
                if (s < used && !taken[j]) {
                    taken[j] = true;
                    joints[k * v + s] = j;
                    weights[k * v + s] = range(r, 0.05, 1);
                } else {
                    joints[k * v + s] = stored ? r.nextInt(size) : 0;
                }
            }
        }
        return Skin.of(names, ibm, stored ? BoneWeights.ofSlots(k, joints, weights) : BoneWeights.of(k, joints, weights));
    }

    /** The identity, a random affine transform, or one that mirrors. */
    static Matrix4f randomTransform(SplittableRandom r) {
        switch (r.nextInt(3)) {
            case 0:
                return new Matrix4f();
            case 1:
                return rigid(r, 1).scale(range(r, 0.5, 1.5), range(r, 0.5, 1.5), range(r, 0.5, 1.5));
            default:
                return rigid(r, 1).scale(-range(r, 0.5, 1.5), range(r, 0.5, 1.5), range(r, 0.5, 1.5));
        }
    }

    /** A part: skinned with a random transform, or rigid under a random bone of the skeleton. */
    static Part randomPart(SplittableRandom r, String name, Skeleton skeleton) {
        Shape shape = Shape.random(r);
        if (r.nextInt(4) == 0) {
            Mesh mesh = randomMesh(r, name, shape, skeleton, 0, false);
            return Part.of(name, mesh, skeleton.boneName(r.nextInt(skeleton.boneCount())), randomTransform(r));
        }
        Mesh mesh = randomMesh(r, name, shape, skeleton, 1 + r.nextInt(skeleton.boneCount()), true);
        return Part.of(name, mesh, null, randomTransform(r));
    }

    /** {@code part} with the inverse bind matrix of its palette bone {@code bone} multiplied by a rigid change. */
    static Part rebound(SplittableRandom r, Part part, String bone) {
        Skin skin = part.mesh().skin();
        float[] ibm = new float[16 * skin.paletteSize()];
        skin.inverseBindMatricesInto(ibm, 0);
        int e = Arrays.asList(skin.boneNames()).indexOf(bone);
        rigid(r, 0.5).mul(new Matrix4f().set(ibm, 16 * e)).get(ibm, 16 * e);
        Mesh mesh = part.mesh().toBuilder().skin(Skin.of(skin.boneNames(), ibm, skin.weights())).build();
        return part.withMesh(mesh);
    }

    /** A clip driving rotations (and, unless {@code rigidOnly}, translations and scales) of random bones, mixed interpolations. */
    static AnimationClip randomClip(SplittableRandom r, Skeleton skeleton, boolean rigidOnly, List<Part> morphed) {
        List<BoneChannel> channels = new ArrayList<>();
        for (int b = 0; b < skeleton.boneCount(); b++) {
            for (ChannelPath path : ChannelPath.values()) {
                if (r.nextInt(3) == 0 || (rigidOnly && path == ChannelPath.SCALE)) {
                    continue;
                }
                Interpolation interpolation = Interpolation.values()[r.nextInt(3)];
                float[] times = keyTimes(r, 1 + r.nextInt(6));
                int c = path.components();
                int e = interpolation.elementsPerKey();
                float[] values = new float[times.length * c * e];
                for (int k = 0; k < times.length * e; k++) {
                    boolean value = e == 1 || k % 3 == 1;
                    if (path == ChannelPath.ROTATION && value) {
                        Quaternionf q = randomRotation(r);
                        values[k * 4] = q.x;
                        values[k * 4 + 1] = q.y;
                        values[k * 4 + 2] = q.z;
                        values[k * 4 + 3] = q.w;
                    } else {
                        for (int j = 0; j < c; j++) {
                            values[k * c + j] = value ? range(r, -1, 1) + (path == ChannelPath.SCALE ? 1.5f : 0)
                                    : path == ChannelPath.ROTATION ? 0 : range(r, -1, 1);
                        }
                    }
                }
                channels.add(BoneChannel.of(skeleton.boneName(b), path, interpolation, times, values));
            }
        }
        List<MorphChannel> morphs = new ArrayList<>();
        for (Part p : morphed) {
            int count = p.mesh().morphTargets().size();
            Interpolation interpolation = Interpolation.values()[r.nextInt(3)];
            float[] times = keyTimes(r, 1 + r.nextInt(6));
            float[] values = floats(r, times.length * count * interpolation.elementsPerKey(), 1);
            morphs.add(MorphChannel.of(p.name(), count, interpolation, times, values));
        }
        return AnimationClip.of("clip", channels, morphs);
    }

    /** Strictly increasing times from a random start in [0, 0.3), gaps in [0.05, 0.4]. */
    static float[] keyTimes(SplittableRandom r, int keys) {
        float[] times = new float[keys];
        float t = range(r, 0, 0.3);
        for (int k = 0; k < keys; k++) {
            times[k] = t;
            t += range(r, 0.05, 0.4);
        }
        return times;
    }

    static <T> void shuffle(SplittableRandom r, List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            T x = list.get(i);
            list.set(i, list.get(j));
            list.set(j, x);
        }
    }

    static float[] floats(SplittableRandom r, int count, double range) {
        float[] a = new float[count];
        for (int i = 0; i < count; i++) {
            a[i] = range(r, -range, range);
        }
        return a;
    }

    static float[] units(SplittableRandom r, int n, int stride) {
        float[] a = new float[stride * n];
        for (int v = 0; v < n; v++) {
            Vector3f d;
            do {
                d = new Vector3f(range(r, -1, 1), range(r, -1, 1), range(r, -1, 1));
            } while (d.length() < 0.1f || d.length() > 1);
            d.normalize();
            a[stride * v] = d.x;
            a[stride * v + 1] = d.y;
            a[stride * v + 2] = d.z;
        }
        return a;
    }
}
