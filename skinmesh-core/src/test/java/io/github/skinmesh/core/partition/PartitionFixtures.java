package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import java.util.SplittableRandom;
import org.joml.Matrix4f;

/** Seeded meshes for the partition tests. */
final class PartitionFixtures {
    private PartitionFixtures() {
    }

    /**
     * A grid of {@code w x h} quads in the xy plane, split into {@code submeshes} bands of rows, whose
     * vertices weight {@code 1..K} bones chosen near their position among {@code bones} bones laid out
     * along x (so neighbouring triangles share bones, like a character's surface); with {@code lossless}
     * the weights keep random joints in their zero-weight slots and a random slot order. A few
     * vertices near the seams are shared by two bands (so copies across submeshes happen too).
     */
    static Mesh grid(SplittableRandom r, int w, int h, int bones, int k, int submeshes, boolean lossless) {
        int n = (w + 1) * (h + 1);
        float[] p = new float[3 * n];
        int[] joints = new int[n * k];
        float[] weights = new float[n * k];
        for (int y = 0; y <= h; y++) {
            for (int x = 0; x <= w; x++) {
                int v = y * (w + 1) + x;
                p[3 * v] = x + (float) r.nextDouble(-0.2, 0.2);
                p[3 * v + 1] = y;
                p[3 * v + 2] = (float) r.nextDouble(-0.5, 0.5);
                double along = (x / (double) w) * (bones - 1) + (y % 3) * 0.3;
                int used = 1 + r.nextInt(k);
                int base = v * k;
                float sum = 0;
                for (int s = 0; s < used; s++) {
                    int j;
                    int attempts = 0;
                    do {
                        j = (int) Math.max(0, Math.min(bones - 1, Math.round(along + r.nextInt(-2, 3))));
                    } while (contains(joints, base, s, j) && ++attempts < 16);
                    if (contains(joints, base, s, j)) {
                        used = s;
                        break;
                    }
                    joints[base + s] = j;
                    weights[base + s] = (float) r.nextDouble(0.05, 1);
                    sum += weights[base + s];
                }
                for (int s = 0; s < used; s++) {
                    weights[base + s] /= sum;
                }
                for (int s = used; s < k; s++) {
                    joints[base + s] = lossless ? r.nextInt(bones) : 0;
                    weights[base + s] = 0;
                }
                if (lossless) {
                    for (int s = k - 1; s > 0; s--) {
                        int o = r.nextInt(s + 1);
                        int tj = joints[base + s];
                        joints[base + s] = joints[base + o];
                        joints[base + o] = tj;
                        float tw = weights[base + s];
                        weights[base + s] = weights[base + o];
                        weights[base + o] = tw;
                    }
                }
            }
        }
        int[] indices = new int[6 * w * h];
        int i = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int a = y * (w + 1) + x;
                int b = a + 1;
                int c = a + w + 1;
                int d = c + 1;
                indices[i++] = a;
                indices[i++] = b;
                indices[i++] = d;
                indices[i++] = a;
                indices[i++] = d;
                indices[i++] = c;
            }
        }
        String[] names = new String[bones];
        float[] ibm = new float[16 * bones];
        for (int b = 0; b < bones; b++) {
            names[b] = "bone" + b;
            new Matrix4f().translation(-b, 0, 0).get(ibm, 16 * b);
        }
        BoneWeights bw = lossless ? BoneWeights.ofSlots(k, joints, weights) : BoneWeights.of(k, joints, weights);
        Mesh.Builder mb = Mesh.builder("grid").positions(p).indices(indices).skin(Skin.of(names, ibm, bw));
        int triangles = 2 * w * h;
        int first = 0;
        for (int s = 0; s < submeshes; s++) {
            int end = (int) ((long) triangles * (s + 1) / submeshes);
            mb.addSubmesh(3 * first, 3 * (end - first), s);
            mb.addMaterial(Material.builder("m" + s).build());
            first = end;
        }
        return mb.build();
    }

    /** A mesh of random triangles over random vertices with random weights (no spatial coherence). */
    static Mesh soup(SplittableRandom r, int vertices, int triangles, int bones, int k) {
        float[] p = new float[3 * vertices];
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) r.nextDouble(-1, 1);
        }
        int[] joints = new int[vertices * k];
        float[] weights = new float[vertices * k];
        for (int v = 0; v < vertices; v++) {
            int used = 1 + r.nextInt(Math.min(k, bones));
            for (int s = 0; s < used; s++) {
                int j;
                do {
                    j = r.nextInt(bones);
                } while (contains(joints, v * k, s, j));
                joints[v * k + s] = j;
                weights[v * k + s] = (float) r.nextDouble(0.01, 1);
            }
        }
        int[] indices = new int[3 * triangles];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = r.nextInt(vertices);
        }
        String[] names = new String[bones];
        for (int b = 0; b < bones; b++) {
            names[b] = "b" + b;
        }
        float[] ibm = new float[16 * bones];
        for (int b = 0; b < bones; b++) {
            new Matrix4f().get(ibm, 16 * b);
        }
        return Mesh.builder("soup").positions(p).indices(indices)
                .skin(Skin.of(names, ibm, BoneWeights.of(k, joints, weights))).build();
    }

    private static boolean contains(int[] a, int from, int count, int value) {
        for (int i = from; i < from + count; i++) {
            if (a[i] == value) {
                return true;
            }
        }
        return false;
    }

    /** Random affine skin matrices, one per palette entry (column-major). */
    static double[][] randomPalette(SplittableRandom r, int bones) {
        double[][] m = new double[bones][];
        for (int b = 0; b < bones; b++) {
            Matrix4f f = new Matrix4f().translation((float) r.nextDouble(-1, 1), (float) r.nextDouble(-1, 1),
                    (float) r.nextDouble(-1, 1)).rotateXYZ((float) r.nextDouble(-3, 3), (float) r.nextDouble(-3, 3),
                    (float) r.nextDouble(-3, 3)).scale((float) r.nextDouble(0.5, 1.5));
            float[] a = f.get(new float[16]);
            m[b] = new double[16];
            for (int i = 0; i < 16; i++) {
                m[b][i] = a[i];
            }
        }
        return m;
    }
}
