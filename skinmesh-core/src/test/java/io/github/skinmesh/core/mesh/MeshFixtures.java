package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.joml.Quaternionf;

/**
 * Seeded random meshes for the vertex-operation tests (SplittableRandom, SplitMix64-based, as the
 * other core fixtures): every stream optional, skins over a shared set of bones with one inverse
 * bind matrix per bone (so meshes sharing bones agree on them), weights canonical or kept as
 * stored with zero-weight slots naming bones, morph targets from a small pool of names (repeats
 * included), submeshes over several materials, and draws that cover their vertices' bones.
 */
final class MeshFixtures {
    /** Bones every fixture palette draws from. */
    static final int BONES = 12;
    /** Names of the attribute pool and their component counts. */
    static final String[] ATTRIBUTE_NAMES = {"VAT_UV", "KEY0", "KEY1", "SCALAR"};
    static final int[] ATTRIBUTE_COMPONENTS = {2, 3, 4, 1};
    /** Morph target names; the empty name and repeats on purpose. */
    static final String[] MORPH_NAMES = {"Smile", "Blink", "", "Smile"};
    private static final float[] INVERSE_BINDS = inverseBinds();

    private MeshFixtures() {
    }

    static String bone(int b) {
        return "bone" + b;
    }

    /** One random affine inverse bind matrix per bone (fixed seed: shared by every fixture). */
    private static float[] inverseBinds() {
        SplittableRandom r = new SplittableRandom(0xB1D);
        float[] m = new float[16 * BONES];
        for (int b = 0; b < BONES; b++) {
            randomAffine(r).get(m, 16 * b);
        }
        return m;
    }

    static Matrix4f randomAffine(SplittableRandom r) {
        Quaternionf q = new Quaternionf((float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1),
                (float) r.nextDouble(-1, 1), (float) r.nextDouble(0.1, 1)).normalize();
        return new Matrix4f().translation((float) r.nextDouble(-2, 2), (float) r.nextDouble(-2, 2),
                (float) r.nextDouble(-2, 2)).rotate(q).scale((float) r.nextDouble(0.5, 1.5),
                (float) r.nextDouble(0.5, 1.5), (float) r.nextDouble(0.5, 1.5));
    }

    /** Random model matrices, one per bone: a pose. */
    static Matrix4f[] randomPose(SplittableRandom r) {
        Matrix4f[] pose = new Matrix4f[BONES];
        for (int b = 0; b < BONES; b++) {
            pose[b] = randomAffine(r);
        }
        return pose;
    }

    /** The skin matrices of a mesh's palette in a pose: {@code pose[bone] * inverseBind[bone]}. */
    static float[] palette(Skin skin, Matrix4f[] pose) {
        float[] palette = new float[16 * skin.paletteSize()];
        for (int e = 0; e < skin.paletteSize(); e++) {
            int bone = Integer.parseInt(skin.boneName(e).substring(4));
            new Matrix4f(pose[bone]).mul(new Matrix4f().set(INVERSE_BINDS, 16 * bone)).get(palette, 16 * e);
        }
        return palette;
    }

    /** What a fixture mesh has. */
    record Shape(boolean normals, boolean tangents, boolean colors, int uvChannels, boolean[] attributes,
            boolean skinned, boolean lossless, boolean draws, int morphTargets) {
        static Shape random(SplittableRandom r, boolean skinned) {
            boolean[] attributes = new boolean[ATTRIBUTE_NAMES.length];
            for (int a = 0; a < attributes.length; a++) {
                attributes[a] = r.nextInt(3) == 0;
            }
            return new Shape(r.nextBoolean(), r.nextBoolean(), r.nextBoolean(), r.nextInt(4), attributes, skinned,
                    r.nextBoolean(), skinned && r.nextBoolean(), r.nextInt(MORPH_NAMES.length + 1));
        }

        static Shape full(boolean skinned) {
            return new Shape(true, true, true, 2, new boolean[] {true, true, true, true}, skinned, true, skinned,
                    MORPH_NAMES.length);
        }
    }

    static Mesh random(SplittableRandom r, String name, Shape shape) {
        int n = 1 + r.nextInt(40);
        int triangles = r.nextInt(50);
        Mesh.Builder b = Mesh.builder(name).positions(floats(r, 3 * n, 2));
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
            b.colors(floats(r, 4 * n, 1));
        }
        for (int c = 0; c < shape.uvChannels(); c++) {
            b.addUvs(floats(r, 2 * n, 1));
        }
        for (int a = 0; a < ATTRIBUTE_NAMES.length; a++) {
            if (shape.attributes()[a]) {
                b.addAttribute(ATTRIBUTE_NAMES[a], ATTRIBUTE_COMPONENTS[a], floats(r, ATTRIBUTE_COMPONENTS[a] * n, 5));
            }
        }
        int[] indices = new int[3 * triangles];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = r.nextInt(n);
        }
        b.indices(indices);
        int materials = 1 + r.nextInt(3);
        for (int m = 0; m < materials; m++) {
            b.addMaterial(Material.builder(name + ".m" + m).metallicFactor(m / 4f).build());
        }
        Skin skin = shape.skinned() ? randomSkin(r, n, shape.lossless()) : null;
        b.skin(skin);
        int first = 0;
        int submeshes = 1 + r.nextInt(3);
        for (int s = 0; s < submeshes; s++) {
            int count = s == submeshes - 1 ? triangles - first : r.nextInt(triangles - first + 1);
            List<Draw> draws = shape.draws() && skin != null ? draws(r, skin, indices, first, count) : List.of();
            b.addSubmesh(new Submesh(3 * first, 3 * count, r.nextInt(materials), draws));
            first += count;
        }
        float[] morphWeights = new float[shape.morphTargets()];
        for (int t = 0; t < shape.morphTargets(); t++) {
            int streams = 1 + r.nextInt(7);
            b.addMorphTarget(MorphTarget.of(MORPH_NAMES[t], (streams & 1) != 0 ? floats(r, 3 * n, 0.5) : null,
                    (streams & 2) != 0 ? floats(r, 3 * n, 0.5) : null, (streams & 4) != 0 ? floats(r, 3 * n, 0.5)
                            : null));
            morphWeights[t] = r.nextInt(3) / 2f;
        }
        b.morphWeights(morphWeights);
        return b.build();
    }

    static Skin randomSkin(SplittableRandom r, int n, boolean lossless) {
        List<Integer> bones = new ArrayList<>();
        for (int bone = 0; bone < BONES; bone++) {
            bones.add(bone);
        }
        shuffle(r, bones);
        int paletteSize = 1 + r.nextInt(BONES);
        String[] names = new String[paletteSize];
        float[] ibm = new float[16 * paletteSize];
        for (int e = 0; e < paletteSize; e++) {
            names[e] = bone(bones.get(e));
            System.arraycopy(INVERSE_BINDS, 16 * bones.get(e), ibm, 16 * e, 16);
        }
        int k = 1 + r.nextInt(BoneWeights.MAX_INFLUENCES);
        int[] joints = new int[k * n];
        float[] weights = new float[k * n];
        for (int v = 0; v < n; v++) {
            double sum = 0;
            int used = 1 + r.nextInt(k);
            for (int s = 0; s < k; s++) {
                joints[k * v + s] = r.nextInt(paletteSize);
                double w = s < used ? r.nextDouble(0.05, 1) : 0;
                weights[k * v + s] = (float) w;
                sum += w;
            }
            for (int s = 0; s < k; s++) {
                weights[k * v + s] = (float) (weights[k * v + s] / sum);
            }
            // slots in random order; with canonical weights the factory sorts them again
            for (int s = k - 1; s > 0; s--) {
                int o = r.nextInt(s + 1);
                int j = joints[k * v + s];
                float w = weights[k * v + s];
                joints[k * v + s] = joints[k * v + o];
                weights[k * v + s] = weights[k * v + o];
                joints[k * v + o] = j;
                weights[k * v + o] = w;
            }
        }
        BoneWeights w = lossless ? BoneWeights.ofSlots(k, joints, weights) : BoneWeights.of(k, joints, weights);
        return Skin.of(names, ibm, w);
    }

    /**
     * Consecutive draws over triangles {@code first..first+count-1}, each binding its vertices'
     * bones and sometimes a spare one.
     */
    private static List<Draw> draws(SplittableRandom r, Skin skin, int[] indices, int first, int count) {
        List<Draw> draws = new ArrayList<>();
        BoneWeights w = skin.weights();
        int t = first;
        int end = first + count;
        while (t < end) {
            int size = 1 + r.nextInt(end - t);
            Set<Integer> entries = new LinkedHashSet<>();
            for (int i = 3 * t; i < 3 * (t + size); i++) {
                int v = indices[i];
                for (int s = 0; s < w.influencesPerVertex(); s++) {
                    if (w.weight(v, s) > 0) {
                        entries.add(w.joint(v, s));
                    }
                }
            }
            if (r.nextInt(3) == 0) {
                entries.add(r.nextInt(skin.paletteSize())); // a spare entry no vertex needs
            }
            List<Integer> list = new ArrayList<>(entries);
            shuffle(r, list);
            draws.add(Draw.of(3 * t, 3 * size, list.stream().mapToInt(Integer::intValue).toArray()));
            t += size;
        }
        return draws;
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
            a[i] = (float) r.nextDouble(-range, range);
        }
        return a;
    }

    /** {@code n} random unit xyz vectors, {@code stride} floats apart. */
    static float[] units(SplittableRandom r, int n, int stride) {
        float[] a = new float[stride * n];
        for (int v = 0; v < n; v++) {
            double x;
            double y;
            double z;
            double l;
            do {
                x = r.nextDouble(-1, 1);
                y = r.nextDouble(-1, 1);
                z = r.nextDouble(-1, 1);
                l = Math.sqrt(x * x + y * y + z * z);
            } while (l < 0.1 || l > 1);
            a[stride * v] = (float) (x / l);
            a[stride * v + 1] = (float) (y / l);
            a[stride * v + 2] = (float) (z / l);
        }
        return a;
    }

    /**
     * A random new-to-old map that keeps every vertex a triangle uses (at least once), drops some
     * unused ones, duplicates some and shuffles the order.
     */
    static int[] randomMap(SplittableRandom r, Mesh mesh) {
        boolean[] used = new boolean[mesh.vertexCount()];
        for (int i = 0; i < mesh.indexCount(); i++) {
            used[mesh.index(i)] = true;
        }
        List<Integer> map = new ArrayList<>();
        for (int v = 0; v < used.length; v++) {
            if (used[v] || r.nextInt(3) > 0) {
                map.add(v);
            }
            while (r.nextInt(4) == 0) {
                map.add(v);
            }
        }
        shuffle(r, map);
        return map.stream().mapToInt(Integer::intValue).toArray();
    }
}
