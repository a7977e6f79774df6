package io.github.skinmesh.testkit;

import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;

/**
 * Naive, obviously correct references for the tests: local TRS to model matrices in double,
 * glTF channel sampling, and linear blend skinning of positions. Slow on purpose.
 */
public final class ReferenceSkinning {
    private ReferenceSkinning() {
    }

    /** Local matrix {@code T * R * S}, column-major, in double. */
    public static double[] local(float[] t, int to, float[] r, int ro, float[] s, int so) {
        double x = r[ro];
        double y = r[ro + 1];
        double z = r[ro + 2];
        double w = r[ro + 3];
        double[] m = new double[16];
        m[0] = (1 - 2 * (y * y + z * z)) * s[so];
        m[1] = 2 * (x * y + w * z) * s[so];
        m[2] = 2 * (x * z - w * y) * s[so];
        m[4] = 2 * (x * y - w * z) * s[so + 1];
        m[5] = (1 - 2 * (x * x + z * z)) * s[so + 1];
        m[6] = 2 * (y * z + w * x) * s[so + 1];
        m[8] = 2 * (x * z + w * y) * s[so + 2];
        m[9] = 2 * (y * z - w * x) * s[so + 2];
        m[10] = (1 - 2 * (x * x + y * y)) * s[so + 2];
        m[12] = t[to];
        m[13] = t[to + 1];
        m[14] = t[to + 2];
        m[15] = 1;
        return m;
    }

    /** {@code a * b}, column-major 4x4. */
    public static double[] mul(double[] a, double[] b) {
        double[] m = new double[16];
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    sum += a[4 * k + r] * b[4 * c + k];
                }
                m[4 * c + r] = sum;
            }
        }
        return m;
    }

    /** Model matrices of a pose given as flat TRS arrays. */
    public static double[][] models(Skeleton skeleton, float[] t, float[] r, float[] s) {
        int n = skeleton.boneCount();
        double[][] model = new double[n][];
        for (int b = 0; b < n; b++) {
            double[] l = local(t, 3 * b, r, 4 * b, s, 3 * b);
            int p = skeleton.parent(b);
            model[b] = p == Skeleton.NO_PARENT ? l : mul(model[p], l);
        }
        return model;
    }

    /** Model matrices of the rest pose. */
    public static double[][] restModels(Skeleton skeleton) {
        int n = skeleton.boneCount();
        return models(skeleton, skeleton.restTranslationsInto(new float[3 * n], 0),
                skeleton.restRotationsInto(new float[4 * n], 0), skeleton.restScalesInto(new float[3 * n], 0));
    }

    /** Skin matrix of each palette entry: {@code model(bone) * inverseBind}. */
    public static double[][] skinMatrices(Skin skin, Skeleton skeleton, double[][] models) {
        int[] bones = skin.bind(skeleton);
        float[] ibm = skin.inverseBindMatricesInto(new float[16 * skin.paletteSize()], 0);
        double[][] out = new double[bones.length][];
        for (int e = 0; e < bones.length; e++) {
            double[] inv = new double[16];
            for (int i = 0; i < 16; i++) {
                inv[i] = ibm[16 * e + i];
            }
            out[e] = mul(models[bones[e]], inv);
        }
        return out;
    }

    /** Linear blend skinning of the mesh's positions. */
    public static double[] skinPositions(Mesh mesh, double[][] skinMatrices) {
        float[] p = mesh.positions();
        Skin skin = mesh.skin();
        int k = skin.weights().influencesPerVertex();
        double[] out = new double[p.length];
        for (int v = 0; v < mesh.vertexCount(); v++) {
            for (int slot = 0; slot < k; slot++) {
                double w = skin.weights().weight(v, slot);
                double[] m = skinMatrices[skin.weights().joint(v, slot)];
                double x = p[3 * v];
                double y = p[3 * v + 1];
                double z = p[3 * v + 2];
                out[3 * v] += w * (m[0] * x + m[4] * y + m[8] * z + m[12]);
                out[3 * v + 1] += w * (m[1] * x + m[5] * y + m[9] * z + m[13]);
                out[3 * v + 2] += w * (m[2] * x + m[6] * y + m[10] * z + m[14]);
            }
        }
        return out;
    }

    /**
     * Samples a channel at {@code time} with glTF semantics (clamped at the ends; rotations
     * normalized after LINEAR and CUBICSPLINE; LINEAR rotations by normalized lerp, which the
     * tests only use on nearby keys).
     */
    public static float[] sample(BoneChannel channel, float time) {
        float[] times = channel.times();
        float[] v = channel.values();
        int c = channel.path().components();
        int e = channel.interpolation().elementsPerKey();
        int valueAt = e == 3 ? c : 0;
        float[] out = new float[c];
        int n = times.length;
        if (time <= times[0] || n == 1) {
            System.arraycopy(v, valueAt, out, 0, c);
            return out;
        }
        if (time >= times[n - 1]) {
            System.arraycopy(v, (n - 1) * c * e + valueAt, out, 0, c);
            return out;
        }
        // the last key at or before the time, as glTF samplers pick it (STEP at a key time gives that key)
        int k = 0;
        while (times[k + 1] <= time) {
            k++;
        }
        double dt = times[k + 1] - times[k];
        double s = (time - times[k]) / dt;
        for (int i = 0; i < c; i++) {
            if (channel.interpolation() == Interpolation.STEP) {
                out[i] = v[k * c + i];
            } else if (channel.interpolation() == Interpolation.LINEAR) {
                out[i] = (float) (v[k * c + i] * (1 - s) + v[(k + 1) * c + i] * s);
            } else {
                double p0 = v[(3 * k + 1) * c + i];
                double m0 = dt * v[(3 * k + 2) * c + i];
                double p1 = v[(3 * k + 4) * c + i];
                double m1 = dt * v[(3 * k + 3) * c + i];
                double s2 = s * s;
                double s3 = s2 * s;
                out[i] = (float) ((2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1
                        + (s3 - s2) * m1);
            }
        }
        if (channel.path() == ChannelPath.ROTATION) {
            double len = Math.sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2] + out[3] * out[3]);
            for (int i = 0; i < 4; i++) {
                out[i] = (float) (out[i] / len);
            }
        }
        return out;
    }
}
